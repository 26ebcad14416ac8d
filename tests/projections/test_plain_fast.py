"""Issue 31, P4 and P6 (session 24): `codec.plain` copies a dataclass whose fields are all scalars (an asset) in one
step and writes an id or a time as `str` writes it without the checks on the way: the same plain JSON as the walk
it had before (`walked`, below), value, type and key order alike, and never the instance's own dict."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from enum import Enum, IntEnum
from typing import Any
from uuid import UUID

import orjson
import pytest

from domain.factionturn.aggregate.holdings import OwnedAsset
from projections.codec import _AS_IS, _field_names, _plain_other, plain


def walked(value: Any) -> Any:
    """`plain` as it was before session 24 (projections/codec.py), the reference: every value walked."""
    kind: Any = type(value)
    if kind in _AS_IS:
        return value
    if kind is dict:
        return {(k if type(k) is str else str(k)): walked(v) for k, v in value.items()}
    if kind in (list, tuple):
        return [walked(v) for v in value]
    names = _field_names(kind)
    if names is None:
        return _plain_other(value)
    held = getattr(value, "__dict__", None)
    exact = held is not None and len(held) == len(names)  # exactly its fields, in their order
    return {k: walked(v) for k, v in (held.items() if exact else ((n, getattr(value, n)) for n in names))}


class Colour(Enum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


class Tagged(UUID):
    def __str__(self) -> str:
        return "tagged " + super().__str__()


@dataclasses.dataclass
class Mixed:
    name: str
    level: Level  # an int subclass: not a scalar as it is
    flag: bool
    ratio: float
    owner: UUID
    colour: Colour
    at: datetime


AT = datetime(2026, 12, 5, 14, 30, tzinfo=UTC)
ASSET = OwnedAsset("a1", "infantry", "Infantry", "force", "r1", 5, 6, usable_from=2, stealthed=True)
VALUES = [
    ASSET,
    OwnedAsset("a2", "custom", "Mine", "wealth", "r2", 1, 1, custom_type={"cost": 3, "owner": UUID(int=4)}),
    {"assets": {"a1": ASSET}, 3: [ASSET, (1, "x")]},
    Mixed("m", Level.HIGH, False, 1.0, UUID(int=7), Colour.RED, AT),
    UUID(int=9),
    Tagged(int=9),
    AT,
    [AT, UUID(int=1), Colour.RED, Level.HIGH, True, 1, 1.0, None],
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_plain_is_what_the_walk_gave_value_type_and_order(value: Any) -> None:
    assert repr(plain(value)) == repr(walked(value))  # repr tells 1 from True and 1.0, and shows the order
    assert orjson.dumps(plain(value)) == orjson.dumps(walked(value))


def test_an_assets_plain_form_is_a_copy_not_its_own_dict() -> None:
    asset = OwnedAsset("a3", "infantry", "Infantry", "force", "r1", 5, 6)
    copied = plain(asset)
    copied["hp"] = 0
    assert asset.hp == 5 and plain(asset)["hp"] == 5


def test_a_field_holding_more_than_a_scalar_is_walked() -> None:
    assert plain(VALUES[3])["owner"] == str(UUID(int=7)) and plain(VALUES[3])["level"] == 3
    assert plain(VALUES[1])["custom_type"]["owner"] == str(UUID(int=4))
