"""A keyed GraphQL mutation answered UNAVAILABLE (the database away: a failover) or CONFLICT is not kept under its
Idempotency-Key, so its retry runs again; refusals and successes are kept (issue 27, item 5). `make test-ha` found
the UNAVAILABLE answer kept: every retry of a write sent during a failover was answered 503 for good."""

from __future__ import annotations

from graphql import ExecutionResult, GraphQLError

from service.entrypoints.graphql.core.idempotent import _worth_keeping


def answered(*codes: str | None) -> ExecutionResult:
    errors = [GraphQLError("x", extensions={"code": code} if code else None) for code in codes]
    return ExecutionResult(data=None, errors=errors or None)


def test_a_transient_answer_is_not_kept() -> None:
    assert not _worth_keeping(answered("UNAVAILABLE"))
    assert not _worth_keeping(answered("CONFLICT"))
    assert not _worth_keeping(answered("RULE_VIOLATION", "UNAVAILABLE"))
    assert not _worth_keeping(answered(None))  # an error without a code: unexpected, may succeed on retry


def test_a_refusal_or_a_success_is_kept() -> None:
    assert _worth_keeping(answered("RULE_VIOLATION"))
    assert _worth_keeping(answered("INVALID_INPUT", "NOT_FOUND"))
    assert _worth_keeping(ExecutionResult(data={"openPhase": {"phase": 1}}))
