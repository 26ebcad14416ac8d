"""Issue 15, item 11: the phase log reads as the phase was played (seed 002, The Faction Phase): the initiative,
then each turn in order with everything it caused, the damage on its victim's aggregate included."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from domain.dice import FixedDice
from domain.factionturn.aggregate.faction import Faction
from domain.ids import region_id
from domain.phase_chronicle import chronicle_id
from service.bootstrap import Intrigue
from tests.support.service import gql_as

PHASE_LOG = """query($c: UUID!, $p: Int!) { phaseLog(campaignId: $c, phase: $p, first: 500) {
  edges { node { aggregateId topic payload } } } }"""


def _short(topic: str) -> str:
    return topic.rsplit(".", 1)[-1]


def _three_factions(intrigue: Intrigue) -> tuple[UUID, str, dict[str, UUID]]:
    """Ash (listed first), Birch and Cedar; Birch's Warmages stand in Ash's home."""
    regions = [MapRegion(name, q, 0) for q, name in enumerate(("Ashford", "Birchwood", "Cedarhold"))]
    started = intrigue.seats.start_campaign(
        CreateCampaign(f"order-{uuid.uuid4().hex[:6]}", ["factionturn"], "played order", regions)
    )
    cid = started.campaign.id
    ids = {}
    for q, (name, rating) in enumerate((("Ash", 1), ("Birch", 5), ("Cedar", 2))):
        assets = [StartingAsset("warmage_regiment", region_id(cid, 0, 0))] if name == "Birch" else []
        found = intrigue.factionturn.found_faction(
            FoundFaction(cid, name, rating, rating, rating, region_id(cid, q, 0), assets=assets)
        )
        ids[name] = found.id
    return cid, started.gm.token, ids


def test_the_phase_log_reads_initiative_then_each_turn_with_the_damage_it_dealt(
    intrigue: Intrigue, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    cid, gm, ids = _three_factions(intrigue)
    birch = intrigue.store.load(ids["Birch"], Faction)
    warmages = next(a.id for a in birch.assets.values() if a.type_key == "warmage_regiment")
    ash = intrigue.store.load(ids["Ash"], Faction)
    ash_base = next(a.id for a in ash.assets.values() if a.is_base)
    intrigue.campaigns.open_phase(cid)
    strike = {"attacker_id": warmages, "target_faction_id": str(ids["Ash"]), "target_asset_id": ash_base}
    intrigue.factionturn.submit_orders(cid, ids["Birch"], {"action": {"action": "Attack", "strikes": [strike]}})
    # The initiative die shows 2: Birch (second on the list) acts first, then Cedar, then Ash. Every other die is 1.
    dice = FixedDice([2, *[1] * 200])
    monkeypatch.setattr(intrigue.campaigns._target, "_dice_for", lambda campaign, stream: dice)  # type: ignore[attr-defined]
    intrigue.campaigns.resolve_phase(cid)

    answer: Any = gql_as(client, gm, PHASE_LOG, c=str(cid), p=1)
    chronicle = {chronicle_id(cid, 1): cid}  # the phase's chronicle (domain/phase_chronicle.py): the campaign's own
    log = [
        (chronicle.get(UUID(e["node"]["aggregateId"]), UUID(e["node"]["aggregateId"])), _short(e["node"]["topic"]))
        for e in answer["data"]["phaseLog"]["edges"]
    ]
    assert log[:2] == [(cid, "PhaseResolutionBegan"), (cid, "InitiativeRolled")]
    turns = [who for who, topic in log if topic == "TurnBegun"]
    assert turns == [ids["Birch"], ids["Cedar"], ids["Ash"]]
    blocks = _turn_blocks(log[2:], cid)
    assert [owner for owner, _ in blocks] == turns
    birch_turn = blocks[0][1]
    assert (ids["Ash"], "AssetDamaged") in birch_turn  # the damage Birch dealt sits in Birch's turn
    assert all(who == ids["Birch"] for who, topic in birch_turn if topic != "AssetDamaged")
    for owner, events in blocks[1:]:  # Cedar's and Ash's turns hold only their own events
        assert {who for who, _ in events} == {owner}
    assert log[-1] == (cid, "PhaseResolved")
    assert all(who == cid for who, _ in log[2 + sum(len(e) for _, e in blocks) :])  # then the campaign's own


def _turn_blocks(log: list[tuple[UUID, str]], cid: UUID) -> list[tuple[UUID, list[tuple[UUID, str]]]]:
    """The turns, each from its TurnBegun to its TurnEnded, with every event written in between."""
    blocks: list[tuple[UUID, list[tuple[UUID, str]]]] = []
    for who, topic in log:
        if who == cid:
            break
        if topic == "TurnBegun":
            blocks.append((who, []))
        assert blocks, f"{topic} written before any turn began"
        blocks[-1][1].append((who, topic))
    assert all(events[-1] == (owner, "TurnEnded") for owner, events in blocks)
    return blocks
