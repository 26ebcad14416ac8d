"""A working copy of factions and regions for a phase's resolution (domain/clone.py), an asset copied directly."""

from __future__ import annotations

from typing import TypeVar

from domain.clone import Copier
from domain.clone import clone as clone_with
from domain.factionturn.aggregate.holdings import OwnedAsset

T = TypeVar("T")


def _asset(value: OwnedAsset) -> OwnedAsset:
    # What `copy.copy` makes of this plain dataclass (its fields, shared), without `__reduce_ex__`: 20 a faction
    # (issue 31, item 1, P6). A copy of its dict put in place, half the cost of filling the new one's.
    asset = object.__new__(OwnedAsset)
    asset.__dict__ = value.__dict__.copy()
    if value.custom_type is not None:
        asset.custom_type = clone_with(value.custom_type)
    return asset


_COPIERS: dict[type, Copier] = {OwnedAsset: _asset}


def clone(value: T) -> T:
    """A copy sharing nothing mutable with `value`, but for pending events (immutable once made)."""
    return clone_with(value, _COPIERS)
