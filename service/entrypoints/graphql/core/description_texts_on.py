"""`on`: the description registry's entries of one type, as keyword arguments."""

from __future__ import annotations

# A custom action's flag, in its definition and in the GM's input alike.
INFLUENCE_SPENDING = (
    'Whether its FacGold is spent "on bribes and influence" and counts for Legendary Wealth '
    "(seed 002); only a faction's action may be, and none is unless the GM marks it."
)


def on(type_name: str, **fields: str) -> dict[str, str]:
    """`Type.field` entries; an argument as `field__arg` (`Type.field(arg:)`), the type itself as `_`."""
    entries = {}
    for key, text in fields.items():
        name, _, argument = key.partition("__")
        entries[type_name if name == "_" else f"{type_name}.{name}" + (f"({argument}:)" if argument else "")] = text
    return entries
