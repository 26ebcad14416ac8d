"""The GM's hand through GraphQL: the GM's token intervenes and reads the summaries; a player's token reads the
public chronicle, and is refused the GM's notes and the GM's commands."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from tests.service.usecases.test_gm import Table, regiment_of, table, trail
from tests.support.service import gql_as

DESTROY = """mutation($c: UUID!, $f: UUID!, $a: UUID!) {
  resolveAssetAdventure(campaignId: $c, factionId: $f, assetId: $a, outcome: DESTROY,
                        reason: "the PCs sank the war galley") { id assets { id } } }"""
ADJUST = """mutation($c: UUID!, $t: UUID!) {
  adjust(campaignId: $c, targetId: $t, field: HP, value: 99, mode: SET, reason: "oops") {
    ... on Faction { hp } } }"""
SHADOWS = """mutation($c: UUID!) { defineAssetType(campaignId: $c, reason: "the Paladins vanish", input: {
  key: "shadow_paladins", name: "Shadow Paladins", attribute: FORCE, rating: 1, hp: 4, cost: 1,
  attack: "Force vs. Force, 1d4 damage", ability: "cutthroats"}) { key attribute kind attack ability } }"""
DRAFT = "mutation($c: UUID!) { draftChronicle(campaignId: $c, phase: 1) { actorId lines spin } }"
GOSSIP = """mutation($c: UUID!, $a: UUID!) { writeGossip(campaignId: $c, phase: 1, actorId: $a,
  lines: ["The Crows wear white in mourning."], spin: "the Empress's heralds") { actorId lines spin } }"""
CHRONICLE = "query($c: UUID!) { chronicle(campaignId: $c, phase: 1) { actorId lines spin } }"
GM_NOTES = "query($c: UUID!) { gmChronicle(campaignId: $c, phase: 1) { actorId text } }"
SEAT = """mutation($c: UUID!, $f: UUID!) { createSeat(campaignId: $c,
  input: {role: PLAYER, name: "Ana", factionId: $f}) { token } }"""


def player(client: TestClient, t: Table) -> str:
    body = gql_as(client, t.gm_token, SEAT, c=str(t.campaign_id), f=str(t.crows.id))
    token: str = body["data"]["createSeat"]["token"]  # type: ignore[index]
    return token


def code(body: dict[str, Any]) -> str:
    return str(body["errors"][0]["extensions"]["code"])


def test_the_gm_destroys_an_asset_through_graphql_and_the_trail_names_the_gm_seat(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = table(intrigue)
    galley = regiment_of(intrigue, t.crows.id)
    body = gql_as(client, t.gm_token, DESTROY, c=str(t.campaign_id), f=str(t.crows.id), a=galley)
    assert galley not in [a["id"] for a in body["data"]["resolveAssetAdventure"]["assets"]]  # type: ignore[index]
    [entry] = trail(intrigue, t.campaign_id, "AdventureResolved")
    assert (entry.payload["seat"], entry.payload["reason"]) == (t.seat, "the PCs sank the war galley")


def test_a_player_cannot_intervene_and_a_broken_invariant_is_refused_with_its_rule(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = table(intrigue)
    galley = regiment_of(intrigue, t.crows.id)
    refused = gql_as(client, player(client, t), DESTROY, c=str(t.campaign_id), f=str(t.crows.id), a=galley)
    assert code(refused) == "FORBIDDEN" and galley in intrigue.store.load(t.crows.id, Faction).assets
    body = gql_as(client, t.gm_token, ADJUST, c=str(t.campaign_id), t=str(t.crows.id))
    assert code(body) == "RULE_VIOLATION" and "maximum HP" in body["errors"][0]["extensions"]["rule"]  # type: ignore[index]


def test_a_player_reads_the_public_chronicle_but_not_the_gm_notes_and_secrets_stay_out_of_it(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = table(intrigue)
    cid = str(t.campaign_id)
    assert gql_as(client, t.gm_token, SHADOWS, c=cid)["data"] == {
        "defineAssetType": {  # typed, as defined
            "key": "shadow_paladins",
            "attribute": "FORCE",
            "kind": "SPECIAL_FORCES",
            "attack": "Force vs. Force, 1d4 damage",
            "ability": "cutthroats",
        }
    }
    intrigue.gm.adjust(t.by("the Republic's war chest"), t.republic.id, "facgold", 3)
    intrigue.campaigns.open_phase(t.campaign_id)
    buy = {"action": {"action": "Buy Asset", "type_key": "shadow_paladins", "region_id": str(t.capital)}}
    intrigue.factionturn.submit_orders(t.campaign_id, t.republic.id, buy)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    drafted = gql_as(client, t.gm_token, DRAFT, c=cid)["data"]["draftChronicle"]  # type: ignore[index]
    assert {"actorId": str(t.republic.id), "lines": ["Little is heard of Republic this month."], "spin": ""} in drafted
    gql_as(client, t.gm_token, GOSSIP, c=cid, a=str(t.crows.id))
    token = player(client, t)
    heard = gql_as(client, token, CHRONICLE, c=cid)["data"]["chronicle"]  # type: ignore[index]
    assert {
        "actorId": str(t.crows.id),
        "lines": ["The Crows wear white in mourning."],
        "spin": "the Empress's heralds",
    } in heard
    assert "Shadow Paladins" not in str(heard)
    refused = gql_as(client, token, GM_NOTES, c=cid)
    assert code(refused) == "FORBIDDEN" and refused["data"] is None
    notes = gql_as(client, t.gm_token, GM_NOTES, c=cid)["data"]["gmChronicle"]  # type: ignore[index]
    republic = next(n["text"] for n in notes if n["actorId"] == str(t.republic.id))
    assert "Shadow Paladins" in republic and "[secret]" in republic


FOUND = """mutation($c: UUID!, $home: UUID!, $key: String!) { foundFaction(campaignId: $c, input: {name: "Dawn",
  force: 3, cunning: 3, wealth: 3, homeRegionId: $home, assets: [{typeKey: $key}]}) { id assets { typeKey name } } }"""


def test_found_faction_starts_with_a_custom_type_the_campaign_defined_and_an_unknown_one_writes_nothing(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = table(intrigue)
    cid, home = str(t.campaign_id), str(t.capital)
    before = len(list(intrigue.audit.events(t.campaign_id)))
    unknown = gql_as(client, t.gm_token, FOUND, c=cid, home=home, key="shadow_paladins")
    assert code(unknown) == "NOT_FOUND" and len(list(intrigue.audit.events(t.campaign_id))) == before
    assert "errors" not in gql_as(client, t.gm_token, SHADOWS, c=cid)
    founded = gql_as(client, t.gm_token, FOUND, c=cid, home=home, key="shadow_paladins")["data"]["foundFaction"]  # type: ignore[index]
    assert {"typeKey": "shadow_paladins", "name": "Shadow Paladins"} in founded["assets"]
    paladins = next(
        a for a in intrigue.store.load(UUID(founded["id"]), Faction).assets.values() if a.type_key == "shadow_paladins"
    )
    assert paladins.custom_type is not None and paladins.custom_type["ability"] == "cutthroats"


GILD = """mutation($c: UUID!, $s: RuleSystem!) { defineCustomAction(campaignId: $c, reason: "Goldbar shows off",
  input: {key: "gild", name: "Gild the Court", system: $s, duration: 1, cost: 3, influenceSpending: true})
  { key influenceSpending } }"""


def test_the_gm_marks_a_custom_action_as_influence_spending_through_graphql_and_a_house_cannot_be(
    intrigue: Intrigue, client: TestClient
) -> None:
    """Seed 002, Legendary Wealth: "Spend FacGolds equal to four times your faction's Wealth score on bribes and
    influence." The GM's definition carries the mark; the campaign keeps it."""
    t = table(intrigue)
    body = gql_as(client, t.gm_token, GILD, c=str(t.campaign_id), s="FACTION_TURN")
    assert body["data"]["defineCustomAction"] == {"key": "gild", "influenceSpending": True}  # type: ignore[index]
    assert intrigue.store.load(t.campaign_id, Campaign).custom_action("gild").influence_spending is True
    refused = gql_as(client, t.gm_token, GILD, c=str(t.campaign_id), s="GAME_OF_BONES")
    assert code(refused) == "INVALID_INPUT" and "a faction's goal" in refused["errors"][0]["message"]  # type: ignore[index]
