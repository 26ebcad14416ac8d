"""Seed 002, "A Month in the Life", played through GraphQL from the demo campaign (`intrigue serve --demo`).

The initiative die is the text's ("I rolled a 3"); it is the month's only roll. Where the text breaks its own
rules the rules win (docs/rules-notes/factionturn-play.md, "The worked example in the demo"):
- the Republic cannot Stealth its Calvary, a Military Unit: the order is refused and it keeps its 4 FacGold;
- the Empire Remnants gain 5 FacGold by the formula, not 4, so their workforce leaves them 3, not 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import CreateCampaign, FoundFaction, MapRegion
from domain.dice import Dice, FixedDice
from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.orders import GoalChoice
from service.bootstrap import Intrigue, campaign_dice
from service.entrypoints.demo import seed_demo
from service.entrypoints.http import create_app
from service.persistence.database import Database
from tests.support.rest_support import bearer, conforms
from tests.support.worked_month import PHASE, REGIONS, Demo, check_the_month, order_the_month


def text_dice(campaign: Campaign, stream: str) -> Dice:
    """The month's Faction Turn dice are the text's: "I rolled a 3"; every other stream as the demo's seed."""
    return FixedDice([3]) if stream == "phase-1-factionturn" else campaign_dice(campaign, stream)


@pytest.fixture
def demo(fresh_db: Database) -> Iterator[Demo]:
    intrigue = Intrigue(fresh_db, dice=text_dice)
    try:
        campaign = seed_demo(intrigue)
        assert campaign is not None
        token = intrigue.seats.seat_gm(campaign.id).token
        with TestClient(create_app(intrigue)) as client:
            yield Demo(client, token, str(campaign.id))
    finally:
        intrigue.close()


def _owned(faction: dict[str, Any]) -> list[str]:
    return sorted(a["typeKey"] for a in faction["assets"])


def test_the_demo_stands_as_the_worked_example_before_its_first_month(demo: Demo) -> None:
    factions, regions = demo.factions(), demo.regions()
    stated = {  # name: (force, cunning, wealth, "Max HP", home)
        "Remzal's Chosen": (4, 1, 3, 15, "Remzal's Rest"),
        "Empresses' Crows": (3, 4, 1, 15, "Crowfall"),
        "The Republic": (6, 5, 3, 29, "The Fort-City"),
        "Empire Remnants": (6, 3, 5, 29, "The Capital"),
        "Goldbar House": (1, 3, 4, 15, "Goldbar Caverns"),
    }
    for name, (force, cunning, wealth, hp, home) in stated.items():
        f = factions[name]
        assert (f["force"], f["cunning"], f["wealth"], f["hp"], f["maxHp"]) == (force, cunning, wealth, hp, hp)
        assert (f["facgold"], f["xp"], f["homeRegionId"]) == (0, 0, str(regions[home]["id"]))
        # "A home region always starts with a Base of Influence at HP equal to the faction HP"; no other bases.
        bases = [a for a in f["assets"] if a["typeKey"] == "base_of_influence"]
        assert [(b["regionId"], b["hp"]) for b in bases] == [(str(regions[home]["id"]), hp)]
        assert {a["regionId"] for a in f["assets"]} == {str(regions[home]["id"])}
    assert _owned(factions["Remzal's Chosen"]) == ["arcane_laboratory", "base_of_influence", "warmage_regiment"]
    assert _owned(factions["Empresses' Crows"]) == ["base_of_influence", "indentured_workforce", "thieves_guild"]
    assert _owned(factions["The Republic"]) == [
        "base_of_influence",
        "calvary",
        "covert_shipping",
        "fortress",
        "organization_moles",
    ]
    assert _owned(factions["Empire Remnants"]) == [
        "bandits",
        "base_of_influence",
        "confidence_men",
        "monopoly",
        "veteran_regiment",
    ]
    assert _owned(factions["Goldbar House"]) == ["base_of_influence", "master_assassin", "treasure_vault"]
    # "Tag: Rebels, Deep Rooted, Regional Government." ... "I decided to give this faction Regional Government
    # over their hex."
    republic = factions["The Republic"]
    assert regions["The Fort-City"]["governingFactionId"] == republic["id"]
    assert sorted(republic["tags"]) == ["Regional Government", "deep_rooted", "rebels"]
    assert [n for n, r in regions.items() if r["governingFactionId"]] == ["The Fort-City"]
    # The goals of the turn-order table: "Regional Seizure (home)", "Destroy the Foe (Republic)", ...
    goals = {n: (f["goal"]["key"], f["goal"]["target"]) if f["goal"] else None for n, f in factions.items()}
    assert goals == {
        "Remzal's Chosen": ("regional_seizure", str(regions["Remzal's Rest"]["id"])),
        "Empresses' Crows": ("destroy_the_foe", republic["id"]),
        "The Republic": ("inside_enemy_territory", factions["Empire Remnants"]["id"]),
        "Empire Remnants": ("blood_the_enemy", republic["id"]),
        "Goldbar House": ("legendary_wealth", None),
        "The Wild": None,
    }
    # "Charch-Go lair in a Terrain 2 Asset with 7 hp; and the beholder himself is a Monster 4 Asset with 189hp."
    swamp = str(regions["Charch-Go's Swamp"]["id"])
    lair = sorted((a["name"], a["typeKey"], a["hp"]) for a in factions["The Wild"]["assets"] if a["regionId"] == swamp)
    assert lair == [("Charch-Go", "wild_monster", 189), ("Terrain", "wild_terrain", 7)]
    assert demo.gql(REGIONS)["data"]["campaign"] | {"regions": None} == {
        "phase": 0,
        "phaseStatus": "SETUP",
        "regions": None,
    }


def test_the_first_month_plays_through_the_api_and_follows_the_rules(demo: Demo) -> None:
    factions = demo.factions()
    opened_at = order_the_month(demo, factions)
    assert demo.gql(PHASE % "resolvePhase")["data"]["resolvePhase"] == {"phase": 1, "phaseStatus": "RESOLVED"}
    check_the_month(demo, factions, opened_at)


def _one_town_and_a_swamp(intrigue: Intrigue) -> tuple[Campaign, UUID, UUID]:
    regions = [MapRegion("Town", 0, 0, arcana=4), MapRegion("Swamp", 1, 0, terrain_difficulty=2, wild=True)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"stated-{uuid4().hex[:6]}", ["factionturn"], "stated", regions)
    )
    town, swamp = campaign.member_ids("region")
    return campaign, town, swamp


def test_a_stated_terrain_hp_outside_its_rows_dice_is_refused_and_writes_nothing(intrigue: Intrigue) -> None:
    campaign, town, swamp = _one_town_and_a_swamp(intrigue)
    with pytest.raises(InvalidInputError, match=r"2d6\+2 HP \(4-14\), not 15"):
        intrigue.factionturn.populate_the_wild(campaign.id, {swamp: 15})
    with pytest.raises(InvalidInputError, match="not wild"):
        intrigue.factionturn.populate_the_wild(campaign.id, {town: 7})
    assert intrigue.store.load(campaign.id, Campaign).member_ids("faction") == []
    the_wild = intrigue.factionturn.populate_the_wild(campaign.id, {swamp: 14})
    assert the_wild is not None and [(a.hp, a.max_hp) for a in the_wild.assets.values()] == [(14, 14)]


def test_a_starting_goal_is_checked_as_an_order_and_set_only_once(intrigue: Intrigue) -> None:
    campaign, town, _ = _one_town_and_a_swamp(intrigue)
    founded = intrigue.factionturn.found_faction(FoundFaction(campaign.id, "Lone", 4, 3, 1, town))
    with pytest.raises(InvalidInputError, match="names the rival faction"):
        intrigue.factionturn.adopt_goal(campaign.id, founded.id, GoalChoice("destroy_the_foe"))
    adopted = intrigue.factionturn.adopt_goal(campaign.id, founded.id, GoalChoice("peaceable_kingdom"))
    assert adopted.goal is not None and adopted.goal["key"] == "peaceable_kingdom"
    with pytest.raises(RuleViolationError, match="already pursues peaceable_kingdom"):
        intrigue.factionturn.adopt_goal(campaign.id, founded.id, GoalChoice("expand_influence"))


STATS = "query($c: UUID!) { factions(campaignId: $c) { name force cunning wealth hp statsNote } }"


def test_the_wild_is_shown_with_no_ratings_or_hp_of_the_seeds_and_says_why(demo: Demo) -> None:
    """Seed 002, Special Faction: The Wild: "The Terrain Asset adds its difficulty to its defense rolls, instead of
    a stat." The seed gives The Wild no ratings and no HP, so those the engine holds are marked as its own."""
    told = {f["name"]: f for f in demo.gql(STATS)["data"]["factions"]}
    wild = told.pop("The Wild")
    assert wild["statsNote"].startswith("The seed gives The Wild no Force, Cunning, Wealth or hit points")
    assert "engine's own" in wild["statsNote"]
    assert {f["statsNote"] for f in told.values()} == {None}
    listed = conforms(demo.client.get(f"/api/v1/campaigns/{demo.id}/factions", headers=bearer(demo.token))).json()
    notes = {f["name"]: f["stats_note"] for f in listed["factions"]}
    assert notes.pop("The Wild") == wild["statsNote"] and set(notes.values()) == {None}
