"""The GM plays The Wild's monsters (seed 002, Monster), with fixed dice: a move of one hex a phase, and an attack
of 1d10 + level against 1d10 + Force that hits for a hit die + level and is counterattacked (tripled) on a miss."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice import FixedDice
from domain.errors import DomainError, InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import Defence
from domain.factionturn.rules.monsters import decide_attack, plan_move
from domain.factionturn.rules.wild_assets import found_the_wild, monster, terrain
from domain.factionturn.rules.world import Outcome, apply_outcomes
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, event_names, faction, give, region, settle

GM = "gm-seat"


def _marches() -> tuple[Table, Faction, Faction, OwnedAsset, dict[str, Region]]:
    """Charch-Go (level 4, 1d10 hit die) in a swamp next to Remzal's Chosen's home (Force 4), a bog beside it."""
    regions = {
        name: region(name, q, 0, wild=name != "Home")
        for name, q in (("Home", 0), ("Swamp", 1), ("Bog", 2), ("Peaks", 3))
    }
    chosen = faction("Remzal's Chosen", 4, 1, 3, regions["Home"])
    wild = found_the_wild(CAMPAIGN, str(regions["Swamp"].id))
    wild.grant_asset(terrain(wild, str(regions["Swamp"].id), 2, 14), "map")
    beast = monster(wild, str(regions["Swamp"].id), "Charch-Go", 4, 189, "1d10")
    wild.grant_asset(beast, "map")
    return Table([chosen, wild], list(regions.values())), chosen, wild, wild.assets[beast.id], regions


def _move(table: Table, wild: Faction, beast: OwnedAsset, to: Region, phase: int = 1) -> None:
    move = plan_move(table.world(), str(wild.id), beast.id, str(to.id), phase)
    wild.move_monster(move.monster_id, move.to_region_id, phase, GM, "Charch-Go hunts")


def _attack(
    table: Table, wild: Faction, beast: OwnedAsset, foe: Faction, target: OwnedAsset, *faces: int, phase: int = 1
) -> Outcome:
    dice = FixedDice(faces)
    outcome = decide_attack(
        table.world(),
        str(wild.id),
        beast.id,
        str(foe.id),
        target.id,
        dice,
        phase=phase,
        seat=GM,
        reason="Charch-Go is hungry",
    )
    apply_outcomes([outcome], table.factions, table.regions)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
    return outcome


def _payload(aggregate: Faction, name: str) -> dict[str, Any]:
    [found] = [e for e in aggregate.collect_events() if type(e).__name__ == name]
    return {k: v for k, v in vars(found).items() if not k.startswith("originator")}


# ---- moving ----------------------------------------------------------------------------------------------------
def test_the_gm_moves_a_monster_one_hex_and_it_stays_the_wilds_asset_there() -> None:
    table, _, wild, beast, regions = _marches()
    settle(wild)
    _move(table, wild, beast, regions["Bog"])
    assert wild.assets[beast.id].region_id == str(regions["Bog"].id) and beast.moved_phase == 1
    moved = _payload(wild, "MonsterMoved")
    assert (moved["from_region_id"], moved["to_region_id"]) == (str(regions["Swamp"].id), str(regions["Bog"].id))
    assert (moved["seat"], moved["reason"], moved["phase"]) == (GM, "Charch-Go hunts", 1)
    assert wild.assets_in(str(regions["Swamp"].id))[0].name == "Terrain"  # the terrain stays behind


def test_a_monster_may_stray_into_settled_land_and_move_again_next_phase() -> None:
    table, _, wild, beast, regions = _marches()
    _move(table, wild, beast, regions["Home"])
    assert beast.region_id == str(regions["Home"].id)
    _move(table, wild, beast, regions["Swamp"], phase=2)
    assert beast.region_id == str(regions["Swamp"].id)


@pytest.mark.parametrize(
    ("where", "error", "words"),
    [
        ("Peaks", RuleViolationError, "2 hexes away"),
        ("Swamp", InvalidInputError, "already in that region"),
        ("nowhere", NotFoundError, "no region"),
    ],
)
def test_a_move_beyond_one_hex_or_nowhere_is_refused_and_writes_nothing(
    where: str, error: type[DomainError], words: str
) -> None:
    table, _, wild, beast, regions = _marches()
    settle(wild)
    target = regions.get(where)
    with pytest.raises(error, match=words):
        plan_move(table.world(), str(wild.id), beast.id, str(target.id) if target else "nowhere", 1)
    assert event_names(wild) == [] and beast.region_id == str(regions["Swamp"].id)


def test_a_monster_moves_once_a_phase() -> None:
    table, _, wild, beast, regions = _marches()
    _move(table, wild, beast, regions["Bog"])
    settle(wild)
    with pytest.raises(RuleViolationError, match="already moved in phase 1"):
        _move(table, wild, beast, regions["Swamp"])
    with pytest.raises(RuleViolationError, match="already moved in phase 1"):
        wild.move_monster(beast.id, str(regions["Swamp"].id), 1, GM, "again")
    assert event_names(wild) == [] and beast.region_id == str(regions["Bog"].id)


def test_only_a_monster_moves_and_never_into_another_monsters_region() -> None:
    table, _, wild, beast, regions = _marches()
    land = wild.assets_in(str(regions["Swamp"].id))[0]
    rival = monster(wild, str(regions["Bog"].id), "Hydra", 3, 60, "1d12")
    wild.grant_asset(rival, "map")
    settle(wild)
    with pytest.raises(RuleViolationError, match="not a Monster asset"):
        plan_move(table.world(), str(wild.id), land.id, str(regions["Bog"].id), 1)
    with pytest.raises(RuleViolationError, match="already holds a Monster"):
        plan_move(table.world(), str(wild.id), beast.id, str(regions["Bog"].id), 1)
    with pytest.raises(RuleViolationError, match="owns no asset"):
        plan_move(table.world(), str(wild.id), "no-such-asset", str(regions["Bog"].id), 1)
    assert event_names(wild) == []


# ---- attacking -------------------------------------------------------------------------------------------------
def test_a_monster_hit_deals_a_hit_die_plus_its_level_and_records_every_roll() -> None:
    table, chosen, wild, beast, regions = _marches()
    warmages = give(chosen, "warmage_regiment", regions["Swamp"])
    settle(chosen, wild)
    _attack(table, wild, beast, chosen, warmages, 9, 2, 3)  # 9+4 beats 2+4 (Force); 1d10 = 3, + level 4
    assert warmages.hp == 8 - 7 and beast.hp == 189 and beast.attacked_phase == 1
    attacked = _payload(wild, "MonsterAttacked")
    assert (attacked["hit"], attacked["countered"], attacked["seat"]) == (True, False, GM)
    attack, defence = attacked["rolls"]
    assert (attack["total"], attack["actor"], attack["modifiers"]) == (
        13,
        str(wild.id),
        [{"source": "Charch-Go level", "value": 4}],
    )
    assert (defence["total"], defence["actor"], defence["modifiers"][0]["source"]) == (6, str(chosen.id), "Force")
    [damage] = _payload(chosen, "AssetDamaged")["rolls"]
    assert (damage["expression"], damage["total"], damage["actor"]) == ("1d10+4", 7, str(wild.id))
    assert damage["rule"].startswith("seed 002, Monster") and damage["purpose"] == "Charch-Go damage"


def test_a_failed_monster_attack_is_counterattacked_for_triple_damage() -> None:
    table, chosen, wild, beast, regions = _marches()
    warmages = give(chosen, "warmage_regiment", regions["Swamp"])
    _attack(table, wild, beast, chosen, warmages, 1, 9, 5)  # 1+4 loses to 9+4; counter 1d8 = 5, x 3
    assert (warmages.hp, beast.hp) == (8, 189 - 15)


def test_a_tie_hits_both_the_target_and_the_monster() -> None:
    table, chosen, wild, beast, regions = _marches()
    warmages = give(chosen, "warmage_regiment", regions["Swamp"])
    _attack(table, wild, beast, chosen, warmages, 5, 5, 1, 2)  # 5+4 = 5+4: 1d10+4 = 5, then 1d8 = 2, x 3
    assert (warmages.hp, beast.hp) == (8 - 5, 189 - 6)


def test_the_defender_may_send_another_asset_and_let_its_base_take_the_damage() -> None:
    table, chosen, wild, beast, regions = _marches()
    _move(table, wild, beast, regions["Home"])
    warmages = give(chosen, "warmage_regiment", regions["Home"])
    guard = give(chosen, "militia_unit", regions["Home"])
    table.order(chosen, defences=(Defence(str(regions["Home"].id), guard.id, base_absorbs=True),))
    base = chosen.base_in(str(regions["Home"].id))
    assert base is not None
    _attack(table, wild, beast, chosen, warmages, 9, 1, 1)  # 9+4 beats 1+4: 1+4 damage to the base
    assert (warmages.hp, guard.hp, base.hp, chosen.hp) == (8, guard.max_hp, 15 - 5, 15 - 5)


@pytest.mark.parametrize("wrong", ["attacked", "stealthed", "elsewhere", "own", "terrain"])
def test_a_monster_attack_the_rules_forbid_is_refused_before_any_roll(wrong: str) -> None:
    table, chosen, wild, beast, regions = _marches()
    warmages = give(
        chosen, "warmage_regiment", regions["Home" if wrong == "elsewhere" else "Swamp"], stealthed=wrong == "stealthed"
    )
    beast.attacked_phase = 1 if wrong == "attacked" else None
    land = wild.assets_in(str(regions["Swamp"].id))[0]
    foe, target, attacker = {"own": (wild, land, beast.id), "terrain": (chosen, warmages, land.id)}.get(
        wrong, (chosen, warmages, beast.id)
    )
    settle(chosen, wild)
    with pytest.raises(RuleViolationError):
        decide_attack(
            table.world(),
            str(wild.id),
            attacker,
            str(foe.id),
            target.id,
            FixedDice([]),
            phase=1,
            seat=GM,
            reason="Charch-Go is hungry",
        )
    assert event_names(chosen) == [] and event_names(wild) == [] and warmages.hp == 8


def test_a_monster_attack_needs_a_reason() -> None:
    table, chosen, wild, beast, regions = _marches()
    warmages = give(chosen, "warmage_regiment", regions["Swamp"])
    with pytest.raises(InvalidInputError, match="reason"):
        decide_attack(
            table.world(),
            str(wild.id),
            beast.id,
            str(chosen.id),
            warmages.id,
            FixedDice([]),
            phase=1,
            seat=GM,
            reason=" ",
        )
