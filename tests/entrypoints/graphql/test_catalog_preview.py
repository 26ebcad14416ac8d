"""Issue 17, items 3 and 4 through GraphQL and REST: the catalog queries reproduce the domain's tables row by
row, and the previews answer what the order checks answer, to the GM and the member's own seat only."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from domain.commands import FoundFaction, StartingAsset
from domain.factionturn.rules.examples import EXAMPLE_FACTIONS
from domain.factionturn.tables.asset_texts import ASSET_TEXTS
from domain.factionturn.tables.catalog import CATALOG, at_rating
from domain.factionturn.tables.goals import GOALS
from domain.factionturn.tables.tags import TAGS
from domain.gameofbones.tables.action_texts import ACTION_TEXTS
from domain.gameofbones.tables.actions import ACTION_TABLE
from domain.gameofbones.tables.gains import GAINING_INFLUENCE, GAINING_POWER
from domain.gameofbones.tables.ranks import RANK_TABLE
from service.bootstrap import Intrigue
from service.usecases.interventions import By
from tests.support.service import gql, gql_as

API = "/api/v1"
ASSETS = """query($a: Attribute, $r: Int, $k: AssetKind, $c: UUID) {
  assetTypes(attribute: $a, rating: $r, kind: $k, campaignId: $c) { key name attribute rating hp cost arcana kind
  attack counter codes needsPermission maintenance custom text rule } }"""
TABLES = """{ goals { key name requirement d12 text rule } tags { key name text d20 rule }
  exampleFactions { name force cunning wealth statedHp tags assets { printed typeKey match } }
  houseActions { name weeks skill target text rule gold { base per unit } dedicatedInfluence { base per unit } }
  gainingTables { influence { key gainedBy influence dc } power { characterClass perLevel upToLevel } }
  rankTable { rank total actionBonuses defenceHigh defenceLow text } }"""
PREVIEW = """query($c: UUID!, $f: UUID!) { factionPreview(campaignId: $c, factionId: $f) { facgoldAtAction
  options { kind cost allowed reason rule regionId typeKey assetId targetAssetId } } }"""
CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"


def ok(body: dict[str, Any]) -> Any:
    assert "errors" not in body, body["errors"]
    return body["data"]


def test_the_asset_types_query_reproduces_the_catalog_row_by_row(client: TestClient) -> None:
    rows = ok(gql(client, ASSETS))["assetTypes"]
    assert [r["key"] for r in rows] == list(CATALOG)
    for row in rows:
        seed = CATALOG[row["key"]]
        assert (
            row["name"],
            row["attribute"],
            row["rating"],
            row["hp"],
            row["cost"],
            row["arcana"],
            row["kind"],
            row["codes"],
            row["needsPermission"],
            row["maintenance"],
            row["custom"],
        ) == (
            seed.name,
            seed.attribute.name,
            seed.rating,
            seed.hp,
            seed.cost,
            seed.arcana,
            seed.kind.name,
            seed.codes,
            seed.needs_permission,
            seed.maintenance,
            False,
        )
        assert row["attack"] == (str(seed.attack) if seed.attack else None)
        assert row["text"] == ASSET_TEXTS[seed.key] and row["text"]
    cunning_3 = ok(gql(client, ASSETS, a="CUNNING", r=3))["assetTypes"]
    assert [r["key"] for r in cunning_3] == [a.key for a in at_rating(CATALOG["informers"].attribute, 3)]
    tactics = ok(gql(client, ASSETS, k="TACTIC"))["assetTypes"]
    assert {r["key"] for r in tactics} == {k for k, a in CATALOG.items() if a.kind.name == "TACTIC"}
    assert "Zealots take 1d4 damage" in ASSET_TEXTS["zealots"]  # seed 002, Zealots


def test_the_other_tables_reproduce_the_domains_row_by_row(client: TestClient) -> None:
    got = ok(gql(client, TABLES))
    assert [(g["key"], g["requirement"], g["d12"]) for g in got["goals"]] == [
        (g.key, g.requirement, face) for face, g in enumerate(GOALS.values(), start=1)
    ]
    assert [(t["key"], t["text"]) for t in got["tags"]] == [(t.key, t.summary) for t in TAGS.values()]
    assert [
        (
            e["name"],
            e["force"],
            e["cunning"],
            e["wealth"],
            e["statedHp"],
            e["tags"],
            [a["typeKey"] for a in e["assets"]],
        )
        for e in got["exampleFactions"]
    ] == [
        (e.name, e.force, e.cunning, e.wealth, e.stated_hp, list(e.tags), [a.key for a in e.assets])
        for e in EXAMPLE_FACTIONS
    ]
    for row, seed in zip(got["houseActions"], ACTION_TABLE, strict=True):
        assert row["name"] == seed.name.name and row["weeks"] == seed.weeks and row["target"] == seed.target.value
        assert row["gold"] == {"base": seed.gold.base, "per": seed.gold.per, "unit": seed.gold.unit.value}
        assert row["dedicatedInfluence"]["per"] == seed.dedicated_influence.per
        assert row["text"] == ACTION_TEXTS[seed.name] and row["rule"] == f"seed 000, {seed.name.value}"
    assert [(i["key"], i["influence"], i["dc"]) for i in got["gainingTables"]["influence"]] == [
        (s.key, s.influence, s.dc) for s in GAINING_INFLUENCE
    ]
    assert [(p["characterClass"], p["perLevel"], p["upToLevel"]) for p in got["gainingTables"]["power"]] == [
        (p.character_class, p.per_level, p.up_to_level) for p in GAINING_POWER
    ]
    assert [
        (r["rank"], r["total"], r["actionBonuses"], r["defenceHigh"], r["defenceLow"]) for r in got["rankTable"]
    ] == [(r.rank, r.total, list(r.action_bonuses), r.defence_high, r.defence_low) for r in RANK_TABLE]
    assert got["rankTable"][5]["text"].endswith("action bonus +6/+1, Influence/Power Defence +5/+2")


def test_rest_answers_the_same_tables(client: TestClient) -> None:
    assert [r["key"] for r in client.get(f"{API}/catalog/asset-types").json()] == list(CATALOG)
    force_8 = client.get(f"{API}/catalog/asset-types", params={"attribute": "Force", "rating": 8}).json()
    assert [r["key"] for r in force_8] == [a.key for a in at_rating(CATALOG["guardsmen"].attribute, 8)]
    assert [g["key"] for g in client.get(f"{API}/catalog/goals").json()] == list(GOALS)
    assert [a["name"] for a in client.get(f"{API}/catalog/house-actions").json()] == [
        r.name.value for r in ACTION_TABLE
    ]
    assert len(client.get(f"{API}/catalog/ranks").json()) == len(RANK_TABLE)
    assert client.get(f"{API}/catalog/asset-types", params={"kind": "Spaceship"}).status_code == 422


def _campaign(client: TestClient, intrigue: Intrigue) -> tuple[str, str, str, str, str]:
    """Red (Force 4, 3 FacGold) and Blue share the Harbour; the GM defines a type of its own."""
    made = ok(
        gql(
            client,
            CREATE,
            input={
                "name": "Preview",
                "ruleSystems": ["FACTION_TURN"],
                "regions": [{"name": "Harbour", "q": 0, "r": 0, "arcana": 4}],
            },
        )
    )
    c, gm, harbour = made["createCampaign"]["id"], made["createCampaign"]["gmToken"], made["createCampaign"]["regions"]
    home = UUID(harbour[0]["id"])
    red = intrigue.factionturn.found_faction(
        FoundFaction(UUID(c), "Red", 4, 3, 3, home, facgold=3, assets=[StartingAsset("guardsmen")])
    )
    blue = intrigue.factionturn.found_faction(
        FoundFaction(UUID(c), "Blue", 3, 3, 3, home, assets=[StartingAsset("thugs")])
    )
    intrigue.gm.define_asset_type(
        By(UUID(c), "gm", "the harbour's own watch"), "harbour_watch", "Harbour Watch", "force", 1, 3, 1
    )
    intrigue.campaigns.open_phase(UUID(c))
    player = intrigue.seats.create_seat(UUID(c), "player", "Red's player", red.id).token
    other = intrigue.seats.create_seat(UUID(c), "player", "Blue's player", blue.id).token
    return c, gm, player, other, str(red.id)


def test_a_player_previews_its_own_faction_and_the_submission_agrees(client: TestClient, intrigue: Intrigue) -> None:
    c, _, player, other, red = _campaign(client, intrigue)
    preview = ok(gql_as(client, player, PREVIEW, c=c, f=red))["factionPreview"]
    options = preview["options"]
    kinds = {o["kind"] for o in options}
    assert {"BUY_ASSET", "ATTACK", "REPAIR_ASSET", "EXPAND_INFLUENCE"} <= kinds and "CUSTOM_ACTION" not in kinds
    buys = {o["typeKey"]: o for o in options if o["kind"] == "BUY_ASSET"}
    assert buys["harbour_watch"]["allowed"] and buys["harbour_watch"]["cost"] == 1  # the campaign's own type
    refused = buys["fortress"]
    assert (refused["allowed"], refused["rule"]) == (False, "seed 002, Buy Asset")
    assert [o["targetAssetId"] for o in options if o["kind"] == "ATTACK"]  # Blue's Thugs share the Harbour
    refits = [o for o in options if o["kind"] == "REFIT_ASSET"]  # priced: the difference in cost (seed 002)
    assert refits and all(isinstance(o["cost"], int) and o["cost"] >= 0 for o in refits)
    submit = client.put(
        f"{API}/campaigns/{c}/factions/{red}/orders",
        headers={"Authorization": f"Bearer {player}"},
        json={"action": {"action": "Buy Asset", "type_key": "fortress", "region_id": refused["regionId"]}},
    )
    assert submit.status_code == 409 and submit.json()["rule"] == refused["rule"]
    assert refused["reason"] == submit.json()["detail"]  # the preview's reason is the refusal's own words
    rest = client.get(
        f"{API}/campaigns/{c}/factions/{red}/preview",
        headers={"Authorization": f"Bearer {player}"},
        params={"allowed_only": "true"},
    ).json()
    assert rest["facgold_at_action"] == preview["facgoldAtAction"]
    assert {o["type_key"] for o in rest["options"] if o["kind"] == "Buy Asset"} == {
        k for k, o in buys.items() if o["allowed"]
    }
    refusal = gql_as(client, other, PREVIEW, c=c, f=red)
    assert refusal["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    assert client.get(f"{API}/campaigns/{c}/factions/{red}/preview").status_code in (401, 403)


def test_a_campaigns_own_types_are_for_its_seats(client: TestClient, intrigue: Intrigue) -> None:
    c, gm, player, _, _ = _campaign(client, intrigue)
    mine = ok(gql_as(client, player, ASSETS, c=c))["assetTypes"]
    assert [r["key"] for r in mine if r["custom"]] == ["harbour_watch"]
    assert "errors" in gql(client, ASSETS, c=c)  # no token: refused
    assert client.get(f"{API}/campaigns/{c}/asset-types").status_code in (401, 403)
    rest = client.get(f"{API}/campaigns/{c}/asset-types", headers={"Authorization": f"Bearer {gm}"}).json()
    assert rest[-1]["key"] == "harbour_watch" and rest[-1]["custom"] is True
