"""Issue 19, odds through GraphQL and REST: each allowed attack and house action in the previews carries its
exact odds; the GM's from the truth, a player seat's from what it may know (a rival's secret is `known: false`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import Strike
from domain.factionturn.rules.world import World
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName
from domain.odds import attack_odds, house_odds
from domain.region import Region
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_catalog_preview import _campaign, ok
from tests.service.usecases.test_gameofbones_play import two_houses
from tests.support.service import gql_as

API = "/api/v1"
PREVIEW = """query($c: UUID!, $f: UUID!) { factionPreview(campaignId: $c, factionId: $f, allowedOnly: true) {
  options { kind assetId targetFactionId targetAssetId odds { defenderId defenderKnown
  hit { known value exact unknownReason } tie { exact } miss { exact } expectedDamage { exact }
  damage { known outcomes { value exact } expected { exact } } counter { exact } tieRule } } } }"""
HOUSE_PREVIEW = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) { action allowed
  targetHouseId odds { action dc known unknownReason success { known exact } bands { name chance { exact } }
  expected { name exact } } } }"""


def _attacks(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in ok(body)["factionPreview"]["options"] if o["kind"] == "ATTACK"]


def test_the_faction_preview_carries_each_attacks_exact_odds(client: TestClient, intrigue: Intrigue) -> None:
    c, gm, player, _, red = _campaign(client, intrigue)
    mine = _attacks(gql_as(client, player, PREVIEW, c=c, f=red))
    assert mine and _attacks(gql_as(client, gm, PREVIEW, c=c, f=red))
    strike = mine[0]
    odds = strike["odds"]
    campaign = intrigue.store.load(UUID(c), Campaign)
    world = World(
        intrigue.store.members(campaign, Faction), intrigue.store.members(campaign, Region), phase=campaign.phase
    )
    expected = attack_odds(
        world, red, Strike(strike["assetId"], strike["targetFactionId"], strike["targetAssetId"]), viewer=red
    )
    assert odds["hit"]["exact"] == str(expected.hit) and odds["hit"]["known"] is True
    assert (odds["tie"]["exact"], odds["miss"]["exact"]) == (str(expected.tie), str(expected.miss))
    assert odds["expectedDamage"]["exact"] == str(expected.expected_damage)
    assert [o["value"] for o in odds["damage"]["outcomes"]] == [2, 3, 4]  # Guardsmen: 1d3+1
    assert "tie" in odds["tieRule"]
    rest = client.get(
        f"{API}/campaigns/{c}/factions/{red}/preview",
        headers={"Authorization": f"Bearer {player}"},
        params={"allowed_only": "true"},
    ).json()
    rest_attack = next(
        o
        for o in rest["options"]
        if o["kind"] == "Attack"
        and o["asset_id"] == strike["assetId"]
        and o["target_asset_id"] == strike["targetAssetId"]
    )
    assert rest_attack["odds"]["hit"]["exact"] == odds["hit"]["exact"]
    assert rest_attack["odds"]["damage"]["expected"]["exact"] == odds["damage"]["expected"]["exact"]
    assert all(o["odds"] is None for o in rest["options"] if o["kind"] != "Attack")


def test_the_house_preview_tells_a_player_unknown_where_a_rival_keeps_a_secret(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign, baenre, xorlarrin = two_houses(intrigue, "odds")
    intrigue.campaigns.open_phase(campaign.id)
    c, h = str(campaign.id), str(baenre.id)
    player = intrigue.seats.create_seat(campaign.id, "player", "Baenre's player", house_id=baenre.id).token
    gm = intrigue.seats.seat_gm(campaign.id).token
    seen = {
        who: ok(gql_as(client, token, HOUSE_PREVIEW, c=c, h=h))["housePreview"]
        for who, token in (("player", player), ("gm", gm))
    }
    for options in seen.values():
        assert all((o["odds"] is not None) == o["allowed"] for o in options)
    against = {
        who: [o for o in options if o["allowed"] and o["targetHouseId"] == str(xorlarrin.id)]
        for who, options in seen.items()
    }
    assert against["player"] and all(not o["odds"]["known"] and o["odds"]["unknownReason"] for o in against["player"])
    assert all(o["odds"]["known"] and o["odds"]["bands"] for o in against["gm"])  # the GM's from the truth
    own = next(o for o in seen["player"] if o["allowed"] and o["action"] == "PUBLIC_RELATIONS_CAMPAIGN")
    assert own["odds"]["known"] and sum(Fraction(b["chance"]["exact"]) for b in own["odds"]["bands"]) == 1
    rest = client.get(f"{API}/campaigns/{c}/houses/{h}/preview", headers={"Authorization": f"Bearer {player}"}).json()
    assert [o["odds"] is not None for o in rest] == [o["odds"] is not None for o in seen["player"]]


BY_POWER = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) { action allowed areaIds
  power targetHouseId odds { success { exact } bands { name effects { name exact } } }
  oddsByPower { power odds { success { exact } } } } }"""


def test_the_house_preview_offers_assault_odds_for_each_power_and_the_turned_vandals_effect(
    client: TestClient, intrigue: Intrigue
) -> None:
    """Seed 000, Assault: "For every 1,000 power the aggressor devotes to the assault, he must also expend 500 gp
    in supplies and bribes." Vandalism: "the vandals are turned against the aggressor and attack one of his
    territories." The GM's preview offers each power's odds, exactly as `house_odds` gives them."""
    campaign, baenre, _ = two_houses(intrigue, "by power")
    intrigue.campaigns.open_phase(campaign.id)
    c, h = str(campaign.id), str(baenre.id)
    gm = intrigue.seats.seat_gm(campaign.id).token
    options = ok(gql_as(client, gm, BY_POWER, c=c, h=h))["housePreview"]
    assaults = [o for o in options if o["action"] == "ASSAULT"]
    assert assaults and all(o["oddsByPower"] == [] for o in options if o["action"] != "ASSAULT")
    loaded = intrigue.store.load(campaign.id, Campaign)
    houses = {str(x.id): x for x in intrigue.store.members(loaded, House)}
    areas = {str(r.id): r for r in intrigue.store.members(loaded, Region)}
    house = houses[h]
    free = house.available_power - 2_000  # 2,000 stationed in its area: no order may dedicate it
    for assault in assaults:
        powers = [p["power"] for p in assault["oddsByPower"]]
        assert powers == [1_000, 2_000, 3_000, 4_000] == sorted({*range(1_000, free + 1, 1_000), free})
        assert assault["allowed"] and assault["power"] == free  # all of what it may commit, and no more
        for offered in assault["oddsByPower"]:
            order = Order(
                ActionName.ASSAULT,
                house.leader.name,
                assault["targetHouseId"],
                area_ids=tuple(assault["areaIds"]),
                power=offered["power"],
            )
            exact = house_odds(house, order, phase=loaded.phase, houses=houses, areas=areas)
            assert offered["odds"]["success"]["exact"] == str(exact.success)
        successes = [Fraction(p["odds"]["success"]["exact"]) for p in assault["oddsByPower"]]
        assert successes == sorted(successes) and successes[0] < successes[-1]  # +1 for every 1,000 devoted
    vandalism = [o for o in options if o["action"] == "VANDALISM" and o["allowed"]]
    turned = [b for o in vandalism for b in o["odds"]["bands"] if b["name"] == "the vandals turned"]
    assert turned and all(
        {e["name"] for e in b["effects"]} >= {"own_area_wrecked", "own_area_at_half_income"} for b in turned
    )
