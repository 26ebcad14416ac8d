"""REST's phase report: a player reads its own, the GM any member's, an observer and a stranger none; the answer
follows the contract and says what GraphQL's phaseReport says."""

from __future__ import annotations

from uuid import UUID

from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from service.bootstrap import Intrigue
from tests.support.rest_support import API, bearer, conforms
from tests.support.service import gql_as


def played(intrigue: Intrigue) -> tuple[UUID, UUID, UUID, str, str, str]:
    started = intrigue.seats.start_campaign(
        CreateCampaign("rest report", ["factionturn"], "rest report", [MapRegion("A", 0, 0, arcana=4)])
    )
    campaign_id = started.campaign.id
    region = started.campaign.member_ids("region")[0]
    red = intrigue.factionturn.found_faction(FoundFaction(campaign_id, "Red", 3, 2, 5, region, facgold=4))
    blue = intrigue.factionturn.found_faction(FoundFaction(campaign_id, "Blue", 2, 2, 2, region))
    player = intrigue.seats.create_seat(campaign_id, "player", "Red's player", faction_id=red.id).token
    observer = intrigue.seats.create_seat(campaign_id, "observer", "Crowd").token
    intrigue.campaigns.open_phase(campaign_id)
    intrigue.factionturn.submit_orders(campaign_id, red.id, {"narrative": "Red waits."})
    intrigue.campaigns.resolve_phase(campaign_id)
    return campaign_id, red.id, blue.id, started.gm.token, player, observer


def test_each_seat_reads_the_phase_report_the_rules_allow_over_rest(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, red, blue, gm, player, observer = played(intrigue)
    url = f"{API}/campaigns/{campaign_id}/phases/1/report"
    own = conforms(client.get(url, headers=bearer(player)))
    assert own.status_code == 200, own.text
    body = own.json()
    # Seed 002 income: ceil(Wealth 5 / 2) + floor((Force 3 + Cunning 2) / 4) = 3 + 1.
    assert (body["member_id"], body["kind"], body["income"], body["costs"]) == (str(red), "faction", 4, 0)
    graphql = gql_as(
        client,
        player,
        "query($c: UUID!) { phaseReport(campaignId: $c, phase: 1) { income costs orders { action outcome } } }",
        c=str(campaign_id),
    )["data"]["phaseReport"]  # type: ignore[index]
    orders = [{"action": o["action"], "outcome": o["outcome"]} for o in body["orders"]]
    assert graphql == {"income": body["income"], "costs": body["costs"], "orders": orders}
    gm_view = conforms(client.get(url, params={"member_id": str(blue)}, headers=bearer(gm)))
    assert (gm_view.status_code, gm_view.json()["member_id"]) == (200, str(blue))
    for token, params, status in (
        (player, {"member_id": str(blue)}, 403),
        (observer, {}, 403),
        (None, {}, 403),
        (gm, {}, 404),
        (gm, {"member_id": "nope"}, 422),
    ):
        refused = conforms(client.get(url, params=params, headers=bearer(token) if token else {}))
        assert refused.status_code == status, (token, params, refused.text)
    unresolved = conforms(client.get(f"{API}/campaigns/{campaign_id}/phases/2/report", headers=bearer(player)))
    assert unresolved.status_code == 404
