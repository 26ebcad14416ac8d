"""The one input boundary: what text and structures may reach an event, and how big they may be.

Every transport checks its whole input here before anything runs (GraphQL `service/graphql/inputs.py`, REST
`json_body`, `intrigue import`), and the event store checks every event it is about to save
(`service/storable.py`), so no path can store what PostgreSQL or the read models cannot hold.
"""

from __future__ import annotations

import dataclasses
import math
from enum import Enum
from typing import Any

from domain.errors import InvalidInputError

# Limits, in one place. Characters for text, UTF-8 bytes (roughly, as JSON) for whole structures.
# The REST contract (openapi/openapi.yaml) states the same maxLength for the fields it has.
NAME_MAX = 200  # names, keys, ids, tags, actors, dice, a roll's purpose: any short text not named below
REASON_MAX = 2_000  # why the GM intervened or rolled a phase back
LONG_TEXT_MAX = 10_000  # narratives, notes, descriptions, summaries
GOSSIP_LINE_MAX = 500  # one line of a turn's public gossip, or its spin (as domain/gm_ledger.py MAX_LINE)
INPUT_MAX_DEPTH = 16  # nesting of one input value (orders are 3 deep)
INPUT_MAX_BYTES = 1_000_000  # one request's arguments: a map of a few thousand regions fits
STORED_MAX_DEPTH = 64  # one stored event; orjson refuses to encode past 254, the read side re-encodes
STORED_MAX_BYTES = 8_000_000  # one stored event; a whole aggregate state restored by a rollback fits
INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # orjson (the read side's codec) refuses integers beyond 64 bits

# Fields (by their last name, case and underscores ignored) that hold prose rather than a short name.
LONG_TEXT_FIELDS = frozenset({"narrative", "text", "note", "notes", "description", "summary"})
REASON_FIELDS = frozenset({"reason"})
GOSSIP_FIELDS = frozenset({"lines", "spin"})


def max_length(field: str) -> int:
    """The longest text the field may hold, by its last name: `orders.narrative` is prose, `input.name` is not."""
    leaf = field.rsplit(".", 1)[-1].split("[", 1)[0].replace("_", "").lower()
    if leaf in LONG_TEXT_FIELDS:
        return LONG_TEXT_MAX
    if leaf in REASON_FIELDS:
        return REASON_MAX
    if leaf in GOSSIP_FIELDS:
        return GOSSIP_LINE_MAX
    return NAME_MAX


def check_text(field: str, value: str, max_len: int | None = None) -> int:
    """Refuse text PostgreSQL cannot store (NUL, lone surrogates) or longer than the field allows; its UTF-8 size."""
    limit = max_length(field) if max_len is None else max_len
    if len(value) > limit:
        raise InvalidInputError(f"{field} is too long: {len(value)} characters, at most {limit}")
    return storable_text(field, value)


def storable_text(field: str, value: str) -> int:
    """Refuse text PostgreSQL text and jsonb cannot hold; return its size in UTF-8 bytes."""
    if "\x00" in value:
        raise InvalidInputError(f"{field} may not contain NUL characters (\\u0000)")
    try:
        return len(value.encode())
    except UnicodeEncodeError:
        raise InvalidInputError(f"{field} must be valid Unicode (no lone surrogates)") from None


def check_json(field: str, value: Any, max_depth: int = INPUT_MAX_DEPTH, max_bytes: int = INPUT_MAX_BYTES) -> None:
    """Refuse an input value (text, numbers, lists, objects) that breaks a text rule, is nested too deep or is
    too big. Each text is held to its own field's length (`max_length`)."""
    _Walk(max_depth, max_bytes, lengths=True).value(field, value, 0)


def check_stored(field: str, value: Any, max_depth: int = STORED_MAX_DEPTH, max_bytes: int = STORED_MAX_BYTES) -> None:
    """Refuse a value about to be stored in an event that PostgreSQL or the read models cannot hold, or that is
    too deep or too big. Text lengths are the transports' to bound; here only the whole counts."""
    _Walk(max_depth, max_bytes, lengths=False).value(field, value, 0)


class _Walk:
    """One walk over a value, counting its size as it goes; stops at the first refusal."""

    def __init__(self, max_depth: int, max_bytes: int, lengths: bool) -> None:
        self.max_depth, self.max_bytes, self.lengths = max_depth, max_bytes, lengths
        self.size = 0

    def value(self, field: str, value: Any, depth: int) -> None:
        kind = type(value)
        if kind is str:
            self._add(field, check_text(field, value) if self.lengths else storable_text(field, value))
        elif kind is dict:
            self._container(field, depth)
            for key, item in value.items():
                name = (f"{field}.{key}" if field else key) if type(key) is str else f"{field}[{key!r}]"
                if type(key) is str:
                    self._add(name, check_text(name, key, NAME_MAX) if self.lengths else storable_text(name, key))
                self.value(name, item, depth + 1)
        elif kind is list or kind is tuple or kind is set or kind is frozenset:
            self._container(field, depth)
            for index, item in enumerate(value):
                self.value(f"{field}[{index}]", item, depth + 1)
        else:
            self._scalar(field, value, depth)

    def _scalar(self, field: str, value: Any, depth: int) -> None:
        if isinstance(value, bool) or value is None:
            self._add(field, 5)
        elif isinstance(value, int):
            if not INT_MIN <= value <= INT_MAX:
                raise InvalidInputError(f"{field} is out of range: integers are at most 64 bits")
            self._add(field, 20)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidInputError(f"{field} must be a finite number")
            self._add(field, 24)
        elif isinstance(value, Enum):
            self.value(field, value.value, depth)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            self._container(field, depth)
            for item in dataclasses.fields(value):
                self.value(f"{field}.{item.name}", getattr(value, item.name), depth + 1)
        else:  # UUID, datetime, Decimal: the transcoder writes them as short text
            self._add(field, 40)

    def _container(self, field: str, depth: int) -> None:
        if depth >= self.max_depth:
            raise InvalidInputError(f"{field} is nested too deep: at most {self.max_depth} levels")
        self._add(field, 2)

    def _add(self, field: str, size: int) -> None:
        self.size += size + 1
        if self.size > self.max_bytes:
            raise InvalidInputError(f"{field}: the input is too big, at most {self.max_bytes:,} bytes")
