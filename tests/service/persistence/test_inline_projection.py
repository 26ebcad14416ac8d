"""Read-your-writes in one transaction (issue 16, item 4; projections/inline.py): a command whose earlier events
are all projected writes its read-model rows and the tracking row in its own transaction, and waits for
nobody; one that finds a backlog leaves its events to the runner and still answers success."""

from __future__ import annotations

from pathlib import Path
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
from tests.service.persistence.libpq_trace import begun, messages, traced_connections

INLINE = "INTRIGUE_INLINE_PROJECTION"


def watch_inline(intrigue: Intrigue, db: Database, campaign_id: UUID, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What an inline projection's transaction sees of its own writes right after projecting, beside what
    another connection sees at that moment: (transaction id, row version, tracked position, version seen outside)."""
    inline, seen = intrigue.read_side.inline, []
    assert inline is not None
    project = inline.project

    def watched(curs: Any, stored_events: Any, ids: Any, lane: Any) -> bool:
        projected = project(curs, stored_events, ids, lane)
        inside = curs.execute(
            "SELECT pg_current_xact_id()::text AS xid, (SELECT version FROM aggregate_state_g1"
            " WHERE id = %s) AS version, (SELECT notification_id FROM state_g1_tracking"
            " WHERE campaign_id = %s) AS tracked",
            (campaign_id, campaign_id),
        ).fetchone()
        seen.append((inside["xid"], inside["version"], inside["tracked"], read_version(db, campaign_id), projected))
        return projected

    monkeypatch.setattr(inline, "project", watched)
    return seen


def event_writer(db: Database, position: int) -> str:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT xmin::text FROM intrigue_events WHERE notification_id = %s", (position,)).fetchone()
    assert row is not None
    return str(row[0])


def read_version(db: Database, aggregate_id: UUID) -> int | None:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT version FROM aggregate_state WHERE id = %s", (aggregate_id,)).fetchone()
    return None if row is None else int(row[0])


@pytest.mark.single_node(
    reason="compares the events' xmin with the transaction id and notification ids with positions,"
    " which on Citus are a worker's (docs/scaling.md, Citus)"
)
def test_a_command_reads_its_own_writes_in_one_transaction(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(
            CreateCampaign(f"one {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
        runner = intrigue.read_side.runners["state"]
        before = intrigue.store.load(campaign.id, Campaign).version
        pages: list[Any] = []
        project = runner.view.project

        def no_waiting(*position: Any, timeout: float = 1.0) -> None:
            raise AssertionError(f"waited for the runner to reach {position}")

        def page(events: Any, *args: Any) -> Any:
            pages.append(events)
            return project(events, *args)

        monkeypatch.setattr(runner, "wait", no_waiting)
        monkeypatch.setattr(runner, "wait_lane", no_waiting)
        monkeypatch.setattr(runner.view, "project", page)
        seen = watch_inline(intrigue, fresh_db, campaign.id, monkeypatch)
        trace = tmp_path / "trace"
        with traced_connections(intrigue, trace), outcomes.tracking() as outcome:
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "omen"))
        assert outcome.position is not None and outcome.committed and not outcome.lagging
        assert begun(trace) == 1, messages(trace)  # the save: one transaction (the load read in autocommit)
        # In that transaction, before its commit: the row at the new version and the tracking row at the
        # command's event, while another connection still saw the row as it was.
        ((xid, version, tracked, outside, projected),) = seen
        assert projected and version == before + 1 and tracked == outcome.position and outside == before
        assert event_writer(fresh_db, outcome.position) == xid  # the events were written by the same transaction
        assert read_version(fresh_db, campaign.id) == before + 1  # read your writes, nobody waited for
        assert intrigue.catalog.campaign(campaign.id)["version"] == before + 1
        assert not [events for events in pages if any(p >= outcome.position for _, p in events)]  # no runner page
    finally:
        intrigue.close()


def test_a_command_behind_a_backlog_leaves_its_events_to_the_runner(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Intrigue(fresh_db)
    try:
        campaign = first.campaigns.create_campaign(
            CreateCampaign(f"backlog {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
    finally:
        first.close()
    monkeypatch.setenv(INLINE, "0")  # a server that projects nothing: its roll is a backlog
    quiet = Intrigue(fresh_db, run_projections=False, migrate=False)
    monkeypatch.delenv(INLINE)
    try:
        quiet.campaigns.roll_dice(RollDice(campaign.id, "1d6", "backlog"))
    finally:
        quiet.close()
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)
    behind = Intrigue(fresh_db, run_projections=False, migrate=False)  # projects inline, but is behind
    try:
        with outcomes.tracking() as outcome:
            behind.campaigns.roll_dice(RollDice(campaign.id, "1d6", "after the backlog"))
        assert outcome.committed and outcome.lagging  # success, with reads said to lag
        assert read_version(fresh_db, campaign.id) == campaign.version  # neither roll projected inline
    finally:
        behind.close()
    runner = Intrigue(fresh_db, migrate=False)
    try:
        # The runner's own wait, bounded by a minute, not by the 0.2 s set above for `behind` (under load the runner
        # took longer than that to fold the two rolls on Citus, and `wait_for_projections` only logs a lag).
        runner.read_side.wait(runner.store.recorder.max_notification_id() or 0, timeout=60)
        assert read_version(fresh_db, campaign.id) == runner.store.load(campaign.id, Campaign).version
        assert runner.catalog.campaign(campaign.id)["version"] == campaign.version + 2  # both rolls
    finally:
        runner.close()
