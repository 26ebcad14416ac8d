"""Seed 002, "Example of Faction Play" / "A Month in the Life", resolved by the engine.

Where the example breaks its own rules, the test follows the rules (docs/rules-notes/factionturn-play.md):
- the Empire Remnants gain 5 FacGold, not 4: ceil(5/2) + floor((6+3)/4) = 3 + 2;
- the Republic cannot Stealth its Calvary, a Military Unit (Stealth is for Special Forces), so its order is
  refused and it keeps its 4 FacGold (the example's "leaving 1" would not follow even from a 2 FacGold Stealth).
"""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.effects import FacGoldGained
from domain.factionturn.aggregate.orders import BuyAsset, CustomAction, FactionOrders, SeizeRegion
from domain.factionturn.resolution.phase import PhaseOutcome, check_orders
from domain.factionturn.rules.wild_assets import found_the_wild, monster, terrain
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, faction, give, region, run_phase


def _month() -> tuple[Table, dict[str, object]]:
    north_east = region("City of the Burning Wheel", 7, 0, arcana=5, population="Thousands")
    west = region("Crows' Village", 0, 4, arcana=4, population="Multiple Dozens")
    south_east = region("Fort-City", 5, 8, arcana=4, population="Hundreds")
    capital = region("Imperial Capital", 2, 4, arcana=2, population="Tens of Thousands")
    south_west = region("Coastal Caverns", -3, 9, arcana=4, population="Outpost")
    swamp = region("Southern Swamp", 4, 9, terrain_difficulty=2, wild=True)

    chosen = faction("Remzal's Chosen", 4, 1, 3, north_east, tags=["Pactsworn"])
    crows = faction("Empresses' Crows", 3, 4, 1, west, tags=["Imperialist"])
    republic = faction("The Republic", 6, 5, 3, south_east, tags=["Rebels", "Deep Rooted", "Regional Government"])
    empire = faction("Empire Remnants", 6, 3, 5, capital, tags=["Machiavellian"])
    goldbar = faction("Goldbar House", 1, 3, 4, south_west, tags=["Plutocratic"])
    wild = found_the_wild(CAMPAIGN, str(swamp.id))
    south_east.change_government(str(republic.id), "the Republic overthrew the Empire here")

    for owner, keys, home in (
        (chosen, ("warmage_regiment", "arcane_laboratory"), north_east),
        (crows, ("thieves_guild", "indentured_workforce"), west),
        (republic, ("calvary", "fortress", "covert_shipping", "organization_moles"), south_east),
        (empire, ("veteran_regiment", "bandits", "confidence_men", "monopoly"), capital),
        (goldbar, ("treasure_vault", "master_assassin"), south_west),
    ):
        for key in keys:
            give(owner, key, home)
    wild.grant_asset(terrain(wild, str(swamp.id), 2, 7, "Charch-Go's swamp"), "map")
    wild.grant_asset(monster(wild, str(swamp.id), "Charch-Go the Beholder", 4, 189, "1d10"), "map")

    goals = (
        (chosen, "regional_seizure"),
        (crows, "destroy_the_foe"),
        (republic, "inside_enemy_territory"),
        (empire, "blood_the_enemy"),
        (goldbar, "legendary_wealth"),
    )
    for owner, key in goals:
        owner.choose_goal(key, str(republic.id) if key in ("destroy_the_foe", "blood_the_enemy") else None, {}, None)

    table = Table(
        [chosen, crows, republic, empire, goldbar, wild], [north_east, west, south_east, capital, south_west, swamp]
    )
    calvary = next(a for a in republic.assets.values() if a.type_key == "calvary")
    table.order(republic, action=BuyAsset("stealth", str(south_east.id), for_asset_id=calvary.id))
    table.order(empire, action=BuyAsset("indentured_workforce", str(capital.id)))
    table.order(goldbar, action=BuyAsset("indentured_workforce", str(south_west.id)))
    table.order(chosen, action=SeizeRegion(str(north_east.id)))
    table.order(crows, action=CustomAction("Bribe the Beholder", turns=2, cost_per_turn=2))
    cast = {
        "chosen": chosen,
        "crows": crows,
        "republic": republic,
        "empire": empire,
        "goldbar": goldbar,
        "wild": wild,
        "calvary": calvary,
        "home": north_east,
    }
    return table, cast


@pytest.fixture
def month() -> tuple[Table, dict[str, object], PhaseOutcome]:
    table, cast = _month()
    return table, cast, run_phase(table, 3)  # "I rolled a 3, so the Republic will act first"


def test_a_roll_of_3_on_a_d6_puts_the_republic_first_and_wraps_to_the_chosen_and_crows(month) -> None:  # type: ignore[no-untyped-def]
    table, _, outcome = month
    names = [table.world().faction(i).name for i in outcome.initiative.order]
    assert outcome.initiative.rolls[0].expression == "1d6"
    assert names == [
        "The Republic",
        "Empire Remnants",
        "Goldbar House",
        "The Wild",
        "Remzal's Chosen",
        "Empresses' Crows",
    ]


def test_each_faction_gains_income_by_the_formula(month) -> None:  # type: ignore[no-untyped-def]
    _, cast, outcome = month
    gained = {}
    for name in ("republic", "empire", "goldbar", "chosen", "crows"):
        turn = outcome.turn_of(str(cast[name].id))  # type: ignore[attr-defined]
        assert turn is not None
        gained[name] = next(c.effect.amount for c in turn.changes if isinstance(c.effect, FacGoldGained))
    assert gained == {"republic": 4, "empire": 5, "goldbar": 3, "chosen": 3, "crows": 2}


def test_the_republic_cannot_stealth_its_calvary_and_keeps_its_facgold(month) -> None:  # type: ignore[no-untyped-def]
    _, cast, outcome = month
    republic, calvary = cast["republic"], cast["calvary"]
    assert republic.facgold == 4 and not calvary.stealthed  # type: ignore[attr-defined]
    turn = outcome.turn_of(str(republic.id))  # type: ignore[attr-defined]
    assert turn is not None and "Special Forces" in turn.failures[0]


def test_stealth_for_the_calvary_is_refused_when_the_order_is_submitted() -> None:
    table, cast = _month()
    republic = cast["republic"]
    with pytest.raises(RuleViolationError, match="Special Forces"):
        check_orders(table.world(), str(republic.id), table.orders[str(republic.id)])  # type: ignore[attr-defined]


def test_the_empire_and_goldbar_each_buy_an_indentured_workforce(month) -> None:  # type: ignore[no-untyped-def]
    _, cast, _ = month
    for name, left in (("empire", 5 - 2), ("goldbar", 3 - 2)):
        owner = cast[name]
        assert owner.facgold == left  # type: ignore[attr-defined]
        assert any(a.type_key == "indentured_workforce" for a in owner.assets.values())  # type: ignore[attr-defined]


def test_the_wild_remains_wild(month) -> None:  # type: ignore[no-untyped-def]
    _, cast, _ = month
    wild = cast["wild"]
    assert [a.hp for a in wild.assets.values()] == [7, 189]  # type: ignore[attr-defined]


def test_the_chosen_seize_their_city_unopposed_and_must_hold_it_two_more_turns(month) -> None:  # type: ignore[no-untyped-def]
    table, cast, _ = month
    chosen, home = cast["chosen"], cast["home"]
    assert chosen.facgold == 3 and chosen.multi_turn["held"] == 1  # type: ignore[attr-defined]
    for _ in range(2):
        table.orders = {str(chosen.id): FactionOrders()}  # type: ignore[attr-defined]
        table.phase += 1
        run_phase(table, 1)
    assert home.governing_faction_id == str(chosen.id)  # type: ignore[attr-defined]
    assert chosen.xp == 1 and chosen.goal is None  # type: ignore[attr-defined]  # unopposed: difficulty 1


def test_the_crows_spend_their_income_bribing_the_beholder(month) -> None:  # type: ignore[no-untyped-def]
    _, cast, _ = month
    crows = cast["crows"]
    assert crows.facgold == 0 and crows.multi_turn["name"] == "Bribe the Beholder"  # type: ignore[attr-defined]


def test_the_months_events_survive_a_round_trip_through_an_event_store(month) -> None:  # type: ignore[no-untyped-def]
    from eventsourcing.application import Application

    table, _, _ = month
    store: Application = Application()  # in memory: events go through the JSON transcoder and back
    store.save(*table.factions, *table.regions)
    for original in table.factions:
        copy = store.repository.get(original.id)
        assert (copy.facgold, copy.assets, copy.multi_turn, copy.goal) == (
            original.facgold,
            original.assets,
            original.multi_turn,
            original.goal,
        )
