"""GraphQL for seats: the GM seats players and observers; anyone may ask which seat their token names."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain import seats as domain_seats
from domain.seats import Role
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat


@strawberry.type(description="Who is asking: the GM, a player bound to one faction or house, or an observer.")
class Seat:
    id: UUID = strawberry.field(description="The seat's id: pass it as `seatId` to revoke it or reissue its token.")
    campaign_id: UUID = strawberry.field(
        description="The id of the campaign the seat sits at; its token works there only."
    )
    role: Role = strawberry.field(
        description="What the seat is: GM, PLAYER (bound to one faction or house) or OBSERVER."
    )
    name: str = strawberry.field(description="Its name, as the GM gave it.")
    faction_id: UUID | None = strawberry.field(
        description="A player's faction: the id of the faction it plays; null for a GM, an observer or a house player."
    )
    house_id: UUID | None = strawberry.field(
        description="A player's house: the id of the house it plays; null for a GM, an observer or a faction player."
    )
    revoked: bool = strawberry.field(default=False, description="Its token was revoked; reissue it to seat again.")

    @classmethod
    def of(cls, seat_: domain_seats.Seat, revoked: bool = False) -> Seat:
        return cls(
            id=seat_.id,
            campaign_id=seat_.campaign_id,
            role=seat_.role,
            name=seat_.name,
            faction_id=seat_.faction_id,
            house_id=seat_.house_id,
            revoked=revoked,
        )


@strawberry.type(description="A seat with its bearer token, answered once.")
class IssuedSeat:
    seat: Seat = strawberry.field(description="The seat created or reissued, without its token.")
    token: str = strawberry.field(description="The seat's bearer token. It is not stored and cannot be shown again.")


@strawberry.input(description="A seat to create: its role, name and (a player's) faction or house.")
class SeatInput:
    role: Role = strawberry.field(description="PLAYER or OBSERVER (a campaign has one GM seat, its own).")
    name: str | None = strawberry.field(default=None, description="Its name; the role's when null.")
    faction_id: UUID | None = strawberry.field(
        default=None, description="A player's faction: the id of the faction the seat plays; null for a GM or observer."
    )
    house_id: UUID | None = strawberry.field(
        default=None, description="A player's house: the id of the house the seat plays; null for a GM or observer."
    )


@strawberry.type
class SeatQuery:
    @strawberry.field(description="The seat the request's bearer token names; null without a token.")
    def me(self, info: Info) -> Seat | None:
        found = seat(info)
        return Seat.of(found) if found else None

    @strawberry.field(description="The campaign's seats, without their tokens, revoked ones marked (GM only).")
    async def seats(self, info: Info, campaign_id: UUID) -> list[Seat]:
        return [Seat.of(s, revoked) for s, revoked in await off_loop(intrigue(info).seats.listed, campaign_id)]


@strawberry.type
class SeatMutation:
    @strawberry.mutation(description="Seat a player or an observer (GM only); answers its token once.")
    async def create_seat(
        self,
        info: Info,
        campaign_id: UUID,
        input: Annotated[SeatInput, strawberry.argument(description="The seat to create.")],
    ) -> IssuedSeat:
        issued = await off_loop(
            intrigue(info).seats.create_seat,
            campaign_id,
            input.role,
            input.name or input.role.title(),
            input.faction_id,
            input.house_id,
        )
        return IssuedSeat(seat=Seat.of(issued.seat), token=issued.token)

    @strawberry.mutation(
        description="Revoke a player's or observer's token (GM only): it stops working at once, "
        "open subscriptions included."
    )
    async def revoke_seat(self, info: Info, campaign_id: UUID, seat_id: UUID) -> Seat:
        return Seat.of(await off_loop(intrigue(info).seats.revoke, campaign_id, seat_id), revoked=True)

    @strawberry.mutation(description="A new token for a seat (GM only), answered once; its old token stops working.")
    async def reissue_seat_token(self, info: Info, campaign_id: UUID, seat_id: UUID) -> IssuedSeat:
        issued = await off_loop(intrigue(info).seats.reissue, campaign_id, seat_id)
        return IssuedSeat(seat=Seat.of(issued.seat), token=issued.token)
