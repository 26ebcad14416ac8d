"""A public state as reading back its row gives it, decoded from the page's own JSON (issue 31, P6: the standings).

The standings' composer (projections/standings.py) took each changed member's state from the row the page had just
written (`SELECT state || recent`), decoding JSON the page itself had encoded. What a reader gets from a row is the
value the page encoded, as jsonb keeps it and `jsonsafe.loads` gives it back:
- every object's keys in jsonb's order (`jsonb_order`): shorter (in UTF-8 bytes) first, equal lengths by their bytes
  (PostgreSQL's `lengthCompareJsonbStringValue`);
- arrays, strings, booleans and null as they were, and integers as they were where orjson wrote them (up to 64 bits);
- a number as PostgreSQL's `numeric` writes it again: one orjson wrote in plain notation (`0.5`, `12.0`, `0.000099`)
  reads back as it was written, but one it wrote with an exponent (`1e16`, `1e-7`) or `-0.0` may read back otherwise
  (an integer, `0.0`); NaN and the infinities, which orjson writes as null, read back as None, as decoding gives.

`as_read_back` decodes the page's JSON where orjson wrote it as it is (no text escaped, projections/jsonsafe.py: the
page knows, projections/public_states.py) and holds no number of the second kind: the value reading back gives, but
for its objects' key order, which is the page's. Its reader must not depend on that order (the standings' composer
puts the one it follows, a faction's assets by id, in jsonb's: session 24). Elsewhere None: that member is read back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import orjson

# A number orjson wrote with an exponent (`1e16`, `1.5e-7`: a lower-case `e`, a sign or a digit, digits, and the
# number ends: orjson writes no space, so `,`, `]` or `}` follows), or `-0.0`. Searched from the `e` (an id's hex
# digits are followed by more, `-` or `"`): a fifth of the time a search from the number's start took (issue 31, P6).
# Text holding the same bytes matches too: that state is read back, as it would have been.
_EXPONENT = re.compile(rb"e[-+0-9][0-9]*[,\]}]")
_NEGATIVE_ZERO = re.compile(rb"[\[:,]-0\.0[,\]}]")


def as_read_back(json: bytes) -> dict[str, Any] | None:
    """The value reading back a row written from `json` gives, its objects' keys in `json`'s order; None where a
    number may read back otherwise. `json` must be orjson's own, unescaped, of an object."""
    if _EXPONENT.search(json) is not None or (b"-0.0" in json and _NEGATIVE_ZERO.search(json) is not None):
        return None
    return orjson.loads(json)  # type: ignore[no-any-return]


def jsonb_order(keys: Iterable[str]) -> list[str]:
    """The keys in the order jsonb keeps an object's: UTF-8 length, then bytes (for valid UTF-8, code point order is
    byte order, so equal lengths compare as text)."""
    return sorted(keys, key=lambda k: (len(k) if k.isascii() else len(k.encode()), k))
