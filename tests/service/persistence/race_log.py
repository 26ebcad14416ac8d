"""An oracle for racing commands: read one campaign's log and list every way it is not a serial history.

A command is linearised at its commit. The log must then read as if the commands had run one at a time:
- a rollback is valid against the campaign as it stood just before its transaction (phase played, not the
  open phase), and leaves every member it did not restore at its version when the phase began resolving;
- an order is committed while its phase is open or resolving;
- a resolution consumes every order pending for its phase (its `TurnEnded` clears each);
- every acknowledged command is in the log exactly once, and no refused one is in it at all.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from service.usecases.audit import AuditEntry

OPEN, RESOLVING = "open", "resolving"


def kind(entry: AuditEntry) -> str:
    return entry.topic.rsplit(".", 1)[-1]


@dataclass
class Acknowledged:
    """What the racing clients were answered: markers (order narratives, rollback reasons) that succeeded or
    were refused, and how many phase openings and resolutions succeeded."""

    orders: set[str] = field(default_factory=set)
    refused_orders: set[str] = field(default_factory=set)
    rollbacks: set[str] = field(default_factory=set)
    refused_rollbacks: set[str] = field(default_factory=set)
    opened: int = 0
    resolved: int = 0


@dataclass
class _Campaign:
    phase: int = 0
    status: str = "setup"
    before_restore: tuple[int, str] | None = None  # its (phase, status) just before a rollback's StateRestored
    began: dict[int, int] = field(default_factory=dict)  # phase -> position of its latest PhaseResolutionBegan


def violations(log: Iterable[AuditEntry], campaign_id: UUID, told: Acknowledged, since: int) -> list[str]:
    """Every departure from a serial history in the campaign's events after position `since`, and every
    acknowledged command not in the log once (or refused one in it)."""
    entries = list(log)
    return serial_violations(entries, campaign_id, since) + _counts([e for e in entries if e.position > since], told)


def serial_violations(entries: list[AuditEntry], campaign_id: UUID, since: int = 0) -> list[str]:
    """Every event after position `since` that a serial history of the campaign's commands would not write."""
    found: list[str] = []
    campaign = _Campaign()
    versions: dict[UUID, list[tuple[int, int]]] = defaultdict(list)  # member -> [(position, version)]
    pending: dict[UUID, dict[str, Any] | None] = {}
    for entry in entries:
        name, recent = kind(entry), entry.position > since
        if entry.aggregate_id == campaign_id:
            if recent:
                found += _campaign_event(campaign, entry, versions)
            _fold_campaign(campaign, entry, name)
            if recent and name == "PhaseResolved":
                phase = entry.payload["phase"]
                found += [
                    f"resolution of phase {phase} at {entry.position} left {m}'s order for it unconsumed"
                    for m, order in pending.items()
                    if order and order.get("phase") == phase
                ]
            continue
        versions[entry.aggregate_id].append((entry.position, entry.version))
        if name == "OrderSubmitted":
            phase = entry.payload["phase"]
            if recent and (campaign.phase != phase or campaign.status not in (OPEN, RESOLVING)):
                found.append(
                    f"order {entry.payload['order'].get('narrative')!r} for phase {phase} committed at "
                    f"{entry.position} while the campaign was in phase {campaign.phase}, {campaign.status}"
                )
            pending[entry.aggregate_id] = entry.payload["order"]
        elif name == "TurnEnded":
            pending[entry.aggregate_id] = None
        elif name == "StateRestored":
            pending[entry.aggregate_id] = entry.payload["state"].get("order")
    return found


def _fold_campaign(campaign: _Campaign, entry: AuditEntry, name: str) -> None:
    payload = entry.payload
    if name == "PhaseOpened":
        campaign.phase, campaign.status = payload["phase"], OPEN
    elif name == "PhaseResolutionBegan":
        campaign.status = RESOLVING
        campaign.began[payload["phase"]] = entry.position
    elif name == "PhaseResolved":
        campaign.status = "resolved"
    elif name == "StateRestored":
        campaign.before_restore = (campaign.phase, campaign.status)
        campaign.phase, campaign.status = payload["state"]["phase"], payload["state"]["phase_status"]
    elif name == "PhaseRolledBack":
        campaign.phase, campaign.status = payload["to_phase"], OPEN


def _campaign_event(campaign: _Campaign, entry: AuditEntry, versions: dict[UUID, list[tuple[int, int]]]) -> list[str]:
    if kind(entry) != "PhaseRolledBack":
        return []
    to_phase, reverted = entry.payload["to_phase"], entry.payload["reverted"]
    phase, status = campaign.before_restore or (campaign.phase, campaign.status)
    found = []
    if not 1 <= to_phase <= phase or (to_phase == phase and status == OPEN):
        found.append(
            f"rollback {entry.payload['reason']!r} of phase {to_phase} at {entry.position} was decided "
            f"on a stale campaign: it stood in phase {phase}, {status}"
        )
    start = campaign.began.get(to_phase, 0)
    for member, history in versions.items():
        if str(member) in reverted:
            continue
        at_start = max((v for p, v in history if p < start), default=None)
        at_commit = max((v for p, v in history if p < entry.position), default=None)
        if at_start is not None and at_commit != at_start:
            found.append(f"rollback {entry.payload['reason']!r} left {member} at v{at_commit}, not its v{at_start}")
    return found


def _counts(entries: list[AuditEntry], told: Acknowledged) -> list[str]:
    orders = Counter(e.payload["order"].get("narrative") for e in entries if kind(e) == "OrderSubmitted")
    rollbacks = Counter(e.payload["reason"] for e in entries if kind(e) == "PhaseRolledBack")
    found = [f"acknowledged order {m!r} is in the log {orders[m]} times" for m in told.orders if orders[m] != 1]
    found += [f"refused order {m!r} was written" for m in told.refused_orders if orders[m]]
    found += [
        f"acknowledged rollback {r!r} is in the log {rollbacks[r]} times" for r in told.rollbacks if rollbacks[r] != 1
    ]
    found += [f"refused rollback {r!r} was written" for r in told.refused_rollbacks if rollbacks[r]]
    for name, count in (("PhaseOpened", told.opened), ("PhaseResolved", told.resolved)):
        written = sum(1 for e in entries if kind(e) == name)
        if written != count:
            found.append(f"{count} acknowledged, {written} {name} events written")
    return found
