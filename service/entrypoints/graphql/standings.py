"""The standings clients read most (a campaign's factions, houses or areas), answered without graphql-core's
field-by-field execution.

graphql-core resolves and completes each field of an answer one at a time, about 3 µs apiece: 100 factions of
20 assets are 25,000 fields, most of a request's cost. A query of one such root field whose selections are
plain fields is answered here instead: the root is read and shaped by the very function its resolver calls (so
through the same visibility views, service/usecases/visibility/views.py), then the selection is copied out of the
typed objects by a plan made once per document, with each leaf serialized by its GraphQL scalar. Anything
else, or any failure, goes through the normal execution, which then answers as it always did.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any
from uuid import UUID

import orjson
from graphql import (
    FieldNode,
    GraphQLEnumType,
    GraphQLError,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLScalarType,
    OperationDefinitionNode,
    OperationType,
    get_operation_ast,
    print_ast,
    specified_rules,
    validate,
)
from graphql.execution.values import get_argument_values, get_variable_values

from domain.errors import DomainError
from domain.seats import Seat
from projections.standings import COMPOSERS
from service.entrypoints.graphql.core.expansion import refusal
from service.entrypoints.graphql.core.guards import LIMIT_RULES
from service.entrypoints.graphql.core.parsing import parsed
from service.entrypoints.graphql.factionturn.factions import factions_seen
from service.entrypoints.graphql.gameofbones.houses import areas_seen, houses_seen
from service.entrypoints.graphql.schema import schema
from service.persistence.queries import ReadModelReads
from service.usecases.visibility import Reader, reader_of

Root = Callable[[ReadModelReads, Seat | None, UUID], Awaitable[list[Any]]]
ROOTS: dict[str, Root] = {"factions": factions_seen, "houses": houses_seen, "areas": areas_seen}
_BACKREF = "strawberry-definition"


class _NotPlain(Exception):
    """The answer needs the normal execution (a null where none may be, a value the plan cannot copy)."""


@dataclass(frozen=True)
class _Field:
    key: str  # the response key
    get: Callable[[Any], Any] | None  # the value from its object: the attribute, or a plain resolver's call
    nullable: bool
    many: bool
    serialize: Callable[[Any], Any] | None  # a leaf's scalar; None for an object, copied by `inner`
    inner: tuple[_Field, ...] = ()
    name: str = "__typename"  # the type's field (its python name) the value is read from


# Hashed by identity (`plan_of` keeps one per document): hashing its AST for `_precomputed`'s cache on every request
# cost about a tenth of a small standings answer's CPU (docs/scaling.md, "The standings' request path").
@dataclass(frozen=True, eq=False)
class _Plan:
    root: str
    key: str
    operation: OperationDefinitionNode
    fields: tuple[_Field, ...]
    selection: str  # the root field's selection, printed: a precomputed answer is of one selection


@lru_cache(maxsize=256)
def plan_of(query: str, operation_name: str | None) -> _Plan | None:
    """How to copy the answer out of the root's objects; None when the query is not plain standings."""
    try:
        document = parsed(query)
    except (GraphQLError, RecursionError):
        return None
    operation = get_operation_ast(document, operation_name)
    if operation is None or operation.operation is not OperationType.QUERY or operation.directives:
        return None
    if refusal(document) is not None or validate(schema._schema, document, [*specified_rules, *LIMIT_RULES]):
        return None
    selections = operation.selection_set.selections
    if len(selections) != 1 or not isinstance(node := selections[0], FieldNode) or node.name.value not in ROOTS:
        return None
    if node.directives:
        return None
    field = schema._schema.query_type.fields[node.name.value]  # type: ignore[union-attr]
    try:
        fields = _fields(_unwrapped(field.type), node)
    except _NotPlain:
        return None
    assert node.selection_set is not None
    return _Plan(node.name.value, (node.alias or node.name).value, operation, fields, print_ast(node.selection_set))


def _unwrapped(kind: GraphQLOutputType) -> Any:
    while isinstance(kind, GraphQLNonNull | GraphQLList):
        kind = kind.of_type
    return kind


def _fields(kind: GraphQLObjectType, node: FieldNode) -> tuple[_Field, ...]:
    assert node.selection_set is not None  # validation: an object's field has a selection
    fields = []
    for selection in node.selection_set.selections:
        if not isinstance(selection, FieldNode) or selection.directives or selection.arguments:
            raise _NotPlain
        fields.append(_field(kind, selection))
    return tuple(fields)


def _field(parent: GraphQLObjectType, node: FieldNode) -> _Field:
    key = (node.alias or node.name).value
    if node.name.value == "__typename":
        return _Field(key, None, False, False, lambda _: parent.name)
    definition = parent.fields[node.name.value]
    backref = definition.extensions.get(_BACKREF)
    resolver = getattr(backref, "base_resolver", None)
    if backref is None or (
        resolver is not None and (resolver.arguments or resolver.is_async or resolver.info_parameter is not None)
    ):
        raise _NotPlain
    kind, nullable, many = definition.type, True, False
    if isinstance(kind, GraphQLNonNull):
        kind, nullable = kind.of_type, False
    if isinstance(kind, GraphQLList):
        kind, many = kind.of_type, True
        if not isinstance(kind, GraphQLNonNull):
            raise _NotPlain  # lists of nullable items: none in these types
        kind = kind.of_type
    get = attrgetter(backref.python_name) if resolver is None else resolver
    if isinstance(kind, GraphQLObjectType):
        return _Field(key, get, nullable, many, None, _fields(kind, node), backref.python_name)
    if isinstance(kind, GraphQLEnumType):
        return _Field(key, get, nullable, many, kind.serialize, name=backref.python_name)
    if not isinstance(kind, GraphQLScalarType):
        raise _NotPlain  # unions, interfaces: none in these types
    return _Field(key, get, nullable, many, _serializer(kind), name=backref.python_name)


def _serializer(kind: GraphQLScalarType) -> Callable[[Any], Any]:
    """The scalar's serialize, skipped for a value that is already what it would answer (most leaves)."""
    serialize, same = kind.serialize, _ALREADY.get(kind.name)
    if same is None:
        return serialize
    return lambda value: value if same(value) else serialize(value)


_ALREADY: dict[str, Callable[[Any], bool]] = {
    "Int": lambda v: type(v) is int and -(2**31) <= v < 2**31,
    "String": lambda v: type(v) is str,
    "Boolean": lambda v: type(v) is bool,
}


def copy_out(plan: _Plan, source: Any) -> dict[str, Any]:
    """One element of the root's answer: the plan's selection copied out of one of the root's objects."""
    return _copy(plan.fields, source)


def copy_in(fields: tuple[_Field, ...], source: Any) -> dict[str, Any]:
    """One nested object's part of an element: `fields` (a plan's field's `inner`) copied out of `source`."""
    return _copy(fields, source)


def _copy(fields: tuple[_Field, ...], source: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields:
        if f.get is None:  # __typename
            out[f.key] = f.serialize(source)  # type: ignore[misc]
            continue
        value = f.get(source)
        if value is None:
            if not f.nullable:
                raise _NotPlain
            out[f.key] = None
        elif f.many:
            out[f.key] = [f.serialize(v) for v in value] if f.serialize else [_copy(f.inner, v) for v in value]
        else:
            out[f.key] = f.serialize(value) if f.serialize else _copy(f.inner, value)
    return out


async def standings(
    reads: ReadModelReads, seat: Seat | None, query: str, operation_name: str | None, variables: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The answer's `data`, or None when the normal execution must answer (not plain standings, or an error)."""
    plan = plan_of(query, operation_name)
    if plan is None:
        return None
    try:
        campaign_id = _campaign_id(plan, variables or {})
        if _precomputed(plan):
            reader, owned = reader_of(seat, campaign_id)
            sent = await reads.standings_answer(campaign_id, plan.root, reader is Reader.GM, owned)
            if sent is not None:  # the bytes the copy below would send, kept by the projection
                return {plan.key: orjson.Fragment(sent)}
        rows = await ROOTS[plan.root](reads, seat, campaign_id)
        return {plan.key: [_copy(plan.fields, row) for row in rows]}
    except (DomainError, GraphQLError, _NotPlain, KeyError):
        return None


@lru_cache(maxsize=256)
def _precomputed(plan: _Plan) -> bool:
    """Whether the projection keeps this plan's answer (projections/standings.py): its selection is the one kept."""
    composer = COMPOSERS.get(plan.root)
    kept = plan_of(composer.document, None) if composer is not None else None
    return kept is not None and kept.selection == plan.selection


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _campaign_id(plan: _Plan, variables: dict[str, Any]) -> Any:
    """The root's `campaignId` argument, its variables coerced as graphql-core coerces them; kept per plan and
    variables when these are JSON scalars (a campaign's id), since coercing them again gives the same value
    (docs/scaling.md, "The standings' request path, session 14"). Raises `_NotPlain` or graphql-core's errors."""
    if all(type(value) in _SCALARS for value in variables.values()):  # the type too: 1, 1.0 and True hash alike
        return _kept_campaign_id(plan, tuple((name, type(value), value) for name, value in variables.items()))
    return _coerced_campaign_id(plan, variables)


@lru_cache(maxsize=1024)
def _kept_campaign_id(plan: _Plan, variables: tuple[tuple[str, type, Any], ...]) -> Any:
    return _coerced_campaign_id(plan, {name: value for name, _, value in variables})


def _coerced_campaign_id(plan: _Plan, variables: dict[str, Any]) -> Any:
    coerced = get_variable_values(schema._schema, plan.operation.variable_definitions or [], variables)
    if isinstance(coerced, list):
        raise _NotPlain
    node = plan.operation.selection_set.selections[0]
    assert isinstance(node, FieldNode)
    definition = schema._schema.query_type.fields[plan.root]  # type: ignore[union-attr]
    return get_argument_values(definition, node, coerced)["campaignId"]
