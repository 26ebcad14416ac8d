"""The assistant's service path (issue 19): the GM marks powers, reads drafts, accepts, edits and rejects them,
and lets it play a downtime; a player seat is refused everything; accepted drafts are recorded as drafted by the
assistant with the GM's seat, and one rollback undoes a whole downtime."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import (
    CreateCampaign,
    FoundFaction,
    MapRegion,
    RegisterHouse,
    StartingArea,
    StartingAsset,
    StartingMember,
)
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.tables.records import Character
from domain.seats import gm_seat_id
from service.bootstrap import Intrigue
from service.usecases.rewind import RollBackPhase
from tests.support.service import gql_as

MARK = """mutation($c: UUID!, $m: UUID!, $t: Temperament) {
  markGmRun(campaignId: $c, memberId: $m, gmRun: true, temperament: $t, reason: "the GM plays it") {
    memberId kind name temperament setByGm } }"""
DRAFTS = """query($c: UUID!) { draftOrders(campaignId: $c) {
  memberId kind temperament draftedActions chosen { summary reasons odds line } } }"""
ACCEPT = """mutation($c: UUID!, $m: UUID!) { acceptDraft(campaignId: $c, memberId: $m, reason: "looks right") }"""
REJECT = """mutation($c: UUID!, $m: UUID!) { rejectDraft(campaignId: $c, memberId: $m, reason: "not this month") }"""
DOWNTIME = """mutation($c: UUID!) { playDowntime(campaignId: $c, phases: 2, reason: "between sessions") {
  firstPhase phases rollbackPhase draftsGiven } }"""


def _campaign(intrigue: Intrigue) -> tuple[UUID, UUID, UUID, UUID]:
    """Two factions sharing a city (so a strike is possible), and a house holding it: campaign, the two
    factions, the house."""
    command = CreateCampaign(
        f"assistant-{uuid4().hex[:6]}",
        ["factionturn", "gameofbones"],
        "assistant-seed",
        [
            MapRegion("Mossgate", 0, 0, arcana=4, monthly_income=4000),
            MapRegion("Crowfall", 1, 0, arcana=4, monthly_income=4000),
        ],
    )
    campaign = intrigue.campaigns.create_campaign(command)
    mossgate, crowfall = campaign.member_ids("region")
    remnants = intrigue.factionturn.found_faction(
        FoundFaction(
            campaign.id, "Empire Remnants", 5, 3, 3, mossgate, facgold=6, assets=[StartingAsset("veteran_regiment")]
        )
    )
    crows = intrigue.factionturn.found_faction(
        FoundFaction(
            campaign.id, "Empresses' Crows", 3, 4, 3, crowfall, facgold=6, assets=[StartingAsset("bandits", mossgate)]
        )
    )
    leader = Character("Matron Varn", 12, dict.fromkeys(("Diplomacy", "Gather Information", "Sense Motive"), 12))
    varn = intrigue.gameofbones.register_house(
        RegisterHouse(
            campaign.id,
            "House Varn",
            leader,
            100_000,
            [],
            [StartingMember("guard", {"fighter": 10})],
            influence=8_000,
            areas=[StartingArea(mossgate, troops=500)],
        )
    )
    return campaign.id, remnants.id, crows.id, varn.id


def _gql(client: TestClient, token: str, query: str, **variables: Any) -> dict[str, Any]:
    return gql_as(client, token, query, **variables)


def test_the_gm_drafts_accepts_and_rejects_and_a_player_is_refused(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, remnants, crows, varn = _campaign(intrigue)
    gm = intrigue.seats.seat_gm(campaign_id).token
    player = intrigue.seats.create_seat(campaign_id, "player", "Crows' player", faction_id=crows).token
    refused = _gql(client, player, MARK, c=str(campaign_id), m=str(crows), t=None)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    for member, temperament in ((remnants, "AGGRESSIVE"), (crows, None), (varn, None)):
        marked = _gql(client, gm, MARK, c=str(campaign_id), m=str(member), t=temperament)
        assert "errors" not in marked, marked
    powers = {p["memberId"]: p for p in marked["data"]["markGmRun"]}
    assert powers[str(remnants)]["temperament"] == "AGGRESSIVE" and powers[str(remnants)]["setByGm"] is True
    assert powers[str(crows)]["setByGm"] is False  # derived from its tags and goal
    intrigue.campaigns.open_phase(campaign_id)
    assert _gql(client, player, DRAFTS, c=str(campaign_id))["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    drafts = {d["memberId"]: d for d in _gql(client, gm, DRAFTS, c=str(campaign_id))["data"]["draftOrders"]}
    assert set(drafts) == {str(remnants), str(crows), str(varn)}
    assert drafts == {d["memberId"]: d for d in _gql(client, gm, DRAFTS, c=str(campaign_id))["data"]["draftOrders"]}
    strike = drafts[str(remnants)]
    assert strike["draftedActions"] == ["Attack"], strike  # the aggressive Remnants strike the Crows' Bandits
    assert strike["chosen"][0]["summary"] == "Empire Remnants takes up the goal Blood the Enemy"  # it had none
    attack = strike["chosen"][-1]
    assert attack["summary"] == "Veteran Regiment attacks Empresses' Crows' Bandits in Mossgate"
    assert attack["reasons"][0] == "Goal Blood the Enemy"
    assert any(o.endswith("to hit") for o in attack["odds"]) and any("counter" in o for o in attack["odds"])
    assert (
        _gql(client, player, ACCEPT, c=str(campaign_id), m=str(remnants))["errors"][0]["extensions"]["code"]
        == "FORBIDDEN"
    )
    assert _gql(client, gm, ACCEPT, c=str(campaign_id), m=str(remnants))["data"]["acceptDraft"] == "ACCEPTED"
    assert _gql(client, gm, REJECT, c=str(campaign_id), m=str(crows))["data"]["rejectDraft"] == "REJECTED"
    order = intrigue.store.load(remnants, Faction).order
    assert order is not None and order["action"]["action"] == "Attack"  # an ordinary order of the faction
    assert intrigue.orders.faction_orders(campaign_id, crows) is None  # rejected: nothing ordered
    decided = [e for e in intrigue.audit.events(campaign_id) if e.topic.endswith("DraftDecided")]
    gm_seat = str(gm_seat_id(campaign_id))
    assert [(e.payload["member_id"], e.payload["decision"], e.payload["seat"]) for e in decided] == [
        (str(remnants), "accepted", gm_seat),
        (str(crows), "rejected", gm_seat),
    ]
    assert decided[0].payload["orders"][0]["action"]["action"] == "Attack"


def test_rest_drafts_are_the_gms_and_an_edited_draft_is_recorded_as_edited(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign_id, remnants, crows, _ = _campaign(intrigue)
    gm = {"Authorization": f"Bearer {intrigue.seats.seat_gm(campaign_id).token}"}
    player = {
        "Authorization": "Bearer " + intrigue.seats.create_seat(campaign_id, "player", "p", faction_id=crows).token
    }
    base = f"/api/v1/campaigns/{campaign_id}/assistant"
    assert client.put(f"{base}/powers/{crows}", json={"gm_run": True, "reason": "x"}, headers=player).status_code == 403
    marked = client.put(
        f"{base}/powers/{crows}", json={"gm_run": True, "temperament": "cautious", "reason": "x"}, headers=gm
    )
    assert marked.status_code == 200 and marked.json()["powers"][0]["temperament"] == "cautious"
    intrigue.campaigns.open_phase(campaign_id)
    assert client.get(f"{base}/drafts", headers=player).status_code == 403
    drafts = client.get(f"{base}/drafts", headers=gm).json()["drafts"]
    assert [d["member_id"] for d in drafts] == [str(crows)]
    edited = client.post(
        f"{base}/drafts/{crows}/accepted",
        headers=gm,
        json={
            "reason": "the GM's own plan",
            "faction_orders": {"action": {"action": "Repair Asset/Faction", "faction": True}},
        },
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["decision"] == "edited"
    assert client.post(f"{base}/drafts/{remnants}/accepted", headers=gm, json={"reason": "x"}).status_code == 409
    order = intrigue.orders.faction_orders(campaign_id, crows)
    assert order is not None and order["action"]["action"] == "Repair Asset/Faction"


def test_one_rollback_undoes_a_whole_downtime(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, remnants, crows, varn = _campaign(intrigue)
    gm = intrigue.seats.seat_gm(campaign_id).token
    for member in (remnants, crows, varn):
        _gql(client, gm, MARK, c=str(campaign_id), m=str(member), t=None)
    before = {m: intrigue.store.load(m, Faction).facgold for m in (remnants, crows)}
    played = _gql(client, gm, DOWNTIME, c=str(campaign_id))["data"]["playDowntime"]
    assert played["firstPhase"] == 1 and played["phases"] == 2 and played["rollbackPhase"] == 1
    campaign = intrigue.store.load(campaign_id, Campaign)
    assert (campaign.phase, campaign.phase_status) == (2, "resolved")
    every = {str(m) for m in (remnants, crows, varn)}
    assert set(campaign.drafts_decided(1)) == set(campaign.drafts_decided(2)) == every
    assert intrigue.chronicle.drafts(campaign_id, 1) and intrigue.chronicle.drafts(campaign_id, 2)  # readable
    gm_seat = intrigue.seats.seat_gm(campaign_id).seat
    assert intrigue.phase_reports.report(campaign_id, 2, gm_seat, remnants).orders  # and in the phase reports
    intrigue.rewind.roll_back(RollBackPhase(campaign_id, played["rollbackPhase"], "undo the downtime"))
    rolled = intrigue.store.load(campaign_id, Campaign)
    assert (rolled.phase, rolled.phase_status) == (1, "open")
    assert {m: intrigue.store.load(m, Faction).facgold for m in (remnants, crows)} == before
