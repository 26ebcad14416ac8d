"""What a seat hears live and of a resolved phase, and whom the GM may read as: decided here, with the views.

`summary_scope` says how much of a resolved phase a seat hears, `change_seen_by` which changes `campaignChanges`
tells it, `viewed_as` the seat a GM's "view as" read is answered as.
"""

from __future__ import annotations

from uuid import UUID

from domain.enums import ChangeKind, SummaryScope
from domain.errors import ForbiddenError
from domain.seats import Seat
from service.usecases.visibility.read_models import owns, sees_everything


def summary_scope(seat: Seat | None, campaign_id: UUID) -> SummaryScope:
    """How much of a resolved phase a seat hears (`phaseResults`' and `phaseSummary`'s summary): the GM everything
    (every member's report, its own turn summaries), a player its own member's report, an observer the public
    chronicle only, which every seat hears. A request with no seat of this campaign hears nothing."""
    if seat is None or seat.campaign_id != campaign_id:
        raise ForbiddenError("a phase's summary goes to a seat of the campaign; send its bearer token")
    if sees_everything(seat, campaign_id):
        return SummaryScope.GM
    return SummaryScope.PLAYER if (seat.faction_id or seat.house_id) is not None else SummaryScope.OBSERVER


def viewed_as(asker: Seat | None, target: Seat | None, revoked: bool, reading: bool) -> Seat:
    """The seat a read is answered as when the GM views the campaign as one of its seats (issue 18, the GM's
    "view as any seat"): that seat's own visibility, decided by the views (views.py) like any read of its own. Only the
    campaign's GM may ask it, only for reads (a mutation keeps who its caller is, so it is refused), and only as a
    seat that could read itself (a revoked token reads nothing). A seat id of no campaign of the asker's is refused
    like any other, so that a non-GM learns nothing of which seats exist."""
    if target is None or not sees_everything(asker, target.campaign_id):
        raise ForbiddenError("only the campaign's GM may view it as another seat")
    if not reading:
        raise ForbiddenError("viewing as another seat is for reads: send mutations without the view-as header")
    if revoked:
        raise ForbiddenError("this seat's token was revoked: it reads nothing to view it as")
    return target


# Issue 18, Live: what the `campaignChanges` subscription tells each seat of an event. The phase clock and the
# published chronicle are every seat's; orders and every other change only the GM's and the member's own seat's,
# so no seat learns that a rival submitted orders or set a plot in motion (seed 000: pending plots are secret).
PHASE_CHANGES = {
    "Campaign.PhaseOpened": ChangeKind.PHASE_OPENED,
    "Campaign.PhaseResolutionBegan": ChangeKind.PHASE_RESOLVING,
    "Campaign.PhaseResolved": ChangeKind.PHASE_RESOLVED,
    "Campaign.PhaseRolledBack": ChangeKind.PHASE_ROLLED_BACK,
    "GMLedger.ChroniclePublished": ChangeKind.CHRONICLE,
    "GMLedger.GossipWritten": ChangeKind.CHRONICLE,  # written straight to the published chronicle
    "PhaseChronicle.ChroniclePublished": ChangeKind.CHRONICLE,  # the phase's own chronicle stream (issue 16)
    "PhaseChronicle.GossipWritten": ChangeKind.CHRONICLE,
}
ORDER_TOPICS = frozenset(
    {
        "Faction.OrderSubmitted",
        "Faction.OrderWithdrawn",
        "House.ActionOrdered",
        "House.ActionWithdrawn",
        "House.ActionCovered",
    }
)


def change_seen_by(seat: Seat | None, campaign_id: UUID, topic: str, aggregate_id: UUID) -> ChangeKind | None:
    """The kind of change an event is to `seat`, or None when the seat may not learn of it at all."""
    name = topic.rsplit(":", 1)[-1]
    if name in PHASE_CHANGES:
        return PHASE_CHANGES[name]
    if sees_everything(seat, campaign_id) or owns(seat, aggregate_id):
        return ChangeKind.ORDERS if name in ORDER_TOPICS else ChangeKind.OTHER
    return None
