"""A campaign's phases as they were played, rolled-back branches included, and what a rollback would undo.

A rollback appends (design: rewind): the events of a resolution it undid stay in the log, between that
resolution's `PhaseResolutionBegan` and the `PhaseRolledBack` that ended it. So every resolution a phase ever had
is a branch: where it began, where it resolved (if it did), and the rollback that undid it (if one did), with the
GM's reason. A rollback to phase p undoes every branch of phase p or later that stood when it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID

from service.usecases.audit import AuditEntry, AuditLog
from service.usecases.history import History

_MARKS = ("Campaign.PhaseOpened", "Campaign.PhaseResolutionBegan", "Campaign.PhaseResolved", "Campaign.PhaseRolledBack")
# Orders a member gave (seed 002: a faction's orders; seed 000: a house action) and what resolving them wrote.
_BRANCH_MARKS = ("PhaseResolutionBegan", "PhaseResolved", "PhaseRolledBack")
_ORDERED = ("Faction.OrderSubmitted", "House.ActionOrdered")
_RESULTS = ("Faction.TurnEnded", "House.ActionResolved")


@dataclass(frozen=True)
class Branch:
    phase: int
    attempt: int  # 1 for the phase's first resolution, 2 for the one after its first rollback, ...
    began_at: int
    resolved_at: int | None = None
    rolled_back_at: int | None = None
    reason: str | None = None


@dataclass(frozen=True)
class UndoneOrder:
    phase: int
    member_id: UUID
    action: str
    outcome: str | None  # what resolving it wrote; None for an order given but not yet resolved


@dataclass(frozen=True)
class RollbackPlan:
    phase: int
    phases: list[int]  # every phase whose resolution (or whose orders) the rollback undoes
    events: int  # how many of the campaign's events it undoes
    results: list[UndoneOrder] = field(default_factory=list)  # resolved orders whose results it undoes
    orders: list[UndoneOrder] = field(default_factory=list)  # orders of later phases it takes back


def _name(topic: str) -> str:
    return topic.rsplit(":", 1)[-1]


def branches(history: History, campaign_id: UUID) -> list[Branch]:
    """Every resolution each phase had, oldest first (from the campaign's own phase marks only)."""
    found: list[Branch] = []
    for position, name, payload in history.campaign_marks(campaign_id, _BRANCH_MARKS):
        if name == "PhaseResolutionBegan":
            attempt = 1 + sum(1 for b in found if b.phase == int(payload["phase"]))
            found.append(Branch(int(payload["phase"]), attempt, position))
        elif name == "PhaseResolved":
            found = [
                replace(b, resolved_at=position)
                if b.phase == int(payload["phase"]) and b.resolved_at is None and b.rolled_back_at is None
                else b
                for b in found
            ]
        elif name == "PhaseRolledBack":
            found = [
                replace(b, rolled_back_at=position, reason=str(payload["reason"]))
                if b.phase >= int(payload["to_phase"]) and b.rolled_back_at is None
                else b
                for b in found
            ]
    return found


def branch_window(history: History, campaign_id: UUID, phase: int, attempt: int | None) -> tuple[int, int] | None:
    """Where the events of a phase's resolution lie, [start, end); the latest resolution when `attempt` is None.
    None when the phase had no such resolution."""
    of_phase = [b for b in branches(history, campaign_id) if b.phase == phase]
    chosen = of_phase[-1:] if attempt is None else [b for b in of_phase if b.attempt == attempt]
    if not chosen:
        return None
    branch = chosen[0]
    last = branch.resolved_at if branch.resolved_at is not None else branch.rolled_back_at
    return branch.began_at, (last + 1 if last is not None else 2**62)  # still resolving: up to now


def rollback_plan(history: History, audit: AuditLog, campaign_id: UUID, phase: int) -> RollbackPlan:
    """What rolling back to the start of `phase`'s resolution would undo: the events after that mark, the results
    of the orders resolved since, and the orders given for later phases (those of `phase` itself stand again)."""
    start = history.resolution_start(campaign_id, phase)
    after = list(audit.events(campaign_id, start - 1))
    plan = RollbackPlan(phase, [], len(after))
    current = phase
    for entry in after:
        name, payload = _name(entry.topic), entry.payload
        if name in _MARKS[:2]:
            current = int(payload["phase"])
        if current not in plan.phases:
            plan.phases.append(current)
        if name in _RESULTS:
            plan.results.append(_order(entry, current, payload, outcome=True))
        elif name in _ORDERED:
            plan.orders.append(_order(entry, current, payload, outcome=False))
    return plan


def _order(entry: AuditEntry, phase: int, payload: dict[str, Any], outcome: bool) -> UndoneOrder:
    order = payload.get("order") or payload.get("pending") or {}
    action = payload.get("action") or order.get("action")
    if isinstance(action, dict):  # a faction's orders: the action's own form, named by its "action"
        action = action.get("action")
    action = action or "None"  # seed 002: a faction may take no action this turn
    said = payload.get("narrative") or payload.get("result") if outcome else None
    return UndoneOrder(phase, entry.aggregate_id, str(action), None if said is None else str(said))
