"""The one input boundary: what text and structures may reach an event, and how big they may be.

Every transport checks its whole input here before anything runs (GraphQL `service/entrypoints/graphql/core/inputs.py`,
REST `json_body`, `intrigue import`), and the event store checks every event it is about to save
(`service/persistence/storable.py`), so no path can store what PostgreSQL or the read models cannot hold.
"""

from __future__ import annotations

import dataclasses
import math
from enum import Enum
from typing import Any

from domain.errors import InvalidInputError

# Limits, in one place. Characters for text, UTF-8 bytes (roughly, as JSON) for whole structures.
# The REST contract (openapi/openapi.yaml) states the same maxLength, or a stricter one, where it has the field.
NAME_MAX = 200  # names, keys, ids, tags, actors, dice, a roll's purpose: any short text not named below
REASON_MAX = 2_000  # why the GM intervened or rolled a phase back
LONG_TEXT_MAX = 10_000  # narratives, notes, descriptions, summaries
GOSSIP_LINE_MAX = 500  # one line of a turn's public gossip, or its spin (as domain/gm_ledger.py MAX_LINE)
INPUT_MAX_DEPTH = 16  # nesting of one input value (orders are 3 deep)
INPUT_MAX_BYTES = 256_000  # one request's arguments: a map of 500 regions (REST's maxItems) fits
STORED_MAX_DEPTH = 64  # one stored event; orjson refuses to encode past 254, the read side re-encodes
STORED_MAX_BYTES = 8_000_000  # one stored event; a whole aggregate state restored by a rollback fits
INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # orjson (the read side's codec) refuses integers beyond 64 bits

# Fields (by their last name, case and underscores ignored) that hold prose rather than a short name.
LONG_TEXT_FIELDS = frozenset({"narrative", "text", "note", "notes", "description", "summary"})
REASON_FIELDS = frozenset({"reason"})
GOSSIP_FIELDS = frozenset({"lines", "spin"})
# A whole file's text sent as one argument (`importSector`'s Sectors Without Number export): bounded by the request's
# own limit; a bigger file goes through the CLI (`intrigue import-sector`, service/usecases/sector_import.py).
DOCUMENT_FIELDS = frozenset({"sector"})


def max_length(field: str) -> int:
    """The longest text the field may hold, by its last name: `orders.narrative` is prose, `input.name` is not."""
    return _limit(field.rsplit(".", 1)[-1].split("[", 1)[0])


def _limit(leaf: str) -> int:
    leaf = leaf.replace("_", "").lower()
    if leaf in LONG_TEXT_FIELDS:
        return LONG_TEXT_MAX
    if leaf in REASON_FIELDS:
        return REASON_MAX
    if leaf in GOSSIP_FIELDS:
        return GOSSIP_LINE_MAX
    if leaf in DOCUMENT_FIELDS:
        return INPUT_MAX_BYTES
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
    if value.isascii():
        return len(value)
    try:
        return len(value.encode())
    except UnicodeEncodeError:
        raise InvalidInputError(f"{field} must be valid Unicode (no lone surrogates)") from None


def check_json(field: str, value: Any, max_depth: int = INPUT_MAX_DEPTH, max_bytes: int = INPUT_MAX_BYTES) -> None:
    """Refuse an input value (text, numbers, lists, objects) that breaks a text rule, is nested too deep or is
    too big. Each text is held to its own field's length (`max_length`)."""
    _Walk(field, max_depth, max_bytes, lengths=True).value(value, 0)


def check_stored(field: str, value: Any, max_depth: int = STORED_MAX_DEPTH, max_bytes: int = STORED_MAX_BYTES) -> None:
    """Refuse a value about to be stored in an event that PostgreSQL or the read models cannot hold, or that is
    too deep or too big. Text lengths are the transports' to bound; here only the whole counts."""
    _Walk(field, max_depth, max_bytes, lengths=False).value(value, 0)


_SIZES = {bool: 5, type(None): 4}


def _printable(key: str) -> str:
    """A key as an error may name it: short, and escaped where it holds what the key is refused for."""
    short = key if len(key) <= 40 else key[:40] + "..."
    return short.replace("\x00", "\\u0000").encode("utf-8", "backslashreplace").decode()


class _Walk:
    """One walk over a value, counting its size as it goes; stops at the first refusal. The path to the value
    is kept as a stack and spelt out only for an error: this runs on every event the store saves."""

    def __init__(self, field: str, max_depth: int, max_bytes: int, lengths: bool) -> None:
        self.max_depth, self.max_bytes, self.lengths = max_depth, max_bytes, lengths
        self.root = field  # the caller's name for the whole value, printed as it is
        self.path: list[str | int] = []
        self.size = 0

    def field(self) -> str:
        name = self.root
        for part in self.path:
            if isinstance(part, int):
                name += f"[{part}]"
            else:
                name += f".{_printable(part)}" if name else _printable(part)
        return name

    def value(self, value: Any, depth: int) -> None:
        kind = type(value)
        if kind is str:
            self.text(value, self._leaf_limit() if self.lengths else None)
        elif kind is dict:
            self._container(depth)
            path = self.path
            for key, item in value.items():
                path.append(key if type(key) is str else repr(key))
                if type(key) is str:
                    self.text(key, NAME_MAX if self.lengths else None)
                self.value(item, depth + 1)
                path.pop()
        elif kind is list or kind is tuple or kind is set or kind is frozenset:
            self._container(depth)
            path = self.path
            for index, item in enumerate(value):
                path.append(index)
                self.value(item, depth + 1)
                path.pop()
        elif kind is int:
            if not INT_MIN <= value <= INT_MAX:
                raise InvalidInputError(f"{self.field()} is out of range: integers are at most 64 bits")
            self._add(20)
        elif kind in _SIZES:
            self._add(_SIZES[kind])
        else:
            self._other(value, depth)

    def text(self, value: str, limit: int | None) -> None:
        if limit is not None and len(value) > limit:
            raise InvalidInputError(f"{self.field()} is too long: {len(value)} characters, at most {limit}")
        if "\x00" in value or not value.isascii():
            self._add(storable_text(self.field(), value))
        else:
            self._add(len(value))

    def _other(self, value: Any, depth: int) -> None:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidInputError(f"{self.field()} must be a finite number")
            self._add(24)
        elif isinstance(value, Enum):
            self.value(value.value, depth)
        elif isinstance(value, int):  # an int subclass (bool is told above)
            self.value(int(value), depth)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            self._container(depth)
            for item in dataclasses.fields(value):
                self.path.append(item.name)
                self.value(getattr(value, item.name), depth + 1)
                self.path.pop()
        else:  # UUID, datetime, Decimal: the transcoder writes them as short text
            self._add(40)

    def _leaf_limit(self) -> int:
        for part in reversed(self.path):
            if type(part) is str:
                return _limit(part.rsplit(".", 1)[-1])
        return max_length(self.root)

    def _container(self, depth: int) -> None:
        if depth >= self.max_depth:
            raise InvalidInputError(f"{self.field()} is nested too deep: at most {self.max_depth} levels")
        self._add(2)

    def _add(self, size: int) -> None:
        self.size += size + 1
        if self.size > self.max_bytes:
            raise InvalidInputError(f"{self.field()}: the input is too big, at most {self.max_bytes:,} bytes")
