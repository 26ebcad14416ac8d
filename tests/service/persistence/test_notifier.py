"""The notifier sends at most once per pace (service/persistence/notifier.py; issue 26, item 6): a burst of
writes costs one NOTIFY transaction, not one each, and still names every campaign written; closing sends what is
queued without waiting for the pace. Commits of one campaign in a pace are one payload, with the position folded
inline only if each of them was (projections/notices.py)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any
from uuid import uuid4

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from service.bootstrap import Intrigue
from service.persistence import listener as listening
from service.persistence.database import Database
from service.persistence.notifier import Notifier


def test_a_burst_of_writes_is_sent_in_one_or_two_notifications_naming_every_campaign(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db, run_projections=False)
    recorder: Any = intrigue.store.recorder
    notifier = Notifier(recorder.datastore, recorder.channel_name, pace=3600)  # after one send, only close sends
    sends: list[set[str]] = []
    send = notifier._send

    def counted(payloads: set[str]) -> None:
        sends.append(set(payloads))
        send(payloads)

    notifier._send = counted  # type: ignore[method-assign]
    campaigns = {str(uuid4()) for _ in range(5)}
    heard: set[str] = set()
    try:
        with psycopg.connect(fresh_db.conninfo, autocommit=True) as listener:
            listener.execute(SQL("LISTEN {}").format(Identifier(recorder.channel_name)))
            for n in range(100):
                notifier.notify(sorted(campaigns)[n % len(campaigns)])
            notifier.close()
            for notification in listener.notifies(timeout=10):
                heard.add(notification.payload)
                if heard >= campaigns:
                    break
    finally:
        notifier.close()
        intrigue.close()
    assert 1 <= len(sends) <= 2, sends  # the first at once, the rest when closing: not a hundred
    assert set().union(*sends) == campaigns and heard == campaigns


def test_commits_of_one_campaign_in_a_pace_are_one_payload_with_the_last_position_folded(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db, run_projections=False)
    recorder: Any = intrigue.store.recorder
    notifier = Notifier(recorder.datastore, recorder.channel_name, pace=3600)  # after one send, only close sends
    sends: list[set[str]] = []
    sent = threading.Condition()
    send = notifier._send

    def counted(payloads: set[str]) -> None:
        with sent:
            sends.append(set(payloads))
            sent.notify_all()
        send(payloads)

    notifier._send = counted  # type: ignore[method-assign]
    first, folded, mixed, plain = (str(uuid4()) for _ in range(4))
    try:
        notifier.notify(first, 1)
        with sent:
            assert sent.wait_for(lambda: sends, timeout=30), "the first notification was never sent"
        for campaign, position in [(folded, 5), (folded, 7), (mixed, 3), (mixed, None), (mixed, 4), (plain, None)]:
            notifier.notify(campaign, position)
        notifier.close()
    finally:
        notifier.close()
        intrigue.close()
    assert sends == [{f"{first}:1"}, {f"{folded}:7", mixed, plain}]


def test_a_payload_with_a_position_wakes_the_subscriptions_of_its_campaign(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(listening, "POLL", 3600.0)  # no poll wakes them
    intrigue = Intrigue(fresh_db, run_projections=False)
    channel = intrigue.store.recorder.channel_name  # type: ignore[attr-defined]
    campaign, other = str(uuid4()), str(uuid4())

    async def heard() -> dict[str, int]:
        listener = listening.Listener(fresh_db.conninfo, channel)
        try:
            mark = await listener.mark(campaign)
            with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:
                for payload in (f"{other}:3", f"{campaign}:5"):
                    conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))
            await asyncio.wait_for(listener.wait_past(mark, campaign), timeout=60)
            return dict(listener.heard_of)
        finally:
            await listener.close()

    try:
        assert asyncio.run(heard()) == {other: 1, campaign: 1}
    finally:
        intrigue.close()
