"""The catalog decisions of docs/rules-notes/factionturn-tables.md, one test each, plus the lookups."""

from __future__ import annotations

import pytest

from domain.dice import DiceSpec
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.tables.assets import AssetKind, AssetType, AttackSpec, Attribute, RowOrigin, counter
from domain.factionturn.tables.catalog import (
    ALIASES,
    CATALOG,
    NOT_BOUGHT_AS_ASSETS,
    affordable,
    asset_type,
    asset_type_named,
    at_rating,
    by_attribute,
    slug,
)

# Every heading of an asset description in the seed's Asset List, as printed.
DESCRIBED = [
    "Base of Influence",
    "Agitators",
    "Arsonists",
    "Believers",
    "Blackmail",
    "Boltholes",
    "Book of Secrets",
    "Covert Shipping",
    "Demagogues",
    "Diplomats",
    "Enchanters",
    "False Front",
    "Guards & Wards",
    "Illusionists",
    "Informers",
    "Master Assassin",
    "Organization Moles",
    "Political Puppets",
    "Popular Movements",
    "Thieves Guild",
    "Teleportation Circles",
    "Trade Embargo",
    "Treachery",
    "Smugglers",
    "Stealth",
    "Airship",
    "Bandits",
    "Barbarian Hordes",
    "Calvary",
    "Command Post",
    "Cunning Traps",
    "Cutthroats",
    "Extended Supply Lines",
    "Fortress",
    "Guardsmen",
    "Heavy Transports",
    "Inquisitors",
    "Mob",
    "Militia Units",
    "Professional Army",
    "Regiment",
    "Ruin Excavation",
    "Shock Troops",
    "Thugs",
    "Transport & Supply Chain",
    "Veteran Regiment",
    "Warmage Academy",
    "Warmage Regiment",
    "Zealots",
    "Airship Fleet",
    "Arcane Industry",
    "Arcane Laboratory",
    "Arcane Scholars",
    "Confidence Men",
    "Cathedral",
    "Franchise",
    "Guild Thugs",
    "Guild Agents",
    "Hostile Takeover",
    "Heavy Shipping Contract",
    "Indentured Workforce",
    "Industry",
    "Lawyers",
    "Local Investments",
    "Mercenaries",
    "Skyfortress",
    "Monopoly",
    "Risky Investments",
    "Surveyors",
    "Teleportation Web",
    "Trade Cartel",
    "Trade Broker",
    "Treasure Vaults",
]


@pytest.mark.parametrize("heading", DESCRIBED)
def test_every_described_asset_has_a_catalog_row(heading: str) -> None:
    assert asset_type_named(heading).key in CATALOG


def test_no_catalog_row_lacks_a_description() -> None:
    described = {asset_type_named(h).key for h in DESCRIBED}
    assert set(CATALOG) - described == set()


def test_teleportation_circles_take_the_second_covert_shipping_row() -> None:
    circles = asset_type("teleportation_circles")
    assert (circles.rating, circles.hp, circles.cost, circles.codes) == (6, 15, 18, "A")
    assert circles.origin is RowOrigin.REASSIGNED
    assert asset_type("covert_shipping").rating == 3


def test_transport_and_supply_chain_takes_the_second_heavy_transports_row() -> None:
    chain = asset_type("transport_supply_chain")
    assert (chain.attribute, chain.rating, chain.hp, chain.cost, chain.kind) == (
        Attribute.FORCE,
        4,
        10,
        10,
        AssetKind.FACILITY,
    )
    assert asset_type("heavy_transports").rating == 2


def test_arcane_scholars_are_the_arcane_researchers_row_with_one_facgold_upkeep() -> None:
    scholars = asset_type("arcane_scholars")
    assert scholars.key == "arcane_researchers"
    assert scholars.maintenance == 1


@pytest.mark.parametrize(
    ("key", "maintenance"),
    [("professional_army", 2), ("mercenaries", 1), ("arcane_researchers", 1), ("trade_cartel", 2)],
)
def test_assets_with_upkeep_cost_extra_facgold_each_turn(key: str, maintenance: int) -> None:
    assert asset_type(key).maintenance == maintenance


def test_no_other_asset_has_upkeep() -> None:
    paying = {a.key for a in CATALOG.values() if a.maintenance}
    assert paying == {"professional_army", "mercenaries", "arcane_researchers", "trade_cartel"}


def test_base_of_influence_has_no_fixed_hp_or_cost_and_is_in_every_table() -> None:
    base = asset_type("base_of_influence")
    assert (base.hp, base.cost, base.kind, base.rating) == (None, None, AssetKind.SPECIAL, 1)
    for attribute in Attribute:
        assert by_attribute(attribute)[0] is base
        assert base in at_rating(attribute, 1)


def test_stealth_is_a_quality_without_hp_costing_two() -> None:
    stealth = asset_type("stealth")
    assert (stealth.hp, stealth.cost, stealth.rating, stealth.kind) == (None, 2, 3, AssetKind.TACTIC)
    assert "stealth" in NOT_BOUGHT_AS_ASSETS


def test_monopoly_attacks_wealth_for_1d6_and_counterattacks_for_1d6() -> None:
    monopoly = asset_type("monopoly")
    assert monopoly.attack == AttackSpec(Attribute.WEALTH, Attribute.WEALTH, DiceSpec.parse("1d6"))
    assert monopoly.counter == DiceSpec.parse("1d6")
    assert monopoly.has_action


def test_boltholes_cannot_attack_but_counterattack_for_2d6() -> None:
    boltholes = asset_type("boltholes")
    assert boltholes.attack is None
    assert boltholes.counter == DiceSpec.parse("2d6")
    assert boltholes.codes == "S"


def test_bandits_have_no_counterattack_and_a_move_action() -> None:
    bandits = asset_type("bandits")
    assert not bandits.can_counterattack
    assert bandits.has_action and bandits.has_special


def test_fortress_and_warmage_academy_keep_their_starred_counter_dice() -> None:
    assert asset_type("fortress").counter == DiceSpec.parse("2d6+6")
    assert asset_type("warmage_academy").counter == DiceSpec.parse("2d8+2")
    assert not asset_type("fortress").counter_special


def test_illusionists_counterattack_is_special() -> None:
    illusionists = asset_type("illusionists")
    assert illusionists.counter is None and illusionists.counter_special and illusionists.can_counterattack


def test_trade_broker_trailing_a_is_its_action_code() -> None:
    assert asset_type("trade_broker").codes == "A"


def test_franchise_counterattack_can_deal_no_damage() -> None:
    assert asset_type("franchise").counter == DiceSpec(1, 4, -1)
    assert DiceSpec(1, 4, -1).minimum == 0


def test_indentured_workforce_counterattacks_for_1d4() -> None:
    assert asset_type("indentured_workforce").counter == DiceSpec.parse("1d4")


def test_risky_investments_attack_for_2d6_damage() -> None:
    attack = asset_type("risky_investments").attack
    assert attack is not None and attack.damage == DiceSpec.parse("2d6")


def test_professional_army_needs_permission_to_raise() -> None:
    assert asset_type("professional_army").needs_permission


def test_arcane_industry_has_an_action() -> None:
    assert asset_type("arcane_industry").has_action


def test_only_craft_are_vehicles() -> None:
    assert {a.key for a in CATALOG.values() if a.vehicle} == {
        "heavy_transports",
        "airship",
        "airship_fleet",
        "skyfortress",
    }


def test_narrative_only_rows_have_no_ability_key() -> None:
    for row in CATALOG.values():
        assert (row.ability is None) == row.narrative_only


def test_rows_with_a_code_are_not_narrative_only() -> None:
    for row in CATALOG.values():
        if row.has_action or row.has_special:
            assert not row.narrative_only, row.key


def test_unknown_asset_is_not_found() -> None:
    with pytest.raises(NotFoundError):
        asset_type("death_star")


def test_cunning_three_table_lists_assassin_stealth_and_shipping() -> None:
    assert [a.key for a in at_rating(Attribute.CUNNING, 3)] == ["master_assassin", "stealth", "covert_shipping"]


def test_a_force_two_faction_can_afford_only_force_one_and_two_assets() -> None:
    keys = {a.key for a in affordable(Attribute.FORCE, 2)}
    assert keys == {"guardsmen", "thugs", "militia_unit", "heavy_transports", "barbarian_hordes", "command_post", "mob"}


def test_counter_cells_parse_with_or_without_damage() -> None:
    assert counter("2d10 damage.") == DiceSpec.parse("2d10")
    assert counter("None") is None


def test_a_row_rejects_an_impossible_rating() -> None:
    with pytest.raises(InvalidInputError):
        AssetType("x", "X", Attribute.FORCE, 9, 1, 1, 0, AssetKind.TACTIC, narrative_only=True)


def test_every_key_is_the_slug_of_its_name_or_an_alias_of_it() -> None:
    for key, row in CATALOG.items():
        assert key == row.key
        assert slug(row.name) in (key, *(alias for alias, target in ALIASES.items() if target == key))
