"""The canary crawl (issue 14): every secret holds a marker, and no seat that must not know it finds one.

Each walker (the other rule system's player, a rival player, an observer, no token) tries every query field
reachable by introspection, every REST GET of the OpenAPI, the errors it can provoke, the NDJSON export and
every subscription; the test fails on any marker in any answer. A schema field with no visibility decision (its
read model's, or service/entrypoints/graphql/core/decisions.py's) or a REST path with none (rest/decisions.py) fails it
too.
"""

from __future__ import annotations

import json
from collections import Counter
from contextlib import ExitStack
from typing import Any
from uuid import UUID, uuid5

import pytest
import yaml
from graphql import OperationType
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.decisions import WHERE
from service.entrypoints.graphql.core.guards import Access, access_to
from service.entrypoints.graphql.core.visibility import decision_of
from service.entrypoints.rest.decisions import REST
from service.entrypoints.rest.decisions import WHERE as REST_WHERE
from tests.entrypoints.graphql.canary_crawl import OPENAPI, REST_PREFIX, harvest, operations, rest_gets, schema
from tests.entrypoints.graphql.canary_probes import probes, same_but_for
from tests.entrypoints.graphql.canary_world import Canary, build_canary
from tests.entrypoints.graphql.canary_world import where as where_in

TRIED: Counter[str] = Counter()  # seat -> paths tried


@pytest.fixture(scope="module")
def canary(intrigue: Intrigue, client: TestClient) -> Canary:
    return build_canary(intrigue, client, "canary")


def headers(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def test_every_schema_field_and_rest_path_has_a_visibility_decision(client: TestClient) -> None:
    meta = schema(client, {})
    fields = {
        f"{t['name']}.{f['name']}"
        for t in meta["types"]
        if t["kind"] == "OBJECT" and not t["name"].startswith("__")
        for f in t["fields"]
    }
    missing = sorted(f for f in fields if decision_of(*f.split(".")) is None)
    assert not missing, f"fields with no visibility decision: {missing}; declare each in {WHERE}"
    spec = yaml.safe_load(OPENAPI.read_text())
    verbs = ("get", "post", "put", "patch", "delete")
    paths = {f"{m.upper()} {p}" for p, item in spec["paths"].items() for m in item if m in verbs}
    undecided = sorted(paths - set(REST))
    assert not undecided, f"REST paths with no visibility decision: {undecided}; in {REST_WHERE}"
    stale = sorted(set(REST) - paths)
    assert not stale, f"{REST_WHERE} decides REST paths the OpenAPI no longer has: {stale}"


def check(canary: Canary, seat: str, leaks: list[str], where_: str, answer: Any, sent: str = "") -> None:
    TRIED[seat] += 1
    found = canary.found(answer, sent, canary.seats[seat])
    if found:
        paths = [p for m in found for p in where_in(answer, int(m) if m.isdigit() else m)][:5]
        leaks.append(f"{seat} | {where_}: {found} at {paths}")


SEATS = ["faction player", "house player", "observer", "no token"]


@pytest.mark.parametrize("seat", SEATS)
def test_no_query_field_tells_a_seat_a_secret(client: TestClient, canary: Canary, seat: str) -> None:
    token, leaks, harvested = canary.seats[seat], [], []  # type: list[str]
    meta = schema(client, headers(token))
    for where, document, variables in operations(meta, "Query", canary, harvested):
        body = client.post("/graphql", json={"query": document, "variables": variables}, headers=headers(token)).json()
        check(canary, seat, leaks, where, body, json.dumps(variables))
        harvest(body.get("data"), harvested)
    assert not leaks, "\n".join(leaks)


@pytest.mark.parametrize("seat", SEATS)
def test_no_rest_get_tells_a_seat_a_secret(client: TestClient, canary: Canary, seat: str) -> None:
    token, leaks = canary.seats[seat], []  # type: str | None, list[str]
    for path in rest_gets(canary):
        response = client.get(path, headers=headers(token))
        answer: Any = response.text
        check(canary, seat, leaks, f"GET {path} ({response.status_code})", answer, path)
    assert not leaks, "\n".join(leaks)


def test_the_export_is_refused_to_every_seat_but_the_gm(client: TestClient, canary: Canary) -> None:
    for seat in SEATS:
        path = f"{REST_PREFIX}/campaigns/{canary.ids['campaign'][0]}/events"
        response = client.get(path, headers=headers(canary.seats[seat]))
        TRIED[seat] += 1
        assert response.status_code in (401, 403), (seat, response.status_code)
        assert not canary.found(response.text), (seat, response.text)


GUESSES = 50  # serial numbers an observer tries per faction


def test_no_secret_id_can_be_guessed_from_public_ones(client: TestClient, canary: Canary) -> None:
    """An observer who knows a faction's or house's id tries the series its asset ids (issue 14, leak 6) and its
    unsalted order ids would follow."""
    c = canary.ids["campaign"][0]
    factions = [str(f["id"]) for f in client.get(f"{REST_PREFIX}/campaigns/{c}/factions").json()["factions"]]
    houses = [str(h["id"]) for h in client.get(f"{REST_PREFIX}/campaigns/{c}/houses").json()["houses"]]
    assert factions and houses
    guesses = {str(uuid5(UUID(f), f"asset:{n}")) for f in factions for n in range(GUESSES + 1)}
    guesses |= {str(uuid5(UUID(h), f"action:{p}:{n}")) for h in houses for p in (1, 2) for n in range(GUESSES)}
    guessed = sorted(guesses & canary.strings)
    assert not guessed, f"secret ids an observer can guess: {guessed}"


def test_the_gm_walking_the_same_paths_meets_every_marker(client: TestClient, canary: Canary) -> None:
    """The crawl's control: each secret is really planted where the walks go, so their silence means something."""
    seen: set[str] = set()
    harvested: list[str] = []
    for _where, document, variables in operations(schema(client, headers(canary.gm)), "Query", canary, harvested):
        body = client.post("/graphql", json={"query": document, "variables": variables}, headers=headers(canary.gm))
        seen |= set(canary.found(body.json()))
        harvest(body.json().get("data"), harvested)
    for path in rest_gets(canary):
        seen |= set(canary.found(client.get(path, headers=headers(canary.gm)).text))
    tokens = {t for t in canary.seats.values() if t} | {canary.gm}  # answered once, at their issue, to no walk
    planted = {*(canary.strings - tokens), *map(str, canary.numbers)}
    assert planted - seen == set(), f"markers no GM walk meets: {sorted(planted - seen)}"


@pytest.mark.parametrize("seat", SEATS)
def test_no_refusal_tells_a_seat_of_hidden_state(client: TestClient, canary: Canary, seat: str) -> None:
    token, leaks = canary.seats[seat], []  # type: str | None, list[str]
    for probe in probes(canary, REST_PREFIX):
        hidden = probe.send(client, headers(token), probe.secret)
        twin = probe.send(client, headers(token), probe.control)
        check(canary, seat, leaks, probe.name, hidden, probe.secret)
        check(canary, seat, leaks, probe.name + " (its twin)", twin, probe.control)
        if not same_but_for(hidden, twin, probe.secret, probe.control, canary.names):
            leaks.append(f"{seat} | {probe.name}: {hidden} differs from what nothing there answers: {twin}")
    assert not leaks, "\n".join(leaks)


PHASES = """subscription($id: UUID!, $after: Int!) {
  phaseResults(campaignId: $id, after: $after) { campaignId phase status position } }"""


def test_no_subscription_tells_a_seat_a_secret(intrigue: Intrigue, client: TestClient, canary: Canary) -> None:
    """Every subscription field, from every seat, hears what resolving phase 2 delivers (runs last: it resolves)."""
    meta = schema(client, {})
    c = canary.ids["campaign"][0]
    after = max(e.position for e in intrigue.audit.events(canary.world.campaign_id))
    walks = list(operations(meta, "CampaignSubscription", canary, []))
    subscribed = [
        (seat, where_, document, {**variables, "after": after})
        for seat in SEATS
        for where_, document, variables in walks
    ]
    leaks: list[str] = []
    with ExitStack() as stack:
        sockets = []
        for seat, where_, document, variables in subscribed:
            ws = stack.enter_context(client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]))
            token = canary.seats[seat]
            ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"} if token else {}})
            assert ws.receive_json()["type"] == "connection_ack"
            ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": document, "variables": variables}})
            sockets.append((seat, where_, ws))
        intrigue.campaigns.resolve_phase(UUID(c))
        for seat, where_, ws in sockets:
            message = ws.receive_json()  # a refusal at once, or the phase result resolving phase 2 delivers
            check(canary, seat, leaks, f"subscription {where_}", message)
            ws.send_json({"id": "1", "type": "complete"})
    assert len(subscribed) == len(SEATS) * len(meta_fields(meta, "CampaignSubscription"))
    assert not leaks, "\n".join(leaks)
    markers = len(canary.strings) + len(canary.numbers)
    print(f"\ncanary crawl: {sum(TRIED.values())} paths x seats tried ({dict(TRIED)}), {markers} markers")


def meta_fields(meta: dict[str, Any], type_name: str) -> list[str]:
    return [f["name"] for t in meta["types"] if t["name"] == type_name for f in t["fields"]]


ENFORCED = {Access.ANYONE: {"public", "caller"}, Access.GM: {"gm"}, Access.GM_OR_OWNER: {"own"}}


@pytest.mark.parametrize("root", ["Query", "Mutation"])
def test_each_root_fields_decision_is_the_one_the_graphql_guard_enforces(client: TestClient, root: str) -> None:
    operation = {"Query": OperationType.QUERY, "Mutation": OperationType.MUTATION}[root]
    disagree = []
    for name in meta_fields(schema(client, {}), root):
        access = access_to(operation, name, {"campaignId": "any"})  # an undeclared mutation is the GM's
        decided = decision_of(root, name)
        if decided is None or decided.value not in ENFORCED[access]:
            disagree.append(f"{root}.{name}: {decided} in {WHERE}, {access.value} in guards.POLICY")
    assert not disagree, "\n".join(disagree)
