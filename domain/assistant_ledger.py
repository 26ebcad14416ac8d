"""What the GM keeps on the Campaign for the assistant (issue 19): which powers the GM runs, with what
temperament, what the GM decided about each draft, and where a downtime of assistant play began.

Every record is an event with the GM's seat and reason, so the audit shows who decided. The ledgers' names
start with `_`: they stay out of the public read model (the GM's plans are the GM's), read by the GM only.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import Aggregate, event

from domain.enums import DraftDecision, MemberKind, Temperament
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gm import check_intervention
from domain.history import leaner

RULE_GM_RUN = "issue 19: the assistant drafts only for the powers the GM marks as run by the GM"
MAX_DOWNTIME = 24  # phases one downtime may play: two years of months


def check_temperament(value: str) -> str:
    """A temperament's value, or "" for the one derived from the power's tags and goal."""
    known = {t.value for t in Temperament}
    if value and value not in known:
        raise InvalidInputError(f"unknown temperament {value!r}; choose from {sorted(known)}")
    return value


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class AssistantLedger(Aggregate):
    """Mixed into `Campaign` beside `GMLedger`."""

    def gm_run(self) -> dict[str, str]:
        """The powers the GM runs, by member id, with the temperament the GM set ("" when derived)."""
        found: dict[str, dict[str, Any]] = vars(self).get("_gm_run", {})
        return {member: str(mark.get("temperament", "")) for member, mark in found.items()}

    def is_gm_run(self, member_id: str) -> bool:
        return member_id in self.gm_run()

    def check_gm_run(self, member_id: str) -> None:
        if not self.is_gm_run(member_id):
            raise RuleViolationError(f"{member_id} is not run by the GM; mark it first", RULE_GM_RUN)

    def mark_gm_run(self, member_id: str, gm_run: bool, temperament: str, seat: str, reason: str) -> None:
        """Mark a faction or house as run by the GM (or no longer), with a temperament or "" to derive it."""
        members: dict[str, str] = vars(self).get("members", {})
        if members.get(member_id) not in (MemberKind.FACTION, MemberKind.HOUSE):
            raise NotFoundError(f"no faction or house {member_id} in this campaign")
        if not gm_run and temperament:
            raise InvalidInputError("a temperament is set only for a power the GM runs")
        self._gm_run_marked(member_id, gm_run, check_temperament(temperament), seat, check_intervention(seat, reason))

    @event("GMRunMarked")
    def _gm_run_marked(self, member_id: str, gm_run: bool, temperament: str, seat: str, reason: str) -> None:
        marks: dict[str, Any] = vars(self).setdefault("_gm_run", {})
        if gm_run:
            marks[member_id] = {"temperament": temperament}
        else:
            marks.pop(member_id, None)

    def decide_draft(
        self, phase: int, member_id: str, decision: str, orders: list[dict[str, Any]], seat: str, reason: str
    ) -> None:
        """Record what the GM did with the assistant's draft for a power: the orders given stay the power's own
        events; this one says that the assistant drafted them and who accepted, edited or rejected them."""
        self.check_gm_run(member_id)
        if decision not in {d.value for d in DraftDecision}:
            raise InvalidInputError(f"unknown draft decision {decision!r}")
        self._draft_decided(phase, member_id, decision, list(orders), seat, check_intervention(seat, reason))

    @event("DraftDecided")
    def _draft_decided(
        self, phase: int, member_id: str, decision: str, orders: list[dict[str, Any]], seat: str, reason: str
    ) -> None:
        decided: dict[str, Any] = vars(self).setdefault("_drafts_decided", {})
        decided.setdefault(str(phase), {})[member_id] = decision

    def drafts_decided(self, phase: int) -> dict[str, str]:
        """What the GM decided about each power's draft in a phase, by member id."""
        found: dict[str, dict[str, str]] = vars(self).get("_drafts_decided", {})
        return dict(found.get(str(phase), {}))

    def begin_downtime(self, phases: int, seat: str, reason: str) -> int:
        """The rollback point of a downtime: rolling back to the phase returned undoes all of it."""
        if not 1 <= phases <= MAX_DOWNTIME:
            raise InvalidInputError(f"a downtime plays 1 to {MAX_DOWNTIME} phases, not {phases}")
        if not self.gm_run():
            raise RuleViolationError("no power is marked as run by the GM", RULE_GM_RUN)
        phase, status = int(vars(self).get("phase", 0)), str(vars(self).get("phase_status", ""))
        first = phase if status in ("open", "resolving") else phase + 1  # the open phase is the downtime's first
        self._downtime_began(first, phases, seat, check_intervention(seat, reason))
        return first

    @event("DowntimeBegan")
    def _downtime_began(self, first_phase: int, phases: int, seat: str, reason: str) -> None:
        vars(self).setdefault("_downtimes", []).append({"first_phase": first_phase, "phases": phases})

    def downtimes(self) -> list[dict[str, int]]:
        found: list[dict[str, int]] = vars(self).get("_downtimes", [])
        return [dict(d) for d in found]
