"""Phase reports and summaries for seats: who may read which member's report, read from the reports kept as the
phase resolved (service/usecases/phase_report_kept.py), or else built from the phase's events.

How much of a phase each seat class hears is decided in service/usecases/visibility/live.py (`summary_scope`); what a
seat sees of each event, in service/usecases/phase_report.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any
from uuid import UUID

from domain.campaign import Campaign
from domain.enums import SummaryScope
from domain.errors import ForbiddenError, NotFoundError
from domain.gameofbones.face import House
from domain.seats import Seat
from service.persistence.app import IntrigueStore
from service.usecases.audit import AuditEntry, AuditLog
from service.usecases.chronicle import ChronicleService
from service.usecases.history import History
from service.usecases.phase_report import build_report, phase_window
from service.usecases.phase_report_kept import kept_reports
from service.usecases.phase_report_records import PhaseReport
from service.usecases.visibility import summary_scope


@dataclass
class PhaseSummary:
    """A resolved phase as one seat may hear it: `reports` and `gm_notes` as its scope allows, `gossip` for all."""

    campaign_id: UUID
    phase: int
    scope: SummaryScope
    reports: list[PhaseReport] = field(default_factory=list)  # by member: factions, then houses
    gossip: dict[str, dict[str, Any]] = field(default_factory=dict)  # the published chronicle, by member id
    gm_notes: dict[str, str] = field(default_factory=dict)  # the GM's turn summaries ("" for the whole phase)


class PhaseReports:
    def __init__(self, store: IntrigueStore, audit: AuditLog, history: History, chronicle: ChronicleService) -> None:
        self.store, self.audit, self.history = store, audit, history
        self.chronicle = chronicle  # a phase's gossip and GM summaries live in its own stream (issue 16)

    def report(self, campaign_id: UUID, phase: int, seat: Seat | None, member_id: UUID | None = None) -> PhaseReport:
        """The report of the seat's own faction or house; the GM names the member whose report it reads."""
        member = self._member_for(campaign_id, seat, member_id)
        end = self.history.phase_end(campaign_id, phase)  # NotFoundError until the phase has resolved
        kept = kept_reports(self.audit.db, campaign_id, phase, end)
        if member in kept:
            return kept[member]
        campaign = self.store.load(campaign_id, Campaign)
        return self._report(campaign, phase, member, self._window(campaign_id, phase, end))

    def summary(self, campaign_id: UUID, phase: int, seat: Seat | None) -> PhaseSummary:
        """The resolved phase as the seat may hear it: the GM every member's report and the turn summaries, a
        player its own report, an observer neither; the published chronicle to every seat of the campaign."""
        scope = summary_scope(seat, campaign_id)
        end = self.history.phase_end(campaign_id, phase)  # NotFoundError until the phase has resolved
        campaign = self.store.load(campaign_id, Campaign)
        own = None if seat is None else seat.faction_id or seat.house_id
        if scope is SummaryScope.GM:
            members = [*campaign.member_ids("faction"), *campaign.member_ids("house")]
        else:
            members = [own] if scope is SummaryScope.PLAYER and own is not None else []
        kept = kept_reports(self.audit.db, campaign_id, phase, end) if members else {}
        window = self._window(campaign_id, phase, end) if any(m not in kept for m in members) else []
        notes = self.chronicle.gm_notes(campaign_id, phase) if scope is SummaryScope.GM else {}
        return PhaseSummary(
            campaign_id,
            phase,
            scope,
            [kept[m] if m in kept else self._report(campaign, phase, m, window) for m in members],
            self.chronicle.public(campaign_id, phase),
            notes,
        )

    def _window(self, campaign_id: UUID, phase: int, end: int) -> list[AuditEntry]:
        """The phase's events, read from its last opening before `end` (an indexed range of the lane, not the
        campaign's whole log: a report costs what its phase holds, however long the campaign has run). A rollback
        to this phase keeps the opening it rolled back to, and a rollback further back is followed by a new
        opening, so the last opening before the resolution is where the window starts (`phase_window`)."""
        openings = [pos for p, pos in self.history.phase_marks(campaign_id, "PhaseOpened") if p == phase and pos < end]
        start = openings[-1] - 1 if openings else 0
        events = takewhile(lambda e: e.position < end, self.audit.events(campaign_id, after=start))
        return phase_window(events, campaign_id, phase)

    def _report(self, campaign: Campaign, phase: int, member: UUID, window: list[AuditEntry]) -> PhaseReport:
        if member in campaign.member_ids("faction"):
            kind, actors = "faction", {str(member)}
        elif member in campaign.member_ids("house"):
            kind, actors = "house", _characters(self.store.load(member, House))
        else:
            raise NotFoundError(f"no faction or house {member} in campaign {campaign.id}")
        return build_report(window, campaign.id, phase, member, kind, actors)

    @staticmethod
    def _member_for(campaign_id: UUID, seat: Seat | None, member_id: UUID | None) -> UUID:
        scope = summary_scope(seat, campaign_id)  # one decision for both: a seat of the campaign, and which class
        if scope is SummaryScope.GM:
            if member_id is None:  # the GM's seat has no faction or house, so no report of its own
                raise NotFoundError(
                    "the GM's seat has no report of its own; name a faction or house to read its, "
                    "or read every member's in `phaseSummary`"
                )
            return member_id
        if scope is SummaryScope.OBSERVER or seat is None:
            raise ForbiddenError(
                "an observer seat has no faction or house, so no phase report; its share of the "
                "phase is the public chronicle (`phaseSummary`)"
            )
        own = seat.faction_id or seat.house_id
        if member_id is not None and member_id != own:
            raise ForbiddenError("a player reads its own faction's or house's report only")
        assert own is not None
        return own


def _characters(house: House) -> set[str]:
    """Whose rolls are the house's own: its leader's and its lieutenants'."""
    return {house.leader.name, *house.lieutenants}
