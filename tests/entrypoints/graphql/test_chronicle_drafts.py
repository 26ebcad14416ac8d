"""The public chronicle drafts itself at resolution from what is public; players hear it once the GM publishes it;
the GM's chronicle reads as text, with names."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from tests.support.gameofbones_world import city, give_orders, register_five
from tests.support.service import gql_as

UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
CHRONICLE = "query($c: UUID!) { chronicle(campaignId: $c, phase: 1) { actorId lines spin } }"
GM_NOTES = "query($c: UUID!) { gmChronicle(campaignId: $c, phase: 1) { actorId text } }"
DRAFT = "mutation($c: UUID!) { draftChronicle(campaignId: $c, phase: 1) { actorId lines spin } }"


@pytest.fixture(scope="module")
def played(intrigue: Intrigue) -> dict[str, Any]:
    campaign = intrigue.seats.start_campaign(city("chron")).campaign
    houses = register_five(intrigue, campaign)
    intrigue.campaigns.open_phase(campaign.id)
    accepted, _ = give_orders(intrigue, campaign.id)
    assert any(p.action == "Cover Up" for p in accepted)  # a covered-up author is among the secrets
    intrigue.campaigns.resolve_phase(campaign.id)
    seats = intrigue.seats
    return {
        "c": str(campaign.id),
        "houses": houses,
        "accepted": accepted,
        "gm": seats.seat_gm(campaign.id).token,
        "player": seats.create_seat(campaign.id, "player", "Ana", house_id=houses[0].id).token,
        "observer": seats.create_seat(campaign.id, "observer", "Cy").token,
    }


def ok(body: dict[str, Any]) -> Any:
    assert body.get("errors") is None, body
    return body["data"]


def test_the_gms_chronicle_reads_as_text_with_names_not_ids_or_event_reprs(
    client: TestClient, played: dict[str, Any]
) -> None:
    ok(gql_as(client, played["gm"], DRAFT, c=played["c"]))  # kept as drafted at resolution
    notes = ok(gql_as(client, played["gm"], GM_NOTES, c=played["c"]))["gmChronicle"]
    text = "\n".join(n["text"] for n in notes)
    assert notes and "Baenre" in text
    assert not UUID_RE.search(text), text
    assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w*\(", text), text  # no `ActionResolved(...)` reprs


DRAFTS = "query($c: UUID!) { chronicleDraft(campaignId: $c, phase: 1) { actorId lines spin } }"
PUBLISH = "mutation($c: UUID!) { publishChronicle(campaignId: $c, phase: 1) { actorId lines spin } }"
EDIT = """mutation($c: UUID!, $a: UUID!) { writeGossip(campaignId: $c, phase: 1, actorId: $a, draft: true,
  lines: ["Barrison counts its coin."], spin: "the Bazaar") { actorId lines } }"""


def secrets_of(intrigue: Intrigue, played: dict[str, Any]) -> list[str]:
    """What no public line may carry: who covered what up, the pending plots, and every hidden thing's id."""
    covered = [p for p in played["accepted"] if p.action == "Cover Up"]
    return [
        *(p.params["covered_action_id"] for p in covered),
        *(p.id for p in played["accepted"]),
        "[secret]",
        "Cover Up",
        "covered",
        "KnowledgeGained",
        "plot",
    ]


def test_a_resolved_phase_drafts_its_public_chronicle_which_players_hear_only_once_published(
    client: TestClient, intrigue: Intrigue, played: dict[str, Any]
) -> None:
    drafted = ok(gql_as(client, played["gm"], DRAFTS, c=played["c"]))["chronicleDraft"]
    assert {d["actorId"] for d in drafted} == {str(h.id) for h in played["houses"]}
    for who in ("player", "observer"):
        assert ok(gql_as(client, played[who], CHRONICLE, c=played["c"]))["chronicle"] == []
        assert gql_as(client, played[who], DRAFTS, c=played["c"])["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    text = str(drafted)
    assert not [s for s in secrets_of(intrigue, played) if s in text], text
    barrison = str(played["houses"][1].id)
    ok(gql_as(client, played["gm"], EDIT, c=played["c"], a=barrison))
    published = ok(gql_as(client, played["gm"], PUBLISH, c=played["c"]))["publishChronicle"]
    heard = ok(gql_as(client, played["player"], CHRONICLE, c=played["c"]))["chronicle"]
    assert heard == published and len(heard) == len(drafted)
    assert {"actorId": barrison, "lines": ["Barrison counts its coin."], "spin": "the Bazaar"} in heard
    assert ok(gql_as(client, played["gm"], DRAFTS, c=played["c"]))["chronicleDraft"] == []
    again = gql_as(client, played["gm"], PUBLISH, c=played["c"])
    assert again["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"


def test_a_quiet_turn_and_a_secret_turn_draft_alike() -> None:
    from domain.chronicle import draft_gossip

    quiet = draft_gossip("Baenre", "", [("IncomeReceived", {"amount": 10})])
    secret = draft_gossip("Baenre", "we strike at night", [("ActionCovered", {"action_id": "x"})])
    assert quiet == secret == ["Little is heard of Baenre this month."]


def test_draft_chronicle_keeps_what_the_resolution_drafted_and_publishes_nothing(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign = intrigue.seats.start_campaign(city("chron2"))
    cid = str(campaign.campaign.id)
    register_five(intrigue, campaign.campaign)
    intrigue.campaigns.open_phase(campaign.campaign.id)
    intrigue.campaigns.resolve_phase(campaign.campaign.id)
    player = intrigue.seats.create_seat(UUID(cid), "observer", "Ob").token
    drafted = ok(gql_as(client, campaign.gm.token, DRAFT, c=cid))["draftChronicle"]
    assert len(drafted) == 5
    assert ok(gql_as(client, player, CHRONICLE, c=cid))["chronicle"] == []
