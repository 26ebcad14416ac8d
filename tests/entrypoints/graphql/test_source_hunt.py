"""A captured assassin questioned through GraphQL: the victim's seat finds the source, no other seat sees it."""

from __future__ import annotations

import json
import uuid
from typing import Any

from starlette.testclient import TestClient

from domain.seats import Role, Seat, gm_seat_id
from service.usecases.visibility import house_view
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"""
REGISTER = """mutation($c: UUID!, $input: RegisterHouseInput!) {
  registerHouse(campaignId: $c, input: $input) { id } }"""
SEAT = """mutation($c: UUID!, $h: UUID!) {
  createSeat(campaignId: $c, input: {role: PLAYER, houseId: $h}) { token } }"""
ORDER = """mutation($c: UUID!, $h: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $order) { name } }"""
HUNT = """mutation($c: UUID!, $h: UUID!, $a: UUID!) { huntAttackSource(campaignId: $c, houseId: $h, attackId: $a) {
  found aggressorHouseId result roll { modifiers { source value } }
  knowledge { id kind result aggressorHouseId details { key value } }
  house { knowledge { id kind result aggressorHouseId details { key value } }
    circumstances { source } } } }"""
HOUSES = """query($c: UUID!) { houses(campaignId: $c) {
  id knowledge { id kind result aggressorHouseId details { key value } }
  circumstances { knowledgeId otherHouseId value } } }"""


def house_input(name: str, gather_information: int, leader_level: int, area_id: str) -> dict[str, Any]:
    skills = [{"skill": "Gather Information", "modifier": gather_information}]
    return {
        "name": name,
        "gold": 50_000,
        "influence": 30_000,
        "leader": {"name": f"{name} Matron", "level": leader_level, "skills": skills},
        "members": [{"name": f"Guard {i}", "classes": [{"characterClass": "fighter", "level": 10}]} for i in range(6)],
        "areas": [{"areaId": area_id}],
    }


def code(body: dict[str, Any]) -> str:
    return str(body["errors"][0]["extensions"]["code"])


def test_the_targeted_house_questions_its_captured_assassin_and_only_it_and_the_gm_learn_the_source(
    client: TestClient,
) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 1_000} for i in range(3)]
    created: Any = gql(client, CREATE, input={"name": "Hunt", "ruleSystems": ["GAME_OF_BONES"], "regions": regions})
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]
    ward = [r["id"] for r in created["data"]["createCampaign"]["regions"]]

    def as_(token: str, query: str, **variables: Any) -> Any:
        return gql_as(client, token, query, c=c, **variables)

    def ok(token: str, query: str, **variables: Any) -> Any:
        body = as_(token, query, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    # Whatever the dice: the assassin rolls at most 20 + 6 against the victim's 41+, so fails by 10 and is
    # captured; the victim's hunt rolls at least 1 + 40 + 10 against DC 20.
    baenre = ok(gm, REGISTER, input=house_input("Baenre", 0, 12, ward[0]))["registerHouse"]["id"]
    xorlarrin = ok(gm, REGISTER, input=house_input("Xorlarrin", 40, 2, ward[1]))["registerHouse"]["id"]
    mizzrym = ok(gm, REGISTER, input=house_input("Mizzrym", 5, 8, ward[2]))["registerHouse"]["id"]
    victim = ok(gm, SEAT, h=xorlarrin)["createSeat"]["token"]
    rival = ok(gm, SEAT, h=mizzrym)["createSeat"]["token"]
    ok(gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
    ok(
        gm,
        ORDER,
        h=baenre,
        order={
            "action": "ASSASSINATION",
            "actor": "Baenre Matron",
            "targetHouseId": xorlarrin,
            "targetCharacter": "Xorlarrin Matron",
        },
    )
    ok(gm, "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }")

    seen = {h["id"]: h for h in ok(victim, HOUSES)["houses"]}[xorlarrin]
    [attack] = [k for k in seen["knowledge"] if k["kind"] == "attack"]
    assert (attack["result"], attack["aggressorHouseId"]) == ("assassin captured", None)
    assert "gm_only" not in {d["key"] for d in attack["details"]}, "the victim's own seat must not read who sent it"
    assert [(h["knowledgeId"], h["otherHouseId"], h["value"]) for h in seen["circumstances"]] == [
        (attack["id"], None, 10)
    ]

    assert code(as_(rival, HUNT, h=xorlarrin, a=attack["id"])) == "FORBIDDEN"
    assert code(as_(rival, HUNT, h=mizzrym, a=attack["id"])) == "NOT_FOUND"

    hunted = ok(victim, HUNT, h=xorlarrin, a=attack["id"])["huntAttackSource"]
    assert (hunted["found"], hunted["aggressorHouseId"], hunted["result"]) == (True, baenre, "FOUND")
    assert {"source": "captured assassin", "value": 10} in hunted["roll"]["modifiers"]
    assert hunted["house"]["circumstances"] == []
    assert hunted["knowledge"] in hunted["house"]["knowledge"]
    assert code(as_(victim, HUNT, h=xorlarrin, a=attack["id"])) == "RULE_VIOLATION"

    by_rival = {h["id"]: h for h in ok(rival, HOUSES)["houses"]}
    assert (by_rival[xorlarrin]["knowledge"], by_rival[mizzrym]["knowledge"]) == ([], [])
    by_gm = {h["id"]: h for h in ok(gm, HOUSES)["houses"]}[xorlarrin]
    assert [k["aggressorHouseId"] for k in by_gm["knowledge"] if k["kind"] == "source"] == [baenre]
    attacks = [k for k in by_gm["knowledge"] if k["kind"] == "attack"]
    assert [d for k in attacks for d in k["details"] if d["key"] == "gm_only"] == [
        {"key": "gm_only", "value": json.dumps({"source_house_id": baenre})}
    ]


def test_the_house_view_hides_the_gm_part_of_its_knowledge_from_its_own_seat_but_not_from_the_gm() -> None:
    campaign_id, house_id = uuid.uuid4(), uuid.uuid4()
    attack = {"id": "k1", "kind": "attack", "aggressor_house_id": None, "gm_only": {"source_house_id": "baenre"}}
    state = {"id": str(house_id), "campaign_id": str(campaign_id), "knowledge": [attack]}
    own = Seat(uuid.uuid4(), campaign_id, Role.PLAYER, "Dee", house_id=house_id)
    gm = Seat(gm_seat_id(campaign_id), campaign_id, Role.GM, "GM")
    assert house_view(state, own)["knowledge"] == [{k: v for k, v in attack.items() if k != "gm_only"}]
    assert house_view(state, gm)["knowledge"] == [attack]
    assert state["knowledge"] == [attack], "the read model's row is left as it was"
