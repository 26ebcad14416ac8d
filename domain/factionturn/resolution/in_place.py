"""The Faction Phase decided on the aggregates the service loaded (issue 31, item 1, P6).

`resolve_phase` decides on a copy of the campaign's world and the service then applies every change a second time to
what it loaded, keeping the events in played order as it goes: at the issue's size (100 factions, 154 regions) the
copy and the second application were 0.07-0.1 s of a resolution. Here the turns are taken on the loaded aggregates
themselves, and the events each change writes are kept as it is applied: the same changes applied in the same order
to the same state, so the same events.

A turn that is refused (orders that can no longer be carried out) is taken again from where it began. Only the
aggregates the refused attempt changed need putting back: each is rebuilt by `restart` (the aggregate as it stood at
the phase's start, a new object: the service reads it from its store) with the events it kept before the turn applied
again, and its state put into the object the service holds, so every holder of it sees the turn undone. Refusals are
rare; the copy they would need is paid only when one happens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from domain.dice import Dice
from domain.errors import DomainError
from domain.factionturn.aggregate.effects import GovernmentChanged
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.resolution.initiative import roll_initiative
from domain.factionturn.resolution.phase import PhaseOutcome
from domain.factionturn.resolution.turn import bare_turn, set_aside_reason, take_turn
from domain.factionturn.rules.asset_index import AssetIndex
from domain.factionturn.rules.world import Change, Outcome, Session, World
from domain.factionturn.tables.assets import AssetType
from domain.region import Region

__all__ = ["Restart", "resolve_phase_in_place"]

# The aggregate as it stood at a version (the phase's start), as a new object that nothing else holds.
Restart = Callable[[Faction | Region, int], Faction | Region]


class PlayedWorld(World):
    """A world of the loaded aggregates that keeps the events each applied change wrote, in the order played."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.played: list[Any] = []

    def member(self, key: str) -> Faction | Region:
        found = self._factions.get(key)
        return found if found is not None else self.regions[key]

    def apply(self, change: Change) -> None:
        target = (self.regions if isinstance(change.effect, GovernmentChanged) else self._factions).get(
            change.target_id
        )
        before = len(target.pending_events) if target is not None else 0
        try:
            super().apply(change)  # an unknown target is refused there
        finally:  # what a change refused part-way wrote is played too, so that a take-back undoes it
            if target is not None:
                self.played.extend(target.pending_events[before:])


def resolve_phase_in_place(
    factions: Iterable[Faction],
    regions: Iterable[Region],
    orders: Mapping[str, FactionOrders],
    dice: Dice,
    restart: Restart,
    *,
    phase: int,
    listed: Sequence[str] | None = None,
    custom_types: Mapping[str, AssetType] | None = None,
    unreadable: Mapping[str, str] | None = None,
) -> tuple[PhaseOutcome, list[Any]]:
    """`resolve_phase` and `apply_phase` in one: every turn taken on `factions` and `regions` themselves, which are
    left with the phase's events pending. Returns the outcome and those events in the order they were played (each
    turn in initiative order, a victim's events with the turn that caused them)."""
    world = PlayedWorld(factions, regions, {str(k): v for k, v in orders.items()}, phase, custom_types)
    starts = {key: world.member(key).version for key in (*world.factions, *world.regions)}
    initiative = roll_initiative(list(listed) if listed is not None else list(world.factions), dice)
    turns: list[Outcome] = []
    for faction_id in initiative.order:
        set_aside = (unreadable or {}).get(faction_id, "")
        turns.append(_turn(world, starts, restart, faction_id, dice, set_aside))
    return PhaseOutcome(phase, initiative, tuple(turns)), world.played


def _turn(
    world: PlayedWorld, starts: Mapping[str, int], restart: Restart, faction_id: str, dice: Dice, set_aside: str
) -> Outcome:
    """One turn, as `resolution.phase._turn` takes it: a refused attempt is taken back and the turn taken again
    without the orders, the refusal recorded and the attempt's rolls kept with the turn."""
    begun = len(world.played)
    session = Session(world, dice, faction_id)
    orders = FactionOrders() if set_aside else world.orders_of(faction_id)
    try:
        return take_turn(session, orders, set_aside)
    except DomainError as refused:
        set_aside = set_aside or set_aside_reason(refused)
    _taken_back(world, begun, starts, restart)
    again = Session(world, dice, faction_id, rolls=list(session.rolls))
    try:
        return take_turn(again, FactionOrders(), set_aside)
    except DomainError:  # even a turn without orders is refused: record only why the faction did nothing
        _taken_back(world, begun, starts, restart)
        return bare_turn(Session(world, dice, faction_id, rolls=list(again.rolls)), set_aside)


def _taken_back(world: PlayedWorld, begun: int, starts: Mapping[str, int], restart: Restart) -> None:
    """Every aggregate changed since the `begun`-th played event put back as it stood then."""
    undone = world.played[begun:]
    del world.played[begun:]
    for key in dict.fromkeys(str(e.originator_id) for e in undone):
        aggregate = world.member(key)
        kept = len(aggregate.pending_events) - sum(1 for e in undone if str(e.originator_id) == key)
        _restored(aggregate, restart(aggregate, starts[key]), aggregate.pending_events[:kept])
    world.index = AssetIndex()  # its parts are kept by object and version, and these objects went back


def _restored(aggregate: Faction | Region, rebuilt: Faction | Region, pending: list[Any]) -> None:
    """`aggregate` given the state of `rebuilt` with the events `pending` after its version applied, and those
    events pending, as they were."""
    for event in pending:
        if event.originator_version > rebuilt.version:
            event.mutate(rebuilt)
    state = dict(vars(rebuilt))
    state["_pending_events"] = list(pending)
    vars(aggregate).clear()
    vars(aggregate).update(state)
