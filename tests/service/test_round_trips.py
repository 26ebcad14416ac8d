"""A command's save costs at most four round trips after BEGIN (issue 26, item 2): the insert; the savepoint,
the claim and the check of the lane; the folded rows and the release; COMMIT. Counted in a libpq trace of the
save's connection: each time the client, having sent, reads the server's answer."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from psycopg import pq

from domain.campaign import Campaign
from domain.commands import CreateCampaign, RollDice
from projections import inline
from service.bootstrap import Intrigue
from service.persistence import outcomes
from service.persistence.database import Database


def traced_saves(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch, trace: Path) -> None:
    """Every transaction of the event store's datastore traced into `trace`, from BEGIN on."""
    datastore = intrigue.store.recorder.datastore  # type: ignore[attr-defined]
    transaction = datastore.transaction

    @contextmanager
    def traced(**kwargs: Any) -> Iterator[Any]:
        with trace.open("a") as out:
            with transaction(**kwargs) as curs:
                pgconn = curs.connection.pgconn
                pgconn.trace(out.fileno())
                pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
                yield curs
            pgconn.untrace()

    monkeypatch.setattr(datastore, "transaction", traced)


def test_a_dice_roll_saves_in_four_round_trips_after_begin(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"trips {uuid4().hex[:6]}", ["factionturn"],
                                                                     None, []))  # fmt: skip
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "warm"))
        with tempfile.TemporaryDirectory() as directory:
            trace = Path(directory) / "trace"
            traced_saves(intrigue, monkeypatch, trace)
            with outcomes.tracking() as outcome:
                intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "counted"))
            messages = [line.split("\t")[:3] for line in trace.read_text().splitlines()]
        assert outcome.committed and folded(intrigue, campaign.id, outcome)  # in the command's transaction
        sides = [side for side, *_ in messages]
        trips = sum(1 for n in range(1, len(sides)) if sides[n - 1] == "F" and sides[n] == "B")
        assert trips <= 4, "\n".join(" ".join(m) for m in messages)
    finally:
        intrigue.close()


def folded(intrigue: Intrigue, campaign_id: UUID, outcome: Any) -> bool:
    """Whether the command's events were folded in its own transaction."""
    projection = intrigue.read_side.inline
    assert projection is not None and outcome.position is not None
    return projection.covers(campaign_id, outcome.position)  # the command's last position in its campaign's lane


def test_a_check_that_fails_rolls_the_fold_back_and_the_command_commits(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"fails {uuid4().hex[:6]}", ["factionturn"],
                                                                     None, []))  # fmt: skip
        monkeypatch.setattr(inline, "_CAUGHT_UP", "SELECT 1 / 0 AS current")  # PostgreSQL refuses the check
        with outcomes.tracking() as outcome:
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "refused check"))
        assert outcome.committed and not folded(intrigue, campaign.id, outcome)  # left to the runner
        assert intrigue.store.load(campaign.id, Campaign).rolls_recorded == 1
    finally:
        intrigue.close()


def test_rows_refused_at_the_commit_are_saved_again_without_folding(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"rows {uuid4().hex[:6]}", ["factionturn"],
                                                                     None, []))  # fmt: skip
        fold = inline.InlineProjection._fold

        def refused(projection: Any, curs: Any, *args: Any) -> None:  # the last statement refused, at the end
            fold(projection, curs, *args)
            curs.execute("SELECT 1 / 0")

        monkeypatch.setattr(inline.InlineProjection, "_fold", refused)
        with outcomes.tracking() as outcome:
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "refused rows"))
        assert outcome.committed and not folded(intrigue, campaign.id, outcome)
        assert intrigue.store.load(campaign.id, Campaign).rolls_recorded == 1  # saved once, not twice
        assert len(intrigue.store.recorder.select_notifications(0, 100)) == 2  # type: ignore[attr-defined]
    finally:
        intrigue.close()
