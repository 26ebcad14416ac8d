"""Coverage pass: the asset abilities with mechanics that had no fixed-dice scenario yet (seed 002, Asset List).

The others are in test_abilities_combat.py, test_abilities_income.py, test_abilities_influence.py,
test_actions_buy.py and test_actions_influence.py. Regions lie in a row, one hex apart: R0 (home) to R4.
"""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    BuyAsset,
    Defence,
    GoalChoice,
    Permission,
    RepairAsset,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.forms.order_form import orders_from_dict
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, settle, take_turn


class Map:
    """Guild (4/4/4, 20 FacGold) at home in R0; Rulers (4/4/4, 20 FacGold) at home in R4."""

    def __init__(self, arcana: int = 4) -> None:
        self.r = [region(f"R{q}", q, 0, arcana=arcana) for q in range(5)]
        self.guild = faction("Guild", 4, 4, 4, self.r[0], facgold=20)
        self.rulers = faction("Rulers", 4, 4, 4, self.r[4], facgold=20)
        self.table = Table([self.guild, self.rulers], self.r)

    def id(self, q: int) -> str:
        return str(self.r[q].id)

    def govern(self, q: int, answer: str = "bribe") -> None:
        """The Rulers govern region q and answer the Guild's permission requests so."""
        self.r[q].change_government(str(self.rulers.id), "set-up")
        self.table.order(self.rulers, permissions=(Permission(str(self.guild.id), answer),))

    def use(self, who: Faction, *uses: AbilityUse, faces: tuple[int, ...] = ()) -> None:
        self.table.resolve(who, UseAssetAbility(uses), *faces)


def _strike(attacker: OwnedAsset, foe: Faction, target: OwnedAsset) -> Attack:
    return Attack((Strike(attacker.id, str(foe.id), target.id),))


def _refused(m: Map, who: Faction, order: UseAssetAbility | Attack | BuyAsset, rule: str) -> None:
    settle(*m.table.factions, *m.table.regions)
    with pytest.raises(RuleViolationError, match=rule):
        m.table.resolve(who, order)
    assert all(a.collect_events() == [] for a in (*m.table.factions, *m.table.regions))


# ---- Movement ------------------------------------------------------------------------------------------------------
def test_transport_and_supply_chain_moves_any_number_of_assets_one_hex_for_one_facgold_each() -> None:
    m = Map()
    chain = give(m.guild, "transport_supply_chain", m.r[0])
    regiment, informers = give(m.guild, "regiment", m.r[0]), give(m.guild, "informers", m.r[0])
    m.use(m.guild, AbilityUse(chain.id, m.id(1), carried_ids=(chain.id, regiment.id, informers.id)))
    assert {a.region_id for a in (chain, regiment, informers)} == {m.id(1)} and m.guild.facgold == 20 - 3


def test_extended_supply_lines_move_one_non_vehicle_asset_between_regions_within_two_hexes() -> None:
    m = Map()
    lines = give(m.guild, "extended_supply_lines", m.r[1])
    regiment = give(m.guild, "regiment", m.r[0])
    m.use(m.guild, AbilityUse(lines.id, m.id(3), carried_ids=(regiment.id,)))
    assert regiment.region_id == m.id(3) and lines.region_id == m.id(1) and m.guild.facgold == 19


def test_extended_supply_lines_do_not_carry_a_vehicle() -> None:
    m = Map()
    lines = give(m.guild, "extended_supply_lines", m.r[0])
    galleys = give(m.guild, "heavy_transports", m.r[0])
    _refused(m, m.guild, UseAssetAbility((AbilityUse(lines.id, m.id(1), carried_ids=(galleys.id,)),)), "cannot carry")


def test_bandits_move_themselves_one_hex_for_nothing() -> None:
    m = Map()
    bandits = give(m.guild, "bandits", m.r[0])
    m.use(m.guild, AbilityUse(bandits.id, m.id(1)))
    assert bandits.region_id == m.id(1) and m.guild.facgold == 20


def test_shock_troops_move_one_hex_even_into_a_region_whose_government_refuses() -> None:
    m = Map()
    m.govern(1, "deny")
    troops = give(m.guild, "shock_troops", m.r[0])
    m.use(m.guild, AbilityUse(troops.id, m.id(1)))
    assert troops.region_id == m.id(1) and m.guild.facgold == 20


def test_a_professional_army_moves_three_hexes_without_asking_permission() -> None:
    m = Map()
    m.govern(3, "deny")
    army = give(m.guild, "professional_army", m.r[0])
    m.use(m.guild, AbilityUse(army.id, m.id(3)))
    assert army.region_id == m.id(3) and m.guild.facgold == 20


def test_mercenaries_move_one_hex_and_need_the_governments_permission_to_enter() -> None:
    m = Map()
    m.govern(1)  # the default answer: a 1d4 bribe
    mercs = give(m.guild, "mercenaries", m.r[0])
    m.use(m.guild, AbilityUse(mercs.id, m.id(1)), faces=(3,))
    assert mercs.region_id == m.id(1) and m.guild.facgold == 20 - 3


def test_a_popular_movement_gets_a_move_in_permitted_even_where_the_government_would_refuse() -> None:
    m = Map()
    m.govern(1, "deny")
    give(m.guild, "popular_movement", m.r[1])
    mercs = give(m.guild, "mercenaries", m.r[0])
    m.use(m.guild, AbilityUse(mercs.id, m.id(1)))
    assert mercs.region_id == m.id(1) and m.guild.facgold == 20


def test_surveyors_move_themselves_two_hexes() -> None:
    m = Map()
    surveyors = give(m.guild, "surveyors", m.r[0])
    m.use(m.guild, AbilityUse(surveyors.id, m.id(2)))
    assert surveyors.region_id == m.id(2) and m.guild.facgold == 20


def test_enchanters_travel_one_hex_as_an_action() -> None:
    m = Map()
    enchanters = give(m.guild, "enchanters", m.r[0])
    m.use(m.guild, AbilityUse(enchanters.id, m.id(1)))
    assert enchanters.region_id == m.id(1)


def test_a_trade_cartel_moves_itself_three_hexes() -> None:
    m = Map()
    cartel = give(m.guild, "trade_cartel", m.r[0])
    m.use(m.guild, AbilityUse(cartel.id, m.id(3)))
    assert cartel.region_id == m.id(3) and m.guild.facgold == 20


def test_a_trade_cartel_costs_two_facgold_of_maintenance() -> None:
    m = Map()
    give(m.guild, "trade_cartel", m.r[0])
    take_turn(m.table, m.guild)
    assert m.guild.facgold == 20 + 4 - 2


def test_covert_shipping_moves_one_special_forces_unit_within_three_hexes_of_it_for_one_facgold() -> None:
    m = Map()
    shipping = give(m.guild, "covert_shipping", m.r[1])
    assassin = give(m.guild, "master_assassin", m.r[0])
    m.use(m.guild, AbilityUse(shipping.id, m.id(4), carried_ids=(assassin.id,)))
    assert assassin.region_id == m.id(4) and shipping.region_id == m.id(1) and m.guild.facgold == 19


def test_covert_shipping_does_not_move_itself() -> None:
    m = Map()
    shipping = give(m.guild, "covert_shipping", m.r[0])
    _refused(m, m.guild, UseAssetAbility((AbilityUse(shipping.id, m.id(1)),)), "not itself")


def test_teleportation_circles_move_every_special_forces_unit_named_within_three_hexes_for_free() -> None:
    m = Map()
    circles = give(m.guild, "teleportation_circles", m.r[1])
    spies = [give(m.guild, "informers", m.r[0]), give(m.guild, "master_assassin", m.r[2])]
    m.use(m.guild, AbilityUse(circles.id, m.id(4), carried_ids=tuple(s.id for s in spies)))
    assert {s.region_id for s in spies} == {m.id(4)} and m.guild.facgold == 20


def test_teleportation_circles_do_not_move_a_military_unit() -> None:
    m = Map()
    circles = give(m.guild, "teleportation_circles", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    _refused(
        m, m.guild, UseAssetAbility((AbilityUse(circles.id, m.id(1), carried_ids=(regiment.id,)),)), "cannot carry"
    )


def test_a_heavy_shipping_contract_moves_one_non_force_asset_two_hexes_for_one_facgold() -> None:
    m = Map()
    contract = give(m.guild, "heavy_shipping_contract", m.r[0])
    informers = give(m.guild, "informers", m.r[0])
    m.use(m.guild, AbilityUse(contract.id, m.id(2), carried_ids=(informers.id,)))
    assert informers.region_id == m.id(2) and m.guild.facgold == 19


def test_a_heavy_shipping_contract_does_not_carry_a_force_asset() -> None:
    m = Map()
    contract = give(m.guild, "heavy_shipping_contract", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    _refused(
        m, m.guild, UseAssetAbility((AbilityUse(contract.id, m.id(1), carried_ids=(regiment.id,)),)), "cannot carry"
    )


def test_an_airship_fleet_carries_a_military_unit_three_hexes_for_two_facgold_without_permission() -> None:
    m = Map()
    m.govern(3, "deny")
    fleet = give(m.guild, "airship_fleet", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])  # a P asset
    m.use(m.guild, AbilityUse(fleet.id, m.id(3), carried_ids=(regiment.id,)))
    assert regiment.region_id == m.id(3) and m.guild.facgold == 18


def test_an_airship_fleet_does_not_carry_a_facility() -> None:
    m = Map()
    fleet = give(m.guild, "airship_fleet", m.r[0])
    industry = give(m.guild, "industry", m.r[0])
    _refused(m, m.guild, UseAssetAbility((AbilityUse(fleet.id, m.id(1), carried_ids=(industry.id,)),)), "cannot carry")


def test_a_skyfortress_moves_any_number_of_assets_two_hexes_for_one_facgold_each() -> None:
    m = Map()
    sky = give(m.guild, "skyfortress", m.r[0])
    cargo = [sky, give(m.guild, "regiment", m.r[0]), give(m.guild, "industry", m.r[0])]
    m.use(m.guild, AbilityUse(sky.id, m.id(2), carried_ids=tuple(a.id for a in cargo)))
    assert {a.region_id for a in cargo} == {m.id(2)} and m.guild.facgold == 17


# ---- Teleportation Web: any number of Cunning and Wealth assets, and no action needed -----------------------------
def test_a_teleportation_web_moves_cunning_and_wealth_assets_within_three_hexes_for_one_facgold() -> None:
    m = Map()
    web = give(m.guild, "teleportation_web", m.r[1])
    cargo = [give(m.guild, "informers", m.r[0]), give(m.guild, "industry", m.r[0])]
    m.use(m.guild, AbilityUse(web.id, m.id(4), carried_ids=tuple(a.id for a in cargo)))
    assert {a.region_id for a in cargo} == {m.id(4)} and m.guild.facgold == 19


def test_a_teleportation_web_does_not_move_force_assets() -> None:
    m = Map()
    web = give(m.guild, "teleportation_web", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    _refused(m, m.guild, UseAssetAbility((AbilityUse(web.id, m.id(1), carried_ids=(regiment.id,)),)), "cannot carry")


def test_a_teleportation_web_is_used_beside_the_turns_action() -> None:
    m = Map()
    web = give(m.guild, "teleportation_web", m.r[0])
    informers = give(m.guild, "informers", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    guards = give(m.rulers, "guardsmen", m.r[0])
    free = [{"asset_id": web.id, "region_id": m.id(3), "carried_ids": [informers.id]}]  # its JSON form
    uses = orders_from_dict({"free_uses": free}).free_uses
    m.table.order(m.guild, action=_strike(regiment, m.rulers, guards), free_uses=uses)
    outcome = take_turn(m.table, m.guild, 9, 1, 8)
    assert informers.region_id == m.id(3) and guards.id not in m.rulers.assets
    assert m.guild.facgold == 20 + 4 - 1 and outcome.failures == ()


def test_a_teleportation_web_used_freely_cannot_be_used_again_by_the_action() -> None:
    m = Map()
    web = give(m.guild, "teleportation_web", m.r[0])
    informers, industry = give(m.guild, "informers", m.r[0]), give(m.guild, "industry", m.r[0])
    m.table.order(
        m.guild,
        action=UseAssetAbility((AbilityUse(web.id, m.id(1), carried_ids=(industry.id,)),)),
        free_uses=(AbilityUse(web.id, m.id(2), carried_ids=(informers.id,)),),
    )
    outcome = take_turn(m.table, m.guild)
    assert informers.region_id == m.id(2) and industry.region_id == m.id(0)
    assert any("already used" in f for f in outcome.failures) and m.guild.facgold == 20 + 4 - 1


def test_a_teleportation_web_is_used_even_on_a_turn_that_changes_the_goal() -> None:
    m = Map()
    m.guild.choose_goal("peaceable_kingdom", None, {}, None)
    web = give(m.guild, "teleportation_web", m.r[0])
    m.guild.facgold = 1
    m.table.order(m.guild, goal=GoalChoice("legendary_wealth"), free_uses=(AbilityUse(web.id, m.id(2)),))
    take_turn(m.table, m.guild)
    assert web.region_id == m.id(2) and m.guild.facgold == 0  # no income this turn; the fee is paid


def test_only_a_teleportation_web_is_used_without_an_action() -> None:
    m = Map()
    bandits = give(m.guild, "bandits", m.r[0])
    m.table.order(m.guild, free_uses=(AbilityUse(bandits.id, m.id(1)),))
    outcome = take_turn(m.table, m.guild)
    assert bandits.region_id == m.id(0) and "takes the turn's action" in outcome.failures[0]


# ---- Attacks and defences -------------------------------------------------------------------------------------------
def test_zealots_take_1d4_damage_when_they_counterattack() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    zealots = give(m.rulers, "zealots", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, zealots), 1, 9, 2, 3, 2)  # counter 2d6 = 5; 1d4 = 2
    assert (regiment.hp, zealots.hp) == (12 - 5, 4 - 2)


def test_a_fortress_is_not_chosen_to_defend_against_a_cunning_attack() -> None:
    m = Map()
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    fortress = give(m.rulers, "fortress", m.r[0])
    m.table.order(m.rulers, defences=(Defence(m.id(0), defender_id=fortress.id),))
    m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 9, 1, 1, 1)
    assert (informers.hp, fortress.hp) == (3 - 2, 20)


def test_a_fortress_meets_a_force_attack_when_its_owner_chooses_it() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    fortress = give(m.rulers, "fortress", m.r[0])
    m.table.order(m.rulers, defences=(Defence(m.id(0), defender_id=fortress.id),))
    m.table.resolve(m.guild, _strike(regiment, m.rulers, informers), 9, 1, 5)
    assert (informers.hp, fortress.hp) == (3, 20 - 5)


def test_lawyers_do_not_counterattack_a_force_asset() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    lawyers = give(m.rulers, "lawyers", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, lawyers), 1, 9)
    assert regiment.hp == 12


def test_lawyers_counterattack_a_cunning_asset() -> None:
    m = Map()
    assassin = give(m.guild, "master_assassin", m.r[0])
    lawyers = give(m.rulers, "lawyers", m.r[0])
    m.table.resolve(m.guild, _strike(assassin, m.rulers, lawyers), 1, 9, 3)
    assert assassin.hp == 4 - 3


def test_enchanters_reveal_the_targets_other_stealthed_assets_on_a_hit_and_do_no_damage() -> None:
    m = Map()
    enchanters = give(m.guild, "enchanters", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    hidden = [give(m.rulers, "master_assassin", m.r[0], stealthed=True) for _ in range(2)]
    m.table.resolve(m.guild, _strike(enchanters, m.rulers, informers), 9, 1)
    assert informers.hp == 3 and not any(h.stealthed for h in hidden)


def test_enchanters_that_miss_reveal_nothing() -> None:
    m = Map()
    enchanters = give(m.guild, "enchanters", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    hidden = give(m.rulers, "master_assassin", m.r[0], stealthed=True)
    m.table.resolve(m.guild, _strike(enchanters, m.rulers, informers), 1, 9)
    assert hidden.stealthed


def test_blackmail_strips_the_defenders_tag_dice_when_it_attacks() -> None:
    m = Map()
    m.rulers.tags = ["Theocratic"]  # a bonus die defending with Cunning
    blackmail = give(m.guild, "blackmail", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(blackmail, m.rulers, informers), 9, 1, 1)
    assert outcome.rolls[1].expression == "1d10" and informers.hp == 3 - 2


def test_guards_and_wards_add_a_die_to_their_owners_cunning_attacks_in_the_region() -> None:
    m = Map()
    give(m.guild, "guards_and_wards", m.r[0])
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 3, 8, 1, 1, 1)
    assert outcome.rolls[0].expression == "2d10kh1" and outcome.rolls[0].total == 8 + 4


def test_guards_and_wards_add_a_die_to_their_owners_cunning_defences_in_the_region() -> None:
    m = Map()
    give(m.rulers, "guards_and_wards", m.r[0])
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 5, 1, 9)
    assert outcome.rolls[1].expression == "2d10kh1" and informers.hp == 3  # 5+4 loses to 9+4


def test_a_franchise_takes_one_facgold_from_a_faction_once_a_turn_however_many_hit() -> None:
    m = Map()
    franchises = [give(m.guild, "franchise", m.r[0]) for _ in range(2)]
    target = give(m.rulers, "regiment", m.r[0])
    strikes = Attack(tuple(Strike(f.id, str(m.rulers.id), target.id) for f in franchises))
    m.table.resolve(m.guild, strikes, 9, 1, 1, 9, 1, 1)
    assert (m.guild.facgold, m.rulers.facgold, target.hp) == (21, 19, 10)


def test_agitators_stop_sapping_once_they_no_longer_share_the_assets_region() -> None:
    m = Map()
    agitators = give(m.guild, "agitators", m.r[0])
    smugglers = give(m.guild, "smugglers", m.r[0])
    regiment = give(m.rulers, "regiment", m.r[0])
    target = give(m.guild, "guardsmen", m.r[0])
    m.use(
        m.guild, AbilityUse(agitators.id, target_faction_id=str(m.rulers.id), target_asset_id=regiment.id), faces=(2,)
    )
    _refused(m, m.rulers, _strike(regiment, m.guild, target), "Agitators")
    m.guild.begin_turn(2)
    m.use(m.guild, AbilityUse(smugglers.id, m.id(1), carried_ids=(agitators.id,)))
    m.table.resolve(m.rulers, _strike(regiment, m.guild, target), 9, 1, 3)
    assert target.id not in m.guild.assets


# ---- Book of Secrets: reroll your own die, or force the enemy's ---------------------------------------------------
def test_a_book_of_secrets_forces_a_winning_enemy_to_reroll_a_high_die() -> None:
    m = Map()
    give(m.guild, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    # 5+4 loses to 9+4; a 9 is further above average than the 5 is below: the Rulers reroll, a 2; 1d8 = 4.
    outcome = m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 5, 9, 2, 4)
    assert "forced by a Book of Secrets" in outcome.rolls[2].purpose and outcome.rolls[2].actor == str(m.rulers.id)
    assert target.hp == 12 - 4


def test_a_defenders_book_of_secrets_forces_the_attacker_to_reroll() -> None:
    m = Map()
    give(m.rulers, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 9, 4, 1, 3)  # the Guild rerolls 1: counter 3
    assert (regiment.hp, target.hp) == (12 - 3, 12)


def test_a_book_of_secrets_holder_may_order_its_own_reroll_instead() -> None:
    m = Map()
    give(m.guild, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    m.table.order(m.guild, book_of_secrets="own")
    outcome = m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 5, 9, 10, 4)
    assert outcome.rolls[2].purpose.endswith("Book of Secrets reroll") and target.hp == 8


def test_only_one_book_of_secrets_reroll_a_turn_however_many_books() -> None:
    m = Map()
    for _ in range(2):
        give(m.guild, "book_of_secrets", m.r[0])
    first, second = give(m.guild, "regiment", m.r[0]), give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    strikes = Attack((Strike(first.id, str(m.rulers.id), target.id), Strike(second.id, str(m.rulers.id), target.id)))
    m.table.resolve(m.guild, strikes, 2, 8, 9, 5, 2, 8, 3)  # reroll once (a 9 hits for 5); then a miss, counter 3
    assert (target.hp, first.hp, second.hp) == (12 - 5, 12, 12 - 3)


# ---- Assets lost, saved, repaired --------------------------------------------------------------------------------
def test_units_sheltered_in_boltholes_are_lost_with_them() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    boltholes = give(m.rulers, "boltholes", m.r[0])
    sheltered = give(m.rulers, "guardsmen", m.r[0], hp=0, sheltered=True)
    m.table.resolve(m.guild, _strike(regiment, m.rulers, boltholes), 9, 1, 8)
    assert boltholes.id not in m.rulers.assets and sheltered.id not in m.rulers.assets


def test_a_monopoly_victim_that_cannot_pay_loses_an_asset_in_the_region() -> None:
    m = Map()
    m.guild.facgold = 0
    monopoly = give(m.rulers, "monopoly", m.r[0])
    informers, regiment = give(m.guild, "informers", m.r[0]), give(m.guild, "regiment", m.r[0])
    m.use(m.rulers, AbilityUse(monopoly.id, target_faction_id=str(m.guild.id)))
    assert informers.id not in m.guild.assets and regiment.id in m.guild.assets and m.rulers.facgold == 20


def test_a_treasure_vault_ignores_a_monopolys_demand() -> None:
    m = Map()
    give(m.guild, "treasure_vault", m.r[0])
    monopoly = give(m.rulers, "monopoly", m.r[0])
    m.use(m.rulers, AbilityUse(monopoly.id, target_faction_id=str(m.guild.id)))
    assert (m.guild.facgold, m.rulers.facgold) == (20, 20)


def test_a_cathedral_takes_one_facgold_off_a_units_repair_not_off_each_step() -> None:
    """Seed 002, Cathedral: "Any Repair Asset action taken in this region costs one less FacGold for Special
    Forces and Military Units." Three steps cost 1 + 2 + 3 = 6, less one: 5 (not 0 + 1 + 2 = 3)."""
    m = Map()
    give(m.guild, "cathedral", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0], hp=1)
    m.table.resolve(m.guild, RepairAsset(((regiment.id, 3),)))
    assert m.guild.facgold == 20 - (1 + 2 + 3 - 1)


def test_a_cathedral_makes_a_one_step_unit_repair_free() -> None:
    m = Map()
    give(m.guild, "cathedral", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0], hp=2)
    m.table.resolve(m.guild, RepairAsset(((regiment.id, 1),)))
    assert regiment.hp == 2 + 4 and m.guild.facgold == 20


def test_a_cathedral_gives_no_discount_to_a_facility() -> None:
    m = Map()
    give(m.guild, "cathedral", m.r[0])
    industry = give(m.guild, "industry", m.r[0], hp=1)
    m.table.resolve(m.guild, RepairAsset(((industry.id, 1),)))
    assert industry.hp == 4 and m.guild.facgold == 19


# ---- Purchases -----------------------------------------------------------------------------------------------------
def test_arcane_researchers_let_cunning_and_wealth_assets_be_bought_as_if_at_arcana_5() -> None:
    m = Map(arcana=0)
    m.guild.wealth, m.guild.facgold = 7, 30
    give(m.guild, "arcane_researchers", m.r[0])
    m.table.resolve(m.guild, BuyAsset("arcane_industry", m.id(0)))
    assert m.guild.facgold == 30 - 25


def test_arcane_researchers_do_not_help_buy_force_assets() -> None:
    m = Map(arcana=0)
    give(m.guild, "arcane_researchers", m.r[0])
    _refused(m, m.guild, BuyAsset("regiment", m.id(0)), "arcana level 4")


def test_arcane_researchers_cost_one_facgold_of_maintenance() -> None:
    m = Map()
    give(m.guild, "arcane_researchers", m.r[0])
    take_turn(m.table, m.guild)
    assert m.guild.facgold == 20 + 4 - 1


def test_local_investments_add_one_facgold_however_many_rivals_hold_them() -> None:
    m = Map()
    other = faction("Other", 1, 1, 1, m.r[4])
    m.table.factions.append(other)
    give(m.rulers, "local_investments", m.r[0])
    give(other, "local_investments", m.r[0])
    m.table.resolve(m.guild, BuyAsset("informers", m.id(0)))
    assert m.guild.facgold == 20 - 2 - 1


def test_a_treasure_vault_ignores_the_local_investments_surcharge() -> None:
    m = Map()
    give(m.guild, "treasure_vault", m.r[0])
    give(m.rulers, "local_investments", m.r[0])
    m.table.resolve(m.guild, BuyAsset("informers", m.id(0)))
    assert m.guild.facgold == 20 - 2


def test_a_thieves_guild_tests_a_stealthed_asset_that_arrives_in_its_region() -> None:
    m = Map()
    give(m.rulers, "thieves_guild", m.r[1])
    smugglers = give(m.guild, "smugglers", m.r[0])
    assassin = give(m.guild, "master_assassin", m.r[0], stealthed=True)
    m.use(m.guild, AbilityUse(smugglers.id, m.id(1), carried_ids=(assassin.id,)), faces=(9, 1))
    assert assassin.region_id == m.id(1) and not assassin.stealthed
