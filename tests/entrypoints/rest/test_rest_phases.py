"""REST for phases, orders, state per seat and time travel; every answer checked against openapi/openapi.yaml."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import FoundFaction, RegisterHouse, StartingArea, StartingAsset
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.tables.records import Character
from service.bootstrap import Intrigue
from tests.support.rest_support import API, bearer, conforms, new_campaign

REGIONS = [{"name": "Home", "q": 0, "r": 0, "arcana": 4}, {"name": "Ward", "q": 1, "r": 0, "monthly_income": 4000}]
SKILLS = {"Innuendo": 8, "Gather Information": 8, "Sense Motive": 8}


@pytest.fixture
def world(client: TestClient, intrigue: Intrigue) -> dict[str, Any]:
    """Both rule systems: two factions (one with a stealthed assassin), a house with troops, and a seat for each."""
    campaign, gm = new_campaign(client, "phases", rule_systems=["factionturn", "gameofbones"], regions=REGIONS)
    cid = UUID(campaign["id"])
    home, ward = (UUID(r["id"]) for r in campaign["regions"])
    spies = intrigue.factionturn.found_faction(
        FoundFaction(cid, "Spies", 2, 5, 2, home, facgold=7, assets=[StartingAsset("master_assassin")])
    )
    guards = intrigue.factionturn.found_faction(FoundFaction(cid, "Guards", 5, 2, 2, home, facgold=3))
    spies = intrigue.store.load(spies.id, Faction)
    assassin = next(a for a in spies.assets.values() if a.type_key == "master_assassin")
    spies.set_stealth(assassin.id, True, "test setup")
    intrigue.wait_for_projections(intrigue.store.commit(spies))
    house = intrigue.gameofbones.register_house(
        RegisterHouse(
            cid,
            "Baenre",
            Character("Baenre Matron", 12, SKILLS),
            50_000,
            influence=30_000,
            power=3_000,
            areas=[StartingArea(ward, troops=2_000)],
        )
    )
    base = f"{API}/campaigns/{cid}"

    def seat(**body: Any) -> str:
        issued = conforms(client.post(f"{base}/seats", json=body, headers=bearer(gm)))
        assert issued.status_code == 201, issued.text
        return str(issued.json()["token"])

    return {
        "base": base,
        "gm": gm,
        "spies": str(spies.id),
        "guards": str(guards.id),
        "house": str(house.id),
        "ward": str(ward),
        "spies_player": seat(role="player", faction_id=str(spies.id)),
        "guards_player": seat(role="player", faction_id=str(guards.id)),
        "house_player": seat(role="player", house_id=str(house.id)),
        "observer": seat(role="observer"),
    }


def as_(world: dict[str, Any], who: str | None) -> dict[str, str]:
    return bearer(world[who]) if who else {}


def test_a_phase_is_opened_ordered_resolved_travelled_and_rolled_back(
    client: TestClient, world: dict[str, Any]
) -> None:
    base, gm = world["base"], bearer(world["gm"])
    current = conforms(client.get(f"{base}/phases/current")).json()
    assert (current["phase"], current["status"]) == (0, "setup")
    assert conforms(client.post(f"{base}/phases", headers=gm)).status_code == 201
    orders = {"action": None, "raise_ratings": [], "narrative": "We wait and watch."}
    submitted = conforms(
        client.put(f"{base}/factions/{world['spies']}/orders", json=orders, headers=as_(world, "spies_player"))
    )
    assert submitted.status_code == 200, submitted.text
    assert submitted.json()["order"]["narrative"] == "We wait and watch." and submitted.json()["order"]["phase"] == 1
    ordered = conforms(
        client.post(
            f"{base}/houses/{world['house']}/actions",
            headers=as_(world, "house_player"),
            json={"action": "Counterintelligence", "actor": "Baenre Matron"},
        )
    )
    assert ordered.status_code == 201, ordered.text
    assert ordered.json()["action"]["action"] == "Counterintelligence"
    assert [p["action"] for p in ordered.json()["house"]["pending"]] == ["Counterintelligence"]

    resolved = conforms(client.post(f"{base}/phases/current/resolve", headers=gm))
    assert resolved.status_code == 200, resolved.text
    assert (resolved.json()["phase"], resolved.json()["phase_status"]) == (1, "resolved")
    as_of = conforms(client.get(f"{base}/state", params={"phase": 1}, headers=gm)).json()
    kinds = sorted(a["kind"] for a in as_of["aggregates"])
    assert kinds == ["campaign", "faction", "faction", "house", "houseintel", "region", "region"]
    campaign_then = next(a for a in as_of["aggregates"] if a["kind"] == "campaign")["state"]
    assert (campaign_then["phase"], campaign_then["phase_status"]) == (1, "resolved")

    rolled = conforms(client.post(f"{base}/phases/1/rollback", json={"reason": "disputed"}, headers=gm))
    assert rolled.status_code == 200, rolled.text
    assert (rolled.json()["phase"], rolled.json()["phase_status"]) == (1, "open")
    again = conforms(client.get(f"{base}/phases/current")).json()
    assert (again["phase"], again["status"]) == (1, "open")


def test_time_travel_by_position_sees_the_campaign_before_that_event(client: TestClient, world: dict[str, Any]) -> None:
    base, gm = world["base"], bearer(world["gm"])
    conforms(client.post(f"{base}/phases", headers=gm))
    events = [json.loads(line) for line in client.get(f"{base}/events", headers=gm).text.splitlines()]
    opened = next(e for e in events if e["topic"].endswith("PhaseOpened"))
    before = conforms(client.get(f"{base}/state", params={"position": opened["position"]}, headers=gm)).json()
    campaign_then = next(a for a in before["aggregates"] if a["kind"] == "campaign")
    assert campaign_then["state"]["phase_status"] == "setup" and before["position"] == opened["position"]
    latest = conforms(client.get(f"{base}/state", params={"position": 2**62}, headers=gm)).json()
    now = {f["id"]: f["version"] for f in conforms(client.get(f"{base}/factions", headers=gm)).json()["factions"]}
    assert {a["id"]: a["version"] for a in latest["aggregates"] if a["kind"] == "faction"} == now
    for params in ({}, {"phase": 1, "position": 3}, {"phase": "one"}):
        refused = conforms(client.get(f"{base}/state", params=params, headers=gm))
        assert refused.status_code == 422 and refused.json()["code"] == "INVALID_INPUT"
    unresolved = conforms(client.get(f"{base}/state", params={"phase": 1}, headers=gm))
    assert unresolved.status_code == 404 and unresolved.json()["code"] == "NOT_FOUND"


@pytest.mark.parametrize("who", ["gm", "spies_player"])
def test_the_gm_and_the_owner_see_a_faction_whole(client: TestClient, world: dict[str, Any], who: str) -> None:
    factions = conforms(client.get(f"{world['base']}/factions", headers=as_(world, who))).json()["factions"]
    spies = next(f for f in factions if f["id"] == world["spies"])
    assert spies["facgold"] == 7 and spies["xp"] == 0 and "goal" in spies
    assert any(a["type_key"] == "master_assassin" and a["stealthed"] for a in spies["assets"])


@pytest.mark.parametrize("who", ["guards_player", "house_player", "observer", None])
def test_anyone_else_sees_a_faction_without_its_secrets(
    client: TestClient, world: dict[str, Any], who: str | None
) -> None:
    factions = conforms(client.get(f"{world['base']}/factions", headers=as_(world, who))).json()["factions"]
    spies = next(f for f in factions if f["id"] == world["spies"])
    assert not {"facgold", "xp", "goal", "order", "multi_turn"} & set(spies)
    assert not any(a["stealthed"] for a in spies["assets"]) and spies["cunning"] == 5


@pytest.mark.parametrize(
    ("who", "whole"),
    [("gm", True), ("house_player", True), ("spies_player", False), ("observer", False), (None, False)],
)
def test_a_house_shows_its_numbers_to_the_gm_and_its_seat_only(
    client: TestClient, world: dict[str, Any], who: str | None, whole: bool
) -> None:
    (house,) = conforms(client.get(f"{world['base']}/houses", headers=as_(world, who))).json()["houses"]
    assert house["name"] == "Baenre" and isinstance(house["rank"], int)
    secret = {"influence", "power", "gold", "pending", "knowledge", "spies", "standing", "members"}
    assert (secret <= set(house)) if whole else not (secret & set(house))
    if whole:
        assert house["influence"] >= 30_000 and house["standing"]["effective_rank"] == house["rank"]


@pytest.mark.parametrize(
    ("who", "sees"),
    [("gm", True), ("house_player", True), ("guards_player", False), ("observer", False), (None, False)],
)
def test_troops_show_to_the_gm_and_their_house(
    client: TestClient, world: dict[str, Any], who: str | None, sees: bool
) -> None:
    regions = conforms(client.get(f"{world['base']}/regions", headers=as_(world, who))).json()["regions"]
    ward = next(r for r in regions if r["id"] == world["ward"])
    assert ward["controlling_house_id"] == world["house"] and ward["monthly_income"] == 4000
    assert ward["troops"] == ({world["house"]: 2_000} if sees else {})


def test_wrong_seats_are_forbidden_and_write_nothing(
    client: TestClient, intrigue: Intrigue, world: dict[str, Any]
) -> None:
    base = world["base"]
    conforms(client.post(f"{base}/phases", headers=bearer(world["gm"])))
    campaign_id = UUID(base.rsplit("/", 1)[-1])
    before = intrigue.store.load(campaign_id, Campaign).version
    attempts = [
        ("PUT", f"/factions/{world['spies']}/orders", {"narrative": "x"}, "guards_player"),
        ("PUT", f"/factions/{world['spies']}/orders", {"narrative": "x"}, "house_player"),
        ("PUT", f"/factions/{world['spies']}/orders", {"narrative": "x"}, None),
        (
            "POST",
            f"/houses/{world['house']}/actions",
            {"action": "Counterintelligence", "actor": "Baenre Matron"},
            "spies_player",
        ),
        ("POST", "/phases/current/resolve", None, "spies_player"),
        ("POST", "/phases/1/rollback", {"reason": "mine"}, "observer"),
        ("GET", "/state?phase=1", None, "spies_player"),
        ("GET", "/state?position=1", None, None),
    ]
    for method, suffix, body, who in attempts:
        response = conforms(client.request(method, base + suffix, json=body, headers=as_(world, who)))
        assert response.status_code == 403 and response.json()["code"] == "FORBIDDEN", (suffix, who, response.text)
    assert intrigue.store.load(campaign_id, Campaign).version == before
    assert intrigue.store.load(UUID(world["spies"]), Faction).order is None


def test_unknown_ids_are_not_found(client: TestClient, world: dict[str, Any]) -> None:
    base, gm = world["base"], bearer(world["gm"])
    conforms(client.post(f"{base}/phases", headers=gm))
    nowhere = f"{API}/campaigns/{uuid4()}"
    for path in (f"{nowhere}/factions", f"{nowhere}/houses", f"{nowhere}/regions", f"{nowhere}/phases/current"):
        response = conforms(client.get(path))
        assert response.status_code == 404 and response.json()["code"] == "NOT_FOUND", path
    for response in (
        client.put(f"{base}/factions/{uuid4()}/orders", json={"narrative": "x"}, headers=gm),
        client.put(f"{base}/factions/not-a-uuid/orders", json={"narrative": "x"}, headers=gm),
        client.post(
            f"{base}/houses/{uuid4()}/actions", json={"action": "Counterintelligence", "actor": "x"}, headers=gm
        ),
        client.post(f"{base}/phases/first/rollback", json={"reason": "x"}, headers=gm),
    ):
        assert response.status_code == 404 and response.json()["code"] == "NOT_FOUND", response.text


@pytest.mark.parametrize(
    ("suffix", "body", "detail"),
    [
        ("/factions/{spies}/orders", {"colour": "red"}, "unknown field(s) ['colour']"),
        ("/factions/{spies}/orders", {"action": {"action": "Fly"}}, "action.action: 'Fly' is not one of"),
        (
            "/factions/{spies}/orders",
            {"action": {"action": "Expand Influence", "region_id": str(uuid4()), "hp": "2"}},
            "is not of type",
        ),  # region_id too: the contract asks for every field Expand Influence needs
        (
            "/factions/{spies}/orders",
            {"action": {"action": "Expand Influence", "region_id": "r", "hp": 2}},
            "action.region_id: 'r' is not a 'uuid'",
        ),  # every id of an order is a UUID, as GraphQL's are
        ("/factions/{spies}/orders", [], "is not of type 'object'"),
        ("/houses/{house}/actions", {"action": "Counterintelligence"}, "'actor' is a required property"),
        ("/houses/{house}/actions", {"action": "Dance", "actor": "Baenre Matron"}, "unknown action"),
        ("/phases/1/rollback", {}, "'reason' is a required property"),
        ("/phases/1/rollback", {"reason": "   "}, "needs a reason"),
    ],
)
def test_malformed_bodies_are_422_problems(
    client: TestClient, world: dict[str, Any], suffix: str, body: Any, detail: str
) -> None:
    base, gm = world["base"], bearer(world["gm"])
    conforms(client.post(f"{base}/phases", headers=gm))
    conforms(client.post(f"{base}/phases/current/resolve", headers=gm))
    conforms(client.post(f"{base}/phases", headers=gm))
    method = "PUT" if suffix.endswith("/orders") else "POST"
    response = conforms(client.request(method, base + suffix.format(**world), json=body, headers=gm))
    assert response.status_code == 422 and response.json()["code"] == "INVALID_INPUT", response.text
    assert detail in response.json()["detail"]


def test_resolving_a_phase_that_is_not_open_is_a_conflict(client: TestClient, world: dict[str, Any]) -> None:
    base, gm = world["base"], bearer(world["gm"])
    for _ in range(2):  # before any phase opens, then after the phase is resolved
        refused = conforms(client.post(f"{base}/phases/current/resolve", headers=gm))
        assert refused.status_code == 409 and refused.json()["code"] == "RULE_VIOLATION" and refused.json()["rule"]
        conforms(client.post(f"{base}/phases", headers=gm))
        assert conforms(client.post(f"{base}/phases/current/resolve", headers=gm)).status_code == 200
    closed = conforms(client.put(f"{base}/factions/{world['spies']}/orders", json={}, headers=gm))
    assert closed.status_code == 409 and "open phase" in closed.json()["detail"]


def test_a_retried_order_answers_the_first_result(client: TestClient, world: dict[str, Any]) -> None:
    base = world["base"]
    conforms(client.post(f"{base}/phases", headers=bearer(world["gm"])))
    headers = {**as_(world, "spies_player"), "Idempotency-Key": str(uuid4())}
    first = conforms(client.put(f"{base}/factions/{world['spies']}/orders", json={"narrative": "a"}, headers=headers))
    again = conforms(client.put(f"{base}/factions/{world['spies']}/orders", json={"narrative": "a"}, headers=headers))
    assert first.status_code == again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()
