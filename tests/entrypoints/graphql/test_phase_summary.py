"""Issue 17, item 7: `phaseResults` carries the phase's summary as each seat class may hear it, over
graphql-transport-ws, and `phaseSummary` / `phaseReport` answer every seat class the same way (the decision is
service/usecases/visibility/live.py `summary_scope`): the GM every member's report and the turn summaries, a player its
own report, an observer the public chronicle only, no seat of the campaign nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, RegisterHouse, StartingArea
from service.bootstrap import Intrigue
from tests.support.gameofbones_world import person
from tests.support.service import gql_as

REPORT = "phase kind memberId orders { action outcome } income costs ledger { amount reason } learned { kind }"
SUMMARY = f"""campaignId phase scope reports {{ {REPORT} }} gossip {{ actorId lines spin }}
  turnSummaries {{ actorId text }}"""
HEARD = f"""subscription($c: UUID!) {{ phaseResults(campaignId: $c) {{ phase status
  report {{ {REPORT} }} summary {{ {SUMMARY} }} }} }}"""
ASKED = f"query($c: UUID!, $p: Int!) {{ phaseSummary(campaignId: $c, phase: $p) {{ {SUMMARY} }} }}"
OWN = f"query($c: UUID!, $p: Int!) {{ phaseReport(campaignId: $c, phase: $p) {{ {REPORT} }} }}"
NAMED = f"""query($c: UUID!, $p: Int!, $f: UUID, $h: UUID) {{
  phaseReport(campaignId: $c, phase: $p, factionId: $f, houseId: $h) {{ {REPORT} }} }}"""
GM_CHRONICLE = "query($c: UUID!, $p: Int!) { gmChronicle(campaignId: $c, phase: $p) { actorId text } }"
CHRONICLE = "query($c: UUID!, $p: Int!) { chronicle(campaignId: $c, phase: $p) { actorId lines spin } }"
PUBLISH = "mutation($c: UUID!) { publishChronicle(campaignId: $c, phase: 1) { actorId } }"


class World:
    def __init__(self, intrigue: Intrigue) -> None:
        regions = [MapRegion("Harbour", 0, 0, monthly_income=2_000), MapRegion("Hills", 1, 0)]
        command = CreateCampaign(f"sum-{uuid.uuid4().hex[:6]}", ["factionturn", "gameofbones"], "summary", regions)
        campaign = intrigue.campaigns.create_campaign(command)
        self.c, harbour = campaign.id, campaign.member_ids("region")[0]
        ft = intrigue.factionturn
        self.red = ft.found_faction(FoundFaction(self.c, "Red", 3, 3, 3, harbour, facgold=7)).id
        self.blue = ft.found_faction(FoundFaction(self.c, "Blue", 2, 3, 4, harbour, facgold=5)).id
        self.house = intrigue.gameofbones.register_house(
            RegisterHouse(
                self.c,
                "Baenre",
                person("Yvonnel", 14, 12),
                1_000,
                [person("Dab", 9, 8)],
                influence=3_000,
                areas=[StartingArea(harbour)],
            )
        ).id
        seats = intrigue.seats
        self.tokens = {
            "gm": seats.seat_gm(self.c).token,
            "faction player": seats.create_seat(self.c, "player", "Red's", faction_id=self.red).token,
            "house player": seats.create_seat(self.c, "player", "Baenre's", house_id=self.house).token,
            "observer": seats.create_seat(self.c, "observer", "Watcher").token,
        }
        intrigue.campaigns.open_phase(self.c)
        intrigue.campaigns.resolve_phase(self.c)

    def ask(self, client: TestClient, seat: str, query: str, **variables: Any) -> dict[str, Any]:
        return gql_as(client, self.tokens[seat], query, c=str(self.c), p=1, **variables)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def world(intrigue: Intrigue) -> World:
    return World(intrigue)


def data(body: dict[str, Any]) -> Any:
    assert "errors" not in body, body["errors"]
    return body["data"]


def code(body: dict[str, Any]) -> str:
    return str(body["errors"][0]["extensions"]["code"])


def hear(client: TestClient, token: str | None, c: uuid.UUID) -> dict[str, Any]:
    """The first message `phaseResults` sends this seat: phase 1's result, as a late subscriber first receives it."""
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"} if token else {}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": HEARD, "variables": {"c": str(c)}}})
        message: dict[str, Any] = ws.receive_json()
        ws.send_json({"id": "1", "type": "complete"})
    return message


def heard(client: TestClient, world: World, seat: str) -> dict[str, Any]:
    message = hear(client, world.tokens[seat], world.c)
    assert message["type"] == "next", message
    result: dict[str, Any] = data(message["payload"])["phaseResults"]
    assert (result["phase"], result["status"]) == (1, "RESOLVED")
    return result


def test_the_gm_hears_every_members_report_and_the_turn_summaries(client: TestClient, world: World) -> None:
    result = heard(client, world, "gm")
    summary = result["summary"]
    assert result["report"] is None  # the GM's seat has no faction or house of its own
    assert (summary["scope"], summary["campaignId"], summary["phase"]) == ("GM", str(world.c), 1)
    assert [r["memberId"] for r in summary["reports"]] == [str(world.red), str(world.blue), str(world.house)]
    for report in summary["reports"]:  # each as the GM reads it by name
        named = {"f": report["memberId"]} if report["kind"] == "FACTION" else {"h": report["memberId"]}
        assert report == data(world.ask(client, "gm", NAMED, **named))["phaseReport"]
    assert summary["reports"][0]["income"] > 0  # seed 002, Faction Turn: income every turn
    notes = data(world.ask(client, "gm", GM_CHRONICLE))["gmChronicle"]
    assert summary["turnSummaries"] == notes and {n["actorId"] for n in notes} >= {str(world.red), str(world.house)}
    assert summary["gossip"] == data(world.ask(client, "gm", CHRONICLE))["chronicle"]
    assert summary == data(world.ask(client, "gm", ASKED))["phaseSummary"]
    assert code(world.ask(client, "gm", OWN)) == "NOT_FOUND"  # no report of its own: it names a member


@pytest.mark.parametrize("seat", ["faction player", "house player"])
def test_a_player_hears_its_own_report_only(client: TestClient, world: World, seat: str) -> None:
    result = heard(client, world, seat)
    summary = result["summary"]
    own = data(world.ask(client, seat, OWN))["phaseReport"]
    mine = str(world.red if seat == "faction player" else world.house)
    assert own["memberId"] == mine and own["kind"] == ("FACTION" if seat == "faction player" else "HOUSE")
    assert result["report"] == own
    assert (summary["scope"], summary["reports"], summary["turnSummaries"]) == ("PLAYER", [own], [])
    assert summary["gossip"] == data(world.ask(client, seat, CHRONICLE))["chronicle"]
    assert summary == data(world.ask(client, seat, ASKED))["phaseSummary"]
    rival = {"f": str(world.blue)}
    assert code(world.ask(client, seat, NAMED, **rival)) == "FORBIDDEN"


def test_an_observer_hears_the_public_chronicle_only(client: TestClient, world: World) -> None:
    result = heard(client, world, "observer")
    summary = result["summary"]
    assert result["report"] is None
    assert (summary["scope"], summary["reports"], summary["turnSummaries"]) == ("OBSERVER", [], [])
    assert summary == data(world.ask(client, "observer", ASKED))["phaseSummary"]
    assert code(world.ask(client, "observer", OWN)) == "FORBIDDEN"
    assert code(world.ask(client, "observer", NAMED, f=str(world.red))) == "FORBIDDEN"


def test_the_published_chronicle_reaches_every_seat_alike(client: TestClient, world: World) -> None:
    data(world.ask(client, "gm", PUBLISH))
    published = data(world.ask(client, "observer", CHRONICLE))["chronicle"]
    assert {g["actorId"] for g in published} == {str(world.red), str(world.blue), str(world.house)}
    for seat in world.tokens:
        assert heard(client, world, seat)["summary"]["gossip"] == published, seat
        assert data(world.ask(client, seat, ASKED))["phaseSummary"]["gossip"] == published, seat


@pytest.mark.parametrize("token", ["stranger", None])
def test_no_seat_of_the_campaign_hears_no_summary(
    intrigue: Intrigue, client: TestClient, world: World, token: str | None
) -> None:
    if token is not None:
        other = intrigue.campaigns.create_campaign(
            CreateCampaign(f"o-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
        )
        token = intrigue.seats.create_seat(other.id, "observer", "Elsewhere").token
    message = hear(client, token, world.c)
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "FORBIDDEN"
    for query in (ASKED, OWN):
        body = gql_as(client, token, query, c=str(world.c), p=1) if token else None
        if body is None:
            body = client.post("/graphql", json={"query": query, "variables": {"c": str(world.c), "p": 1}}).json()
        assert code(body) == "FORBIDDEN"


def test_a_phase_not_resolved_has_no_summary_for_any_seat(client: TestClient, world: World) -> None:
    for seat, token in world.tokens.items():
        assert code(gql_as(client, token, ASKED, c=str(world.c), p=9)) == "NOT_FOUND", seat
