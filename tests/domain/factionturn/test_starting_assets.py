"""Starting assets (seed 002, Creating a Faction): a catalog row or one of the campaign's custom types, placed at
founding and usable from the faction's first turn; never a Base of Influence or Stealth."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.aggregate.orders import Attack, Strike
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.rows import starting_asset, type_of
from domain.factionturn.rules.world import World, apply_outcomes
from domain.factionturn.tables.catalog import asset_type
from domain.factionturn.tables.custom_types import define_row, row_to_dict
from tests.domain.factionturn.factionturn_scenario import faction, give, region

# Force 4, so above the founders' Force 1: founding asks no rating (the seed's Merchant Alliance starts above its own).
PALADINS = define_row(
    "shadow_paladins",
    "Shadow Paladins",
    "force",
    4,
    6,
    8,
    kind="Special Forces",
    attack_cell="Force vs. Force, 1d4 damage",
    counter_cell="1d4",
)


def test_a_custom_type_is_a_starting_asset_that_carries_its_row_and_strikes_on_the_first_turn() -> None:
    capital = region("Capital")
    republic, empire = faction("Republic", 1, 5, 3, capital), faction("Empire", 6, 3, 5, capital)
    types = World([], [], custom_types={PALADINS.key: PALADINS})
    paladins = starting_asset(republic, types.asset_type("shadow_paladins"), str(capital.id))
    republic.grant_asset(paladins, "starting asset")
    assert (paladins.custom_type, paladins.hp, paladins.usable_from) == (row_to_dict(PALADINS), 6, 0)
    assert type_of(paladins) == PALADINS
    republic.begin_turn(1)
    target = give(empire, "regiment", capital)
    strike = Attack((Strike(paladins.id, str(empire.id), target.id),))
    outcome = resolve_action(World([republic, empire], [capital]), str(republic.id), strike, FixedDice([9, 1, 3]))
    apply_outcomes([outcome], [republic, empire], [capital])
    assert target.hp == asset_type("regiment").hp - 3  # type: ignore[operator]  # 9+1 beats 1+6; 1d4 = 3


def test_a_catalog_row_starts_the_same_way() -> None:
    capital = region("Capital")
    crows = faction("Crows", 3, 4, 1, capital)
    guild = starting_asset(crows, asset_type("thieves_guild"), str(capital.id))
    assert (guild.type_key, guild.custom_type, guild.usable_from) == ("thieves_guild", None, 0)


@pytest.mark.parametrize("key", ["base_of_influence", "stealth"])
def test_a_base_of_influence_or_stealth_is_no_starting_asset(key: str) -> None:
    capital = region("Capital")
    crows = faction("Crows", 3, 4, 1, capital)
    with pytest.raises(RuleViolationError, match="not an asset a faction starts with"):
        starting_asset(crows, asset_type(key), str(capital.id))


def test_a_type_the_campaign_never_defined_is_not_found() -> None:
    with pytest.raises(NotFoundError):
        World([], [], custom_types={PALADINS.key: PALADINS}).asset_type("bridge_trolls")
