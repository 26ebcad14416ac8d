"""Every campaign its own lane (issue 26; docs/architecture.md, Persistence: lanes): writers of different
campaigns never wait on each other, each campaign's events are numbered gap-free in its own order, and one
campaign's lag leaves every other campaign's inline fold alone."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, RollDice
from service import bootstrap
from service.bootstrap import Intrigue
from service.persistence import outcomes
from service.persistence.database import Database

WRITERS, ROLLS = 8, 12
# Every backend of the test's database that waits for a heavyweight lock, and who holds it; but the notifiers
# (service/persistence/notifier.py), which send NOTIFY after the commits and may queue on its database-wide lock
# (the session's store and this test's each have one): a writer waiting on one of them would still show. Also
# left out: `extend`, PostgreSQL's own lock for adding a page to a table's file, held for the page's allocation
# only, never by a statement of ours nor until a commit (writers of one table queue there on any server; on Citus
# each shard has its own). Every lock a statement takes (relation, tuple, transaction id, advisory) counts.
_WAITING = """SELECT pid, wait_event, pg_blocking_pids(pid) AS blockers, left(query, 120) AS query
    FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
    AND wait_event <> 'extend' AND application_name <> 'intrigue-notifier'"""


def new_campaign(intrigue: Intrigue, name: str) -> Campaign:
    return intrigue.campaigns.create_campaign(CreateCampaign(f"{name} {uuid4().hex[:6]}", ["factionturn"], None, []))


def lanes(db: Database, campaign_id: UUID) -> list[tuple[int, int]]:
    """(notification id, campaign position) of each of the campaign's events, in notification order."""
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT notification_id, campaign_position FROM intrigue_events WHERE campaign_id = %s"
            " ORDER BY notification_id",
            (campaign_id,),
        ).fetchall()
    return [(int(n), int(p)) for n, p in rows]


def read_version(db: Database, aggregate_id: UUID) -> int | None:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT version FROM aggregate_state WHERE id = %s", (aggregate_id,)).fetchone()
    return None if row is None else int(row[0])


def test_eight_writers_on_eight_campaigns_never_wait_on_each_other(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db, pool_size=WRITERS + 1)
    try:
        campaigns = [new_campaign(intrigue, f"lane {n}") for n in range(WRITERS)]
        waits: list[dict[str, Any]] = []
        done, errors = threading.Event(), []
        start = threading.Barrier(WRITERS + 1)

        def watch() -> None:
            with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn, conn.cursor() as cursor:
                start.wait()
                while not done.is_set():
                    waits.extend(
                        dict(zip(("pid", "event", "blockers", "query"), row, strict=True))
                        for row in cursor.execute(_WAITING).fetchall()
                    )

        def write(campaign: Campaign) -> None:
            start.wait()
            try:
                for n in range(ROLLS):
                    intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", f"roll {n}"))
            except Exception as error:  # reported below, with the campaign
                errors.append((campaign.id, error))

        threads = [threading.Thread(target=write, args=(c,)) for c in campaigns]
        watcher = threading.Thread(target=watch)
        for thread in [watcher, *threads]:
            thread.start()
        for thread in threads:
            thread.join()
        done.set()
        watcher.join()
        assert not errors  # no writer got a conflict or a lock timeout
        assert not waits, waits  # no backend ever waited for a lock another held
        for campaign in campaigns:  # each lane gap-free, numbered in its commit order
            positions = [p for _, p in lanes(fresh_db, campaign.id)]
            assert positions == list(range(1, len(positions) + 1))
            assert intrigue.catalog.campaign(campaign.id)["version"] == campaign.version + ROLLS
    finally:
        intrigue.close()


def test_a_campaign_behind_its_head_leaves_another_campaigns_inline_fold_alone(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)
    intrigue = Intrigue(fresh_db, run_projections=False)  # projects inline, no runner: a lag stays
    try:
        stuck, other = new_campaign(intrigue, "stuck"), new_campaign(intrigue, "other")
        inline = intrigue.store.recorder.inline  # type: ignore[attr-defined]
        monkeypatch.setattr(intrigue.store.recorder, "inline", None)  # this roll is left to a runner
        intrigue.campaigns.roll_dice(RollDice(stuck.id, "1d6", "left behind"))
        monkeypatch.setattr(intrigue.store.recorder, "inline", inline)
        with outcomes.tracking() as behind:
            intrigue.campaigns.roll_dice(RollDice(stuck.id, "1d6", "behind its own lane"))
        assert behind.committed and behind.lagging  # its own campaign's lag: left to the runner
        with outcomes.tracking() as outcome:
            intrigue.campaigns.roll_dice(RollDice(other.id, "1d6", "in a lane of its own"))
        assert outcome.committed and not outcome.lagging  # folded in its transaction, whatever the stuck lane
        assert read_version(fresh_db, other.id) == other.version + 1
        assert read_version(fresh_db, stuck.id) == stuck.version
    finally:
        intrigue.close()
    runner = Intrigue(fresh_db, migrate=False)  # a runner catches the stuck campaign up from its own position
    try:
        head = lanes(fresh_db, stuck.id)[-1][0]
        runner.read_side.wait(head, timeout=30)
        assert read_version(fresh_db, stuck.id) == stuck.version + 2
        assert runner.catalog.campaign(other.id)["version"] == other.version + 1
    finally:
        runner.close()


def test_two_campaigns_interleaved_each_count_their_own_events(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        first, second = new_campaign(intrigue, "first"), new_campaign(intrigue, "second")
        for n in range(3):
            intrigue.campaigns.roll_dice(RollDice(first.id, "1d6", f"first {n}"))
            intrigue.campaigns.roll_dice(RollDice(second.id, "1d6", f"second {n}"))
        for campaign in (first, second):
            found = lanes(fresh_db, campaign.id)
            assert [p for _, p in found] == list(range(1, len(found) + 1))
            with psycopg.connect(fresh_db.conninfo) as conn:
                head = conn.execute("SELECT position FROM campaign_heads WHERE campaign_id = %s", (campaign.id,))
                tracked = conn.execute(
                    "SELECT position, notification_id FROM state_tracking WHERE campaign_id = %s", (campaign.id,)
                ).fetchone()
                assert head.fetchone() == (len(found),)
            assert tracked == (len(found), found[-1][0])  # its lane projected to its head, inline
    finally:
        intrigue.close()
