"""The domain's enums are the sets its tables and checks use: one source for GraphQL and OpenAPI."""

from __future__ import annotations

from domain.closed_sets import CLOSED_SETS
from domain.enums import AdjustField, Population
from domain.factionturn.aggregate.orders import ACTION_NAMES, action_name
from domain.factionturn.rules.examples import EXAMPLE_FACTIONS
from domain.factionturn.tables.enums import ExampleFactionName, FactionActionName, GoalKey
from domain.factionturn.tables.goals import GOALS
from domain.gameofbones.tables.actions import ACTIONS
from domain.gameofbones.tables.enums import Fate, HouseActionName, InfluenceSourceKey, Status
from domain.gameofbones.tables.gains import INFLUENCE_SOURCES
from domain.gm import FACTION_FIELDS, HOUSE_FIELDS
from domain.region import POPULATIONS


def values(enum: type) -> list[str]:
    return [member.value for member in enum]


def test_faction_actions_are_the_order_forms_actions() -> None:
    assert values(FactionActionName) == [action_name(None), *ACTION_NAMES.values()]


def test_goal_keys_are_the_goal_table() -> None:
    assert values(GoalKey) == list(GOALS)


def test_example_faction_names_are_the_presets() -> None:
    assert values(ExampleFactionName) == [example.name for example in EXAMPLE_FACTIONS]


def test_influence_sources_are_the_gaining_influence_table() -> None:
    assert values(InfluenceSourceKey) == list(INFLUENCE_SOURCES)


def test_house_actions_are_the_fifteen() -> None:
    assert sorted(values(HouseActionName)) == sorted(ACTIONS)
    assert len(HouseActionName) == 15


def test_adjust_fields_are_a_factions_then_a_houses() -> None:
    assert values(AdjustField) == [*FACTION_FIELDS, *HOUSE_FIELDS]


def test_populations_smallest_first() -> None:
    assert values(Population) == list(POPULATIONS)
    assert POPULATIONS[0] == "Ruins"


def test_each_fate_leads_to_a_status() -> None:
    assert {fate.status for fate in Fate} == set(Status)


def test_closed_sets_are_named_once() -> None:
    assert len(set(CLOSED_SETS.values())) == len(CLOSED_SETS)
    assert all(name[0].isupper() for name in CLOSED_SETS)
