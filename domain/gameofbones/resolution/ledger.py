"""The working state a Game of Bones month resolves on, and the changes it records (issue 30, item 3).

A `Ledger` holds the campaign's houses, areas and intel: copies (`Ledger.copy_of`) when a month is resolved, so
the aggregates the service loaded are left as they were. Every change (an aggregate's id and a typed effect, as the
rules return them: domain/gameofbones/rules/effects.py) is applied at once to the ledger's own aggregates, so a later
week reads the earlier ones, and kept; `apply_changes` then applies the same changes, in order, to the loaded
aggregates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.clone import clone
from domain.errors import NotFoundError
from domain.gameofbones.aggregate.effect_record import Target, record
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.rules.effects import ActionResolved, Change, Effect
from domain.gameofbones.rules.hunt import SourceHunt
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.tables.records import AreaDamage, Character, Circumstance, Member, PendingAction, Priest, Spy
from domain.region import Region

# A house's records are frozen, replaced and never changed in place: a copy may share them.
_SHARED: dict[type, Any] = {
    kind: lambda record: record for kind in (Character, Member, Priest, Circumstance, PendingAction, Spy, AreaDamage)
}


def working_copy(aggregate: Target) -> Target:
    """A copy of a house, area or intel stream sharing nothing mutable with it (its frozen records aside)."""
    return clone(aggregate, _SHARED)


@dataclass
class Ledger:
    """Houses and intel by house id, areas by area id, and every change recorded on them, in order."""

    houses: dict[str, House]
    areas: dict[str, Region]
    intel: dict[str, HouseIntel] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    targets: dict[str, Target] = field(init=False, repr=False)
    # Each target's id as text, by the object (its `id()`: the ledger holds them, so none is reused while it
    # lives): a month records some 700 effects, and each named its target by a str(UUID) (issue 31, P6).
    keys: dict[int, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.targets = {str(h.id): h for h in self.houses.values()}
        self.targets |= {str(a.id): a for a in self.areas.values()} | {str(i.id): i for i in self.intel.values()}
        self.keys = {id(target): key for key, target in self.targets.items()}

    @classmethod
    def copy_of(
        cls, houses: Iterable[House], areas: Iterable[Region], intel: Mapping[str, HouseIntel] | None = None
    ) -> Ledger:
        return cls(
            {str(h.id): clone(h, _SHARED) for h in houses},
            {str(a.id): clone(a, _SHARED) for a in areas},
            {k: clone(i, _SHARED) for k, i in (intel or {}).items()},
        )

    def record(self, aggregate: Target, effect: Effect) -> None:
        """Apply an effect to the ledger's aggregate at once (later steps see it) and keep it."""
        record(aggregate, effect)
        self.changes.append(Change(self.keys.get(id(aggregate)) or str(aggregate.id), effect))

    def target(self, target_id: str) -> Target:
        if target_id not in self.targets:
            raise NotFoundError(f"no house, area or intel {target_id} in this campaign")
        return self.targets[target_id]

    def apply(self, change: Change) -> None:
        """Record a rule's change on the ledger's aggregate it names."""
        record(self.target(change.target_id), change.effect)
        self.changes.append(change)


def apply_changes(
    changes: Iterable[Change], houses: Iterable[House], areas: Iterable[Region], intel: Iterable[HouseIntel] = ()
) -> None:
    """Record resolved changes, in order, on the aggregates the service loaded (the state they were resolved from)."""
    by_id: dict[str, Target] = {str(h.id): h for h in houses}
    by_id |= {str(a.id): a for a in areas} | {str(i.id): i for i in intel}
    for change in changes:
        record(by_id[change.target_id], change.effect)


def apply_outcome(outcome: Outcome, ledger: Ledger) -> None:
    """Record an outcome's changes through the ledger, then the acting house's `ActionResolved`."""
    for change in outcome.effects:
        ledger.apply(change)
    house = ledger.houses[outcome.house_id]
    if outcome.action_id is not None and outcome.action_id in house.pending:
        rolls = [] if outcome.secret else [r.to_dict() for r in outcome.rolls]
        action = house.pending[outcome.action_id].action
        ledger.record(house, ActionResolved(outcome.action_id, action, outcome.result, rolls, outcome.week))


def record_hunt(house: House, hunt: SourceHunt, intel: HouseIntel | None = None) -> None:
    """A source hunt's changes (rules/hunt.py) on the house and its intel the service loaded, the one way."""
    apply_changes(hunt.changes, [house], [], [intel] if intel is not None else [])
