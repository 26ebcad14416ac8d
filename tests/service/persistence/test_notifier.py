"""The notifier sends at most once per pace (service/persistence/notifier.py; issue 26, item 6): a burst of
writes costs one NOTIFY transaction, not one each, and still names every campaign written; closing sends what is
queued without waiting for the pace."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import psycopg
from psycopg.sql import SQL, Identifier

from service.bootstrap import Intrigue
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
