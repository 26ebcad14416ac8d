"""Every asset row's ability has its handler, its odds and its text, and they agree with each other (issue 30,
item 5): a row declares whether its ability is passive and the die its action rolls, so a new ability that
forgets one of them fails here instead of doing nothing in play."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from domain.errors import DomainError
from domain.factionturn.aggregate.orders import AbilityUse, UseAssetAbility
from domain.factionturn.rules.ability_actions import ACTIONS, FREE_ABILITIES, TARGET_CHECKS
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.movement import MOVERS
from domain.factionturn.tables.asset_texts import ASSET_TEXTS
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.catalog import CATALOG
from domain.factionturn.tables.custom_types import define_row
from domain.factionturn.tables.passives import Passive
from domain.odds import ability_odds
from domain.odds.faction_checks import ABILITY_DIE
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
ROWS = tuple(CATALOG.values())
WITH_ABILITY = tuple(r for r in ROWS if r.ability is not None)
ACTION_ROWS = tuple(r for r in WITH_ABILITY if r.ability in ACTIONS)


def _key(row: AssetType) -> str:
    return row.key


class CountingDice:
    """Every die asked for, each answered 2 (a face every die has, and no die's best or worst)."""

    def __init__(self) -> None:
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return 2


@pytest.mark.parametrize("row", WITH_ABILITY, ids=_key)
def test_every_ability_has_a_handler(row: AssetType) -> None:
    """An order runs it (Use Asset Ability's action or move), or the rules read it where it applies (passive)."""
    handled = {"action": row.ability in ACTIONS, "move": row.ability in MOVERS, "passive": row.passive}
    assert any(handled.values()), f"{row.key}: no handler for its ability {row.ability!r}"


@pytest.mark.parametrize("row", WITH_ABILITY, ids=_key)
def test_a_row_is_passive_exactly_when_its_ability_is_a_passive_the_rules_read(row: AssetType) -> None:
    assert row.passive == (row.ability in set(Passive))


def _passives_read() -> set[str]:
    """The `Passive.X` members named by the domain's code, the list that declares them aside."""
    named: set[str] = set()
    for path in DOMAIN.rglob("*.py"):
        if path.name == "passives.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Passive":
                named.add(node.attr)
    return named


def test_every_passive_is_read_by_a_rule_and_declared_by_a_row() -> None:
    assert _passives_read() == {p.name for p in Passive}
    assert {p.value for p in Passive} == {r.ability for r in WITH_ABILITY if r.passive}


def test_every_handler_belongs_to_a_row() -> None:
    abilities = {r.ability for r in WITH_ABILITY}
    assert set(ACTIONS) <= abilities and set(MOVERS) <= abilities
    assert set(TARGET_CHECKS) <= set(ACTIONS) and FREE_ABILITIES.issubset(MOVERS)


@pytest.mark.parametrize("row", ROWS, ids=_key)
def test_every_row_has_its_rules_text(row: AssetType) -> None:
    assert ASSET_TEXTS.get(row.key, "").strip(), f"{row.key}: no text in asset_texts.py"


def _run(row: AssetType) -> tuple[list[int], Any]:
    home = region("Home")
    red = faction("Red", 8, 8, 8, home, facgold=50)
    asset = give(red, row.key, home)
    world = Table([red], [home]).world()
    dice = CountingDice()
    resolve_action(world, str(red.id), UseAssetAbility((AbilityUse(asset.id, asset.region_id),)), dice)
    return dice.sides, ability_odds(world, str(red.id), asset.id)


@pytest.mark.parametrize("row", ACTION_ROWS, ids=_key)
def test_an_action_s_declared_die_is_the_one_die_it_rolls_and_has_odds(row: AssetType) -> None:
    """Run alone (no target named), an action rolls one die of its own, whose odds a seat is shown, or it needs a
    target (its check refuses it here) and declares none."""
    try:
        rolled, odds = _run(row)
    except DomainError:
        assert row.ability in TARGET_CHECKS and row.die is None
        return
    assert row.die == (rolled[0] if len(rolled) == 1 else None)
    assert ABILITY_DIE.get(str(row.ability)) == row.die
    if row.die is not None:
        assert odds is not None and sum(p for _, p in odds.facgold.outcomes) == 1


def test_a_custom_type_s_ability_plays_as_its_catalog_row_declares_it() -> None:
    mine = define_row("gold_mine", "Gold Mine", "wealth", 3, 4, 8, kind="Facility", ability="industry")
    walls = define_row("walls", "Walls", "force", 2, 6, 6, kind="Facility", ability="fortress")
    assert (mine.die, mine.passive, walls.die, walls.passive) == (6, False, None, True)
