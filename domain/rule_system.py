"""One face per rule system (issue 30, items 3-4; ../shared/STYLE.md habit 6): the handful of operations and facts
the application services call, the same for the Faction Turn and the Game of Bones, so `service/` looks a system up
(`domain/systems.py`, by name or by the kind its members are enrolled as) instead of branching on its kind.

Each package's face implements it: `domain/factionturn/face.py` (`FACTION_TURN`), `domain/gameofbones/face.py`
(`GAME_OF_BONES`); a face also exports what `service/` and `projections/` may use of its package (docs/architecture.md,
"One face per rule system").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from uuid import UUID

from domain.dice import Dice

Table = TypeVar("Table", contravariant=True)  # the campaign's members and map as the system reads them
Founding = TypeVar("Founding", contravariant=True)  # what founding a member takes
Orders = TypeVar("Orders", contravariant=True)  # one member's orders for a phase
Member = TypeVar("Member", covariant=True)  # the aggregate a member is (Faction, House)
Preview = TypeVar("Preview", covariant=True)  # what a member may order now, and at what odds or cost
Report = TypeVar("Report", covariant=True)  # what one member is told of a resolved phase
Resolution = TypeVar("Resolution")  # a resolved phase: every roll and every typed effect, not yet recorded

State = dict[str, Any]  # a member's public state, as the state read model keeps it (projections/state.py)


@dataclass(frozen=True)
class Companion:
    """Rows of another kind that complete a member's public state: a faction's narratives, kept by its phases'
    chronicles (domain/phase_chronicle.py); a house's knowledge, kept in the houses' intel streams
    (domain/gameofbones/aggregate/intel.py; issue 16, bounded state)."""

    kind: str  # the companion rows' kind (`aggregate_state.kind`)
    complete: Callable[[list[State], list[State]], list[State]]  # (members' states, companion states) → completed
    # Completed in every read (else only in the API's: the application services read a house without its intel,
    # as its aggregate holds it, e.g. service/usecases/replay.py compares the two).
    everywhere: bool


class RuleSystem(Protocol[Table, Founding, Orders, Member, Preview, Resolution, Report]):
    """Found, check orders, preview, resolve, report: pure, dice in, typed effects out; and the facts about its
    members that the application services would otherwise branch on."""

    @property
    def name(self) -> str:
        """The rule system's name, as a campaign enables it (`RuleSystemName`)."""

    @property
    def kind(self) -> str:
        """The kind its members are enrolled as in their campaign (`Campaign.enrol`), and kept as in the read model."""

    @property
    def member(self) -> type[Member]:
        """The members' aggregate class."""

    @property
    def companion(self) -> Companion: ...

    @property
    def one_order_a_phase(self) -> bool:
        """A member gives one order a phase (seed 002: one action a turn), or several (seed 000: one per leader)."""

    def assets_of(self, state: State) -> list[State]:
        """The assets a member's public state lists (the analytics' asset table); none for a system without."""

    def found(self, campaign_id: UUID, founding: Founding) -> Member: ...

    def check_orders(self, table: Table, member_id: str, orders: Orders) -> None:
        """Refuse (raising a domain error that names its rule) orders the rules forbid as the campaign stands."""

    def preview(self, table: Table, member_id: str) -> Preview: ...

    def resolve(self, table: Table, dice: Dice) -> Resolution:
        """Resolve the phase on working copies; the table's aggregates are left untouched."""

    def report(self, resolution: Resolution, member_id: str) -> Report: ...


AnyRuleSystem = RuleSystem[Any, Any, Any, Any, Any, Any, Any]
