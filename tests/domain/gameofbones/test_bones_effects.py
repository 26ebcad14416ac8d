"""The Game of Bones' typed effects are its events' payloads, applied one way, on working copies (issue 30, item 3):
each effect class holds its event's fields, in order; a month resolves on copies, leaving the aggregates it is given
untouched, and its changes applied to them record what the copies recorded."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args

import pytest

from domain.dice import FixedDice
from domain.errors import InvalidInputError
from domain.gameofbones.aggregate.effect_record import record
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.resolution.month import apply_month, resolve_month
from domain.gameofbones.rules.effects import AreaEffect, HouseEffect, InfluenceChanged, IntelEffect, TroopsChanged
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.region import Region
from tests.domain.gameofbones.bones_world import court

ENVELOPE = {"originator_id", "originator_version", "timestamp"}


def _payload(event_class: type) -> list[str]:
    return [f.name for f in fields(event_class) if f.name not in ENVELOPE]


@pytest.mark.parametrize(
    ("aggregate", "effect"),
    [(House, e) for e in get_args(HouseEffect)]
    + [(Region, e) for e in get_args(AreaEffect)]
    + [(HouseIntel, e) for e in get_args(IntelEffect)],
    ids=lambda x: x.__name__,
)
def test_each_effect_names_an_event_of_its_aggregate_and_holds_its_payload(aggregate: type, effect: type) -> None:
    assert _payload(getattr(aggregate, effect.__name__)) == [f.name for f in fields(effect)]


def _state(aggregates: list[Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in vars(a).items() if k != "_pending_events"} for a in aggregates]


def _stored(value: Any) -> Any:
    """An effect's field as its event holds it: a character or circumstance as its dict."""
    return value.to_dict() if hasattr(value, "to_dict") else value


def test_a_month_resolves_on_copies_and_each_change_becomes_its_event_on_the_loaded_aggregate() -> None:
    world, a, b = court()
    b.change_influence(20_000, "favour")
    bazaar = world.area("Bazaar", controller=b, income=4_000, troops={str(b.id): 1_000})
    world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)))
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Dab"))
    houses, areas = list(world.houses.values()), list(world.areas.values())
    for aggregate in (*houses, *areas):
        aggregate.collect_events()
    before = _state([*houses, *areas])
    report = resolve_month(houses, areas, 1, FixedDice([20, 5, 3, 1, 2, 2]))
    assert _state([*houses, *areas]) == before and not any(x.pending_events for x in (*houses, *areas))
    apply_month(report, houses, areas)
    recorded = [
        (str(x.id), type(e).__name__, {k: v for k, v in vars(e).items() if k not in ENVELOPE})
        for x in (*houses, *areas)
        for e in x.pending_events
    ]
    wanted = [
        (c.target_id, type(c.effect).__name__, {f.name: _stored(getattr(c.effect, f.name)) for f in fields(c.effect)})
        for c in report.changes
    ]
    assert {name for _, name, _ in wanted} >= {"ActionResolved", "AreaDamageSet", "KnowledgeGained", "IncomeReceived"}
    for aggregate_id in {target for target, _, _ in wanted}:  # each aggregate's events: its changes, in order,
        mine = [w for w in wanted if w[0] == aggregate_id]  # and what its own methods add (a release, an entry)
        events = iter(r for r in recorded if r[0] == aggregate_id)
        assert all(any(r == w for r in events) for w in mine), aggregate_id
    assert a.area_damage == {} and b.area_damage[bazaar].repair_cost > 0  # the vandals wrecked it


def test_an_effect_that_disagrees_with_the_aggregate_is_refused_and_records_nothing() -> None:
    world, a, _ = court()
    a.collect_events()
    with pytest.raises(InvalidInputError, match="does not agree"):
        record(a, InfluenceChanged(-(a.influence + 1), "a loss beyond what it has"))
    area = world.areas[world.area("Bazaar")]
    area.collect_events()
    with pytest.raises(InvalidInputError, match="cannot apply"):
        record(area, InfluenceChanged(1, "an area has no influence"))
    with pytest.raises(InvalidInputError, match="does not agree"):
        record(area, TroopsChanged(str(a.id), -5, "more troops than stand there"))
    assert a.pending_events == [] and area.pending_events == []
