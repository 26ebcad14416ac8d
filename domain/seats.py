"""Seats: who is asking. A campaign's GM, a player bound to one faction or one house, or an observer."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from uuid import UUID, uuid5

from domain.campaign import clean_name
from domain.errors import ForbiddenError, InvalidInputError


class Role(StrEnum):
    GM = "gm"  # sees and may do everything in the campaign
    PLAYER = "player"  # bound to one faction or one house
    OBSERVER = "observer"  # the public state only


@dataclass(frozen=True)
class Seat:
    id: UUID
    campaign_id: UUID
    role: Role
    name: str
    faction_id: UUID | None = None
    house_id: UUID | None = None

    def is_gm_of(self, campaign_id: UUID) -> bool:
        return self.role is Role.GM and self.campaign_id == campaign_id


def gm_seat_id(campaign_id: UUID) -> UUID:
    """One GM seat per campaign, so seating the creator twice cannot make two."""
    return uuid5(campaign_id, "seat:gm")


def check_gm(seat: Seat | None, campaign_id: UUID, doing: str) -> None:
    """Design, Who may see what: only the campaign's GM may run its setup and the phase clock."""
    if seat is None:
        raise ForbiddenError(f"only the campaign's GM may {doing}; send the GM's bearer token")
    if not seat.is_gm_of(campaign_id):
        raise ForbiddenError(f"only the campaign's GM may {doing}; this is a {seat.role.value} seat")


def plan_seat(
    role: str, name: str, faction_id: UUID | None, house_id: UUID | None, members: dict[str, str]
) -> tuple[Role, str]:
    """Check a seat the GM asks for against the campaign's members; return its role and cleaned name.

    A campaign has one GM (its creator), so the GM seats players and observers only. A player is bound to
    exactly one faction or house of this campaign; an observer to none.
    """
    try:
        parsed = Role(role)
    except ValueError:
        raise InvalidInputError(f"unknown seat role {role!r}; choose player or observer") from None
    if parsed is Role.GM:
        raise InvalidInputError("a campaign has one GM seat, its creator's; seat players or observers")
    bound = [(kind, i) for kind, i in (("faction", faction_id), ("house", house_id)) if i is not None]
    if parsed is Role.OBSERVER and bound:
        raise InvalidInputError("an observer seat is bound to no faction or house")
    if parsed is Role.PLAYER:
        if len(bound) != 1:
            raise InvalidInputError("a player seat is bound to exactly one faction or one house")
        kind, member_id = bound[0]
        if members.get(str(member_id)) != kind:
            raise InvalidInputError(f"no {kind} with id {member_id} in this campaign")
    return parsed, clean_name(name, "seat")
