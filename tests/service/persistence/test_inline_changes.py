"""A command writes what it changed of a read-model row (issue 26, item 2): a dice roll moves the campaign's
`version`, `modified_on` and `rolls_recorded`, written in the row's `recent` keys; its `state` column, as last
written whole, stays byte for byte, while every reader sees the whole state."""

from __future__ import annotations

from uuid import UUID, uuid4

import psycopg

from domain.commands import CreateCampaign, RollDice
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.replay import divergences


def stored(db: Database, campaign_id: UUID) -> tuple[bytes, dict[str, object], dict[str, object]]:
    """The row's `state` column as stored (its bytes), its `recent` keys, and the state readers see."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT s.state::text, s.recent, v.state FROM aggregate_state_g1 s"
            " JOIN aggregate_state v ON v.id = s.id WHERE s.id = %s",
            (campaign_id,),
        ).fetchone()
    assert row is not None
    return row[0].encode(), row[1], row[2]


def test_a_dice_roll_leaves_the_campaigns_state_column_as_it_was(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(
            CreateCampaign(f"dice {uuid4().hex[:6]}", ["factionturn"], None, [])
        )
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "first"))  # the writer now knows the row
        before, _, seen_before = stored(fresh_db, campaign.id)
        for n in range(3):
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d20", f"omen {n}"))
        after, recent, seen = stored(fresh_db, campaign.id)
        assert after == before  # not rewritten
        assert set(recent) == {"version", "rolls_recorded", "modified_on"}
        assert seen["version"] == seen_before["version"] + 3 and seen["rolls_recorded"] == 4  # type: ignore[operator]
        assert seen == seen_before | {key: seen[key] for key in recent}
        assert intrigue.catalog.campaign(campaign.id)["version"] == seen["version"]
        assert divergences(intrigue.store, intrigue.state, campaign.id) == []  # the rows equal a replay's fold
    finally:
        intrigue.close()
