"""Mutations answer what they committed, and an `Idempotency-Key` makes a retry answer the first result and never
write twice (service/persistence/idempotency.py); the key's claim is looked up in the campaign the mutation names."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

from graphql import ExecutionResult, GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType as StrawberryOperation

from domain.errors import DomainError
from service.entrypoints.graphql.core.guards import error_result, named_campaign
from service.persistence import idempotency, outcomes
from service.persistence.idempotency import fingerprint


class IdempotentMutations(SchemaExtension):
    """Every mutation's answer says what it committed: `extensions` carry `readsMayLag` and `position` when the read
    models had not caught up. With an `Idempotency-Key` header, a retry answers the first result and never writes
    twice (service/persistence/idempotency.py)."""

    async def on_execute(self) -> AsyncIterator[None]:
        ec = self.execution_context
        if ec.result is not None or ec.operation_type is not StrawberryOperation.MUTATION:
            yield
            return
        key = ec.context["request"].headers.get("idempotency-key")
        found = ec.context.get("seat")
        try:
            scope = None if key is None else idempotency.scope_of(found.id if found else None, key)
        except DomainError as error:
            ec.result = error_result(error)
            yield
            return
        if key is None or scope is None:
            with outcomes.tracking() as outcome:
                yield
            _tell(ec, outcome)
            return
        print_ = fingerprint(
            "graphql",
            ec.query or "",
            ec.operation_name or "",
            json.dumps(ec.variables or {}, sort_keys=True, default=str),
        )
        async with AsyncExitStack() as stack:
            try:
                claims = ec.context["intrigue"].idempotency.claim(
                    ec.context["claims"], scope, key, print_, named_campaign(ec)
                )
                claim = await stack.enter_async_context(claims)
            except DomainError as error:
                ec.result = error_result(error)
                yield
                return
            if claim.stored is not None:
                ec.result = _replay(claim.stored)
                ec.extensions_results.update(claim.stored.get("extensions") or {})
                yield
                return
            if claim.unanswered:  # committed, but the server stopped before its answer was kept
                ec.result = ExecutionResult(data=None)
                ec.extensions_results.update(_committed(claim.committed_at))
                yield
                return
            with claim.running() as outcome:
                yield
            result = ec.result
            _tell(ec, outcome)
            if isinstance(result, ExecutionResult) and (outcome.committed or _worth_keeping(result)):
                # A committed command's answer is always kept, beside the claim its events committed.
                await claim.save(
                    {
                        "data": result.data,
                        "errors": [e.formatted for e in result.errors or []],
                        "extensions": dict(ec.extensions_results),
                    }
                )


def _tell(ec: Any, outcome: outcomes.Outcome) -> None:
    """Say in the answer's `extensions` what the client must know: reads may lag, and that the command was
    committed even though an error follows (so no answer reads as "nothing happened")."""
    failed = isinstance(ec.result, ExecutionResult) and bool(ec.result.errors)
    committed = {"committed": True, "position": outcome.position} if outcome.committed and failed else {}
    ec.extensions_results.update({**outcome.lag_extensions(), **committed})


# Answers that say "nothing was done, try again": a lost race, or the database unreachable (a failover). Kept under
# the key, every retry would be answered the same, for good (issue 27, item 5: writes succeed again after one).
TRANSIENT = frozenset({"CONFLICT", "UNAVAILABLE"})


def _worth_keeping(result: ExecutionResult) -> bool:
    """Keep refusals and successes; a transient refusal or an unexpected error may succeed on retry."""
    codes = [(e.extensions or {}).get("code") for e in result.errors or []]
    return all(code is not None and code not in TRANSIENT for code in codes)


def _replay(stored: dict[str, Any]) -> ExecutionResult:
    errors = [GraphQLError(e["message"], path=e.get("path"), extensions=e.get("extensions")) for e in stored["errors"]]
    return ExecutionResult(data=stored["data"], errors=errors or None)


def _committed(position: int | None) -> dict[str, Any]:
    """The `extensions` of a retry whose command committed while its answer was lost: not run again, said so."""
    return {
        "committed": True,
        "position": position,
        "readsMayLag": True,
        "answerKept": False,
        "detail": idempotency.ANSWER_LOST,
    }
