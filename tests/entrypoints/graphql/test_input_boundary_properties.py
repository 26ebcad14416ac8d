"""Issue 12, finding 1, as a property: whatever adversarial text or structure goes into whichever text or JSON
argument of whichever mutation (every one the GraphQL schema has, and every REST command with a body), it is
refused with INVALID_INPUT, nothing is written, and the read model stays at the head of the log."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest
from graphql import (
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLType,
    get_named_type,
    is_enum_type,
    is_leaf_type,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.graphql.schema import schema
from service.entrypoints.rest.contract import check_against
from tests.support.log_head import assert_projection_at_head, event_rows
from tests.support.rest_support import API, bearer, new_campaign

Path = tuple[str | int, ...]
TEXT = ("String",)
STRUCTURED = ("JSON",)
EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _nested(depth: int, leaf: Any) -> Any:
    value = leaf
    for level in range(depth):
        value = {"k": value} if level % 2 else [value]
    return value


def _around(middle: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda a, m, b: a + m + b, st.text(max_size=12), middle, st.text(max_size=12))


# Text PostgreSQL cannot store, or longer than any field may hold (the longest limit is 10,000 characters).
BAD_TEXT = st.one_of(
    _around(st.just("\x00")),
    _around(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)),  # alone: st.text() never draws one
    st.builds(lambda n, c: c * n, st.integers(10_001, 60_000), st.sampled_from("aé字\U0001f3b2")),
)
# Structures too deep, too big, or holding what jsonb or the read side's codec cannot. Depth and size stay
# within what an HTTP body may carry at all (64 levels, 1 MiB), so the boundary, not the server, refuses them.
BAD_STRUCTURE = st.one_of(
    st.builds(_nested, st.integers(17, 50), st.just("x")),
    BAD_TEXT.map(lambda text: {"narrative": text}),
    BAD_TEXT.map(lambda text: {text: 1}),
    BAD_TEXT.map(lambda text: ["fine", {"deeper": [text]}]),
    st.integers(260, 900).map(lambda n: ["x" * 1_000] * n),  # over the 256 kB an input may be
    st.sampled_from([float("nan"), float("inf"), 2**70, -(2**64)]).map(lambda v: {"value": v}),
)


@dataclass(frozen=True)
class Target:
    """One text or JSON position in one command's arguments."""

    command: str
    path: Path
    structured: bool

    def __repr__(self) -> str:
        return f"{self.command}:{'.'.join(map(str, self.path))}"


def _replace(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    copied = dict(value) if isinstance(value, dict) else list(value)
    copied[path[0]] = _replace(value[path[0]], path[1:], new)  # type: ignore[index]
    return copied


def rows_written(intrigue: Intrigue) -> tuple[int, int]:
    with psycopg.connect(intrigue.db.conninfo) as conn:
        seats = conn.execute("SELECT count(*) FROM seats").fetchone()
    assert seats is not None
    return event_rows(intrigue.db), int(seats[0])


# GraphQL: every mutation field, its arguments filled with valid values of their types, each text and JSON
# position a target.
def _valid(kind: GraphQLType, name: str, campaign_id: str, along: Path = ()) -> Any:
    """A valid value of `kind`; of a `@oneOf` input, its one field that `along` (a target's path) goes through,
    or its first."""
    rest = along[1:]
    if isinstance(kind, GraphQLNonNull):
        return _valid(kind.of_type, name, campaign_id, along)
    if isinstance(kind, GraphQLList):
        return [_valid(kind.of_type, name, campaign_id, rest)]
    if isinstance(kind, GraphQLInputObjectType) and kind.is_one_of:
        field = along[0] if along and along[0] in kind.fields else next(iter(kind.fields))
        return {field: _valid(kind.fields[str(field)].type, str(field), campaign_id, rest)}
    if isinstance(kind, GraphQLInputObjectType):
        return {
            field: _valid(f.type, field, campaign_id, rest if along and along[0] == field else ())
            for field, f in kind.fields.items()
        }
    if is_enum_type(kind):
        return next(iter(kind.values))  # type: ignore[attr-defined]
    scalar = get_named_type(kind).name
    if scalar == "UUID":
        return campaign_id if name == "campaignId" else str(uuid.uuid4())
    return {"String": "x", "Int": 1, "Float": 1.0, "Boolean": False, "JSON": {"narrative": "x"}}[scalar]


def _positions(kind: GraphQLType, path: Path) -> list[tuple[Path, bool]]:
    if isinstance(kind, GraphQLNonNull):
        return _positions(kind.of_type, path)
    if isinstance(kind, GraphQLList):
        return _positions(kind.of_type, (*path, 0))
    if isinstance(kind, GraphQLInputObjectType):
        return [p for field, f in kind.fields.items() for p in _positions(f.type, (*path, field))]
    name = get_named_type(kind).name
    return [(path, name in STRUCTURED)] if name in TEXT + STRUCTURED else []


def _document(field: str) -> str:
    definition = schema._schema.mutation_type.fields[field]  # type: ignore[union-attr]
    variables = ", ".join(f"${a}: {arg.type}" for a, arg in definition.args.items())
    arguments = ", ".join(f"{a}: ${a}" for a in definition.args)
    selection = "" if is_leaf_type(get_named_type(definition.type)) else " { __typename }"
    return f"mutation({variables}) {{ {field}({arguments}){selection} }}"


MUTATIONS = schema._schema.mutation_type.fields  # type: ignore[union-attr]
GRAPHQL_TARGETS = [
    Target(field, (argument, *path), structured)
    for field, definition in MUTATIONS.items()
    for argument, arg in definition.args.items()
    for path, structured in _positions(arg.type, ())
]


@pytest.fixture(scope="module")
def gm(client: TestClient) -> tuple[str, str]:
    """A campaign and its GM's token: every guard lets the GM through, so only the input can refuse."""
    campaign, token = new_campaign(client, "Fuzzed")
    return str(campaign["id"]), token


def test_every_mutation_with_text_or_json_is_a_target() -> None:
    commands = {t.command for t in GRAPHQL_TARGETS}
    assert {"createCampaign", "submitFactionOrders", "writeGossip", "rollBackPhase", "createSeat"} <= commands
    assert {"openPhase", "resolvePhase"}.isdisjoint(commands)


def refuses_over_graphql(client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target, bad: Any) -> None:
    """Send the mutation with `bad` at the target: INVALID_INPUT, no data, nothing written, read model at the head."""
    campaign_id, token = gm
    definition = MUTATIONS[target.command]
    variables = {
        a: _valid(arg.type, a, campaign_id, target.path[1:] if a == target.path[0] else ())
        for a, arg in definition.args.items()
    }
    variables = _replace(variables, target.path, bad)
    before = rows_written(intrigue)
    body = json.dumps({"query": _document(target.command), "variables": variables})  # surrogates as escapes
    response = client.post("/graphql", content=body, headers={**bearer(token), "content-type": "application/json"})
    assert response.status_code == 200, response.text
    errors = response.json()["errors"]
    assert [e["extensions"]["code"] for e in errors] == ["INVALID_INPUT"], errors
    assert response.json().get("data") is None
    assert rows_written(intrigue) == before
    assert_projection_at_head(intrigue)


@pytest.mark.parametrize("target", GRAPHQL_TARGETS, ids=repr)
def test_every_text_and_json_argument_of_every_mutation_refuses_nul(
    client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target
) -> None:
    refuses_over_graphql(client, intrigue, gm, target, {"note": "a\x00"} if target.structured else "a\x00")


@EXAMPLES
@given(target=st.sampled_from(GRAPHQL_TARGETS), data=st.data())
def test_graphql_refuses_any_poisoned_argument_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target, data: st.DataObject
) -> None:
    refuses_over_graphql(client, intrigue, gm, target, data.draw(BAD_STRUCTURE if target.structured else BAD_TEXT))


# REST: every command route that takes a body, with a body its contract accepts; each text position a target.
REGION = {
    "name": "r",
    "q": 0,
    "r": 0,
    "population": "Hundreds",
    "tags": ["t"],
    "monster": {"name": "m", "cr": 1, "hp": 1, "hit_dice": "1d8"},
}
# ids are UUIDs in the contract (tests/entrypoints/rest/test_openapi_ids.py)
ID = "00000000-0000-4000-8000-000000000001"
REST_COMMANDS: dict[str, tuple[str, str, str, dict[str, Any]]] = {
    "createCampaign": (
        "POST",
        "/campaigns",
        "CreateCampaign",
        {"name": "x", "rule_systems": ["factionturn"], "dice_seed": "s", "regions": [REGION]},
    ),
    "addRegions": ("POST", "/campaigns/{c}/regions", "AddRegions", {"regions": [REGION]}),
    "importSector": ("POST", "/campaigns/{c}/regions/sector", "SectorImport", {"sector": "{}"}),  # issue 32
    "forkCampaign": ("POST", "/campaigns/{c}/forks", "ForkRequest", {"phase": 1, "name": "n"}),
    "rollDice": ("POST", "/campaigns/{c}/rolls", "RollRequest", {"expression": "1d6", "purpose": "p"}),
    "createSeat": ("POST", "/campaigns/{c}/seats", "SeatRequest", {"role": "observer", "name": "n"}),
    "rollBack": ("POST", "/campaigns/{c}/phases/1/rollback", "RollBackRequest", {"reason": "r"}),
    "submitOrders": (
        "PUT",
        "/campaigns/{c}/factions/{x}/orders",
        "FactionOrders",
        {
            "narrative": "n",
            "goal": {"goal": "military_conquest", "target": ID},
            "raise_ratings": ["force"],
            "defences": [{"region_id": ID, "defender_id": ID}],
            "permissions": [{"faction_id": ID}],
        },
    ),
    "orderHouseAction": (
        "POST",
        "/campaigns/{c}/houses/{x}/actions",
        "HouseOrder",
        {"action": "Assassination", "actor": "a", "target_character": "c", "covered_action_id": ID},
    ),
}


def _text_paths(value: Any, path: Path = ()) -> list[Path]:
    if isinstance(value, str):
        return [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [p for key, item in items for p in _text_paths(item, (*path, key))]


REST_TARGETS = [Target(name, path, False) for name, (*_, body) in REST_COMMANDS.items() for path in _text_paths(body)]


def test_the_rest_bodies_are_ones_the_contract_accepts() -> None:
    for _, _, schema_name, body in REST_COMMANDS.values():
        check_against(schema_name, body)


def refuses_over_rest(client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target, bad: str) -> None:
    """Send the command with `bad` at the target: a 422 INVALID_INPUT problem, nothing written, as GraphQL."""
    campaign_id, token = gm
    method, template, _, valid = REST_COMMANDS[target.command]
    body = json.dumps(_replace(valid, target.path, bad))
    url = API + template.format(c=campaign_id, x=uuid.uuid4())
    before = rows_written(intrigue)
    response = client.request(method, url, content=body, headers={**bearer(token), "content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "INVALID_INPUT"
    assert rows_written(intrigue) == before
    assert_projection_at_head(intrigue)


@pytest.mark.parametrize("target", REST_TARGETS, ids=repr)
def test_every_text_of_every_rest_command_refuses_a_lone_surrogate(
    client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target
) -> None:
    refuses_over_rest(client, intrigue, gm, target, "a\udc80")


@EXAMPLES
@given(target=st.sampled_from(REST_TARGETS), data=st.data())
def test_rest_refuses_any_poisoned_text_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, gm: tuple[str, str], target: Target, data: st.DataObject
) -> None:
    refuses_over_rest(client, intrigue, gm, target, data.draw(BAD_TEXT))
