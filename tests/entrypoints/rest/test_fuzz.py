"""Fuzzing in the suite (issue 12, section 7): schemathesis against the REST contract and the GraphQL schema.

Each run is deterministic and bounded. Requests come as generated (unseated, any ids) and, mostly, as the GM or
a player seat of a real campaign of both rule systems, so commands reach the rules. Every answer must be free of
server errors and internal text, agree with `openapi/openapi.yaml` (REST), carry a code on every error (GraphQL), and a
refused request must have written no event.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import shutdown_lifespans
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.entrypoints.rest.interventions import INTERVENTIONS
from service.persistence import database
from service.persistence.database import Database
from tests.entrypoints.rest.fuzzing import Finding, Findings, check_failures, judge_common, request_summary, run_cases
from tests.entrypoints.rest.graphql_fuzz import fuzz_graphql
from tests.support.fuzz_world import EventRows, World, build_world, internal_text

REST_CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    positive_data_acceptance,
    negative_data_rejection,
]
# Examples per operation and pass; sized so both transports together stay within a couple of minutes.
REST_UNSEATED, REST_AS_GM, REST_NEGATIVE, REST_AS_PLAYER = 3, 40, 12, 8
# The GM's interventions are fifteen routes of one handler (service/entrypoints/rest/interventions.py): fewer
# examples each, so the whole contract stays within the budget.
INTERVENTION_EXAMPLES = {REST_AS_GM: 12, REST_NEGATIVE: 6, REST_AS_PLAYER: 3}
# Where a well-formed request may still be refused (422) for what the campaign holds, which no schema can
# state: a hex already mapped, a phase not yet played, orders naming assets, goals or people it does not have.
# Every other operation must accept what its schema accepts (positive_data_acceptance).
REFUSED_BY_STATE = {
    "POST /campaigns": "two regions of the new map may name the same hex (uniqueness by field is not JSON Schema)",
    "POST /campaigns/{campaign_id}/regions": "a hex may already hold a region",
    "POST /campaigns/{campaign_id}/phases/{phase}/rollback": "the phase may not have been played",
    "PUT /campaigns/{campaign_id}/factions/{faction_id}/orders": "orders name the faction's assets and rivals",
    "POST /campaigns/{campaign_id}/houses/{house_id}/actions": "an action names the house's people and targets",
    "POST /campaigns/{campaign_id}/factions": "its starting assets must be rated for and its home unclaimed",
    "POST /campaigns/{campaign_id}/factions/examples": "a preset's assets need regions the map may not have",
    "POST /campaigns/{campaign_id}/factions/generated": "each needs a settled region without a faction home",
    "POST /campaigns/{campaign_id}/houses": "a house's name, people and areas may already be taken",
    # Issue 32: a fork names a phase the campaign must have resolved; a sector is a JSON export inside a string,
    # which no schema of that string states; a webhook's address must parse as an absolute http(s) URL with a host,
    # which a string's format only approximates.
    "POST /campaigns/{campaign_id}/forks": "the phase must be one the campaign has resolved",
    "POST /campaigns/{campaign_id}/regions/sector": "the text must be a Sectors Without Number export",
    "POST /campaigns/{campaign_id}/webhooks": "the address must be an absolute http(s) URL with a host",
    # The GM's interventions name assets, people, pending actions and custom types the campaign may not have,
    # and some happen once a phase (a monster's move and attack).
    **{
        f"POST /campaigns/{{campaign_id}}/interventions/{name}": "it names what the campaign may not hold"
        for name in INTERVENTIONS
    },
}
# Body fields that name a member of the campaign, filled from the world in the seated, well-formed requests.
MEMBER_FIELDS = {
    "faction_id": "faction",
    "house_id": "house",
    "target_house_id": "house",
    "actor": "character",
    "region_id": "region",
    "to_area_id": "region",
    "asset_id": "asset",
    "target_faction_id": "faction",
    "target_asset_id": "asset",
    "attacker_id": "asset",
    "area_ids": "region",
    "from_faction_id": "faction",
    "to_faction_id": "faction",
    "home_region_id": "region",
    "area_id": "region",
}


@pytest.fixture(scope="module")
def fuzzed(admin_db: Database) -> Iterator[Intrigue]:
    """A store of the fuzzing's own: what it writes (and anything a defect breaks) stays out of other tests."""
    name = f"intrigue_fuzz_{uuid.uuid4().hex[:12]}"
    system = Intrigue(database.create_database(admin_db, name))
    yield system
    system.close()
    database.drop_database(admin_db, name)


@pytest.fixture
def app(fuzzed: Intrigue) -> Iterator[Any]:
    """An app per test: schemathesis keeps an app's lifespan (its read pool) open until told, and cannot start
    it again once stopped."""
    yield create_app(fuzzed)
    shutdown_lifespans()


@pytest.fixture(scope="module")
def world(fuzzed: Intrigue) -> World:
    return build_world(fuzzed, "fuzzed")


@pytest.fixture(scope="module")
def events(fuzzed: Intrigue) -> Iterator[EventRows]:
    counter = EventRows(fuzzed)
    yield counter
    counter.close()


def _path_parameters(operation: Any, world: World) -> st.SearchStrategy[dict[str, Any]]:
    """The campaign's own ids for the path, so a seated request reaches its rules."""
    fixed: dict[str, st.SearchStrategy[Any]] = {"campaign_id": st.just(str(world.campaign_id))}
    if "{faction_id}" in operation.path:
        fixed["faction_id"] = st.sampled_from(world.of("faction"))
    if "{house_id}" in operation.path:
        fixed["house_id"] = st.sampled_from(world.of("house"))
    if "{phase}" in operation.path:
        fixed["phase"] = st.integers(1, 3)
    return st.fixed_dictionaries(fixed)


def _in_world(world: World) -> Any:
    def rewrite(drawn: tuple[Any, Random]) -> Any:
        case, random = drawn
        if isinstance(case.body, dict):
            case.body = _members(case.body, world, random)
        return _fresh_key(case)

    return rewrite


def _members(value: Any, world: World, random: Random) -> Any:
    if isinstance(value, list):
        return [_members(v, world, random) for v in value]
    if not isinstance(value, dict):
        return value
    swapped = {}
    for key, item in value.items():
        kind = MEMBER_FIELDS.get(key)
        if kind and isinstance(item, str):
            swapped[key] = random.choice(world.of(kind))
        elif kind and isinstance(item, list) and all(isinstance(i, str) for i in item):
            swapped[key] = [random.choice(world.of(kind)) for _ in item]
        else:
            swapped[key] = _members(item, world, random)
    return swapped


def _fresh_key(case: Any) -> Any:
    # A reused Idempotency-Key with a different request is refused by design (a 422 the contract states), so a
    # well-formed case gets a key of its own; negative cases keep what was generated.
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())  # random, as an unseated key must be (key_randomness.py)
    return case


Pass = tuple[st.SearchStrategy[Any], int, bool]  # cases, how many, whether they are negative


def _rest_passes(operation: Any, world: World) -> Iterator[Pass]:
    yield operation.as_strategy(GenerationMode.POSITIVE).map(_fresh_key), REST_UNSEATED, False
    seats = [(world.gm_token, GenerationMode.POSITIVE, REST_AS_GM)]
    seats += [(world.gm_token, GenerationMode.NEGATIVE, REST_NEGATIVE)]
    seats += [(token, GenerationMode.POSITIVE, REST_AS_PLAYER) for token in world.player_tokens.values()]
    if "/interventions/" in operation.path:
        seats = [(token, mode, INTERVENTION_EXAMPLES[examples]) for token, mode, examples in seats]
    for token, mode, examples in seats:
        seat = {"Authorization": f"Bearer {token}"}
        if "{campaign_id}" in operation.path:
            strategy = _path_parameters(operation, world).flatmap(
                lambda path, mode=mode, seat=seat: operation.as_strategy(mode, path_parameters=path, headers=seat)
            )
        else:
            strategy = operation.as_strategy(mode, headers=seat)
        negative = mode is GenerationMode.NEGATIVE
        in_world = st.tuples(strategy, st.randoms(use_true_random=False)).map(_in_world(world))
        yield (strategy if negative else in_world), examples, negative


def _judge_rest(events: EventRows, findings: Findings, case: Any) -> None:
    findings.cases += 1
    findings.sent.append(f"{case.formatted_path} {case.query} {case.body} {json.dumps(case.body, default=str)}")
    response, problems = judge_common(events, case.call, lambda r: r.status_code >= 400, findings.sent)
    checks = REST_CHECKS
    if response.status_code == 422 and case.operation.label in REFUSED_BY_STATE:
        checks = [c for c in REST_CHECKS if c is not positive_data_acceptance]
    if response.status_code == 413:  # a body over the server's limit is refused before its schema is read
        checks = [c for c in checks if c is not negative_data_rejection]
    problems += check_failures(lambda: case.validate_response(response, checks=checks))
    if response.status_code < 300:
        findings.succeeded(case.operation.label)
    request = request_summary(case.method, case.formatted_path, case.query, case.body)
    for problem in problems:
        findings.add(Finding("REST", case.operation.label, problem, response.status_code, request, response.text[:300]))


@pytest.mark.slow  # a whole fuzz run: `make test-slow`, which .ci/run runs (README, "How long each command takes")
@pytest.mark.timeout(600)  # 47 operations since issue 17's REST parity, on a machine that may be shared
def test_generated_rest_requests_find_no_server_error_no_leak_and_no_write_by_a_refusal(
    app: Any, world: World, events: EventRows
) -> None:
    schema = schemathesis.openapi.from_asgi("/api/v1/openapi.yaml", app)
    # The contract refuses NUL in any text (its description says so; JSON Schema has no short way to).
    schema.config.generation.update(allow_x00=False)
    findings = Findings()
    for result in schema.get_all_operations():
        operation = result.ok()
        for strategy, examples, negative in _rest_passes(operation, world):
            run_cases(strategy, examples, lambda case: _judge_rest(events, findings, case), negative)
    assert not findings.seen, findings.report()


@pytest.mark.slow  # a whole fuzz run: `make test-slow`, which .ci/run runs (README, "How long each command takes")
@pytest.mark.timeout(600)  # every root field, phaseSummary's nested reports among them, on a machine that may be shared
def test_generated_graphql_operations_find_no_internal_error_no_leak_and_no_write_by_a_refusal(
    app: Any, world: World, events: EventRows
) -> None:
    findings = fuzz_graphql(events, app, world)
    assert not findings.seen, findings.report()


@pytest.mark.parametrize(
    "answer",
    [
        "'list' object has no attribute 'get'",
        "'StateView' object has no attribute '_sql'",
        "too many clients already",
        "terminating connection due to administrator command",
        "DETAIL:  Key (id)=(1) already exists.",
        "malformed Refit Asset order: RefitAsset.__init__() missing 1 required positional argument: 'type_key'",
    ],
)
def test_the_leak_detector_knows_the_internal_text_issue_12_saw(answer: str) -> None:
    assert internal_text(answer, sent=[]) is not None


@pytest.mark.parametrize(
    "answer",
    [
        "unknown action 'Dance'; choose from ['Assault']",
        "no campaign with id 'x'",
        "a region needs a name",
        "phase 2 has not been played; the campaign is in phase 1",
        "a seat may not do this: FORBIDDEN",
    ],
)
def test_the_leak_detector_passes_the_rules_own_words_and_echoes_of_the_request(answer: str) -> None:
    assert internal_text(answer, sent=[]) is None
    echoed = "KeyError: SELECT 1 FROM x"
    assert internal_text(f"unknown action {echoed!r}", sent=["{}", f'{{"action": "{echoed}"}}']) is None


class _Answer:
    def __init__(self, status_code: int, text: str) -> None:
        self.status_code, self.text = status_code, text


@pytest.mark.parametrize(("written", "status", "found"), [(1, 422, True), (0, 422, False), (2, 201, False)])
def test_a_refusal_that_wrote_events_is_a_finding(written: int, status: int, found: bool) -> None:
    rows = iter([10, 10 + written])
    _, problems = judge_common(lambda: next(rows), lambda: _Answer(status, "{}"), lambda r: r.status_code >= 400, [])  # type: ignore[arg-type]
    assert bool(problems) is found
