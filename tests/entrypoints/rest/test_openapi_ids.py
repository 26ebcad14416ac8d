"""Every id the REST contract carries is `format: uuid` (issue 17, items 2 and 9; the brief: ids are UUIDs): in
every request body, response, path and query parameter, at any depth, as GraphQL types them `UUID`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from service.entrypoints.rest.contract import CONTRACT_PATH

# A name that says it holds an id: `id`, `…_id`, `…Id`; and lists of them: `ids`, `…_ids`, `…Ids`.
ONE_ID = re.compile(r"^id$|_id$|[a-z]Id$")
MANY_IDS = re.compile(r"^ids$|_ids$|[a-z]Ids$")
# Ids named otherwise: a Faction Turn order's factions whose Seize Region it allows, a goal's target (a faction or
# region), both `UUID` in GraphQL.
ALSO_IDS = {"FactionOrders.allow_seizure": MANY_IDS, "GoalChoice.target": ONE_ID}
# Ids that are not an entity's, and why.
NOT_UUID = {
    "Problem.request_id": "the request's correlation id: the client may choose it (X-Request-Id, ^[\\w.-]{1,64}$)",
}


def _resolve(spec: dict[str, Any], schema: Any) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        node: Any = spec
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def is_uuid(spec: dict[str, Any], schema: Any) -> bool:
    """`format: uuid`, alone or beside null (a type list, or a oneOf/anyOf whose other branches are null)."""
    schema = _resolve(spec, schema)
    if not isinstance(schema, dict):
        return False
    if schema.get("format") == "uuid":
        return True
    for key in ("oneOf", "anyOf"):
        if key in schema:
            branches = [b for b in (_resolve(spec, b) for b in schema[key]) if b.get("type") != "null"]
            return bool(branches) and all(is_uuid(spec, b) for b in branches)
    return False


def _is_refinement(schema: Any) -> bool:
    """In an if/then/else branch, a property that names no type only narrows the one its object declares."""
    return isinstance(schema, dict) and "type" not in schema and "format" not in schema and "$ref" not in schema


def _slots(node: Any, where: str, in_branch: bool = False) -> Iterator[tuple[str, str, Any, bool]]:
    """Every property and parameter of the document: (where, name, schema, inside an if/then/else branch)."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            for name, schema in node["properties"].items():
                yield where, name, schema, in_branch
        if "in" in node and "name" in node and "schema" in node:  # a parameter
            yield where, str(node["name"]), node["schema"], False
        for key, value in node.items():
            yield from _slots(value, f"{where}/{key}", in_branch or key in ("if", "then", "else"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _slots(value, f"{where}[{index}]", in_branch)


def _short(where: str, name: str) -> str:
    """`/components/schemas/Problem/properties` and `request_id` -> `Problem.request_id`."""
    parts = [p for p in where.split("/") if p and p not in ("components", "schemas", "properties", "items")]
    return ".".join([*parts[:1], *[p for p in parts[1:] if not p.startswith(("oneOf", "allOf", "anyOf"))], name])


def ids_not_uuid(spec: dict[str, Any]) -> list[str]:
    wrong = []
    for where, name, schema, in_branch in _slots(spec, ""):
        short = _short(where, name)
        many = MANY_IDS.search(name) or ALSO_IDS.get(short) is MANY_IDS
        one = not many and (ONE_ID.search(name) or ALSO_IDS.get(short) is ONE_ID)
        if not (one or many) or short in NOT_UUID or (in_branch and _is_refinement(schema)):
            continue
        resolved = _resolve(spec, schema)
        if many:
            holds = isinstance(resolved, dict) and resolved.get("type") == "array" and is_uuid(spec, resolved["items"])
        else:
            holds = is_uuid(spec, schema)
        if not holds:
            wrong.append(f"{where} {name}: {schema}")
    return wrong


def contract() -> dict[str, Any]:
    spec: dict[str, Any] = yaml.safe_load(CONTRACT_PATH.read_text(encoding="utf-8"))
    return spec


def test_every_id_in_the_rest_contract_is_a_uuid() -> None:
    wrong = ids_not_uuid(contract())
    assert not wrong, "ids without `format: uuid` in openapi/openapi.yaml:\n" + "\n".join(wrong)


def test_the_walk_reaches_every_kind_of_place_an_id_sits() -> None:
    """The walk's control: an id left a plain string is found in a body, a nested list, a parameter, a branch."""
    spec = contract()
    found = {_short(w, n) for w, n, _, _ in _slots(spec, "")}
    assert {
        "Problem.request_id",
        "Strike.attacker_id",
        "AbilityUse.carried_ids",
        "FactionOrders.allow_seizure",
        "GoalChoice.target",
        "HouseOrder.area_ids",
    } <= found
    assert all(n in found for n in NOT_UUID) and all(n in found for n in ALSO_IDS)
    planted = {
        "paths": {"/x/{thing_id}": {"parameters": [{"name": "thing_id", "in": "path", "schema": {"type": "string"}}]}},
        "components": {
            "schemas": {
                "A": {
                    "properties": {
                        "id": {"type": "string"},
                        "rival_ids": {"type": "array", "items": {"type": "string"}},
                        "ownerId": {"type": ["string", "null"]},
                        "fine_id": {"$ref": "#/components/schemas/U"},
                        "strikes": {"items": {"properties": {"target_id": {"maxLength": 100}}}},
                    },
                    "allOf": [
                        {"if": {}, "then": {"properties": {"id": {"minLength": 1}, "to_id": {"type": "string"}}}}
                    ],
                },
                "U": {"type": "string", "format": "uuid"},
            }
        },
    }
    wrong = {line.split(": ")[0].rsplit(" ", 1)[1] for line in ids_not_uuid(planted)}
    assert wrong == {"thing_id", "id", "rival_ids", "ownerId", "target_id", "to_id"}


def test_no_description_is_split_into_a_key_of_its_own() -> None:
    """An unquoted comma in a flow mapping (`{type: string, description: a, b}`) makes `b` a key of its own."""

    def split(node: Any, where: str) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if value is None and " " in str(key):
                    yield f"{where}: {key!r}"
                yield from split(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from split(value, f"{where}[{index}]")

    assert not list(split(contract(), "")), "quote the descriptions in openapi/openapi.yaml"
