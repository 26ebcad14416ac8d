"""Relay connections for the lists that grow (docs/architecture.md, "Lists: connections and plain lists").

A connection is a window over keys in a fixed order (an event's position, a campaign's place in the list):
`first`/`after` page forwards, `last`/`before` backwards, the cursors are opaque (base64 of kind and key),
and `pageInfo` says whether anything lies beyond the window on either side of the whole list.
"""

from __future__ import annotations

import base64
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

import strawberry

from domain.errors import InvalidInputError

MAX_PAGE = 500
DEFAULT_PAGE = 100


@strawberry.type(description="Where a page lies in its connection (the Relay cursor connections specification).")
class PageInfo:
    has_next_page: bool = strawberry.field(description="Whether items follow the last edge of this page.")
    has_previous_page: bool = strawberry.field(description="Whether items precede the first edge of this page.")
    start_cursor: str | None = strawberry.field(description="The first edge's cursor; null on an empty page.")
    end_cursor: str | None = strawberry.field(description="The last edge's cursor; null on an empty page.")


@dataclass(frozen=True)
class Window:
    """The slice `keys[start:stop]` a page shows, with what lies around it."""

    keys: Sequence[int]
    start: int
    stop: int
    kind: str

    @property
    def shown(self) -> Sequence[int]:
        return self.keys[self.start : self.stop]

    def cursor(self, key: int) -> str:
        return cursor_of(self.kind, key)

    def page_info(self) -> PageInfo:
        shown = self.shown
        return PageInfo(
            has_next_page=self.stop < len(self.keys),
            has_previous_page=self.start > 0,
            start_cursor=self.cursor(shown[0]) if shown else None,
            end_cursor=self.cursor(shown[-1]) if shown else None,
        )


def cursor_of(kind: str, key: int) -> str:
    return base64.urlsafe_b64encode(f"{kind}:{key}".encode()).decode()


def key_of(kind: str, cursor: str) -> int:
    try:
        found, _, number = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        if found != kind:
            raise ValueError(found)
        return int(number)
    except ValueError as error:
        raise InvalidInputError(f"not a {kind} cursor from this API: {cursor!r}") from error


def _size(name: str, value: int) -> int:
    if not 1 <= value <= MAX_PAGE:
        raise InvalidInputError(f"{name} must be 1-{MAX_PAGE}, not {value}")
    return value


def window(
    keys: Sequence[int], kind: str, first: int | None, after: str | None, last: int | None, before: str | None
) -> Window:
    """The page of sorted `keys` the Relay arguments ask for: after/before bound it, then first or last cut it."""
    if first is not None and last is not None:
        raise InvalidInputError("give first (with after) or last (with before), not both")
    start = bisect_right(keys, key_of(kind, after)) if after else 0
    stop = bisect_left(keys, key_of(kind, before)) if before else len(keys)
    stop = max(start, stop)
    if last is not None:
        start = max(start, stop - _size("last", last))
    else:
        stop = min(stop, start + _size("first", DEFAULT_PAGE if first is None else first))
    return Window(keys, start, stop, kind)
