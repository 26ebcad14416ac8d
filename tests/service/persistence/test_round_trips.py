"""A dice roll costs the database at most three round trips in all (issue 26, items 2 and 6; issue 27, where each is
a hop to a worker; issue 31, P5): the load's one (the events after the aggregate this process keeps,
service/persistence/app.py) and the save's two (BEGIN with the insert, the savepoint and the check of the lane; the
folded rows, the release, the claim and COMMIT, at the pipeline's end). Counted in a libpq trace of every connection
the command uses: each time the client, having sent, reads the server's answer."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, RollDice
from projections import inline
from service.bootstrap import Intrigue
from service.persistence import outcomes
from service.persistence.database import Database
from tests.service.persistence.libpq_trace import begun, messages, round_trips, traced_connections


def test_a_dice_roll_costs_three_round_trips_load_and_save(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db, pool_size=1)  # one connection: warmed by the rolls before, as a busy pool's are
    try:
        campaign = intrigue.campaigns.create_campaign(
            CreateCampaign(f"trips {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
        for _ in range(2):  # the first loads from the tables, the second fast-forwards: each statement prepared
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "warm"))
        with tempfile.TemporaryDirectory() as directory:
            trace = Path(directory) / "trace"
            with traced_connections(intrigue, trace), outcomes.tracking() as outcome:
                intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "counted"))
            trips, transactions, sent = round_trips(trace), begun(trace), messages(trace)
        assert outcome.committed and folded(intrigue, campaign.id, outcome)  # in the command's transaction
        assert transactions == 1, sent
        assert trips <= 3, "\n".join(" ".join(m[:3]) for m in sent)
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
        campaign = intrigue.campaigns.create_campaign(
            CreateCampaign(f"fails {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
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
        campaign = intrigue.campaigns.create_campaign(
            CreateCampaign(f"rows {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
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
