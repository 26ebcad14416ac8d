"""Issue 15, Faction Turn: the corrections a careful reading of seed 002 asks for, on fixed dice."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.effects import Effect, FacGoldSpent, GoalProgressed
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    BuyAsset,
    ExpandInfluence,
    FactionOrders,
    RefitAsset,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.resolution.phase import check_orders
from domain.factionturn.rules.generated_goals import RULE_FOE, foe_for
from domain.factionturn.rules.generation import Rolled
from domain.factionturn.rules.wild_assets import found_the_wild, terrain
from domain.factionturn.rules.world import Outcome
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, faction, give, region


def _rivals(guild_gold: int = 20) -> tuple[Table, Faction, Faction, Region, Region]:
    home, town = region("Home", 0, 0, arcana=4), region("Town", 1, 0, arcana=4)
    guild = faction("Guild", 4, 4, 4, home, facgold=guild_gold)
    rulers = faction("Rulers", 4, 4, 4, town, facgold=20)
    guild.expand_influence(str(town.id), 3, 0, 0, [])
    return Table([guild, rulers], [home, town]), guild, rulers, home, town


def test_a_treasure_vault_ignores_a_monopoly_at_zero_facgold_and_keeps_the_asset() -> None:
    table, guild, rulers, _, town = _rivals(guild_gold=0)
    give(guild, "treasure_vault", town)
    informers = give(guild, "informers", town)
    monopoly = give(rulers, "monopoly", town)
    table.resolve(rulers, UseAssetAbility((AbilityUse(monopoly.id, target_faction_id=str(guild.id)),)))
    assert informers.id in guild.assets and guild.facgold == 0 and rulers.facgold == 20


def _duel() -> tuple[Table, Faction, Faction, Faction, Region]:
    town = region("Town", 0, 0, arcana=5)
    red = faction("Red", 4, 4, 4, town, facgold=10)
    blue = faction("Blue", 4, 4, 4, region("Blue Home", 3, 0), facgold=10)
    green = faction("Green", 4, 4, 4, region("Green Home", 5, 0), facgold=10)
    return Table([red, blue, green], [town]), red, blue, green, town


def _strike(attacker: object, foe: Faction, target: object) -> Attack:
    return Attack((Strike(attacker.id, str(foe.id), target.id),))  # type: ignore[attr-defined]


def test_refit_away_from_home_and_any_base_is_refused() -> None:
    table, guild, _, _, _ = _rivals()
    far = region("Far", 2, 0, arcana=4)
    table.regions.append(far)
    guards = give(guild, "guardsmen", far)
    with pytest.raises(RuleViolationError, match="home region or at a Base of Influence") as refused:
        table.resolve(guild, RefitAsset(guards.id, "regiment"))
    assert refused.value.rule == "seed 002, Refit Asset" and guild.assets[guards.id].type_key == "guardsmen"


def test_refit_at_a_base_of_influence_is_allowed() -> None:
    table, guild, _, _, town = _rivals()
    guards = give(guild, "guardsmen", town)
    table.resolve(guild, RefitAsset(guards.id, "regiment"))
    assert guild.assets[guards.id].type_key == "regiment"


@pytest.mark.parametrize("ability", ["false_front", "boltholes"])
@pytest.mark.parametrize("state", [{"usable_from": 1}, {"threatened": True}])
def test_a_false_front_or_boltholes_just_bought_or_threatened_does_not_save_a_unit(
    ability: str, state: dict[str, object]
) -> None:
    table, red, blue, _, town = _duel()
    regiment = give(red, "regiment", town)
    saver = give(blue, ability, town, **state)
    guards = give(blue, "guardsmen", town)
    table.resolve(red, _strike(regiment, blue, guards), 9, 1, 8)
    assert guards.id not in blue.assets and saver.id in blue.assets


def test_a_cathedral_restores_once_between_its_owners_turns_whoever_strikes() -> None:
    table, red, blue, green, town = _duel()
    give(blue, "cathedral", town)
    first, second, third = (give(blue, "regiment", town, hp=5) for _ in range(3))
    table.resolve(red, _strike(give(red, "regiment", town), blue, first), 9, 1, 8)
    table.resolve(green, _strike(give(green, "regiment", town), blue, second), 9, 1, 8)
    assert first.hp == 1 and second.id not in blue.assets and blue.facgold == 10 - 4
    blue.begin_turn(2)
    table.resolve(green, _strike(give(green, "regiment", town), blue, third), 9, 1, 8)
    assert blue.assets[third.id].hp == 1 and blue.facgold == 10 - 8


def test_stealth_is_a_purchase_refused_away_from_home_and_any_base() -> None:
    table, guild, _, _, _ = _rivals()
    far = region("Far", 2, 0, arcana=4)
    table.regions.append(far)
    spies = give(guild, "informers", far)
    with pytest.raises(RuleViolationError, match="home region or at a Base of Influence") as refused:
        table.resolve(guild, BuyAsset("stealth", str(far.id), for_asset_id=spies.id))
    assert refused.value.rule == "seed 002, Stealth" and not spies.stealthed and guild.facgold == 20


def test_stealth_is_bought_at_a_base_of_influence_away_from_home() -> None:
    table, guild, _, _, town = _rivals()
    spies = give(guild, "informers", town)
    table.resolve(guild, BuyAsset("stealth", str(town.id), for_asset_id=spies.id))
    assert spies.stealthed and guild.facgold == 20 - 2


def test_the_rebels_die_is_rolled_against_the_governing_faction_only() -> None:
    table, red, blue, green, town = _duel()
    red.tags = ["Rebels"]
    regiment, target = give(red, "regiment", town), give(blue, "regiment", town)
    town.change_government(str(green.id), "set-up")
    third = table.resolve(red, _strike(regiment, blue, target), 9, 1, 5)
    assert third.rolls[0].expression == "1d10"
    town.change_government(str(blue.id), "set-up")
    rulers = table.resolve(red, _strike(give(red, "regiment", town), blue, target), 9, 1, 1, 5)
    assert rulers.rolls[0].expression == "2d10kh1"


def test_a_generated_destroy_the_foe_goal_rolls_its_foe_among_the_other_factions() -> None:
    foe = foe_for("Crows", "destroy_the_foe", ["Chosen", "Crows", "Republic"], FixedDice([2]))
    assert foe.value == "Republic" and foe.rolls[0].expression == "1d2" and foe.rolls[0].rule == RULE_FOE


def test_a_generated_goal_that_names_no_foe_rolls_nothing() -> None:
    assert foe_for("Goldbar", "legendary_wealth", ["Goldbar", "Crows"], FixedDice([])) == Rolled(None, ())


def test_two_ruin_excavation_buys_in_one_order_are_refused_at_submission() -> None:
    table, guild, _, _, _ = _rivals()
    home = table.regions[0]
    guild.force = 5
    digs = [give(guild, "ruin_excavation", home) for _ in range(2)]
    orders = FactionOrders(action=UseAssetAbility(tuple(AbilityUse(d.id, type_key="regiment") for d in digs)))
    with pytest.raises(RuleViolationError, match="only one asset can be purchased") as refused:
        check_orders(table.world(), str(guild.id), orders)
    assert refused.value.rule == "seed 002, Buy Asset"


def test_one_ruin_excavation_buy_is_accepted_at_submission() -> None:
    table, guild, _, _, _ = _rivals()
    guild.force = 5
    dig = give(guild, "ruin_excavation", table.regions[0])
    one = FactionOrders(action=UseAssetAbility((AbilityUse(dig.id, type_key="regiment"),)))
    check_orders(table.world(), str(guild.id), one)
    assert dig.id in guild.assets


@pytest.mark.parametrize(
    ("kind", "rule"), [("seize", "seed 002, Seize Region"), ("change_home", "seed 002, Change Home")]
)
def test_an_action_ordered_while_a_seizure_or_a_move_home_is_under_way_is_refused_at_submission(
    kind: str, rule: str
) -> None:
    table, guild, _, _, town = _rivals()
    guild.set_multi_turn({"kind": kind, "region_id": str(town.id), "turns_left": 2, "held": 0}, "set-up")
    with pytest.raises(RuleViolationError, match="under way") as refused:
        check_orders(table.world(), str(guild.id), FactionOrders(action=BuyAsset("informers", str(town.id))))
    assert refused.value.rule == rule
    check_orders(table.world(), str(guild.id), FactionOrders())  # no action: the move goes on


def _effects(outcome: Outcome) -> list[Effect]:
    return [change.effect for change in outcome.changes]


def test_goal_progress_is_written_only_for_a_counter_the_held_goal_reads() -> None:
    table, red, blue, _, town = _duel()
    red.choose_goal("legendary_wealth", None, {}, None)
    target = give(blue, "regiment", town)
    quiet = table.resolve(red, _strike(give(red, "regiment", town), blue, target), 9, 1, 5)
    assert target.hp == 12 - 5 and not [e for e in _effects(quiet) if isinstance(e, GoalProgressed)]
    red.choose_goal("blood_the_enemy", None, {}, None)
    counted = table.resolve(red, _strike(give(red, "regiment", town), blue, target), 9, 1, 5)
    assert GoalProgressed(counter="damage_dealt", amount=5, reason="seed 002, Faction Goals") in _effects(counted)


def test_a_free_move_records_no_facgold_spent() -> None:
    table, guild, _, home, town = _rivals()
    warmages = give(guild, "warmage_regiment", home)
    moved = table.resolve(guild, UseAssetAbility((AbilityUse(warmages.id, region_id=str(town.id)),)))
    assert warmages.region_id == str(town.id) and guild.facgold == 20
    assert not [e for e in _effects(moved) if isinstance(e, FacGoldSpent)]


def test_the_wild_does_not_contest_an_expand_influence() -> None:
    table, guild, _, _, _ = _rivals()
    marsh = region("Marsh", 2, 0, wild=True, terrain_difficulty=2)
    wild = found_the_wild(CAMPAIGN, str(marsh.id))
    wild.grant_asset(terrain(wild, str(marsh.id), 2, 7), "set-up")
    table.factions.append(wild)
    table.regions.append(marsh)
    give(guild, "informers", marsh)
    planted = table.resolve(guild, ExpandInfluence(str(marsh.id), 3), 1)  # only the guild's own roll
    assert guild.base_in(str(marsh.id)) is not None and len(planted.rolls) == 1


def _low_town() -> tuple[Table, Faction, Faction, Region]:
    home, town = region("Home", 0, 0, arcana=4), region("Town", 1, 0, arcana=0)
    guild = faction("Guild", 4, 4, 4, home, facgold=20)
    rulers = faction("Rulers", 4, 4, 4, home, facgold=20)
    guild.expand_influence(str(town.id), 3, 0, 0, [])
    return Table([guild, rulers], [home, town]), guild, rulers, town


@pytest.mark.parametrize(
    ("ability", "bought"), [("arcane_laboratory", "regiment"), ("arcane_researchers", "cathedral")]
)
def test_a_rivals_laboratory_or_scholars_raise_the_regions_arcana_for_every_buyer(ability: str, bought: str) -> None:
    table, guild, rulers, town = _low_town()
    give(rulers, ability, town)
    table.resolve(guild, BuyAsset(bought, str(town.id)))
    assert any(a.type_key == bought for a in guild.assets.values())


def test_a_rivals_guild_agents_help_only_their_owner() -> None:
    table, guild, rulers, town = _low_town()
    give(rulers, "guild_agents", town)
    with pytest.raises(RuleViolationError, match="arcana level"):
        table.resolve(guild, BuyAsset("cathedral", str(town.id)))
