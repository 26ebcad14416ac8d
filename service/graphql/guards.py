"""Schema extensions that guard GraphQL: query size limits, the seat asking, who may call what, idempotency.

The seat named by the request's bearer token is put in `info.context["seat"]` (None when unseated). Who may
call a root field is declared in `POLICY`, in this one place, and checked before its resolver runs.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from enum import Enum
from functools import partial
from typing import Any
from uuid import UUID

from graphql import ExecutionResult, GraphQLError, GraphQLResolveInfo, OperationType
from starlette.concurrency import run_in_threadpool
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter, SchemaExtension
from strawberry.types.graphql import OperationType as StrawberryOperation

from domain.errors import DomainError, ForbiddenError
from domain.seats import Seat, check_gm
from service.errors import graphql_extensions
from service.idempotency import fingerprint

# Generous for the GM's and players' screens, small enough that one request cannot make the server walk
# an unbounded tree: depth counts nested selections, tokens the parsed document, aliases repeated fields.
MAX_DEPTH = 10
MAX_TOKENS = 2000
MAX_ALIASES = 15
LIMITS: list[Callable[[], SchemaExtension]] = [
    partial(QueryDepthLimiter, max_depth=MAX_DEPTH),
    partial(MaxTokensLimiter, max_token_count=MAX_TOKENS),
    partial(MaxAliasesLimiter, max_alias_count=MAX_ALIASES),
]


class Access(Enum):
    ANYONE = "anyone"
    GM = "the campaign's GM"  # the field takes `campaignId`; its bearer token must be that campaign's GM seat
    GM_OR_OWNER = "the GM, or the seat bound to the faction or house"  # takes `campaignId` and `factionId`/`houseId`


POLICY: dict[OperationType, dict[str, Access]] = {
    OperationType.MUTATION: {
        "createCampaign": Access.ANYONE,  # its caller becomes the new campaign's GM
        "addRegions": Access.GM,
        "openPhase": Access.GM,
        "resolvePhase": Access.GM,
        "rollBackPhase": Access.GM,
        "createSeat": Access.GM,
        "submitFactionOrders": Access.GM_OR_OWNER,  # seed 002: orders come from the GM or the faction's player
    },
    OperationType.QUERY: {
        "events": Access.GM,  # the audit trail holds every secret
        "seats": Access.GM,
        "campaignAsOf": Access.GM,  # rebuilt state, unfiltered: every secret as it stood
    },
}


def access_to(operation: OperationType, field: str, arguments: dict[str, Any]) -> Access:
    """A root field's declared access. An undeclared mutation on a campaign is the GM's; other reads are open."""
    declared = POLICY.get(operation, {}).get(field)
    if declared is not None:
        return declared
    if operation is OperationType.MUTATION:
        if "campaignId" not in arguments:
            raise ForbiddenError(f"mutation {field} declares no access policy (service/graphql/guards.py)")
        return Access.GM
    return Access.ANYONE


def seat(info: Any) -> Seat | None:
    """The seat asking, as resolved by `SeatGuard`."""
    found: Seat | None = info.context.get("seat")
    return found


def _error_result(error: DomainError) -> ExecutionResult:
    return ExecutionResult(data=None, errors=[GraphQLError(error.message, extensions=graphql_extensions(error))])


class SeatGuard(SchemaExtension):
    """Resolve the bearer token into `context["seat"]`, and check `POLICY` before each root field runs."""

    async def on_execute(self) -> AsyncIterator[None]:  # type: ignore[override]
        context = self.execution_context.context
        request = context["request"]
        try:
            context["seat"] = await run_in_threadpool(
                context["intrigue"].seats.resolve, request.headers.get("authorization")
            )
        except DomainError as error:
            self.execution_context.result = _error_result(error)
        yield

    def resolve(self, _next: Any, root: Any, info: GraphQLResolveInfo, *args: Any, **kwargs: Any) -> Any:
        if info.path.prev is None:  # a root field: check who may call it
            try:
                access = access_to(info.operation.operation, info.field_name, kwargs)
                if access is Access.GM:
                    campaign_id = kwargs["campaignId"]
                    check_gm(info.context.get("seat"), UUID(str(campaign_id)), _doing(info.field_name))
                elif access is Access.GM_OR_OWNER:
                    check_gm_or_owner(info.context.get("seat"), kwargs, _doing(info.field_name))
            except DomainError as error:
                raise GraphQLError(error.message, extensions=graphql_extensions(error)) from error
        return _next(root, info, *args, **kwargs)


def check_gm_or_owner(found: Seat | None, kwargs: dict[str, Any], doing: str) -> None:
    owned = kwargs.get("factionId") or kwargs.get("houseId")
    if found is not None and owned is not None and UUID(str(owned)) in (found.faction_id, found.house_id):
        return
    check_gm(found, UUID(str(kwargs["campaignId"])), doing)


def _doing(field: str) -> str:
    return "".join(f" {c.lower()}" if c.isupper() else c for c in field)


class IdempotentMutations(SchemaExtension):
    """An `Idempotency-Key` header on a mutation: a retry answers the first result and writes nothing new."""

    async def on_execute(self) -> AsyncIterator[None]:  # type: ignore[override]
        ec = self.execution_context
        key = ec.context["request"].headers.get("idempotency-key")
        if key is None or ec.result is not None or ec.operation_type is not StrawberryOperation.MUTATION:
            yield
            return
        found = ec.context.get("seat")
        scope = f"seat:{found.id}" if found else "unseated"
        print_ = fingerprint("graphql", ec.query or "", ec.operation_name or "",
                             json.dumps(ec.variables or {}, sort_keys=True, default=str))  # fmt: skip
        async with AsyncExitStack() as stack:
            try:
                claim = await stack.enter_async_context(ec.context["intrigue"].idempotency.claim(scope, key, print_))
            except DomainError as error:
                ec.result = _error_result(error)
                yield
                return
            if claim.stored is not None:
                ec.result = _replay(claim.stored)
            yield
            if claim.stored is None and isinstance(ec.result, ExecutionResult) and _worth_keeping(ec.result):
                await claim.save({"data": ec.result.data, "errors": [e.formatted for e in ec.result.errors or []]})


def _worth_keeping(result: ExecutionResult) -> bool:
    """Keep refusals and successes; a lost race (CONFLICT) or an unexpected error may succeed on retry."""
    codes = [(e.extensions or {}).get("code") for e in result.errors or []]
    return all(code is not None and code != "CONFLICT" for code in codes)


def _replay(stored: dict[str, Any]) -> ExecutionResult:
    errors = [GraphQLError(e["message"], path=e.get("path"), extensions=e.get("extensions")) for e in stored["errors"]]
    return ExecutionResult(data=stored["data"], errors=errors or None)
