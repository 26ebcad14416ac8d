"""Coverage pass, holdings (seed 002, Asset List): the abilities by which assets are lost, saved, repaired and
bought, on fixed dice (test_coverage_abilities.py says where the others are). Regions lie in a row, one hex
apart: R0 (home) to R4.
"""

from __future__ import annotations

from domain.factionturn.aggregate.orders import (
    AbilityUse,
    BuyAsset,
    RepairAsset,
)
from tests.domain.factionturn.factionturn_scenario import faction, give, take_turn
from tests.support.factionturn_map import Map, _refused, _strike


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
