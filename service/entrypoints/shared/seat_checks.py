"""Seat checks that GraphQL's policy and REST's commands share: the GM, or the seat that owns the target."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.errors import InvalidInputError
from domain.seats import Seat, check_gm


def check_gm_or_owner(found: Seat | None, arguments: dict[str, Any], doing: str) -> None:
    campaign_id = campaign_id_argument(arguments)
    owned = arguments.get("factionId") or arguments.get("houseId")
    bound = (str(found.faction_id), str(found.house_id)) if found and found.campaign_id == campaign_id else ()
    if owned is not None and str(owned) in bound:
        return
    check_gm(found, campaign_id, doing)


def campaign_id_argument(arguments: dict[str, Any]) -> UUID:
    raw = arguments.get("campaignId")
    try:
        return UUID(str(raw))
    except ValueError:
        raise InvalidInputError(f"campaignId must be a UUID, not {raw!r}") from None
