"""The canary campaign: the fuzz world of both rule systems, its secrets each holding a unique marker.

Secrets belong to the Republic (a faction with no player seat) and to Droste (a house with none), so every
seat that walks the API (the Crows' player, Varn's player, an observer, no token) must not know any of them.
Markers are strings ("CANARY-...") or numbers no rule produces by accident (7331, 91173...), matched as whole
JSON numbers, never as substrings of ids.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from tests.support.fuzz_world import World, build_world
from tests.support.service import gql_as

# Whole numbers planted in secret places: FacGold, XP, a house's gold, influence and power, a custom action's
# dedicated influence and power, and the power of a secret troop movement.
FACGOLD, XP, GOLD, INFLUENCE, POWER = 7331, 9173, 91173, 127331, 6173  # influence: rank 11, three actions
DEDICATED_INFLUENCE, DEDICATED_POWER, MOVED = 7313, 1373, 1337


@dataclass
class Canary:
    world: World
    gm: str
    seats: dict[str, str | None]  # who walks -> bearer token (None: no token)
    strings: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=set)
    ids: dict[str, list[str]] = field(default_factory=dict)  # kind -> ids every walker may try
    names: dict[str, str] = field(default_factory=dict)  # region id -> its (public) name

    def found(self, answer: Any, sent: str = "", own_token: str | None = None) -> list[str]:
        """The markers an answer carries, leaving out what the request itself sent."""
        text = answer if isinstance(answer, str) else json.dumps(answer)
        hits = [s for s in self.strings if s in text and s not in sent and s != own_token]
        hits += [str(n) for n in self.numbers if n in set(_numbers(answer))]
        hits += [str(n) for n in self.numbers if _whole_number(n).search(_strings(answer))]
        return sorted(set(hits))


def _whole_number(n: int) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.-]){n}(?![\w.-])")


def _numbers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)


def _strings(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(_strings(v) for v in value.values())
    if isinstance(value, list):
        return "\n".join(_strings(v) for v in value)
    return ""


def _gm(client: TestClient, token: str, query: str, **variables: object) -> dict[str, Any]:
    body: dict[str, Any] = gql_as(client, token, query, **variables)
    assert "errors" not in body, body
    return body["data"]  # type: ignore[no-any-return]


ADJUST = """mutation($c: UUID!, $t: UUID!, $f: AdjustField!, $v: Int!, $r: String!) {
  adjust(campaignId: $c, targetId: $t, field: $f, value: $v, reason: $r, mode: SET) { __typename } }"""
ASSET_TYPE = """mutation($c: UUID!, $r: String!) { defineAssetType(campaignId: $c, reason: $r, input: {
  key: "canary_cache", name: "Canary Cache", attribute: CUNNING, rating: 1, hp: 3, cost: 2}) { name } }"""
CREATE_ASSET = """mutation($c: UUID!, $f: UUID!, $g: UUID!, $r: String!) {
  createAsset(campaignId: $c, factionId: $f, typeKey: "canary_cache", regionId: $g, reason: $r, stealthed: true)
  { assets { id typeKey } } }"""
ORDERS = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
CUSTOM = """mutation($c: UUID!, $r: String!) { defineCustomAction(campaignId: $c, reason: $r, input: {
  key: "canary_plot", name: "Canary Plot", system: GAME_OF_BONES, duration: 1, description: "CANARY-custom-action",
  dedicatedInfluence: 7313, dedicatedPower: 1373}) { key description } }"""
ORDER_CUSTOM = """mutation($c: UUID!, $h: UUID!, $a: String!, $r: String!) {
  orderHouseCustomAction(campaignId: $c, houseId: $h, key: "canary_plot", actor: $a, reason: $r) {
  pendingActions { id } } }"""
HOUSE_ORDER = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { pendingActions { id } } }"""
SUMMARY = """mutation($c: UUID!, $a: UUID, $t: String!) {
  writeTurnSummary(campaignId: $c, phase: 1, actorId: $a, text: $t, reason: "CANARY-reason-summary") { text } }"""
UPDATE = """mutation($c: UUID!, $h: UUID!, $p: CharacterInput!) {
  updateCharacter(campaignId: $c, houseId: $h, character: $p) { id } }"""
ENLIST = """mutation($c: UUID!, $h: UUID!, $n: String!, $k: [ClassLevelInput!]!) {
  enlistMember(campaignId: $c, houseId: $h, name: $n, classes: $k) { id } }"""
CONTROL = """mutation($c: UUID!, $g: UUID!, $h: UUID!) {
  setAreaControl(campaignId: $c, regionId: $g, houseId: $h, reason: "CANARY-reason-control") { id } }"""
STATE = """query($c: UUID!) { campaign(id: $c, asOf: {phase: 1}) {
  houses { id knowledge { id details { key value } } } } }"""


def build_canary(intrigue: Intrigue, client: TestClient, name: str) -> Canary:
    """The fuzz world, played through phase 1, with phase 2 open and every secret marked."""
    world = build_world(intrigue, name)
    gm, c = world.gm_token, str(world.campaign_id)
    crows, republic = world.ids["faction"][0], world.ids["faction"][1]
    varn, droste = world.ids["house"]
    regions = world.ids["region"]
    # Seed 000, Troop Movements: a failed Hide check shows every house the move; Droste's Blade does not fail.
    _gm(
        client,
        gm,
        UPDATE,
        c=c,
        h=droste,
        p={"name": "Droste Blade", "level": 9, "skills": [{"skill": "Hide", "modifier": 60}]},
    )
    _gm(client, gm, ADJUST, c=c, t=droste, f="INFLUENCE", v=INFLUENCE, r="CANARY-reason-influence")
    for region in (regions[4], regions[1]):  # Droste holds two more areas: one gets its hidden troops, one none
        _gm(client, gm, CONTROL, c=c, g=region, h=droste)
    # Phase 1: Droste moves troops in secret and gathers intelligence while Varn smears it, so hidden troops,
    # knowledge (plots true and false) and summaries exist.
    _gm(client, gm, HOUSE_ORDER, c=c, h=droste, o={"action": "INTELLIGENCE_GATHERING", "actor": "Droste Matron"})
    # Seed 000, Intelligence Gathering, Failure Result: "You discover one false action targeted against you."
    clumsy = [{"skill": "Gather Information", "modifier": -60}]
    _gm(client, gm, UPDATE, c=c, h=droste, p={"name": "Droste Wizard", "level": 8, "skills": clumsy})
    _gm(client, gm, HOUSE_ORDER, c=c, h=droste, o={"action": "INTELLIGENCE_GATHERING", "actor": "Droste Wizard"})
    _gm(
        client,
        gm,
        HOUSE_ORDER,
        c=c,
        h=droste,
        o={
            "action": "TROOP_MOVEMENTS",
            "actor": "Droste Blade",
            "areaIds": [_droste_area(intrigue, world)],
            "power": MOVED,
            "toAreaId": regions[4],
        },
    )
    _gm(
        client,
        gm,
        HOUSE_ORDER,
        c=c,
        h=varn,
        o={"action": "SMEAR_CAMPAIGN", "actor": "Varn Blade", "targetHouseId": droste},
    )
    intrigue.campaigns.resolve_phase(world.campaign_id)
    intrigue.chronicle.draft(world.campaign_id, 1, "canary")
    intrigue.campaigns.open_phase(world.campaign_id)
    observer = intrigue.seats.create_seat(world.campaign_id, "observer", "CANARY-observer-name", None, None).token
    players = world.player_tokens
    seats = {
        "faction player": players["faction"],
        "house player": players["house"],
        "observer": observer,
        "no token": None,
    }
    canary = Canary(world, gm, seats)
    canary.strings |= {gm, observer, *world.player_tokens.values()}
    # Phase 2, open: every secret gets its marker.
    for target, fieldname, value in (
        (republic, "facgold", FACGOLD),
        (republic, "xp", XP),
        (droste, "gold", GOLD),
        (droste, "influence", INFLUENCE),
        (droste, "power", POWER),
    ):
        reason = f"CANARY-reason-{fieldname}"
        _gm(client, gm, ADJUST, c=c, t=target, f=fieldname.upper(), v=value, r=reason)
        canary.strings.add(reason)
    _gm(client, gm, ASSET_TYPE, c=c, r="CANARY-reason-asset-type")
    made = _gm(client, gm, CREATE_ASSET, c=c, f=republic, g=regions[1], r="CANARY-reason-asset")
    hidden = [a["id"] for a in made["createAsset"]["assets"] if a["typeKey"] == "canary_cache"]
    # The type itself is shown to the campaign's seats (issue 17: a campaign's own types are its seats'); the
    # stealthed asset made of it stays secret, marked by its id.
    canary.strings |= {"CANARY-reason-asset-type", "CANARY-reason-asset", *hidden}
    orders = {
        "action": {"buyAsset": {"typeKey": "thugs", "regionId": regions[1]}},
        "goal": {"goal": "LEGENDARY_WEALTH"},
        "narrative": "CANARY-orders-narrative",
    }
    _gm(client, gm, ORDERS, c=c, f=republic, o=orders)
    # The narrative marks the pending orders; the goal's key cannot, since the public goals table names them all.
    canary.strings.add("CANARY-orders-narrative")
    _gm(client, gm, CUSTOM, c=c, r="CANARY-reason-custom-action")
    planned = _gm(client, gm, ORDER_CUSTOM, c=c, h=droste, a="Droste Wizard", r="CANARY-reason-custom-order")
    canary.strings |= {"CANARY-custom-action", "CANARY-reason-custom-action", "CANARY-reason-custom-order"}
    canary.numbers |= {FACGOLD, XP, GOLD, INFLUENCE, POWER, DEDICATED_INFLUENCE, DEDICATED_POWER}
    pending = [p["id"] for p in planned["orderHouseCustomAction"]["pendingActions"]]
    smear = _gm(
        client,
        gm,
        HOUSE_ORDER,
        c=c,
        h=droste,
        o={"action": "SMEAR_CAMPAIGN", "actor": "Droste Blade", "targetHouseId": varn},
    )
    plot = next(p["id"] for p in smear["orderHouseAction"]["pendingActions"] if p["id"] not in pending)
    cover = _gm(
        client,
        gm,
        HOUSE_ORDER,
        c=c,
        h=droste,
        o={"action": "COVER_UP", "actor": "Droste Matron", "coveredActionId": plot},
    )
    pending = [p["id"] for p in cover["orderHouseAction"]["pendingActions"]]
    _gm(client, gm, ENLIST, c=c, h=droste, n="CANARY-member", k=[{"characterClass": "fighter", "level": 10}])
    canary.strings.add("CANARY-member")  # seed 000, Gaining Power: a member's classes give away secret Power
    canary.numbers.add(MOVED)  # the hidden troops Droste moved to regions[4] in phase 1
    canary.strings |= set(pending)
    for actor, text in (
        ("", "CANARY-summary-phase"),
        (republic, "CANARY-summary-republic"),
        (droste, "CANARY-summary-droste"),
    ):
        _gm(client, gm, SUMMARY, c=c, a=actor or None, t=text)  # no actor: the GM's note on the phase
        canary.strings.add(text)
    canary.strings |= {"CANARY-reason-summary", "CANARY-reason-control", "CANARY-reason-influence"}
    known = _knowledge_ids(client, gm, c, droste)
    canary.strings |= known
    # Varn's one action this month is taken, so a probe of Varn's player writes nothing (canary_probes.py).
    _gm(client, gm, HOUSE_ORDER, c=c, h=varn, o={"action": "PUBLIC_RELATIONS_CAMPAIGN", "actor": "Varn Matron"})
    canary.names = {str(r["id"]): str(r["name"]) for r in intrigue.catalog.regions(world.campaign_id)}
    canary.ids = {
        "campaign": [c],
        "faction": [crows, republic, *world.ids["faction"][2:]],
        "house": [varn, droste],
        "region": regions,
        "phase": ["1", "2"],
        "hidden asset": hidden,
        "plot": [plot, *sorted(known)],
        "crows asset": _asset_ids(client, gm, crows),
    }
    return canary


def _asset_ids(client: TestClient, gm: str, faction_id: str) -> list[str]:
    found = _gm(client, gm, "query($f: UUID!) { faction(id: $f) { assets { id } } }", f=faction_id)
    return [a["id"] for a in found["faction"]["assets"]]


def _droste_area(intrigue: Intrigue, world: World) -> str:
    droste = world.ids["house"][1]
    areas = [r for r in intrigue.catalog.regions(world.campaign_id) if str(droste) in (r.get("troops") or {})]
    return str(areas[0]["id"]) if areas else world.ids["region"][3]


def _knowledge_ids(client: TestClient, gm: str, c: str, house_id: str) -> set[str]:
    """Droste's knowledge entries by id (what its phase 1 Intelligence Gathering found: a plot true and one false),
    and the action ids of false plots, which no house's real order has."""
    houses = _gm(client, gm, STATE, c=c)["campaign"]["houses"]
    droste = next(h["knowledge"] for h in houses if h["id"] == house_id)
    entries = [{"id": k["id"], **{d["key"]: d["value"] for d in k["details"]}} for k in droste if k["id"]]
    # The GM's part of a false plot holds the orders it pretends (domain/gameofbones/rules/false_plots.py); a true
    # plot's action id is its author's own, which that author's seat rightly sees.
    false_plots = {
        str(k["action_id"])
        for k in entries
        if k.get("action_id") and json.loads(k.get("gm_only") or "{}").get("phantom_orders")
    }
    return {str(k["id"]) for k in entries} | false_plots


def where(value: Any, marker: Any, path: str = "") -> Iterator[str]:
    """The JSON paths at which a marker sits in an answer (for the failure message)."""
    if value == marker or (isinstance(value, str) and isinstance(marker, str) and marker in value):
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from where(v, marker, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from where(v, marker, f"{path}[{i}]")
