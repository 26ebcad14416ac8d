"""The seat a GraphQL request is answered as: its bearer token's, or with the `X-Intrigue-View-As` header (a seat
id) the GM's view of the campaign as that seat (issue 18). Who may, and for what, is decided with the other
visibility rules in service/usecases/visibility.py (`viewed_as`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.errors import InvalidInputError
from domain.seats import Seat
from service.usecases.visibility import viewed_as

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.readpool import ReadPool

HEADER = "x-intrigue-view-as"


async def asking_seat(intrigue: Intrigue, pool: ReadPool, headers: Any, reading: bool) -> Seat | None:
    """The bearer token's seat, or the seat the GM views the campaign as (reads only)."""
    found: Seat | None = await intrigue.seats.resolve_on(pool, headers.get("authorization"))
    named = headers.get(HEADER)
    if not named:
        return found
    try:
        seat_id = UUID(named.strip())
    except ValueError:
        raise InvalidInputError(f"the {HEADER} header must be a seat's id (a UUID)") from None
    target, revoked = await intrigue.seats.listed_on(pool, seat_id)
    return viewed_as(found, target, revoked, reading)
