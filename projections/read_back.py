"""A public state as reading its row back gives it, made from the page's own dict (issue 31, P6: the standings).

The standings' composer (projections/standings.py) took each changed member's state from the row the page had just
written (`SELECT state || recent`), decoding JSON the page itself had encoded. What a reader gets from a row is the
value the page encoded, as jsonb keeps it and `jsonsafe.loads` gives it back:
- every object's keys in jsonb's order: shorter (in UTF-8 bytes) first, equal lengths by their bytes (PostgreSQL's
  `lengthCompareJsonbStringValue`); the composer's output follows that order (a faction's assets, by id);
- arrays, strings, booleans and null as they were, and integers as they were where orjson wrote them (up to 64 bits);
- a number as PostgreSQL's `numeric` writes it again: a float orjson wrote in plain notation (`0.5`, `12.0`) reads
  back as the same float, but one it wrote with an exponent (`1e+16`, `1e-7`), `-0.0`, or NaN and the infinities
  (which orjson writes as null) may read back otherwise (an integer, `0.0`, None).

`as_read_back` makes the first from a state that orjson encoded as it is (no text escaped, projections/jsonsafe.py:
the page knows, projections/public_states.py), and returns None where it holds a float of the last kind: that member
is read back as before.
"""

from __future__ import annotations

from typing import Any

_SCALARS = frozenset({str, int, bool, type(None)})  # as they are (see above: the page's JSON was orjson's own)
# orjson writes a float in plain notation at least within [1e-4, 1e16) (and 0.0), which `numeric` writes again as it
# was: a float outside is not taken (one with a negative exponent would read back the same, but need not be shown to).
_PLAIN_FLOATS = (1e-4, 1e16)


# The jsonb order of the keys of each shape of object met (a dataclass's fields, a state's keys: few shapes, most
# objects), sorted once; dropped whole when this many (a faction's assets by id are a shape each).
_ORDERS: dict[tuple[str, ...], tuple[str, ...]] = {}
_KEPT_ORDERS = 4_096


class _NotKept(Exception):
    """A value that may not read back as it is."""


def as_read_back(state: dict[str, Any]) -> dict[str, Any] | None:
    """The state as reading back its row gives it (keys in jsonb's order, in new dicts and lists), or None where a
    float may not read back the same. `state` must be one whose JSON orjson wrote unescaped."""
    try:  # jsonb's order: UTF-8 length, then bytes (for valid UTF-8, code point order is byte order)
        return _object(state)
    except _NotKept:
        return None


def _object(value: dict[str, Any]) -> dict[str, Any]:
    scalars = _SCALARS
    keys = tuple(value)
    order = _ORDERS.get(keys)
    if order is None:
        order = tuple(k for _, k in sorted([(len(k) if k.isascii() else len(k.encode()), k) for k in keys]))
        if len(_ORDERS) >= _KEPT_ORDERS:
            _ORDERS.clear()
        _ORDERS[keys] = order
    return {k: v if type(v := value[k]) in scalars else _value(v) for k in order}


def _value(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return _object(value)
    if kind is list:
        scalars = _SCALARS
        return [v if type(v) in scalars else _value(v) for v in value]
    if kind is float:
        low, high = _PLAIN_FLOATS
        if low <= abs(value) < high or (value == 0.0 and str(value) == "0.0"):
            return value
    raise _NotKept
