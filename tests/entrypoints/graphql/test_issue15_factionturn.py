"""Issue 15, Faction Turn, through the service: what the GM enters reaches the rules."""

from __future__ import annotations

from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import WILD_MONSTER
from domain.factionturn.tables.goals import RANDOM_GOAL
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_gm_monsters import marches
from tests.entrypoints.graphql.test_orders_whole import CREATE
from tests.support.service import gql, gql_as


def test_a_monster_the_gm_enters_heals_a_roll_of_all_its_hit_dice(intrigue: Intrigue) -> None:
    """Seed 002, Monster: "heal an amount equal to a roll of their hit dice" (18d10+90, not one d10)."""
    m = marches(intrigue)
    wild = intrigue.store.load(m.wild_id, Faction)
    beast = wild.assets[m.monster_id]
    assert beast.type_key == WILD_MONSTER and (beast.heal, beast.hit_die) == ("18d10+90", "1d10")


GENERATE = "mutation($c: UUID!) { generateFactions(campaignId: $c, count: 6) { id name goal { key target } } }"


def test_generated_factions_start_with_the_goal_they_rolled(client: TestClient) -> None:
    """Seed 002, Creating a Faction: "Finally, select a Goal for the faction." A Destroy the Foe names a rival."""
    regions = [{"name": f"Town {i}", "q": i, "r": 0, "arcana": 3, "population": "HUNDREDS"} for i in range(6)]
    created = gql(
        client,
        CREATE,
        input={
            "name": "goals-for-all",
            "ruleSystems": ["FACTION_TURN"],
            "diceSeed": "goals-for-all",
            "regions": regions,
        },
    )["data"]["createCampaign"]  # type: ignore[index]
    factions = gql_as(client, created["gmToken"], GENERATE, c=created["id"])["data"]["generateFactions"]  # type: ignore[index]
    ids = {f["id"] for f in factions}
    assert all(f["goal"] is not None and f["goal"]["key"] in RANDOM_GOAL.values() for f in factions)
    for f in factions:
        target = f["goal"]["target"]
        assert (target in ids - {f["id"]}) if f["goal"]["key"] == "destroy_the_foe" else target is None
