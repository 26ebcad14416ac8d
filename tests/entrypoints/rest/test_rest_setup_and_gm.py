"""REST parity (issue 17, item 9): a REST-only client sets up a game (factions, houses, seats) and plays it, and the
GM makes every intervention over REST; every answer is checked against openapi/openapi.yaml."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.factionturn.aggregate.holdings import WILD_MONSTER
from domain.gm import Adjustment, Check, CustomActionDef
from service.bootstrap import Intrigue
from service.usecases.interventions import By
from tests.support.rest_support import API, bearer, conforms, new_campaign

CHARCH_GO = {"name": "Charch-Go", "cr": 13, "hp": 189, "hit_dice": "18d10+90"}
REGIONS = [
    {"name": "Capital", "q": 0, "r": 0, "population": "Thousands"},
    {"name": "Swamp", "q": 1, "r": 0, "wild": True, "terrain_difficulty": 2, "monster": CHARCH_GO},
    {"name": "Ward", "q": 2, "r": 0, "monthly_income": 4000},
    {"name": "Docks", "q": 3, "r": 0},
    {"name": "Hills", "q": 0, "r": 1},
    {"name": "Fen", "q": 1, "r": 1},
]
LEADER = {"name": "Baenre Matron", "level": 12, "skills": [{"skill": "Innuendo", "modifier": 8}]}
SHRINE = CustomActionDef(
    "shrine",
    "Raise a Shrine",
    "gameofbones",
    3,
    5_000,
    dedicated_influence=1_000,
    check=Check("1d20", "Diplomacy", dc=25),
    on_success=(Adjustment("influence", 2_500),),
)
BRIBE = CustomActionDef(
    "bribe",
    "Bribe the Beholder",
    "factionturn",
    2,
    2,
    check=Check("1d10", "cunning", dc=8),
    on_success=(Adjustment("xp", 2),),
)


class Rest:
    def __init__(self, client: TestClient, base: str, token: str) -> None:
        self.client, self.base, self.token = client, base, token

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200, token: str | None = None) -> Any:
        response = conforms(self.client.post(f"{self.base}{path}", json=body, headers=bearer(token or self.token)))
        assert response.status_code == status, response.text
        return response.json()


@pytest.fixture
def game(client: TestClient) -> tuple[Rest, dict[str, str]]:
    campaign, gm = new_campaign(client, "parity", rule_systems=["factionturn", "gameofbones"], regions=REGIONS)
    rest = Rest(client, f"{API}/campaigns/{campaign['id']}", gm)
    return rest, {r["name"]: r["id"] for r in campaign["regions"]} | {"campaign": campaign["id"]}


def test_a_rest_only_client_sets_up_a_game_of_both_systems_and_plays_a_phase(game: tuple[Rest, dict[str, str]]) -> None:
    rest, ids = game
    crows = rest.post(
        "/factions",
        {
            "name": "Crows",
            "force": 4,
            "cunning": 3,
            "wealth": 3,
            "facgold": 10,
            "home_region_id": ids["Capital"],
            "assets": [{"type_key": "regiment"}],
        },
        201,
    )
    assert (crows["facgold"], sorted(a["type_key"] for a in crows["assets"])) == (10, ["base_of_influence", "regiment"])
    colony = rest.post("/factions/examples", {"example": "Colony", "home_region_id": ids["Ward"]}, 201)
    assert colony["name"] == "Colony"
    generated = rest.post("/factions/generated", {"count": 3}, 201)["factions"]
    assert len(generated) == 3 and all(f["home_region_id"] not in (ids["Capital"], ids["Ward"]) for f in generated)
    wild = rest.post("/factions/the-wild")
    assert wild["wild"] and any(a["type_key"] == WILD_MONSTER for a in wild["assets"])
    house = rest.post(
        "/houses",
        {
            "name": "Baenre",
            "leader": LEADER,
            "gold": 50_000,
            "influence": 30_000,
            "power": 3_000,
            "areas": [{"area_id": ids["Ward"], "troops": 2_000}],
        },
        201,
    )
    assert (house["name"], house["gold"], house["area_ids"]) == ("Baenre", 50_000, [ids["Ward"]])
    player = rest.post("/seats", {"role": "player", "faction_id": crows["id"]}, 201)["token"]
    refused = conforms(
        rest.client.post(
            f"{rest.base}/factions",
            headers=bearer(player),
            json={"name": "Usurpers", "force": 1, "cunning": 1, "wealth": 1, "home_region_id": ids["Docks"]},
        )
    )
    assert refused.status_code == 403
    rest.post("/phases", status=201)
    orders = conforms(
        rest.client.put(
            f"{rest.base}/factions/{crows['id']}/orders",
            headers=bearer(player),
            json={"narrative": "The Crows watch the swamp."},
        )
    )
    assert orders.status_code == 200, orders.text
    resolved = rest.post("/phases/current/resolve")
    assert resolved["phase_status"] == "resolved"


def test_the_gm_makes_every_intervention_over_rest(intrigue: Intrigue, game: tuple[Rest, dict[str, str]]) -> None:
    rest, ids = game
    cid = UUID(ids["campaign"])
    crows = rest.post(
        "/factions",
        {
            "name": "Crows",
            "force": 4,
            "cunning": 3,
            "wealth": 3,
            "facgold": 10,
            "home_region_id": ids["Capital"],
            "assets": [{"type_key": "regiment"}, {"type_key": "warmage_regiment", "region_id": ids["Swamp"]}],
        },
        201,
    )
    rivals = rest.post(
        "/factions", {"name": "Rivals", "force": 2, "cunning": 2, "wealth": 2, "home_region_id": ids["Hills"]}, 201
    )
    wild = rest.post("/factions/the-wild")
    lieutenant = {"name": "Baenre Blade", "level": 8, "skills": [{"skill": "Diplomacy", "modifier": 5}]}
    house = rest.post(
        "/houses",
        {
            "name": "Baenre",
            "leader": LEADER,
            "lieutenants": [lieutenant],
            "gold": 50_000,
            "influence": 30_000,
            "power": 3_000,
        },
        201,
    )
    regiment = next(a["id"] for a in crows["assets"] if a["type_key"] == "regiment")
    warmages = next(a["id"] for a in crows["assets"] if a["type_key"] == "warmage_regiment")
    monster = next(a["id"] for a in wild["assets"] if a["type_key"] == WILD_MONSTER)
    why = {"reason": "the session's events"}

    def gm(intervention: str, **body: Any) -> Any:
        return rest.post(f"/interventions/{intervention}", {**body, **why})

    hurt = gm("asset-adventures", faction_id=crows["id"], asset_id=regiment, outcome="damage", amount=2)
    assert (
        next(a for a in hurt["assets"] if a["id"] == regiment)["hp"]
        == next(a for a in crows["assets"] if a["id"] == regiment)["hp"] - 2
    )
    made = gm("assets", faction_id=crows["id"], type_key="thugs", region_id=ids["Capital"], stealthed=True)
    [thugs] = [a for a in made["assets"] if a["type_key"] == "thugs"]
    assert thugs["stealthed"]
    given = gm("asset-transfers", from_faction_id=crows["id"], asset_id=thugs["id"], to_faction_id=rivals["id"])
    assert given["id"] == rivals["id"] and "thugs" in [a["type_key"] for a in given["assets"]]
    based = gm("bases-of-influence", faction_id=crows["id"], region_id=ids["Docks"], hp=2)
    assert any(a["type_key"] == "base_of_influence" and a["region_id"] == ids["Docks"] for a in based["assets"])
    governed = gm("regional-governments", region_id=ids["Capital"], faction_id=crows["id"])
    assert governed["governing_faction_id"] == crows["id"]
    controlled = gm("area-control", region_id=ids["Ward"], house_id=house["id"])
    assert controlled["controlling_house_id"] == house["id"]
    attack = gm("monster-attacks", monster_id=monster, faction_id=crows["id"], asset_id=warmages)
    assert attack["target"]["id"] == crows["id"] and attack["rolls"] and isinstance(attack["hit"], bool)
    moved = gm("monster-moves", monster_id=monster, region_id=ids["Fen"])
    assert next(a for a in moved["assets"] if a["id"] == monster)["region_id"] == ids["Fen"]
    adjusted = gm("adjustments", target_id=crows["id"], field="facgold", value=5)
    assert adjusted["facgold"] == 15
    set_gold = gm("adjustments", target_id=house["id"], field="gold", value=60_000, mode="set")
    assert set_gold["gold"] == 60_000
    circumstance = gm(
        "house-circumstances",
        house_id=house["id"],
        hook="Throwing Rank around",
        value=-1,
        applies="the holder's effective rank",
        months=2,
    )
    assert [c["value"] for c in circumstance["circumstances"]] == [-1]
    fated = gm("fates", house_id=house["id"], name="Baenre Blade", fate="capture")
    assert next(c for c in fated["lieutenants"] if c["name"] == "Baenre Blade")["status"] == "captured"

    intrigue.gm.define_custom_action(By(cid, "gm", "homebrew"), SHRINE)
    intrigue.gm.define_custom_action(By(cid, "gm", "homebrew"), BRIBE)
    rest.post("/phases", status=201)
    bribing = gm("custom-action-orders", faction_id=crows["id"], key="bribe")
    assert bribing["order"]["action"], "the custom action is the Crows' action this phase"
    foiled = gm("foiled-plans", faction_id=crows["id"])
    assert (foiled["order"]["action"], foiled["multi_turn"]) == ({}, None)
    building = gm("house-custom-action-orders", house_id=house["id"], key="shrine", actor="Baenre Matron")
    [pending] = building["pending"]
    settled = gm("house-action-settlements", house_id=house["id"], action_id=pending["id"], result="foiled")
    assert settled["pending"] == []


def test_an_intervention_out_of_its_contract_or_by_a_player_is_refused_and_writes_nothing(
    intrigue: Intrigue, game: tuple[Rest, dict[str, str]]
) -> None:
    rest, ids = game
    crows = rest.post(
        "/factions", {"name": "Crows", "force": 4, "cunning": 3, "wealth": 3, "home_region_id": ids["Capital"]}, 201
    )
    player = rest.post("/seats", {"role": "player", "faction_id": crows["id"]}, 201)["token"]
    before = len(list(intrigue.audit.events(UUID(ids["campaign"]))))
    asset = crows["assets"][0]["id"]
    for body, token, status in (
        ({"faction_id": crows["id"], "asset_id": asset, "outcome": "explode", "reason": "x"}, None, 422),
        ({"faction_id": crows["id"], "asset_id": asset, "outcome": "destroy"}, None, 422),
        ({"faction_id": crows["id"], "asset_id": asset, "outcome": "destroy", "reason": "x", "colour": 1}, None, 422),
        ({"faction_id": crows["id"], "asset_id": asset, "outcome": "destroy", "reason": "x"}, player, 403),
    ):
        response = conforms(
            rest.client.post(
                f"{rest.base}/interventions/asset-adventures", json=body, headers=bearer(token or rest.token)
            )
        )
        assert response.status_code == status, (body, response.text)
    assert len(list(intrigue.audit.events(UUID(ids["campaign"])))) == before
