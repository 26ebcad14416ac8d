"""The rules' typed effects are the events' payloads (issue 30, item 3): each effect class holds its event's
fields, in order, and recording one writes that event with exactly those values."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args

import pytest

from domain.errors import InvalidInputError
from domain.factionturn.aggregate.asset_effects import AssetDamaged, AssetPurchased
from domain.factionturn.aggregate.effects import FacGoldGained, FactionEffect, GovernmentChanged, TurnBegun
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.faction_record import record
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import faction, region

ENVELOPE = {"originator_id", "originator_version", "timestamp"}


def _payload_fields(event_class: type) -> list[str]:
    return [f.name for f in fields(event_class) if f.name not in ENVELOPE]


@pytest.mark.parametrize("effect", get_args(FactionEffect), ids=lambda c: c.__name__)
def test_each_faction_effect_names_an_event_of_the_faction_and_holds_its_payload(effect: type) -> None:
    event_class = getattr(Faction, effect.__name__)
    assert _payload_fields(event_class) == [f.name for f in fields(effect)]


def test_the_region_effect_holds_its_event_s_payload() -> None:
    assert _payload_fields(Region.GovernmentChanged) == [f.name for f in fields(GovernmentChanged)]


def _last_payload(aggregate: Faction) -> dict[str, Any]:
    event = aggregate.pending_events[-1]
    return {name: getattr(event, name) for name in _payload_fields(type(event))}


def test_recording_an_effect_writes_its_fields_as_the_event_s_payload() -> None:
    crows = faction("Crows", 3, 4, 1, region("Home"), facgold=2)
    gain = FacGoldGained(3, "income", [{"expression": "1d6", "faces": [3]}])
    record(crows, gain)
    assert type(crows.pending_events[-1]).__name__ == "FacGoldGained"
    assert _last_payload(crows) == {"amount": 3, "reason": "income", "rolls": [{"expression": "1d6", "faces": [3]}]}
    assert crows.facgold == 5


def test_an_asset_is_carried_typed_and_stored_as_its_dict() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home, facgold=5)
    asset = OwnedAsset(crows.next_asset_id(), "informers", "Informers", "cunning", str(home.id), 3, 3)
    record(crows, AssetPurchased(asset, 2, "Buy Asset"))
    assert _last_payload(crows) == {"asset": asset.to_dict(), "cost": 2, "via": "Buy Asset", "rolls": []}
    assert crows.assets[asset.id] == asset and crows.facgold == 3


def test_a_derived_field_must_agree_with_the_faction_it_is_recorded_on() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home)
    base = crows.base_in(str(home.id))
    assert base is not None
    with pytest.raises(InvalidInputError, match="does not agree"):
        record(crows, AssetDamaged(base.id, 4, hp=99, faction_damage=4, reason="a lie"))
    with pytest.raises(InvalidInputError, match="does not agree"):
        record(crows, TurnBegun(phase=1, turn=crows.turn + 2))
    assert len(crows.pending_events) == 1  # only its founding: a refused effect writes nothing
    record(crows, crows.damage(base.id, 4, "an attack"))
    assert _last_payload(crows) == {
        "asset_id": base.id,
        "damage": 4,
        "hp": base.max_hp - 4,
        "faction_damage": 4,
        "reason": "an attack",
        "rolls": [],
    }
