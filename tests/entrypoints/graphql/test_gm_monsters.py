"""The GM plays The Wild's monsters through GraphQL, on PostgreSQL: a move of one hex a phase and an attack whose
rolls are in the trail; refusals write nothing."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import WILD_MONSTER
from domain.ids import region_id
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_gm_graphql import code
from tests.service.usecases.test_gm import trail
from tests.support.service import gql_as

CHARCH_GO = {"name": "Charch-Go", "cr": 13, "hp": 189, "hit_dice": "18d10+90"}
MOVE = """mutation($c: UUID!, $m: UUID!, $r: UUID!) {
  moveMonster(campaignId: $c, monsterId: $m, regionId: $r, reason: "Charch-Go hunts") {
  id assets { id regionId } } }"""
ATTACK = """mutation($c: UUID!, $m: UUID!, $f: UUID!, $a: UUID!) {
  attackWithMonster(campaignId: $c, monsterId: $m, factionId: $f, assetId: $a, reason: "Charch-Go is hungry") {
    hit countered rolls { purpose total } target { assets { id hp } } } }"""
SEAT = """mutation($c: UUID!, $f: UUID!) { createSeat(campaignId: $c,
  input: {role: PLAYER, name: "Ana", factionId: $f}) { token } }"""


@dataclass
class Marches:
    campaign_id: UUID
    seat: str
    gm_token: str
    crows: Faction
    wild_id: UUID
    monster_id: str
    warmages: str


def marches(intrigue: Intrigue) -> Marches:
    """Capital (0,0), Charch-Go's swamp (1,0), a bog (2,0) and settled peaks (3,0); the Crows' Warmages in the swamp."""
    swamp = MapRegion("Swamp", 1, 0, terrain_difficulty=2, wild=True, monster=CHARCH_GO)
    regions = [MapRegion("Capital", 0, 0), swamp, MapRegion("Bog", 2, 0, wild=True), MapRegion("Peaks", 3, 0)]
    started = intrigue.seats.start_campaign(
        CreateCampaign(f"wild-{uuid.uuid4().hex[:6]}", ["factionturn"], "monsters", regions)
    )
    cid = started.campaign.id
    crows = intrigue.factionturn.found_faction(
        FoundFaction(
            cid,
            "Crows",
            4,
            3,
            3,
            region_id(cid, 0, 0),
            assets=[StartingAsset("warmage_regiment", region_id(cid, 1, 0))],
        )
    )
    wild = intrigue.factionturn.populate_the_wild(cid)
    assert wild is not None
    beast = next(a.id for a in wild.assets.values() if a.type_key == WILD_MONSTER)
    warmages = next(a.id for a in crows.assets.values() if a.type_key == "warmage_regiment")
    return Marches(cid, str(started.gm.seat.id), started.gm.token, crows, wild.id, beast, warmages)


def _events(intrigue: Intrigue, m: Marches) -> int:
    return len(list(intrigue.audit.events(m.campaign_id)))


def test_the_gm_moves_a_monster_one_hex_a_phase_and_a_second_move_or_a_player_writes_nothing(
    intrigue: Intrigue, client: TestClient
) -> None:
    m = marches(intrigue)
    cid, bog, peaks = str(m.campaign_id), region_id(m.campaign_id, 2, 0), region_id(m.campaign_id, 3, 0)
    moved = gql_as(client, m.gm_token, MOVE, c=cid, m=m.monster_id, r=str(bog))["data"]["moveMonster"]  # type: ignore[index]
    assert {a["id"]: a["regionId"] for a in moved["assets"]}[m.monster_id] == str(bog)
    [entry] = trail(intrigue, m.campaign_id, "MonsterMoved")
    assert (entry.payload["seat"], entry.payload["to_region_id"], entry.payload["phase"]) == (m.seat, str(bog), 0)
    before = _events(intrigue, m)
    again = gql_as(client, m.gm_token, MOVE, c=cid, m=m.monster_id, r=str(peaks))
    assert code(again) == "RULE_VIOLATION" and "already moved" in again["errors"][0]["message"]  # type: ignore[index]
    token = gql_as(client, m.gm_token, SEAT, c=cid, f=str(m.crows.id))["data"]["createSeat"]["token"]  # type: ignore[index]
    assert code(gql_as(client, token, MOVE, c=cid, m=m.monster_id, r=str(peaks))) == "FORBIDDEN"
    assert _events(intrigue, m) == before
    intrigue.campaigns.open_phase(m.campaign_id)
    gql_as(client, m.gm_token, MOVE, c=cid, m=m.monster_id, r=str(peaks))
    assert intrigue.store.load(m.wild_id, Faction).assets[m.monster_id].region_id == str(peaks)


def test_a_monster_attack_records_its_rolls_and_damage_and_a_second_attack_writes_nothing(
    intrigue: Intrigue, client: TestClient
) -> None:
    m = marches(intrigue)
    cid = str(m.campaign_id)
    body = gql_as(client, m.gm_token, ATTACK, c=cid, m=m.monster_id, f=str(m.crows.id), a=m.warmages)
    done: dict[str, Any] = body["data"]["attackWithMonster"]  # type: ignore[index]
    [entry] = trail(intrigue, m.campaign_id, "MonsterAttacked")
    attack, defence = entry.payload["rolls"]
    assert (attack["actor"], defence["actor"]) == (str(m.wild_id), str(m.crows.id))
    assert attack["modifiers"] == [{"source": "Charch-Go level", "value": 4}]
    assert done["hit"] == (attack["total"] >= defence["total"]) == entry.payload["hit"]
    assert done["countered"] == (attack["total"] <= defence["total"])
    dealt = sum(
        e.payload["damage"]
        for e in trail(intrigue, m.campaign_id, "AssetDamaged")
        if e.payload["asset_id"] == m.warmages
    )
    warmages = {a["id"]: a for a in done["target"]["assets"]}.get(m.warmages)
    assert (8 - dealt if dealt < 8 else None) == (warmages["hp"] if warmages else None)
    assert [r["purpose"] for r in done["rolls"]][:2] == [r["purpose"] for r in (attack, defence)]
    before = _events(intrigue, m)
    again = gql_as(client, m.gm_token, ATTACK, c=cid, m=m.monster_id, f=str(m.crows.id), a=m.warmages)
    assert code(again) == "RULE_VIOLATION" and "already attacked" in again["errors"][0]["message"]  # type: ignore[index]
    assert _events(intrigue, m) == before


def test_unknown_monsters_regions_and_factions_and_a_campaign_without_a_wild_are_refused(
    intrigue: Intrigue, client: TestClient
) -> None:
    m = marches(intrigue)
    cid, bog = str(m.campaign_id), str(region_id(m.campaign_id, 2, 0))
    before = _events(intrigue, m)
    # A malformed id is a typed input error now; a well-formed one that names no monster breaks the rule.
    assert code(gql_as(client, m.gm_token, MOVE, c=cid, m="no-such-monster", r=bog)) == "BAD_USER_INPUT"
    assert code(gql_as(client, m.gm_token, MOVE, c=cid, m=str(uuid.uuid4()), r=bog)) == "RULE_VIOLATION"
    assert code(gql_as(client, m.gm_token, MOVE, c=cid, m=m.monster_id, r=str(uuid.uuid4()))) == "NOT_FOUND"
    unknown = gql_as(client, m.gm_token, ATTACK, c=cid, m=m.monster_id, f=str(uuid.uuid4()), a=m.warmages)
    assert code(unknown) == "NOT_FOUND" and _events(intrigue, m) == before
    fields = [MapRegion("Fields", 0, 0), MapRegion("Farms", 1, 0)]
    tame = intrigue.seats.start_campaign(CreateCampaign(f"tame-{uuid.uuid4().hex[:6]}", ["factionturn"], None, fields))
    none = gql_as(
        client, tame.gm.token, MOVE, c=str(tame.campaign.id), m=m.monster_id, r=str(region_id(tame.campaign.id, 1, 0))
    )
    assert code(none) == "NOT_FOUND" and "no Wild" in none["errors"][0]["message"]  # type: ignore[index]
