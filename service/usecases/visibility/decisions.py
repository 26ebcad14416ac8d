"""The words a visibility decision is written in, and what each means to a client (each schema field's description
ends with it, service/entrypoints/graphql/core/descriptions.py)."""

from __future__ import annotations

from enum import Enum


class Decision(Enum):
    """Who may read a field. A read-model field's decision is declared in read_models.py; a GraphQL field over no
    read-model field declares its own (service/entrypoints/graphql/core/visibility.py)."""

    PUBLIC = "public"  # every seat, and a request with no token
    SEAT = "seat"  # the GM and the member's own seat whole; other seats the public part (null, empty, left out)
    GM = "gm"  # the campaign's GM only; everyone else is refused
    OWN = "own"  # a player seat for its own faction or house, and the GM; everyone else is refused
    ONCE = "once"  # answered once to whom it is issued (a seat's bearer token), never again
    CALLER = "caller"  # about the caller itself (the seat its token names)


MEANING: dict[Decision, str] = {
    Decision.PUBLIC: "every seat, and a request with no token",
    Decision.SEAT: "the GM and its own faction's or house's seat whole; other seats the public part (null or empty)",
    Decision.GM: "the campaign's GM only",
    Decision.OWN: "the seat of its own faction or house, and the GM",
    Decision.ONCE: "answered once, to whom it is issued, never again",
    Decision.CALLER: "the asking seat, about itself (its own faction's or house's; the GM any)",
}
