"""Reading a JSON form (an order as a client sends it) into typed values, strictly.

Each reader names the field it refuses (`orders.action.strikes[0].attacker_id`), so a client sees which part
of a form is wrong: an unknown key, a missing one, a wrong type, a list too long. Nothing is coerced: `"3"`
is not an integer and `1` is not a boolean, because a silently coerced order is not the order that was meant.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from domain.errors import InvalidInputError

MAX_ITEMS = 100  # any list in an order (the contract's maxItems)
MAX_ID = 100  # an id or a table key (the contract's maxLength)


def kind_of(value: object) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def fields(data: object, where: str, allowed: Collection[str], required: Collection[str] = ()) -> Mapping[str, Any]:
    """`data` as an object holding only `allowed` keys and every `required` one."""
    if not isinstance(data, Mapping):
        raise InvalidInputError(f"{where} must be an object, not {kind_of(data)}")
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise InvalidInputError(f"{where}.{unknown[0]} is not a field here; the fields are {sorted(allowed)}")
    missing = [k for k in required if k not in data]
    if missing:
        raise InvalidInputError(f"{where}.{missing[0]} is required")
    return data


def text(data: Mapping[str, Any], key: str, where: str, default: str = "", limit: int = MAX_ID) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise InvalidInputError(f"{where}.{key} must be text, not {kind_of(value)}")
    if len(value) > limit:
        raise InvalidInputError(f"{where}.{key} is longer than {limit} characters")
    return value


def integer(data: Mapping[str, Any], key: str, where: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{where}.{key} must be an integer, not {kind_of(value)}")
    if not low <= value <= high:
        raise InvalidInputError(f"{where}.{key} must be {low}-{high}, not {value}")
    return value


def flag(data: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidInputError(f"{where}.{key} must be true or false, not {kind_of(value)}")
    return value


def items(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """A list field (absent or null: empty), at most MAX_ITEMS long."""
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise InvalidInputError(f"{where}.{key} must be a list, not {kind_of(value)}")
    if len(value) > MAX_ITEMS:
        raise InvalidInputError(f"{where}.{key} holds more than {MAX_ITEMS} items")
    return list(value)


def texts(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    found = items(data, key, where)
    for index, value in enumerate(found):
        if not isinstance(value, str) or len(value) > MAX_ID:
            raise InvalidInputError(
                f"{where}.{key}[{index}] must be text of at most {MAX_ID} characters, not {kind_of(value)}"
            )
    return tuple(found)


def choice(data: Mapping[str, Any], key: str, where: str, options: Collection[str], default: str = "") -> str:
    value = text(data, key, where, default)
    if value != default and value not in options:
        raise InvalidInputError(f"{where}.{key} must be one of {sorted(options)}, not {value!r}")
    return value
