from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import AbilityUse, Attack, BuyAsset, Strike, UseAssetAbility
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, settle, take_turn


def _duel() -> tuple[Table, Faction, Faction, Region]:
    town = region("Town", 0, 0, arcana=5)
    red = faction("Red", 4, 4, 4, town, facgold=10)
    blue = faction("Blue", 4, 4, 4, region("Blue Home", 3, 0), facgold=10)
    return Table([red, blue], [town, region("Blue Home", 3, 0)]), red, blue, town


def strike(attacker: object, foe: Faction, target: object) -> Attack:
    return Attack((Strike(attacker.id, str(foe.id), target.id),))  # type: ignore[attr-defined]


def test_a_book_of_secrets_rerolls_a_lost_attack_die_once_per_turn() -> None:
    table, red, blue, town = _duel()
    give(red, "book_of_secrets", town)
    regiment = give(red, "regiment", town)
    target = give(blue, "regiment", town)
    outcome = table.resolve(red, strike(regiment, blue, target), 2, 8, 9, 5)  # 2 loses, reroll 9 wins, 5 damage
    assert target.hp == 7 and "Book of Secrets" in outcome.rolls[2].purpose


def test_informers_reveal_every_stealthed_asset_of_the_faction_in_the_region() -> None:
    table, red, blue, town = _duel()
    informers = give(red, "informers", town)
    hidden = [give(blue, "master_assassin", town, stealthed=True) for _ in range(2)]
    table.resolve(red, Attack((Strike(informers.id, str(blue.id), ""),)), 9, 1)
    assert not any(h.stealthed for h in hidden)


def test_guards_and_wards_test_rival_stealth_at_the_start_of_the_owners_turn() -> None:
    table, red, blue, town = _duel()
    give(red, "guards_and_wards", town)
    spy = give(blue, "master_assassin", town, stealthed=True)
    take_turn(table, red, 9, 1)
    assert not spy.stealthed


def test_a_thieves_guild_tests_a_stealthed_asset_bought_in_its_region() -> None:
    table, red, blue, town = _duel()
    blue.force, blue.facgold = 5, 20
    blue.expand_influence(str(town.id), 5, 0, 0, [])
    give(red, "thieves_guild", town)
    table.resolve(blue, BuyAsset("cutthroats", str(town.id)), 8, 2)
    cutthroats = next(a for a in blue.assets.values() if a.type_key == "cutthroats")
    assert not cutthroats.stealthed


def test_agitators_keep_the_asset_they_sap_from_attacking() -> None:
    table, red, blue, town = _duel()
    agitators = give(red, "agitators", town)
    regiment = give(blue, "regiment", town)
    table.resolve(
        red,
        UseAssetAbility((AbilityUse(agitators.id, target_faction_id=str(blue.id), target_asset_id=regiment.id),)),
        3,
    )
    assert red.facgold == 7
    with pytest.raises(RuleViolationError, match="Agitators"):
        table.resolve(blue, strike(regiment, red, agitators))


def test_arsonists_block_the_targets_abilities_until_their_next_turn() -> None:
    table, red, blue, town = _duel()
    arsonists = give(red, "arsonists", town)
    workforce = give(blue, "indentured_workforce", town)
    table.resolve(red, strike(arsonists, blue, workforce), 1, 9, 1)  # a miss still blocks; counter 1d4
    with pytest.raises(RuleViolationError, match="Arsonists"):
        table.resolve(blue, UseAssetAbility((AbilityUse(workforce.id),)))
    take_turn(table, red)
    assert workforce.ability_blocked_by == ""


def test_a_fortress_does_not_counterattack_a_cunning_asset() -> None:
    table, red, blue, town = _duel()
    assassin = give(red, "master_assassin", town)
    fortress = give(blue, "fortress", town)
    table.resolve(red, strike(assassin, blue, fortress), 1, 9)
    assert assassin.hp == 4


def test_lawyers_cannot_attack_force_assets() -> None:
    table, red, blue, town = _duel()
    lawyers = give(red, "lawyers", town)
    regiment = give(blue, "regiment", town)
    with pytest.raises(RuleViolationError, match="Lawyers"):
        table.resolve(red, strike(lawyers, blue, regiment))


def test_only_special_forces_can_attack_an_enchanter() -> None:
    table, red, blue, town = _duel()
    regiment = give(red, "regiment", town)
    enchanters = give(blue, "enchanters", town)
    with pytest.raises(RuleViolationError, match="Special Forces"):
        table.resolve(red, strike(regiment, blue, enchanters))


def test_boltholes_save_a_unit_from_a_killing_blow_at_zero_hp() -> None:
    table, red, blue, town = _duel()
    regiment = give(red, "regiment", town)
    give(blue, "boltholes", town)
    guards = give(blue, "guardsmen", town)
    table.resolve(red, strike(regiment, blue, guards), 9, 1, 8)
    assert guards.hp == 0 and guards.sheltered
    settle(red, blue)
    with pytest.raises(RuleViolationError, match="Boltholes"):
        table.resolve(red, strike(regiment, blue, guards))


def test_a_false_front_is_sacrificed_instead_of_the_asset() -> None:
    table, red, blue, town = _duel()
    regiment = give(red, "regiment", town)
    front = give(blue, "false_front", town)
    guards = give(blue, "guardsmen", town)
    table.resolve(red, strike(regiment, blue, guards), 9, 1, 8)
    assert guards.hp == 3 and front.id not in blue.assets


def test_a_cathedral_restores_a_destroyed_unit_at_one_hp_for_half_its_cost() -> None:
    table, red, blue, town = _duel()
    regiment = give(red, "regiment", town)
    give(blue, "cathedral", town)
    target = give(blue, "regiment", town, hp=5)
    table.resolve(red, strike(regiment, blue, target), 9, 1, 8)
    assert target.hp == 1 and blue.facgold == 10 - 4


def test_treachery_turns_the_target_to_the_traitors_side() -> None:
    table, red, blue, town = _duel()
    traitors = give(red, "treachery", town)
    veterans = give(blue, "veteran_regiment", town)
    table.resolve(red, strike(traitors, blue, veterans), 9, 1)
    assert veterans.id in red.assets and veterans.id not in blue.assets and traitors.id not in red.assets
    assert red.facgold == 15


def test_hostile_takeover_acquires_what_it_would_destroy_at_one_hp() -> None:
    table, red, blue, town = _duel()
    takeover = give(red, "hostile_takeover", town)
    workforce = give(blue, "indentured_workforce", town)
    table.resolve(red, strike(takeover, blue, workforce), 9, 1, 5, 5)
    assert red.assets[workforce.id].hp == 1 and workforce.id not in blue.assets


def test_bandits_steal_1d4_facgold_once_per_turn_unless_a_treasure_vault_ignores_it() -> None:
    table, red, blue, town = _duel()
    bandits = [give(red, "bandits", town) for _ in range(2)]
    target = give(blue, "regiment", town)
    table.resolve(red, Attack(tuple(Strike(b.id, str(blue.id), target.id) for b in bandits)), 9, 1, 1, 3, 9, 1, 1)
    assert (red.facgold, blue.facgold) == (13, 7)
    give(blue, "treasure_vault", town)
    table.resolve(red, Attack((Strike(bandits[0].id, str(blue.id), target.id),)), 9, 1, 1, 4)
    assert (red.facgold, blue.facgold) == (13, 7)


def test_zealots_take_1d4_damage_when_they_hit() -> None:
    table, red, blue, town = _duel()
    zealots = give(red, "zealots", town)
    target = give(blue, "veteran_regiment", town)
    table.resolve(red, strike(zealots, blue, target), 9, 1, 1, 1, 3)
    assert (target.hp, zealots.hp) == (14, 1)


def test_illusionists_turn_a_failed_attack_on_the_attacker() -> None:
    table, red, blue, town = _duel()
    assassin = give(red, "master_assassin", town)
    illusionists = give(blue, "illusionists", town)
    table.resolve(red, strike(assassin, blue, illusionists), 1, 9, 1, 2)
    assert assassin.hp == 4 - 3 and illusionists.hp == 6


def test_blackmail_strips_tag_bonus_dice_from_its_attacker() -> None:
    table, red, blue, town = _duel()
    blue.tags = ["Machiavellian"]  # a bonus die on Cunning attacks
    assassin = give(blue, "master_assassin", town)
    blackmail = give(red, "blackmail", town)
    outcome = table.resolve(blue, strike(assassin, red, blackmail), 9, 1, 2, 2)
    assert outcome.rolls[0].expression == "1d10"
