"""Who may list the campaigns: anyone on a server whose list is open, else each seat its own campaign only.

`INTRIGUE_OPEN_CAMPAIGN_LIST` says (1/true/yes/on, else off); unset, the list is open on the embedded
PostgreSQL (`make run`, `intrigue serve --demo` without DATABASE_URL) and closed when DATABASE_URL names a
deployment's database. Closed, an anonymous caller is refused FORBIDDEN rather than answered an empty list,
so a client can tell "send a token" from "no campaigns" (docs/operations.md).
"""

from __future__ import annotations

import os
from uuid import UUID

from domain.errors import ForbiddenError
from domain.seats import Seat
from service.persistence.database import Database

OPEN_CAMPAIGN_LIST = "INTRIGUE_OPEN_CAMPAIGN_LIST"


def is_open(db: Database) -> bool:
    """Whether anyone may list every campaign on this server."""
    value = os.environ.get(OPEN_CAMPAIGN_LIST, "").strip().lower()
    return db.embedded if not value else value in ("1", "true", "yes", "on")


def listed_for(db: Database, seat: Seat | None) -> UUID | None:
    """None when the caller may list every campaign; else the one campaign its seat may see."""
    if is_open(db):
        return None
    if seat is None:
        raise ForbiddenError(
            f"this server lists campaigns to their seats only ({OPEN_CAMPAIGN_LIST} is off); send a seat's bearer token"
        )
    return seat.campaign_id
