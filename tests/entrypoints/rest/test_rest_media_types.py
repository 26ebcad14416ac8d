"""REST bodies are JSON (issue 25, item 8): a POST, PUT or PATCH whose body is sent as anything but
`application/json` (or a `+json` type) is refused 415 as an RFC 9457 problem, and nothing is written."""

from __future__ import annotations

import json
from uuid import UUID, uuid4

import httpx
import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from service.bootstrap import Intrigue
from tests.entrypoints.http.test_idempotency import named
from tests.entrypoints.rest.test_rest_in_shape import problem_of
from tests.support.rest_support import API, bearer, conforms, new_campaign


def _created(client: TestClient, name: str, content_type: str | None, **headers: str) -> httpx.Response:
    body = json.dumps({"name": name, "rule_systems": ["factionturn"]})
    typed = {} if content_type is None else {"content-type": content_type}
    return conforms(client.post(f"{API}/campaigns", content=body, headers=typed | headers))


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonp", None],
)
def test_a_body_that_is_not_sent_as_json_is_refused_415_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, content_type: str | None
) -> None:
    name = f"typed {uuid4()}"
    refused = problem_of(_created(client, name, content_type), 415)
    assert refused["code"] == "UNSUPPORTED_MEDIA_TYPE" and "application/json" in refused["detail"]
    assert named(intrigue, name) == []


@pytest.mark.parametrize(
    "content_type", ["application/json", "Application/JSON; charset=utf-8", "application/vnd.intrigue+json"]
)
def test_json_and_json_suffixed_types_are_read(client: TestClient, intrigue: Intrigue, content_type: str) -> None:
    name = f"typed {uuid4()}"
    assert _created(client, name, content_type).status_code == 201
    assert len(named(intrigue, name)) == 1


def test_a_put_with_a_form_body_is_refused_and_a_command_with_no_body_needs_no_type(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign, gm = new_campaign(client)
    base = f"{API}/campaigns/{campaign['id']}"
    form = client.put(
        f"{base}/factions/{uuid4()}/orders",
        content="narrative=onward",
        headers={**bearer(gm), "content-type": "application/x-www-form-urlencoded"},
    )
    assert problem_of(conforms(form), 415)["code"] == "UNSUPPORTED_MEDIA_TYPE"
    assert conforms(client.post(f"{base}/phases", headers=bearer(gm))).status_code == 201  # no body at all
    assert intrigue.store.load(UUID(campaign["id"]), Campaign).phase == 1


def test_a_refusal_for_its_type_is_not_kept_under_the_key_so_the_corrected_retry_runs(
    client: TestClient, intrigue: Intrigue
) -> None:
    name, key = f"typed {uuid4()}", str(uuid4())
    keyed = {"Idempotency-Key": key}
    assert _created(client, name, "text/plain", **keyed).status_code == 415
    assert _created(client, name, "application/json", **keyed).status_code == 201
    assert len(named(intrigue, name)) == 1
