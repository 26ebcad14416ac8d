"""Phase reports for seats: who may read which member's report, and the events it is built from."""

from __future__ import annotations

from uuid import UUID

from domain.campaign import Campaign
from domain.errors import ForbiddenError, NotFoundError
from domain.gameofbones.house import House
from domain.seats import Seat
from service.persistence.app import IntrigueStore
from service.usecases.audit import AuditLog
from service.usecases.history import History
from service.usecases.phase_report import PhaseReport, build_report, phase_window


class PhaseReports:
    def __init__(self, store: IntrigueStore, audit: AuditLog, history: History) -> None:
        self.store, self.audit, self.history = store, audit, history

    def report(self, campaign_id: UUID, phase: int, seat: Seat | None, member_id: UUID | None = None) -> PhaseReport:
        """The report of the seat's own faction or house; the GM names the member whose report it reads."""
        member = self._member_for(campaign_id, seat, member_id)
        end = self.history.phase_end(campaign_id, phase)  # NotFoundError until the phase has resolved
        kinds = self.store.load(campaign_id, Campaign).member_ids
        if member in kinds("faction"):
            kind, actors = "faction", {str(member)}
        elif member in kinds("house"):
            kind, actors = "house", _characters(self.store.load(member, House))
        else:
            raise NotFoundError(f"no faction or house {member} in campaign {campaign_id}")
        window = phase_window((e for e in self.audit.events(campaign_id) if e.position < end), campaign_id, phase)
        return build_report(window, campaign_id, phase, member, kind, actors)

    @staticmethod
    def _member_for(campaign_id: UUID, seat: Seat | None, member_id: UUID | None) -> UUID:
        if seat is None or seat.campaign_id != campaign_id:
            raise ForbiddenError("a phase report goes to a seat of the campaign; send its bearer token")
        if seat.is_gm_of(campaign_id):
            if member_id is None:  # the GM's seat has no faction or house, so no report of its own
                raise NotFoundError("the GM's seat has no report of its own; name a faction or house to read its")
            return member_id
        own = seat.faction_id or seat.house_id
        if own is None:
            raise ForbiddenError("an observer seat has no faction or house, so no phase report")
        if member_id is not None and member_id != own:
            raise ForbiddenError("a player reads its own faction's or house's report only")
        return own


def _characters(house: House) -> set[str]:
    """Whose rolls are the house's own: its leader's and its lieutenants'."""
    return {house.leader.name, *house.lieutenants}
