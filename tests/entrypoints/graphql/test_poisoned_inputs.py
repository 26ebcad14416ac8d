"""Issue 12, finding 1: input PostgreSQL cannot hold, or too big or too deep, is refused at one boundary with
INVALID_INPUT naming the field, whatever the transport, and writes nothing; the read model stays at its head."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.domain import Aggregate, event
from starlette.testclient import TestClient

from domain.errors import InvalidInputError
from service.bootstrap import Intrigue
from service.entrypoints import cli
from service.persistence.database import Database
from service.usecases.interventions import By
from service.usecases.transfer import export_lines
from tests.entrypoints.graphql.test_gm_graphql import player
from tests.service.usecases.test_gm import regiment_of, table
from tests.support.log_head import assert_projection_at_head, event_rows
from tests.support.processes import url_of
from tests.support.rest_support import API, bearer
from tests.support.service import gql, gql_as

CREATE = "mutation($n: String!) { createCampaign(input: {name: $n, ruleSystems: [FACTION_TURN]}) { id } }"
ORDERS = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
GOSSIP = """mutation($c: UUID!, $a: UUID!, $l: [String!]!) {
  writeGossip(campaignId: $c, phase: 1, actorId: $a, lines: $l) { actorId } }"""


def gql_ascii(client: TestClient, token: str, query: str, **variables: Any) -> dict[str, Any]:
    """GraphQL with the body written as ASCII JSON, so a lone surrogate travels as its escape `\\ud800`."""
    content = json.dumps({"query": query, "variables": variables})
    response = client.post("/graphql", content=content, headers={**bearer(token), "content-type": "application/json"})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def refused(body: dict[str, Any], field: str) -> str:
    """The one error's message, once it is INVALID_INPUT naming `field`, with no data."""
    [error] = body["errors"]
    assert error["extensions"]["code"] == "INVALID_INPUT", error
    assert field in error["message"], error["message"]
    assert body.get("data") is None
    return str(error["message"])


def test_an_unauthenticated_create_campaign_with_nul_in_its_name_is_refused_and_writes_nothing(
    client: TestClient, intrigue: Intrigue
) -> None:
    before = event_rows(intrigue.db)
    message = refused(gql(client, CREATE, n="Nul\u0000Land"), "createCampaign.input.name")
    assert "NUL" in message
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)


def test_a_player_seat_cannot_store_orders_whose_narrative_holds_nul_or_is_huge_or_too_deep(
    client: TestClient, intrigue: Intrigue
) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    token = player(client, t)
    before = event_rows(intrigue.db)
    ids = {"c": str(t.campaign_id), "f": str(t.crows.id)}
    refused(gql_as(client, token, ORDERS, **ids, o={"narrative": "we strike\u0000"}), "orders.narrative")
    refused(gql_as(client, token, ORDERS, **ids, o={"narrative": "x" * 10_001}), "orders.narrative")
    deep: Any = {}
    for _ in range(40):  # deeper than an input may be, and within what an HTTP body may carry (64)
        deep = {"extras": deep}
    assert "too deep" in refused(gql_as(client, token, ORDERS, **ids, o=deep), "orders.extras")
    refused(gql_ascii(client, token, ORDERS, **ids, o={"narrative": "\ud800 alone"}), "orders.narrative")
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)
    accepted = gql_as(client, token, ORDERS, **ids, o={"narrative": "We keep our heads down."})
    assert "errors" not in accepted, accepted


def test_write_gossip_refuses_a_nul_line_and_a_line_too_long(client: TestClient, intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    before = event_rows(intrigue.db)
    ids = {"c": str(t.campaign_id), "a": str(t.crows.id)}
    refused(gql_as(client, t.gm_token, GOSSIP, **ids, l=["The Crows\u0000 mourn."]), "writeGossip.lines[0]")
    refused(gql_as(client, t.gm_token, GOSSIP, **ids, l=["ok", "y" * 501]), "writeGossip.lines[1]")
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)


def test_the_store_refuses_an_unstorable_event_from_any_path_naming_the_event_and_attribute(
    intrigue: Intrigue,
) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    before = event_rows(intrigue.db)
    by, regiment = By(t.campaign_id, t.seat, "rumours"), regiment_of(intrigue, t.crows.id)
    with pytest.raises(InvalidInputError, match=r"GossipWritten\.lines\[0\] may not contain NUL"):
        intrigue.chronicle.write_gossip(by, 1, str(t.crows.id), ["a\u0000b"])
    with pytest.raises(InvalidInputError, match=r"TurnSummaryWritten\.text: the input is too big"):
        intrigue.chronicle.write_summary(by, 1, str(t.crows.id), "z" * 9_000_000)
    with pytest.raises(InvalidInputError, match=r"AdventureResolved\.reason must be valid Unicode"):
        intrigue.gm.destroy_asset(By(t.campaign_id, t.seat, "lone \udc00"), t.crows.id, regiment)
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)


def test_a_20_mb_narrative_is_refused_whatever_calls_the_service(intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    before = event_rows(intrigue.db)
    with pytest.raises(InvalidInputError, match="narrative"):
        intrigue.factionturn.submit_orders(t.campaign_id, t.crows.id, {"narrative": "x" * 20_000_000})
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)


class Scratch(Aggregate):
    """Any aggregate at all: the store's backstop knows nothing of the domain's own checks."""

    @event("Noted")
    def note(self, value: Any) -> None:
        self.value = value


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "refusal"),
    [
        (deep(300), r"Scratch\.Noted\.value(\[0\])+ is nested too deep"),  # orjson refuses past 254
        ({"key\u0000": 1}, r"Scratch\.Noted\.value\.key\\u0000 may not contain NUL"),
        ({"hp": float("nan")}, r"Scratch\.Noted\.value\.hp must be a finite number"),  # jsonb has no NaN
        ({"gold": 2**70}, r"Scratch\.Noted\.value\.gold is out of range"),
        # What orjson writes but the check refuses, whose JSON the store reads first (service/persistence/storable.py).
        (deep(64), r"Scratch\.Noted\.value(\[0\])+ is nested too deep"),
        ([0] * 400_000, r"Scratch\.Noted\.value\[\d+\]: the input is too big"),  # 0.8 MB of JSON, 8.4 MB walked
        ({"gold": 2**63}, r"Scratch\.Noted\.value\.gold is out of range"),
        ({"name": "a\x00b"}, r"Scratch\.Noted\.value\.name may not contain NUL"),
    ],
)
def test_the_store_saves_no_event_that_postgresql_or_the_read_side_cannot_hold(
    intrigue: Intrigue, value: Any, refusal: str
) -> None:
    scratch = Scratch()
    scratch.note(value)
    before = event_rows(intrigue.db)
    with pytest.raises(InvalidInputError, match=refusal):
        intrigue.store.commit(scratch)
    assert event_rows(intrigue.db) == before
    assert not intrigue.store.exists(scratch.id)


def test_rest_refuses_the_same_inputs_naming_the_field(client: TestClient, intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    token = player(client, t)
    orders = f"{API}/campaigns/{t.campaign_id}/factions/{t.crows.id}/orders"
    before = event_rows(intrigue.db)
    for body, field in [
        (b'{"narrative": "we strike\\u0000"}', "narrative may not contain NUL"),
        (b'{"narrative": "\\udfff"}', "narrative must be valid Unicode"),
    ]:
        response = client.put(orders, content=body, headers={**bearer(token), "content-type": "application/json"})
        assert response.status_code == 422 and response.json()["code"] == "INVALID_INPUT", response.text
        assert field in response.json()["detail"]
    response = client.post(f"{API}/campaigns", json={"name": "\u0000" * 199, "rule_systems": ["factionturn"]})
    assert response.status_code == 422 and "name may not contain NUL" in response.json()["detail"]
    assert event_rows(intrigue.db) == before
    assert_projection_at_head(intrigue)


def poisoned_export(intrigue: Intrigue) -> list[str]:
    """A real export of a small campaign whose last event's payload is rewritten to hold a NUL."""
    t = table(intrigue)
    lines = list(export_lines(intrigue.store, intrigue.db, t.campaign_id))
    row = json.loads(lines[-1])
    state = json.loads(base64.b64decode(row["state"]))
    key = next(k for k, v in state.items() if isinstance(v, str) and k != "originator_topic")
    state[key] = "poison\u0000"
    row["state"] = base64.b64encode(json.dumps(state).encode()).decode()
    return [*lines[:-1], json.dumps(row)]


def test_intrigue_import_refuses_an_export_with_a_nul_and_writes_nothing(
    intrigue: Intrigue,
    fresh_db: Database,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = poisoned_export(intrigue)
    export = tmp_path / "poisoned.ndjson"
    export.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("DATABASE_URL", url_of(fresh_db))
    assert cli.main(["import", str(export)]) == 2
    assert f"line {len(lines)}: " in capsys.readouterr().err
    assert event_rows(fresh_db) == 0


def test_a_seat_named_with_nul_is_refused_by_the_domain_whatever_calls_it(intrigue: Intrigue) -> None:
    t = table(intrigue)
    with pytest.raises(InvalidInputError, match="the seat name may not contain NUL"):
        intrigue.seats.create_seat(t.campaign_id, "observer", "Eve\u0000")
    assert [s.name for s in intrigue.seats.seats(t.campaign_id)] == ["GM"]
