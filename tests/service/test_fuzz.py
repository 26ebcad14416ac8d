"""Fuzzing in the suite (issue 12, section 7): schemathesis against the REST contract and the GraphQL schema.

Each run is deterministic and bounded. Requests come as generated (unseated, any ids) and, mostly, as the GM of
a real campaign of both rule systems, so commands reach the rules. Every answer must be free of server errors
and internal text, agree with `openapi/openapi.yaml` (REST), carry a code on every error (GraphQL), and a
refused request must have written no event.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.python.asgi import shutdown_lifespans

from service.bootstrap import Intrigue
from service.http import create_app
from tests.service.fuzz_world import EventRows, World, build_world
from tests.service.fuzzing import Finding, Findings, check_failures, judge_common, request_summary, run_cases
from tests.service.graphql_fuzz import fuzz_graphql

REST_CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
               response_headers_conformance, positive_data_acceptance, negative_data_rejection]  # fmt: skip
# Examples per operation and pass; sized so both transports together stay within a couple of minutes.
REST_UNSEATED, REST_AS_GM, REST_NEGATIVE = 3, 25, 8
_keys = itertools.count()


@pytest.fixture(scope="module")
def app(intrigue: Intrigue) -> Iterator[Any]:
    yield create_app(intrigue)
    shutdown_lifespans()  # schemathesis keeps each app's lifespan (its read pool) open until told


@pytest.fixture(scope="module")
def world(intrigue: Intrigue) -> World:
    return build_world(intrigue, "fuzzed")


@pytest.fixture(scope="module")
def events(intrigue: Intrigue) -> Iterator[EventRows]:
    counter = EventRows(intrigue)
    yield counter
    counter.close()


def _path_parameters(operation: Any, world: World) -> st.SearchStrategy[dict[str, Any]]:
    """The campaign's own ids for the path, so a GM's request reaches its rules."""
    fixed: dict[str, st.SearchStrategy[Any]] = {"campaign_id": st.just(str(world.campaign_id))}
    if "{faction_id}" in operation.path:
        fixed["faction_id"] = st.sampled_from(world.of("faction"))
    if "{house_id}" in operation.path:
        fixed["house_id"] = st.sampled_from(world.of("house"))
    if "{phase}" in operation.path:
        fixed["phase"] = st.integers(1, 3)
    return st.fixed_dictionaries(fixed)


def _fresh_key(case: Any) -> Any:
    # A reused Idempotency-Key with a different request is refused by design (a 422 the contract states), so a
    # well-formed case gets a key of its own; negative cases keep what was generated.
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = f"fuzz-{next(_keys)}"
    return case


Pass = tuple[st.SearchStrategy[Any], int, bool]  # cases, how many, whether they are negative


def _rest_passes(operation: Any, world: World) -> Iterator[Pass]:
    yield operation.as_strategy(GenerationMode.POSITIVE).map(_fresh_key), REST_UNSEATED, False
    gm = {"Authorization": f"Bearer {world.gm_token}"}
    for mode, examples in ((GenerationMode.POSITIVE, REST_AS_GM), (GenerationMode.NEGATIVE, REST_NEGATIVE)):
        if "{campaign_id}" in operation.path:
            strategy = _path_parameters(operation, world).flatmap(
                lambda path, mode=mode: operation.as_strategy(mode, path_parameters=path, headers=gm)
            )
        else:
            strategy = operation.as_strategy(mode, headers=gm)
        negative = mode is GenerationMode.NEGATIVE
        yield (strategy if negative else strategy.map(_fresh_key)), examples, negative


def _judge_rest(events: EventRows, findings: Findings, case: Any) -> None:
    findings.cases += 1
    response, problems = judge_common(events, case.call, lambda r: r.status_code >= 400)
    problems += check_failures(lambda: case.validate_response(response, checks=REST_CHECKS))
    request = request_summary(case.method, case.formatted_path, case.query, case.body)
    for problem in problems:
        findings.add(Finding("REST", case.operation.label, problem, response.status_code, request,
                             response.text[:300]))  # fmt: skip


def test_generated_rest_requests_find_no_server_error_no_leak_and_no_write_by_a_refusal(
    app: Any, world: World, events: EventRows
) -> None:
    schema = schemathesis.openapi.from_asgi("/api/v1/openapi.yaml", app)
    findings = Findings()
    for result in schema.get_all_operations():
        operation = result.ok()
        for strategy, examples, negative in _rest_passes(operation, world):
            run_cases(strategy, examples, lambda case: _judge_rest(events, findings, case), negative)
    assert not findings.seen, findings.report()


def test_generated_graphql_operations_find_no_internal_error_no_leak_and_no_write_by_a_refusal(
    app: Any, world: World, events: EventRows
) -> None:
    findings = fuzz_graphql(events, app, world)
    assert not findings.seen, findings.report()
