"""Helpers for the REST tests: check a real response against the contract, and make a campaign with its GM."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from starlette.testclient import TestClient

from service.entrypoints.rest.contract import contract

API = "/api/v1"
_URI = "urn:intrigue:openapi-test"


def _template_of(path: str) -> str:
    relative = path.split("?")[0].removeprefix(API)
    for template in contract()["paths"]:
        if re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", template), relative):
            return template
    raise AssertionError(f"{path} is not in the contract")


def conforms(response: httpx.Response) -> httpx.Response:
    """Assert the response's status, media type and body are ones the contract documents for its operation."""
    template = _template_of(response.request.url.path)
    operation = contract()["paths"][template][response.request.method.lower()]
    documented = operation["responses"].get(str(response.status_code))
    assert documented is not None, f"{response.status_code} is not documented for {template}: {response.text}"
    if "$ref" in documented:
        documented = contract()["components"]["responses"][documented["$ref"].rsplit("/", 1)[-1]]
    media_type = response.headers["content-type"].split(";")[0]
    assert media_type in documented["content"], f"{media_type} is not documented for {template}"
    if media_type in ("application/json", "application/problem+json"):
        _validate(documented["content"][media_type]["schema"]["$ref"].rsplit("/", 1)[-1], response.json())
    return response


def audit_line_conforms(line: str) -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(line)
    _validate("AuditEvent", entry)
    return entry


def _validate(schema_name: str, value: Any) -> None:
    registry: Registry[Any] = Registry().with_resource(_URI, Resource.from_contents(contract(), DRAFT202012))
    schema = {"$ref": f"{_URI}#/components/schemas/{schema_name}"}
    Draft202012Validator(schema, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER).validate(value)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_campaign(client: TestClient, name: str = "Via REST", **body: Any) -> tuple[dict[str, Any], str]:
    """Create a campaign over REST; return its body and the GM's token."""
    response = conforms(client.post(f"{API}/campaigns", json={"name": name, "rule_systems": ["factionturn"], **body}))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created["campaign"], created["token"]
