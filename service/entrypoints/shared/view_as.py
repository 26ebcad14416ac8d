"""The seat a GraphQL request is answered as: its bearer token's, or with the `X-Intrigue-View-As` header (a seat
id) the GM's view of the campaign as that seat (issue 18). A subscription names it the same way, by the header or,
since a browser's WebSocket takes no header, by the same key in its `connection_init` payload (issue 28, item 5:
"View as" applies to live updates too). Who may, and for what, is decided with the other visibility rules in
service/usecases/visibility/live.py (`viewed_as`), for queries and subscriptions alike."""

from __future__ import annotations

from collections.abc import Mapping
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
    return await seat_viewed(intrigue, pool, found, headers.get(HEADER), reading)


async def seat_viewed(
    intrigue: Intrigue, pool: ReadPool, found: Seat | None, named: str | None, reading: bool
) -> Seat | None:
    """`found` itself, or, when a seat is `named` (a view-as seat id), that seat if `found` may view as it."""
    if not named:
        return found
    try:
        seat_id = UUID(str(named).strip())
    except ValueError:
        raise InvalidInputError(f"the {HEADER} header must be a seat's id (a UUID)") from None
    target, revoked = await intrigue.seats.listed_on(pool, seat_id)
    return viewed_as(found, target, revoked, reading)


def named_in(params: Mapping[str, Any] | None, headers: Any) -> str | None:
    """The view-as seat a WebSocket names: in its `connection_init` payload (any case of the header's name), else
    in its handshake's headers."""
    for key, value in (params or {}).items():
        if isinstance(key, str) and key.lower() == HEADER and value:
            return str(value)
    named: str | None = headers.get(HEADER) if headers is not None else None
    return named
