"""Plain JSON that a jsonb column can hold, whatever text the events carry, and the same values read back.

jsonb refuses the character U+0000 and PostgreSQL text refuses unpaired surrogates (which orjson also
refuses to encode), but the event store keeps any string a command once carried. Such a string is written
escaped, never dropped, with an escape that is reversible:

- a string is escaped when it holds U+0000 or an unpaired surrogate, or starts with the marker U+FFFF (a
  noncharacter, which no text is meant to hold: this keeps the escape unambiguous);
- the escaped form is the marker, then the string with `\\` written `\\\\`, U+0000 written `\\0`, and each
  unpaired surrogate written `\\uXXXX` (four lowercase hex digits); dictionary keys alike;
- readers get the original string back (`loads`, registered on every connection the read side opens).

Nesting beyond orjson's limit (254) is written by the standard library's encoder instead. Anything else
that cannot be written raises, and the projection stops only that campaign (projections/failures.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
import psycopg.types.json

MARK = "\uffff"
_MARK_UTF8 = MARK.encode()
_NUL_ESCAPED = b"\\u0000"  # how orjson writes U+0000; a literal "\u0000" in text also matches (then checked)
_UNSAFE = re.compile("[\x00\ud800-\udfff]")
_ESCAPE = re.compile(r"[\\\x00\ud800-\udfff]")
_UNESCAPE = re.compile(r"\\(\\|0|u[0-9a-f]{4})")


def dumps(value: Any) -> bytes:
    """JSON for a jsonb column: orjson's when it is safe as it is, else with unsafe strings escaped (`owned`)."""
    try:
        encoded = orjson.dumps(value)
    except orjson.JSONEncodeError:  # an unpaired surrogate, or nesting deeper than orjson goes
        return _dumps_escaped(value)
    return _dumps_escaped(value) if unsafe(encoded) else owned(encoded)


def owned(encoded: bytes) -> bytes:
    """The same bytes in an object of their own size. Each `orjson.dumps` result keeps the heap block orjson wrote it
    in, about 4 KB however short the JSON, and the next call's block is placed after it: a page keeping thousands
    of them (a state's keys, encoded one by one) touched a fresh page of memory for each, a page fault apiece and
    4 KB of resident memory (issue 31, P6 and P4: 5,200 faults, 9 of the 14 ms of a big resolution's states
    encoded; docs/scaling.md, session 24). A copy lets the next call reuse the block."""
    return bytes(memoryview(encoded))


def as_jsonb(encoded: bytes) -> psycopg.types.json.Jsonb:
    """A jsonb parameter of JSON already encoded (by `dumps`, or of such parts): sent as it is."""
    return psycopg.types.json.Jsonb(encoded, dumps=_as_it_is)


def _as_it_is(encoded: bytes) -> bytes:
    return encoded


def unsafe(encoded: bytes) -> bool:
    """Whether orjson's JSON may hold a string to escape: U+0000, or one that starts with the marker (then checked).
    The marker is not ASCII: JSON that is all ASCII (most is) is not searched for it (issue 31, P6)."""
    return _NUL_ESCAPED in encoded or (not encoded.isascii() and _MARK_UTF8 in encoded)


def _dumps_escaped(value: Any) -> bytes:
    escaped = escape(value)
    try:
        return orjson.dumps(escaped)
    except orjson.JSONEncodeError:  # nesting beyond orjson's limit: the standard encoder, bounded by recursion
        return json.dumps(escaped, ensure_ascii=False, allow_nan=False).encode()


def escape(value: Any) -> Any:
    """The value with every string a jsonb column cannot hold (or that starts with the marker) escaped."""
    kind = type(value)
    if kind is str:
        return _escape_text(value) if _UNSAFE.search(value) or value.startswith(MARK) else value
    if kind is dict:
        return {escape(k): escape(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [escape(v) for v in value]
    return value


def _escape_text(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        char = match.group()
        return "\\\\" if char == "\\" else "\\0" if char == "\x00" else f"\\u{ord(char):04x}"

    return MARK + _ESCAPE.sub(one, text)


def unescape(value: Any) -> Any:
    """The value as it was before `escape`."""
    kind = type(value)
    if kind is str:
        return _unescape_text(value) if value.startswith(MARK) else value
    if kind is dict:
        return {unescape(k): unescape(v) for k, v in value.items()}
    if kind is list:
        return [unescape(v) for v in value]
    return value


def _unescape_text(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        return "\\" if code == "\\" else "\x00" if code == "0" else chr(int(code[1:], 16))

    return _UNESCAPE.sub(one, text[len(MARK) :])


def loads(data: bytes | bytearray | memoryview | str) -> Any:
    """A jsonb value as readers see it: escaped strings given back as they were."""
    if isinstance(data, memoryview):
        data = bytes(data)
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:  # nesting beyond orjson's limit, or numbers it does not take
        value = json.loads(data)
    marked = MARK in data if isinstance(data, str) else _MARK_UTF8 in data
    return unescape(value) if marked else value


def read_back_escaped_text() -> None:
    """Every connection opened from now on in this process reads json and jsonb through `loads`."""
    psycopg.types.json.set_json_loads(loads)
