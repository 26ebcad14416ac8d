"""One face per rule system (issue 30, item 3; ../shared/STYLE.md habit 6): the handful of operations the
application services call, the same for the Faction Turn and the Game of Bones, so `service/` can look a system up
by name instead of branching on its kind.

A sketch: the Faction Turn implements it (`domain/factionturn/system.py`); the Game of Bones and the service's
callers are not moved onto it yet (docs/architecture.md, "One face per rule system").
"""

from __future__ import annotations

from typing import Protocol, TypeVar
from uuid import UUID

from domain.dice import Dice

Table = TypeVar("Table", contravariant=True)  # the campaign's members and map as the system reads them
Founding = TypeVar("Founding", contravariant=True)  # what founding a member takes
Orders = TypeVar("Orders", contravariant=True)  # one member's orders for a phase
Member = TypeVar("Member", covariant=True)  # the aggregate a member is (Faction, House)
Preview = TypeVar("Preview", covariant=True)  # what a member may order now, and at what odds or cost
Report = TypeVar("Report", covariant=True)  # what one member is told of a resolved phase
Resolution = TypeVar("Resolution")  # a resolved phase: every roll and every typed effect, not yet recorded


class RuleSystem(Protocol[Table, Founding, Orders, Member, Preview, Resolution, Report]):
    """Found, check orders, preview, resolve, report: pure, dice in, typed effects out."""

    @property
    def name(self) -> str: ...

    def found(self, campaign_id: UUID, founding: Founding) -> Member: ...

    def check_orders(self, table: Table, member_id: str, orders: Orders) -> None:
        """Refuse (raising a domain error that names its rule) orders the rules forbid as the campaign stands."""

    def preview(self, table: Table, member_id: str) -> Preview: ...

    def resolve(self, table: Table, dice: Dice) -> Resolution:
        """Resolve the phase on working copies; the table's aggregates are left untouched."""

    def report(self, resolution: Resolution, member_id: str) -> Report: ...
