"""Who may see what, in one place: every read of a faction's, house's or area's state passes through here.

The GM sees everything. A player seat sees its own faction or house whole, and everyone else's public
state; an observer, or a request with no seat, sees the public state only. Each field's decision is declared with
its read model (read_models.py), and a field with none is the GM's alone.

GraphQL's types and REST's shapes both build from the views made here and nothing else; the table of who sees
what is in docs/architecture.md (Visibility).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.errors import ForbiddenError
from domain.seats import Seat
from service.usecases.visibility.gm_hand import own_action, own_order
from service.usecases.visibility.read_models import (
    FACTION,
    HOUSE,
    INTEL,
    READ_MODELS,
    REGION,
    owns,
    sees_everything,
)


def sees_whole(state: dict[str, Any], seat: Seat | None) -> bool:
    """The GM, and the seat bound to this faction or house, see it whole: its secrets, standing and version."""
    return sees_everything(seat, UUID(state["campaign_id"])) or owns(seat, UUID(state["id"]))


def faction_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    return FACTION.seen_by(state, seat)


def house_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    return HOUSE.seen_by(state, seat)


def area_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    """An area as GraphQL and REST show it: every house's troops only to that house and the GM."""
    return REGION.seen_by(state, seat)


def intel_view(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    return INTEL.seen_by(state, seat)


def view(kind: str, state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    """Any member's state as `seat` may read it; a kind with no declared read model is the GM's alone."""
    model = READ_MODELS.get(kind)
    if model is not None:
        return model.seen_by(state, seat)
    campaign_id = state.get("campaign_id") or state["id"]  # a campaign belongs to itself
    return state if sees_everything(seat, UUID(str(campaign_id))) else {"id": state["id"]}


def pending_view(pending: dict[str, Any], seat: Seat | None, campaign_id: UUID) -> dict[str, Any]:
    """A house's pending action as the GM (whole) or its own seat (no GM's hand) reads it."""
    return pending if sees_everything(seat, campaign_id) else own_action(pending)


def order_view(order: dict[str, Any], seat: Seat | None, campaign_id: UUID) -> dict[str, Any]:
    """A faction's orders as the GM (whole) or its own seat (no GM's hand) reads them."""
    return order if sees_everything(seat, campaign_id) else own_order(order) or order


def check_gm_only(seat: Seat | None, campaign_id: UUID, what: str) -> None:
    if not sees_everything(seat, campaign_id):
        raise ForbiddenError(f"only the campaign's GM may see {what}")
