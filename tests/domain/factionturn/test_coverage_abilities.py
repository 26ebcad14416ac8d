"""Coverage pass: the asset abilities with mechanics that had no fixed-dice scenario yet (seed 002, Asset List).

The others are in test_abilities_combat.py, test_abilities_income.py, test_abilities_influence.py,
test_actions_buy.py and test_actions_influence.py; attacks and defences are in test_coverage_abilities_combat.py,
assets lost, saved and repaired and purchases in test_coverage_abilities_holdings.py. Regions lie in a row, one
hex apart: R0 (home) to R4.
"""

from __future__ import annotations

from domain.factionturn.aggregate.orders import (
    AbilityUse,
    GoalChoice,
    UseAssetAbility,
)
from domain.factionturn.forms.order_form import orders_from_dict
from tests.domain.factionturn.factionturn_scenario import give, take_turn
from tests.support.factionturn_map import Map, _refused, _strike


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
