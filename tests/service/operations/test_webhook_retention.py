"""The webhooks' retention (issue 32, item 1; docs/webhooks.md, Retention): the delivery worker deletes, every
`purge_every` seconds, the rows delivered longer ago than `keep_delivered` and those given up longer ago than
`keep_given_up`; a delivery still to be sent is never deleted, however old. The rows are made by the real paths
(commands queue them), then their times are set back in the database as if the days had passed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from uuid import UUID

import psycopg
import pytest

from domain.enums import NewsKind
from service.bootstrap import DAY, ConfigurationError, Intrigue, Settings
from service.entrypoints.cli import build_parser
from service.operations.deliveries import DeliverySettings, DeliveryWorker
from service.usecases.rewind import RollBackPhase
from tests.support.service import campaign_with_hidden_spies
from tests.support.webhook_receiver import WAIT

SECRET = "kept-for-a-while-0123456789abcdef"
KEEP = DeliverySettings(keep_delivered=30 * DAY, keep_given_up=90 * DAY, purge_every=0.05, poll=0.05)
AGES = {  # each delivery's state, and how many days ago it reached it (None: still to be sent)
    "delivered long ago": ("delivered_at", 31),
    "delivered lately": ("delivered_at", 29),
    "given up long ago": ("gave_up_at", 91),
    "given up lately": ("gave_up_at", 89),
    "pending for a year": (None, 365),
    "failing for a year": (None, 366),
}


@pytest.fixture
def aged(intrigue: Intrigue) -> Iterator[dict[str, UUID]]:
    """Six deliveries of one campaign (two endpoints, three kinds each), each aged as `AGES` says."""
    campaign_id, _, _ = campaign_with_hidden_spies(intrigue, "retention")
    kinds = [NewsKind.PHASE_OPENED, NewsKind.PHASE_RESOLVED, NewsKind.PHASE_ROLLED_BACK]
    for _ in range(2):  # nothing listens on port 9: none could be delivered, and no worker runs yet
        intrigue.webhooks.register(campaign_id, "http://127.0.0.1:9/hook", SECRET, kinds)
    intrigue.campaigns.open_phase(campaign_id)
    intrigue.campaigns.resolve_phase(campaign_id)
    intrigue.rewind.roll_back(RollBackPhase(campaign_id, 1, "the retention's test"))
    with psycopg.connect(intrigue.db.conninfo) as conn:
        ids = [
            row[0]
            for row in conn.execute(
                "SELECT id FROM webhook_deliveries WHERE campaign_id = %s ORDER BY position, endpoint_id",
                (campaign_id,),
            )
        ]
        assert len(ids) == len(AGES)
        named = dict(zip(AGES, ids, strict=True))
        for name, (column, days) in AGES.items():
            when = f"now() - make_interval(days => {days})"
            done = f", {column} = {when}" if column else ", next_attempt_at = now() + make_interval(days => 1)"
            conn.execute(
                f"UPDATE webhook_deliveries SET created_at = {when} - make_interval(days => 1),"
                f" attempts = 3{done} WHERE campaign_id = %s AND id = %s",
                (campaign_id, named[name]),
            )
    yield named


def kept(intrigue: Intrigue, named: dict[str, UUID]) -> set[str]:
    with psycopg.connect(intrigue.db.conninfo) as conn:
        found = {
            row[0]
            for row in conn.execute("SELECT id FROM webhook_deliveries WHERE id = ANY(%s)", (list(named.values()),))
        }
    return {name for name, delivery_id in named.items() if delivery_id in found}


def wait_until(check: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


def test_the_worker_purges_rows_past_their_retention_and_keeps_the_rest(
    intrigue: Intrigue, aged: dict[str, UUID]
) -> None:
    worker = DeliveryWorker(intrigue.webhook_rows, intrigue.news, KEEP)
    worker.start()
    try:
        wait_until(lambda: "delivered long ago" not in kept(intrigue, aged), "the first purge")
        assert kept(intrigue, aged) == {
            "delivered lately",
            "given up lately",
            "pending for a year",
            "failing for a year",
        }
        with psycopg.connect(intrigue.db.conninfo) as conn:  # two more days pass for the rows kept
            # Shifted here, not in SQL: Citus refuses a STABLE function (timestamptz - interval) of a column in an
            # UPDATE of a distributed table.
            rows = conn.execute(
                "SELECT id, delivered_at, gave_up_at FROM webhook_deliveries WHERE id = ANY(%s)",
                (list(aged.values()),),
            ).fetchall()
            two_days = timedelta(days=2)
            conn.cursor().executemany(
                "UPDATE webhook_deliveries SET delivered_at = %s, gave_up_at = %s WHERE id = %s",
                [(d and d - two_days, g and g - two_days, i) for i, d, g in rows],
            )
        wait_until(lambda: "delivered lately" not in kept(intrigue, aged), "a later purge")  # periodically
        assert kept(intrigue, aged) == {"pending for a year", "failing for a year"}  # never one still to be sent
    finally:
        worker.stop()


def test_the_retention_is_read_from_the_environment_in_days_and_named_in_the_help(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("INTRIGUE_WEBHOOK_KEEP_DELIVERED_DAYS", "7")
    monkeypatch.setenv("INTRIGUE_WEBHOOK_KEEP_GIVEN_UP_DAYS", "0.5")
    settings = Settings.load().deliveries()
    assert settings is not None and (settings.keep_delivered, settings.keep_given_up) == (7 * DAY, 0.5 * DAY)
    text = build_parser(Settings.load()).format_help()
    assert "INTRIGUE_WEBHOOK_KEEP_DELIVERED_DAYS" in text and "INTRIGUE_WEBHOOK_KEEP_GIVEN_UP_DAYS" in text
    monkeypatch.setenv("INTRIGUE_WEBHOOK_KEEP_GIVEN_UP_DAYS", "0")
    with pytest.raises(ConfigurationError, match="INTRIGUE_WEBHOOK_KEEP_GIVEN_UP_DAYS='0'"):
        Settings.load()
