"""Seed 002, Mergers, through GraphQL and REST on fixed dice: each faction's consent, the GM's merger, its d10s in
the events, the merged faction on the map and the other one dissolved, and a rollback that undoes it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from domain.dice import FixedDice
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.tables.progression import max_hp
from domain.ids import region_id
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_gm_graphql import code
from tests.service.usecases.test_gm import trail
from tests.support.rest_support import API, bearer, conforms
from tests.support.service import gql_as

CONSENT = """mutation($c: UUID!, $f: UUID!, $p: UUID!, $yes: Boolean!) {
  consentToMerger(campaignId: $c, factionId: $f, partnerId: $p, consent: $yes) { id name } }"""
MERGE = """mutation($c: UUID!, $f: UUID!, $p: UUID!) {
  mergeFactions(campaignId: $c, factionId: $f, partnerId: $p, mergerScore: 6, tags: ["Imperialist", "Zealots"],
                reason: "the Crows swear fealty") { rolls { faces rule }
                sold { name facgold factionId } faction { id } dissolved { id destroyed } } }"""
FACTIONS = (
    "query($c: UUID!) { factions(campaignId: $c) { id name force cunning wealth destroyed facgold tags "
    "assets { typeKey regionId } } }"
)
SEAT = """mutation($c: UUID!, $f: UUID!) { createSeat(campaignId: $c,
  input: {role: PLAYER, name: "Ana", factionId: $f}) { token } }"""
# Force and Cunning take the higher rating (1 <= 6), Wealth the lower (10 > 6); Ash's Zealots are kept (2), Birch's
# Warmage Regiment is sold (9) for half its cost of 12. Bases of Influence roll nothing.
FACES = [1, 1, 10, 2, 9]


@dataclass
class Pair:
    campaign_id: UUID
    gm: str
    gm_seat: str
    player: str  # Ash's seat
    ash: UUID
    birch: UUID
    ash_hp: int
    birch_hp: int


def pair(intrigue: Intrigue, client: TestClient) -> Pair:
    """Ash (Force 4, Cunning 1, Wealth 3) at Ashford with Zealots; Birch (2/5/1) at Birchwood with Warmages."""
    regions = [MapRegion("Ashford", 0, 0), MapRegion("Birchwood", 1, 0)]
    started = intrigue.seats.start_campaign(
        CreateCampaign(f"merge-{uuid.uuid4().hex[:6]}", ["factionturn"], "mergers", regions)
    )
    cid = started.campaign.id
    ash = intrigue.factionturn.found_faction(
        FoundFaction(cid, "Ash", 4, 1, 3, region_id(cid, 0, 0), facgold=2, assets=[StartingAsset("zealots")])
    )
    birch = intrigue.factionturn.found_faction(
        FoundFaction(cid, "Birch", 2, 5, 1, region_id(cid, 1, 0), facgold=3, assets=[StartingAsset("warmage_regiment")])
    )
    token = gql_as(client, started.gm.token, SEAT, c=str(cid), f=str(ash.id))["data"]["createSeat"]["token"]  # type: ignore[index]
    return Pair(cid, started.gm.token, str(started.gm.seat.id), token, ash.id, birch.id, ash.hp, birch.hp)


@pytest.fixture
def fixed(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> FixedDice:
    dice = FixedDice(FACES)
    monkeypatch.setattr(intrigue.gm, "_dice_for", lambda campaign, stream: dice)
    return dice


def _count(intrigue: Intrigue, p: Pair) -> int:
    return len(list(intrigue.audit.events(p.campaign_id)))


def _consent(client: TestClient, token: str, p: Pair, faction: UUID, partner: UUID, yes: bool = True) -> Any:
    return gql_as(client, token, CONSENT, c=str(p.campaign_id), f=str(faction), p=str(partner), yes=yes)


def test_a_merger_without_both_consents_is_refused_and_writes_nothing(
    intrigue: Intrigue, client: TestClient, fixed: FixedDice
) -> None:
    p = pair(intrigue, client)
    before = _count(intrigue, p)
    refused = gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))
    assert code(refused) == "RULE_VIOLATION" and "Ash has not consented" in refused["errors"][0]["message"]  # type: ignore[index]
    assert "errors" not in _consent(client, p.player, p, p.ash, p.birch)
    refused = gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))
    assert code(refused) == "RULE_VIOLATION" and "Birch has not consented" in refused["errors"][0]["message"]  # type: ignore[index]
    assert _count(intrigue, p) == before + 1  # the consent only
    assert fixed.used == 0  # refused before any die


def test_a_player_seat_consents_for_its_own_faction_only_and_cannot_merge(
    intrigue: Intrigue, client: TestClient, fixed: FixedDice
) -> None:
    p = pair(intrigue, client)
    assert code(_consent(client, p.player, p, p.birch, p.ash)) == "FORBIDDEN"
    _consent(client, p.player, p, p.ash, p.birch)
    _consent(client, p.gm, p, p.birch, p.ash)  # the GM, for the faction no player holds
    before = _count(intrigue, p)
    assert code(gql_as(client, p.player, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))) == "FORBIDDEN"
    assert _count(intrigue, p) == before and fixed.used == 0
    [ash_says, gm_says] = trail(intrigue, p.campaign_id, "MergerConsented")
    player_seat = intrigue.seats.resolve(f"Bearer {p.player}")
    assert player_seat is not None and ash_says.payload["seat"] == str(player_seat.id)
    assert (gm_says.aggregate_id, gm_says.payload["partner_id"]) == (p.birch, str(p.ash))


def test_consenting_factions_merge_on_the_d10s_and_the_map_shows_the_merged_faction(
    intrigue: Intrigue, client: TestClient, fixed: FixedDice
) -> None:
    p = pair(intrigue, client)
    _consent(client, p.player, p, p.ash, p.birch)
    _consent(client, p.gm, p, p.birch, p.ash)
    done = gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))["data"]["mergeFactions"]  # type: ignore[index]
    assert [r["faces"] for r in done["rolls"]] == [[f] for f in FACES] and fixed.remaining == 0
    assert [(s["name"], s["facgold"], s["factionId"]) for s in done["sold"]] == [("Warmage Regiment", 6, str(p.birch))]
    [merged] = trail(intrigue, p.campaign_id, "Merged")
    assert [r["faces"] for r in merged.payload["rolls"]] == [[f] for f in FACES]
    assert {r["rule"] for r in merged.payload["rolls"]} == {"seed 002, Mergers"}
    assert (merged.payload["seat"], merged.payload["reason"]) == (p.gm_seat, "the Crows swear fealty")
    factions = {f["name"]: f for f in gql_as(client, p.gm, FACTIONS, c=str(p.campaign_id))["data"]["factions"]}  # type: ignore[index]
    ash, birch = factions["Ash"], factions["Birch"]
    assert (ash["force"], ash["cunning"], ash["wealth"]) == (4, 5, 1)
    assert ash["facgold"] == 2 + 3 + 6 and ash["tags"] == ["Imperialist", "Zealots"]
    ashford, birchwood = str(region_id(p.campaign_id, 0, 0)), str(region_id(p.campaign_id, 1, 0))
    assert sorted((a["typeKey"], a["regionId"]) for a in ash["assets"]) == sorted(
        [("base_of_influence", ashford), ("zealots", ashford), ("base_of_influence", birchwood)]
    )
    assert birch["destroyed"] and birch["assets"] == []
    state = intrigue.store.load(p.ash, Faction)
    assert state.hp == min(max_hp(4, 5, 1), p.ash_hp + p.birch_hp) and state.goal is None
    assert intrigue.store.load(p.birch, Faction).merged_into() == str(p.ash)


def test_the_same_merger_over_rest_refuses_a_player_and_answers_the_contract(
    intrigue: Intrigue, client: TestClient, fixed: FixedDice
) -> None:
    p = pair(intrigue, client)
    base = f"{API}/campaigns/{p.campaign_id}"
    merger = {
        "faction_id": str(p.ash),
        "partner_id": str(p.birch),
        "merger_score": 6,
        "tags": ["Imperialist"],
        "reason": "a wedding",
    }
    refused = conforms(client.post(f"{base}/mergers", json=merger, headers=bearer(p.gm)))
    assert refused.status_code == 409 and "has not consented" in refused.json()["detail"]
    consent = conforms(
        client.post(
            f"{base}/factions/{p.ash}/merger-consent", json={"partner_id": str(p.birch)}, headers=bearer(p.player)
        )
    )
    assert consent.status_code == 200, consent.text
    forbidden = client.post(
        f"{base}/factions/{p.birch}/merger-consent", json={"partner_id": str(p.ash)}, headers=bearer(p.player)
    )
    assert conforms(forbidden).status_code == 403
    conforms(
        client.post(f"{base}/factions/{p.birch}/merger-consent", json={"partner_id": str(p.ash)}, headers=bearer(p.gm))
    )
    assert conforms(client.post(f"{base}/mergers", json=merger, headers=bearer(p.player))).status_code == 403
    done = conforms(client.post(f"{base}/mergers", json=merger, headers=bearer(p.gm)))
    assert done.status_code == 201, done.text
    body = done.json()
    assert [r["faces"] for r in body["rolls"]] == [[f] for f in FACES]
    assert body["dissolved"]["destroyed"] and body["dissolved"]["assets"] == []
    assert (body["faction"]["cunning"], body["faction"]["facgold"]) == (5, 11)


def test_a_withdrawn_consent_no_longer_counts(intrigue: Intrigue, client: TestClient, fixed: FixedDice) -> None:
    p = pair(intrigue, client)
    _consent(client, p.player, p, p.ash, p.birch)
    _consent(client, p.gm, p, p.birch, p.ash)
    _consent(client, p.player, p, p.ash, p.birch, yes=False)
    refused = gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))
    assert code(refused) == "RULE_VIOLATION" and "Ash has not consented" in refused["errors"][0]["message"]  # type: ignore[index]


def test_factions_do_not_merge_while_a_phase_is_open(intrigue: Intrigue, client: TestClient, fixed: FixedDice) -> None:
    p = pair(intrigue, client)
    _consent(client, p.player, p, p.ash, p.birch)
    _consent(client, p.gm, p, p.birch, p.ash)
    intrigue.campaigns.open_phase(p.campaign_id)
    refused = gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))
    assert code(refused) == "RULE_VIOLATION" and "between phases" in refused["errors"][0]["message"]  # type: ignore[index]


def test_rolling_back_the_phase_before_a_merger_undoes_it(
    intrigue: Intrigue, client: TestClient, fixed: FixedDice
) -> None:
    """docs/rules-notes/gm.md, Rewind: a rollback of phase N undoes every intervention after N began resolving."""
    p = pair(intrigue, client)
    intrigue.campaigns.open_phase(p.campaign_id)
    intrigue.campaigns.resolve_phase(p.campaign_id)
    before = {i: intrigue.store.load(i, Faction) for i in (p.ash, p.birch)}
    _consent(client, p.player, p, p.ash, p.birch)
    _consent(client, p.gm, p, p.birch, p.ash)
    gql_as(client, p.gm, MERGE, c=str(p.campaign_id), f=str(p.ash), p=str(p.birch))
    assert intrigue.store.load(p.birch, Faction).destroyed
    rollback = """mutation($c: UUID!) { rollBackPhase(campaignId: $c, phase: 1, reason: "no wedding") { phase } }"""
    assert "errors" not in gql_as(client, p.gm, rollback, c=str(p.campaign_id))
    for faction_id, earlier in before.items():
        now = intrigue.store.load(faction_id, Faction)
        assert (now.destroyed, now.rating("cunning"), sorted(now.assets)) == (
            False,
            earlier.rating("cunning"),
            sorted(earlier.assets),
        )
        assert now.merger_consents() == {} and now.merged_into() is None
