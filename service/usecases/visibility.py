"""Who may see what, in one place: every read of a faction's or house's state passes through here.

The GM sees everything. A player seat sees its own faction or house whole, and everyone else's public
state; an observer, or a request with no seat, sees the public state only. Secret things: stealthed assets,
pending orders and multi-turn plans, a house's knowledge (true or false plots look alike), planted spies,
its dedicated resources and exact standing, its members and priests, a faction's FacGold, XP and goal. The
GM's part of a house's knowledge (the author of an attack it has not traced) is hidden from the house as well.
An aggregate's version is secret too: it rises with every secret order, spend and thing learned.

GraphQL's types and REST's shapes both build from the views made here and nothing else; the table of who sees
what is in docs/architecture.md (Visibility).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.enums import ChangeKind, SummaryScope
from domain.errors import ForbiddenError
from domain.gameofbones.order_checks import CUSTOM
from domain.gameofbones.scene import GM_ONLY
from domain.seats import Seat

# Seed 000, Rank: players "are aware of their position in the game, as well as the position of others – at
# least within a few ranks"; so rank is public, the numbers behind it are not.
# Members and priests are not public: from their classes and levels the Gaining Power and Gaining Influence tables
# give the house's secret Power and part of its Influence.
HOUSE_PUBLIC = ("id", "campaign_id", "name", "leader", "lieutenants", "area_ids", "entered_game", "destroyed",
                "rank")  # fmt: skip
# Shown only in the whole view (the GM, or the house's own seat).
HOUSE_SECRET = ("influence", "power", "granted_power", "gold", "dedicated_influence", "dedicated_power",
                "knowledge", "circumstances", "members", "priests", "pending", "spies", "version")  # fmt: skip
FACTION_PUBLIC = ("id", "campaign_id", "name", "force", "cunning", "wealth", "hp", "max_hp", "tags",
                  "home_region_id", "destroyed", "wild", "narratives")  # fmt: skip
# Shown only in the whole view (the GM, or the faction's own seat): purse, experience, plans, orders, version.
FACTION_SECRET = ("facgold", "xp", "goal", "order", "multi_turn", "version")


def sees_everything(seat: Seat | None, campaign_id: UUID) -> bool:
    return seat is not None and seat.is_gm_of(campaign_id)


def owns(seat: Seat | None, aggregate_id: UUID) -> bool:
    return seat is not None and aggregate_id in (seat.faction_id, seat.house_id)


def sees_whole(state: dict[str, Any], seat: Seat | None) -> bool:
    """The GM, and the seat bound to this faction or house, see it whole: its secrets, standing and version."""
    return sees_everything(seat, UUID(state["campaign_id"])) or owns(seat, UUID(state["id"]))


def faction_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    if sees_everything(seat, UUID(state["campaign_id"])):
        return state
    if owns(seat, UUID(state["id"])):
        return own_faction_view(state)
    public = {k: state[k] for k in FACTION_PUBLIC if k in state}
    public["assets"] = {i: a for i, a in state.get("assets", {}).items() if not a.get("stealthed")}
    return public


def house_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    if sees_everything(seat, UUID(state["campaign_id"])):
        return state
    if owns(seat, UUID(state["id"])):
        return own_house_view(state)
    return {k: state[k] for k in HOUSE_PUBLIC if k in state}


def own_house_view(state: dict[str, Any]) -> dict[str, Any]:
    """The house whole, but for the GM's part of its knowledge (who made an attack it has not traced yet) and the
    GM's hand on the custom actions it ordered for the house."""
    knowledge = [{k: v for k, v in entry.items() if k != GM_ONLY} for entry in state.get("knowledge", [])]
    seen = state | {"knowledge": knowledge}
    if "pending" in state:
        seen["pending"] = {i: _own_pending(p) for i, p in state["pending"].items()}
    return seen


def own_faction_view(state: dict[str, Any]) -> dict[str, Any]:
    """The faction whole, but for the GM's hand on a custom action it ordered: in the order and the plan under way."""
    seen = dict(state)
    if state.get("order"):
        seen["order"] = _own_order(state["order"])
    if state.get("multi_turn"):
        seen["multi_turn"] = _without_gm_hand(state["multi_turn"], "definition")
    return seen


def pending_view(pending: dict[str, Any], seat: Seat | None, campaign_id: UUID) -> dict[str, Any]:
    """A house's pending action as the GM (whole) or its own seat (no GM's hand) reads it."""
    return pending if sees_everything(seat, campaign_id) else _own_pending(pending)


def order_view(order: dict[str, Any], seat: Seat | None, campaign_id: UUID) -> dict[str, Any]:
    """A faction's orders as the GM (whole) or its own seat (no GM's hand) reads them."""
    return order if sees_everything(seat, campaign_id) else _own_order(order)


# The GM's hand (docs/rules-notes/gm.md, Custom actions): a custom action the GM orders for a faction or a house
# carries its definition, and in it the GM's seat and reason, which the intervention records for the GM's trail.
# The member's own seat reads the action it takes, not who ordered it or why; GraphQL's types have no such fields.
GM_HAND = ("seat", "reason")


def _own_pending(pending: dict[str, Any]) -> dict[str, Any]:
    params = pending.get("params")
    return pending | {"params": _without_gm_hand(params, CUSTOM)} if isinstance(params, dict) else pending


def _own_order(order: dict[str, Any]) -> dict[str, Any]:
    action = order.get("action")
    return order | {"action": _without_gm_hand(action, "definition")} if isinstance(action, dict) else order


def _without_gm_hand(holder: dict[str, Any], key: str) -> dict[str, Any]:
    definition = holder.get(key)
    if not isinstance(definition, dict):
        return holder
    return holder | {key: {k: v for k, v in definition.items() if k not in GM_HAND}}


def region_view(state: dict[str, Any], seat: Seat | None, hidden_troops: set[str] | None = None) -> dict[str, Any]:
    """Troops a house moved in secret show only to that house and the GM."""
    if sees_everything(seat, UUID(state["campaign_id"])) or not hidden_troops:
        return state
    own = {str(seat.house_id)} if seat is not None and seat.house_id else set()
    troops = {h: p for h, p in state.get("troops", {}).items() if h not in hidden_troops or h in own}
    return state | {"troops": troops}


def area_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    """An area as GraphQL and REST show it. The read model keeps troops per house but not how they arrived, so a
    hidden movement cannot be told from an open one: every house's troops show only to that house and the GM
    (seed 000, Troop Movements)."""
    return region_view(state, seat, hidden_troops=set(state.get("troops", {})))


def view(kind: str, state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    if kind == "faction":
        return faction_view(state, seat)
    if kind == "house":
        return house_view(state, seat)
    if kind == "houseintel":
        return intel_view(state, seat)
    return state


def intel_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    """A house's intel stream (domain/gameofbones/intel.py) as its house's knowledge: the GM whole, the house's
    own seat without the GM's part, anyone else only whose it is (what others saw is in their houses' views)."""
    if sees_everything(seat, UUID(state["campaign_id"])):
        return state
    if owns(seat, UUID(state["house_id"])):
        return own_house_view(state)
    return {k: state[k] for k in ("id", "campaign_id", "house_id", "version") if k in state}


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
    "view as any seat"): that seat's own visibility, decided by the views above like any read of its own. Only the
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


def check_gm_only(seat: Seat | None, campaign_id: UUID, what: str) -> None:
    if not sees_everything(seat, campaign_id):
        raise ForbiddenError(f"only the campaign's GM may see {what}")


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
ORDER_TOPICS = frozenset({"Faction.OrderSubmitted", "Faction.OrderWithdrawn", "House.ActionOrdered",
                          "House.ActionWithdrawn", "House.ActionCovered"})  # fmt: skip


def change_seen_by(seat: Seat | None, campaign_id: UUID, topic: str, aggregate_id: UUID) -> ChangeKind | None:
    """The kind of change an event is to `seat`, or None when the seat may not learn of it at all."""
    name = topic.rsplit(":", 1)[-1]
    if name in PHASE_CHANGES:
        return PHASE_CHANGES[name]
    if sees_everything(seat, campaign_id) or owns(seat, aggregate_id):
        return ChangeKind.ORDERS if name in ORDER_TOPICS else ChangeKind.OTHER
    return None
