"""The contract itself: a valid OpenAPI 3.1 document, and a bounded schemathesis run against the real app."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.entrypoints.rest.contract import contract
from tests.support.rest_support import new_campaign

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
# Deterministic and bounded, so `make test` stays fast and a failure reproduces: the same examples every run.
FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def test_the_contract_is_a_valid_openapi_3_1_document() -> None:
    validate(contract())
    assert contract()["openapi"].startswith("3.1")


@pytest.mark.slow  # a whole fuzz run: `make test-slow`, which .ci/run runs (README, "How long each command takes")
def test_generated_requests_find_no_server_error_and_no_answer_outside_the_contract(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign, gm = new_campaign(client, "fuzzed", regions=[{"name": "Home", "q": 0, "r": 0}])
    schema = schemathesis.openapi.from_asgi("/api/v1/openapi.yaml", create_app(intrigue))
    operations = [result.ok() for result in schema.get_all_operations()]
    documented = {f"{m.upper()} {p}" for p, ms in contract()["paths"].items() for m in ms if m != "parameters"}
    assert {o.label for o in operations} == documented - {"GET /openapi.yaml"}  # the document it was loaded from
    gm_of_it = {"path_parameters": {"campaign_id": campaign["id"]}, "headers": {"Authorization": f"Bearer {gm}"}}
    for operation in operations:
        # As generated (unseated, any campaign id), then inside one campaign as its GM, so commands reach the rules.
        passes: list[tuple[dict[str, Any], int]] = [({}, 2)]
        if "{campaign_id}" in operation.path:
            passes.append((gm_of_it, 6))
        for fixed, examples in passes:

            @settings(FUZZ, max_examples=examples)
            @given(case=operation.as_strategy(**fixed))
            def answers_within_the_contract(case: Any) -> None:
                case.call_and_validate(checks=CHECKS)

            answers_within_the_contract()
