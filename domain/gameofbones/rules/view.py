"""What the rules see of the aggregates (issue 30, item 4): a House and a house's intel through read-only views.

The rules never import the aggregates (a layer contract in pyproject.toml); they read a `HouseView` and an
`IntelView`, Protocols of read-only properties and the House's standing (`Standing`, rules/standing.py), so mypy
refuses a rule that assigns to a house or calls one of its commands. What a rule decides it returns as typed
effects (rules/effects.py), which the aggregates apply (aggregate/effect_record.py).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self
from uuid import UUID, uuid5

from domain.gameofbones.tables.ranks import Defences
from domain.gameofbones.tables.records import (
    Applies,
    AreaDamage,
    Character,
    Circumstance,
    Member,
    PendingAction,
    Priest,
    Spy,
)

INTEL = UUID("6c1f7d8e-25a4-4b6e-9a51-0e3f2b7c9d14")  # namespace of intel ids


@functools.lru_cache(maxsize=4096)  # a house's is asked for by each of its outcomes, twice (issue 31, P6)
def intel_id(house_id: UUID | str) -> UUID:
    return uuid5(INTEL, str(house_id))


@functools.lru_cache(maxsize=4096)  # each outcome's `secret` names it (issue 31, P6)
def intel_key(house_id: str) -> str:
    """`intel_id` as text."""
    return str(intel_id(house_id))


class HouseView(Protocol):
    """A House as the rules read it: its state, and its standing (rules/standing.py)."""

    @property
    def id(self) -> UUID: ...
    @property
    def version(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def leader(self) -> Character: ...
    @property
    def lieutenants(self) -> Mapping[str, Character]: ...
    @property
    def members(self) -> Mapping[str, Member]: ...
    @property
    def priests(self) -> Mapping[str, Priest]: ...
    @property
    def influence(self) -> int: ...
    @property
    def granted_power(self) -> int: ...
    @property
    def gold(self) -> int: ...
    @property
    def area_ids(self) -> Sequence[str]: ...
    @property
    def entered_game(self) -> bool: ...
    @property
    def circumstances(self) -> Sequence[Circumstance]: ...
    @property
    def pending(self) -> Mapping[str, PendingAction]: ...
    @property
    def knowledge(self) -> Sequence[dict[str, Any]]: ...
    @property
    def spies(self) -> Mapping[str, Spy]: ...
    @property
    def area_damage(self) -> Mapping[str, AreaDamage]: ...
    @property
    def destroyed(self) -> bool: ...
    @property
    def power(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def rank(self) -> int: ...
    @property
    def dedicated_influence(self) -> int: ...
    @property
    def dedicated_power(self) -> int: ...
    @property
    def available_power(self) -> int: ...
    @property
    def characters(self) -> list[Character]: ...
    def modifier_total(self, applies: Applies, phase: int, action: str = "", other: str | None = None) -> int: ...
    def effective_influence(self, phase: int) -> int: ...
    def effective_rank(self, phase: int) -> int: ...
    def available_influence(self, phase: int) -> int: ...
    def defences(self, phase: int) -> Defences: ...
    def action_bonuses(self, phase: int) -> tuple[int, ...]: ...
    def character(self, name: str) -> Character: ...
    def qualifies(self, name: str, phase: int) -> bool: ...
    def orders_in(self, phase: int) -> list[PendingAction]: ...
    def best(self, skill: str) -> Character | None: ...
    def pending_action(self, action_id: str) -> PendingAction: ...
    def booked(self, pending: Mapping[str, PendingAction]) -> Self: ...


class IntelView(Protocol):
    """A house's intel as the rules read it: its working set (aggregate/working_set.py)."""

    @property
    def id(self) -> UUID: ...
    @property
    def knowledge(self) -> Sequence[dict[str, Any]]: ...


def learned_when(entry: dict[str, Any]) -> tuple[int, int]:
    return int(entry.get("phase") or 0), int(entry.get("week") or 0)


def known_by(house: HouseView, intel: Mapping[str, IntelView]) -> list[dict[str, Any]]:
    """What the rules read of what `house` knows: its House's entries (before intel streams), then its intel's
    working set (aggregate/working_set.py; `intel`: the campaign's intel by house id, empty: only the House)."""
    hid = str(house.id)
    mine = intel[hid].knowledge if hid in intel else []  # none: a house from before intel streams
    return [*house.knowledge, *sorted(mine, key=learned_when)]


def plots_known_by(house: HouseView, intel: Mapping[str, IntelView]) -> list[dict[str, Any]]:
    """The plots `house` knows of, in `known_by`'s order (issue 16: a month's false plots read every house's
    plots, so only those are gathered)."""
    own = [k for k in house.knowledge if k["kind"] == "plot"]
    hid = str(house.id)
    learned = [k for k in intel[hid].knowledge if k["kind"] == "plot"] if hid in intel else []
    return [*own, *sorted(learned, key=learned_when)]
