"""The canary crawl's walkers: every query field by introspection, every REST GET of the OpenAPI, every
subscription and the errors a seat can provoke, each answer handed to a check for markers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from starlette.testclient import TestClient

from tests.entrypoints.graphql.canary_world import Canary

OPENAPI = Path(__file__).resolve().parents[3] / "openapi" / "openapi.yaml"
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
DEPTH = 4
HARVEST = 40  # ids found in earlier answers that later `id` arguments try, at most
REST_PREFIX = "/api/v1"  # service/entrypoints/http.py mounts the REST app here

TYPE_REF = "kind name ofType { kind name ofType { kind name ofType { kind name } } }"
INTROSPECT = f"""{{ __schema {{ queryType {{ name }} mutationType {{ name }} subscriptionType {{ name }}
  types {{ kind name fields {{ name args {{ name defaultValue type {{ {TYPE_REF} }} }}
  type {{ {TYPE_REF} }} }} }} }} }}"""

Check = Callable[[str, Any, str], None]  # (where, answer, what was sent)


def schema(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    body = client.post("/graphql", json={"query": INTROSPECT}, headers=headers).json()
    assert "errors" not in body, body
    return body["data"]["__schema"]  # type: ignore[no-any-return]


def named(ref: dict[str, Any]) -> dict[str, Any]:
    while ref.get("ofType"):
        ref = ref["ofType"]
    return ref


def required(ref: dict[str, Any]) -> bool:
    return ref["kind"] == "NON_NULL"


def selection(types: dict[str, Any], type_name: str, depth: int) -> str:
    """Every field of an object type without required arguments, nested objects down to `depth`."""
    parts = []
    for f in types[type_name]["fields"] or []:
        if any(required(a["type"]) and a["defaultValue"] is None for a in f["args"]):
            continue
        inner = named(f["type"])
        if inner["kind"] in ("OBJECT", "INTERFACE"):
            if depth > 1:
                parts.append(f"{f['name']} {{ {selection(types, inner['name'], depth - 1)} }}")
        else:
            parts.append(f["name"])
    return " ".join(parts) or "__typename"


def _values(arg: dict[str, Any], field: str, canary: Canary, harvested: list[str]) -> list[Any]:
    name, ids = arg["name"], canary.ids
    if name == "campaignId":
        return ids["campaign"]
    if name in ("factionId", "fromFactionId", "toFactionId"):
        return ids["faction"]
    if name == "houseId":
        return ids["house"]
    if name == "phase":
        return [1, 2]
    if name == "id":
        kind = {"campaign": "campaign", "faction": "faction", "house": "house"}.get(field)
        return ids[kind] + harvested[:HARVEST] if kind else ids["campaign"]
    if required(arg["type"]) and arg["defaultValue"] is None:
        return [None]  # no value to fill: the server's refusal is checked as an answer too
    return []


def _calls(arg_values: dict[str, list[Any]]) -> Iterator[dict[str, Any]]:
    """One call per value of the widest argument, the others at their first value (bounded, not a product)."""
    if not arg_values:
        yield {}
        return
    width = max(len(v) for v in arg_values.values())
    for i in range(width):
        yield {k: v[min(i, len(v) - 1)] for k, v in arg_values.items()}


def gql_type(ref: dict[str, Any]) -> str:
    if ref["kind"] == "NON_NULL":
        return gql_type(ref["ofType"]) + "!"
    if ref["kind"] == "LIST":
        return f"[{gql_type(ref['ofType'])}]"
    return str(ref["name"])


def operations(
    meta: dict[str, Any], root: str, canary: Canary, harvested: list[str]
) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, document, variables) for every field of a root type, its arguments filled from the campaign."""
    types = {t["name"]: t for t in meta["types"]}
    keyword = {"Query": "query", "CampaignSubscription": "subscription"}[root]
    for f in types[root]["fields"]:
        args = {a["name"]: a for a in f["args"]}
        values = {n: v for n, a in args.items() if (v := _values(a, f["name"], canary, harvested))}
        inner = named(f["type"])
        picked = f" {{ {selection(types, inner['name'], DEPTH)} }}" if inner["kind"] == "OBJECT" else ""
        for call in _calls(values):
            sent = {k: v for k, v in call.items() if v is not None}
            decl = ", ".join(f"${k}: {gql_type(args[k]['type'])}" for k in sent)
            use = ", ".join(f"{k}: ${k}" for k in sent)
            document = f"{keyword}{f'({decl})' if decl else ''} {{ {f['name']}{f'({use})' if use else ''}{picked} }}"
            yield f"{root}.{f['name']}({json.dumps(sent)})", document, sent


def harvest(answer: Any, into: list[str]) -> None:
    for found in UUID_TEXT.findall(json.dumps(answer)):
        if found not in into and len(into) < HARVEST:
            into.append(found)


def rest_gets(canary: Canary) -> Iterator[str]:
    """Every GET path of the OpenAPI, each path parameter filled with every value the campaign gives it."""
    spec = yaml.safe_load(OPENAPI.read_text())
    fills = {
        "campaign_id": canary.ids["campaign"],
        "faction_id": canary.ids["faction"],
        "house_id": canary.ids["house"],
        "phase": canary.ids["phase"],
    }
    for path, item in spec["paths"].items():
        if "get" not in item:
            continue
        paths = [path]
        for param in re.findall(r"\{(\w+)\}", path):
            assert param in fills, f"the canary crawl has no value for {{{param}}} of GET {path}: add one"
            paths = [p.replace(f"{{{param}}}", v) for p in paths for v in fills[param]]
        yield from (REST_PREFIX + p for p in paths)
