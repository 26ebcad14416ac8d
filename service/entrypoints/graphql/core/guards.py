"""Schema extensions that guard GraphQL: query size limits, the seat asking, who may call what, idempotency.

The seat named by the request's bearer token is put in `info.context["seat"]` (None when unseated). Who may
call a root field is `POLICY`, derived from the root field's visibility decision (graphql/core/decisions.py), and
checked before any resolver runs.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from enum import Enum
from functools import partial
from typing import Any
from uuid import UUID

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    get_operation_ast,
)
from graphql.utilities import value_from_ast_untyped
from graphql.validation import ASTValidationRule
from strawberry.extensions import AddValidationRules, SchemaExtension
from strawberry.types.graphql import OperationType as StrawberryOperation

from domain.errors import DomainError, ForbiddenError
from domain.seats import Seat, check_gm
from service.entrypoints.graphql.core.expansion import limits_rule
from service.entrypoints.graphql.core.visibility import root_decisions
from service.entrypoints.shared.errors import graphql_extensions
from service.entrypoints.shared.seat_checks import campaign_id_argument, check_gm_or_owner
from service.entrypoints.shared.view_as import asking_seat
from service.usecases.visibility import Decision

# Generous for the GM's and players' screens, small enough that one request cannot make the server walk
# an unbounded tree: depth counts nested selections, tokens the parsed document, aliases repeated fields.
MAX_DEPTH = 10
MAX_TOKENS = 2000
MAX_ALIASES = 15
# The validation cache keys on the rule classes: built per request, they made every request miss the cache and
# validate again. So the rule is built once, here. strawberry's own depth and alias limiters walked every spread
# again, exponential in the fragments (issue 25): these count each fragment once (graphql/core/expansion.py), after
# `BoundedValidation` (in schema.py, before any rule) has refused a document that expands too far.
_RULES: list[type[ASTValidationRule]] = [limits_rule(MAX_DEPTH, MAX_ALIASES)]
LIMIT_RULES = tuple(_RULES)
# MAX_TOKENS bounds every parse of a document (graphql/core/parsing.py, which parses each text once for all).
LIMITS: list[Callable[[], SchemaExtension]] = [partial(AddValidationRules, _RULES)]


# Set only for one HTTP request; a WebSocket's context lives as long as its connection, and resolves per operation.
RESOLVED_SEAT = "resolved_seat"


class Access(Enum):
    ANYONE = "anyone"
    GM = "the campaign's GM"  # the field takes `campaignId`; its bearer token must be that campaign's GM seat
    GM_OR_OWNER = "the GM, or the seat bound to the faction or house"  # takes `campaignId` and `factionId`/`houseId`


# Who may call each root field: derived from its visibility decision, declared once (graphql/core/decisions.py).
# A player may call an `own` field for its own faction or house (`factionId`/`houseId`); a `caller` field answers
# the caller about itself, and a `public` one reads each member through its view (service/usecases/visibility/).
ACCESS: dict[Decision, Access] = {
    Decision.PUBLIC: Access.ANYONE,
    Decision.CALLER: Access.ANYONE,
    Decision.GM: Access.GM,
    Decision.OWN: Access.GM_OR_OWNER,
}
POLICY: dict[OperationType, dict[str, Access]] = {
    operation: {name: ACCESS[d] for name, d in root_decisions(root).items() if d in ACCESS}
    for operation, root in ((OperationType.MUTATION, "Mutation"), (OperationType.QUERY, "Query"))
}


def access_to(operation: OperationType, field: str, arguments: dict[str, Any]) -> Access:
    """A root field's declared access. An undeclared one fails closed: its campaign's GM's, else no one's."""
    declared = POLICY.get(operation, {}).get(field)
    if declared is not None:
        return declared
    if "campaignId" not in arguments:
        raise ForbiddenError(
            f"{operation.value} {field} declares no access policy (service/entrypoints/graphql/core/decisions.py)"
        )
    return Access.GM


def seat(info: Any) -> Seat | None:
    """The seat asking, as resolved by `SeatGuard`."""
    found: Seat | None = info.context.get("seat")
    return found


def error_result(error: DomainError) -> ExecutionResult:
    return ExecutionResult(data=None, errors=[GraphQLError(error.message, extensions=graphql_extensions(error))])


class SeatGuard(SchemaExtension):
    """Resolve the bearer token into `context["seat"]`, then check `POLICY` for every root field, before any runs."""

    async def on_execute(self) -> AsyncIterator[None]:
        ec = self.execution_context
        try:
            if RESOLVED_SEAT in ec.context:  # resolved once already for this HTTP request (graphql/core/answers.py)
                found = ec.context[RESOLVED_SEAT]
            else:  # the bearer token's seat, or the one the GM views the campaign as (reads only)
                reading = ec.operation_type is not StrawberryOperation.MUTATION
                found = await asking_seat(
                    ec.context["intrigue"], ec.context["reads"].pool, ec.context["request"].headers, reading
                )
            ec.context["seat"] = found
            self._authorise(found)
        except DomainError as error:
            ec.result = error_result(error)
        yield

    def _authorise(self, found: Seat | None) -> None:
        for operation, field, arguments in root_arguments(self.execution_context):
            access = access_to(operation, field, arguments)
            if access is Access.GM:
                check_gm(found, campaign_id_argument(arguments), _doing(field))
            elif access is Access.GM_OR_OWNER:
                check_gm_or_owner(found, arguments, _doing(field))


def root_arguments(ec: Any) -> Iterator[tuple[OperationType, str, dict[str, Any]]]:
    """Each root field of the operation that the schema has, with its arguments (variables and defaults filled in)."""
    document = ec.graphql_document
    operation = get_operation_ast(document, ec.operation_name) if document else None
    if document is None or operation is None:
        return  # nothing will run: graphql-core reports it
    root = ec.schema._schema.get_root_type(operation.operation)
    defaults = {
        d.variable.name.value: value_from_ast_untyped(d.default_value)
        for d in operation.variable_definitions or ()
        if d.default_value
    }
    variables = {**defaults, **(ec.variables or {})}
    for node in root_fields(document, operation):
        if root is None or node.name.value not in root.fields:
            continue  # __typename, or a field validation already refused
        arguments = {a.name.value: value_from_ast_untyped(a.value, variables) for a in node.arguments or ()}
        yield operation.operation, node.name.value, arguments


NEW_CAMPAIGN = frozenset({"createCampaign", "forkCampaign"})  # mutations whose command writes a campaign it makes


def named_campaign(ec: Any) -> UUID | None:
    """The one campaign every root field of a mutation names (`campaignId`): its command writes there, and so does
    its idempotency claim (service/persistence/idempotency.py); None when a field names none, or two differ."""
    roots = list(root_arguments(ec))
    if any(name in NEW_CAMPAIGN for _, name, _ in roots):
        return None  # it writes a campaign it makes (a fork names its source): its claim is looked for everywhere
    named = {str(arguments.get("campaignId")) for _, _, arguments in roots}
    try:
        return UUID(named.pop()) if len(named) == 1 else None
    except ValueError:
        return None


def root_fields(document: DocumentNode, operation: OperationDefinitionNode) -> Iterator[FieldNode]:
    """The operation's root fields, fragments included, so a fragment cannot hide a command from `POLICY`."""
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    return _root_fields(operation.selection_set, fragments, set())


def _root_fields(
    selections: SelectionSetNode, fragments: dict[str, FragmentDefinitionNode], spread: set[str]
) -> Iterator[FieldNode]:
    # This runs before validation, which refuses fragment cycles: each fragment is walked once, so a cycle ends.
    for selection in selections.selections:
        if isinstance(selection, FieldNode):
            yield selection
        elif isinstance(selection, InlineFragmentNode):
            yield from _root_fields(selection.selection_set, fragments, spread)
        elif isinstance(selection, FragmentSpreadNode) and (name := selection.name.value) in fragments.keys() - spread:
            spread.add(name)
            yield from _root_fields(fragments[name].selection_set, fragments, spread)


def _doing(field: str) -> str:
    return "".join(f" {c.lower()}" if c.isupper() else c for c in field)
