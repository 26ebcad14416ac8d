"""Which campaigns a kept answer was computed from, so that it is keyed on their positions alone.

A query whose every root field reads one campaign (named by a campaign's id or a member's) is tagged with
those campaigns' own read-model positions (`campaign_position`): a write in another campaign leaves it valid.
A query with a root field over every campaign (`campaigns`), or with nothing but the seat, keeps the position
of the whole read model, as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from uuid import UUID

from graphql import GraphQLError, OperationType, StringValueNode, VariableNode, get_operation_ast

from service.entrypoints.graphql.core.guards import root_fields
from service.entrypoints.graphql.core.parsing import parsed

# Root field -> the argument that names its campaign (the campaign's id, or one of its members').
SCOPED = {
    "campaign": "id",
    "faction": "id",
    "house": "id",
    "factions": "campaignId",
    "houses": "campaignId",
    "areas": "campaignId",
}
SEAT_ONLY = frozenset({"me", "__typename"})
Plan = tuple[tuple[bool, str], ...]  # (is a variable, its name or the literal id) per scoped root field


@lru_cache(maxsize=256)
def _plan(query: str, operation_name: str | None) -> Plan | None:
    try:
        document = parsed(query)
    except (GraphQLError, RecursionError):
        return None
    operation = get_operation_ast(document, operation_name)
    if operation is None or operation.operation is not OperationType.QUERY:
        return None
    plan: list[tuple[bool, str]] = []
    for field in root_fields(document, operation):
        name = field.name.value
        if name in SEAT_ONLY:
            continue
        argument = next((a.value for a in field.arguments or () if a.name.value == SCOPED.get(name)), None)
        if isinstance(argument, VariableNode):
            plan.append((True, argument.name.value))
        elif isinstance(argument, StringValueNode):
            plan.append((False, argument.value))
        else:
            return None
    return tuple(plan) or None


def campaigns_of(query: str, operation_name: str | None, variables: dict[str, Any] | None) -> tuple[UUID, ...] | None:
    """The ids (campaigns' or members') the query's root fields read, sorted; None when it spans campaigns."""
    plan = _plan(query, operation_name)
    if plan is None:
        return None
    try:
        return tuple(sorted({UUID(str((variables or {})[v] if is_variable else v)) for is_variable, v in plan}))
    except (KeyError, ValueError, TypeError, AttributeError):
        return None  # an id missing or malformed: execution refuses it; nothing narrower to key on
