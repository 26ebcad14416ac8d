"""An aggregate's public state as the state read model keeps it (plain JSON with its public properties' values), the
campaign it belongs to, and a jsonb parameter (projections/state.py writes them)."""

from __future__ import annotations

from functools import cache
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from psycopg.types.json import Jsonb

from projections import jsonsafe
from projections.codec import plain

_SKIP = frozenset({"pending_events"})
_AS_IS = frozenset({str, int, float, bool, type(None)})  # plain JSON as they are (projections/codec.py `plain`)


@cache
def _properties(kind: type) -> tuple[str, ...]:
    return tuple(
        name
        for name in dir(kind)
        if not name.startswith("_") and name not in _SKIP and isinstance(getattr(kind, name, None), property)
    )


def campaign_of(aggregate: Any) -> UUID:
    """The campaign an aggregate belongs to (a campaign belongs to itself)."""
    campaign_id = getattr(aggregate, "campaign_id", aggregate.id)
    return campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id))


def jsonb(value: Any) -> Jsonb:
    """A jsonb parameter encoded now (so a value that cannot be encoded fails here, not mid-statement), with
    the text jsonb cannot hold escaped (projections/jsonsafe.py)."""
    return jsonsafe.as_jsonb(jsonsafe.dumps(value))


def public_state(aggregate: Aggregate) -> dict[str, Any]:
    """Attributes and property values, as plain JSON. A scalar is kept without a call, and the `id` and `version`
    properties are set, not computed and then set again (a rebuild builds thousands of these: issue 31, item 3)."""
    as_is = _AS_IS
    state = {k: v if type(v) in as_is else plain(v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    for name in _properties(type(aggregate)):
        if name == "id" or name == "version":
            state[name] = None  # its place among the keys, as before; set below
            continue
        try:
            value = getattr(aggregate, name)
            state[name] = value if type(value) in as_is else plain(value)
        except Exception:  # a property that cannot be computed is left out of the view
            continue
    state["id"], state["version"] = str(aggregate.id), aggregate.version
    return state
