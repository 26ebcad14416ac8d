"""What a seat can provoke: requests that meet hidden state, each beside a twin that meets none.

A refusal is a leak when it carries a marker, and also when it differs from its twin's: the answer about a
stealthed asset, a hidden troop or a secret plot must read as the answer about a thing that does not exist (or
is not there), once the one value that differs between the two requests is set aside.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import uuid4

from domain.gameofbones.tables.enums import HouseActionName
from tests.entrypoints.graphql.canary_world import Canary

ORDERS = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
HOUSE_ORDER = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { id } }"""
HUNT = """mutation($c: UUID!, $h: UUID!, $a: UUID!) {
  huntAttackSource(campaignId: $c, houseId: $h, attackId: $a) { found } }"""
SETTLE = """mutation($c: UUID!, $h: UUID!, $a: UUID!) {
  settleHouseAction(campaignId: $c, houseId: $h, actionId: $a, result: FOILED, reason: "probe") { id } }"""
ADVENTURE = """mutation($c: UUID!, $f: UUID!, $a: UUID!) {
  resolveAssetAdventure(campaignId: $c, factionId: $f, assetId: $a, outcome: REVEAL, reason: "probe") { id } }"""
FACTION = "query($f: UUID!) { faction(id: $f) { id } }"


@dataclass(frozen=True)
class Probe:
    """One request about a hidden thing (`secret`) and its twin about a thing that is not there (`control`)."""

    name: str
    kind: str  # "graphql" or "rest"
    target: str  # a GraphQL document, or a REST path with {value}
    build: Any  # value -> variables (GraphQL) or JSON body (REST)
    secret: str
    control: str

    def send(self, client: Any, headers: dict[str, str], value: str) -> Any:
        if self.kind == "graphql":
            body = {"query": self.target, "variables": self.build(value)}
            return client.post("/graphql", json=body, headers=headers).json()
        response = client.post(self.target, json=self.build(value), headers=headers)
        return {"status": response.status_code, "body": response.text}


def same_but_for(secret_answer: Any, control_answer: Any, secret: str, control: str, names: dict[str, str]) -> bool:
    """Whether the two answers agree once the differing value, and the name it has if any, are set aside."""

    def plain(answer: Any, value: str) -> str:
        text = json.dumps(answer).replace(value, "VALUE")
        return text.replace(names[value], "NAME") if value in names else text

    return plain(secret_answer, secret) == plain(control_answer, control)


def probes(canary: Canary, rest_prefix: str) -> Iterator[Probe]:
    c, ids = canary.ids["campaign"][0], canary.ids
    crows, republic = ids["faction"][0], ids["faction"][1]
    varn, droste = ids["house"]
    hidden_area, empty_area = ids["region"][4], ids["region"][1]  # Droste's, with its secret troops and with none
    nothing = str(uuid4())

    def attack(asset_id: str) -> dict[str, Any]:
        strike = {"attackerId": ids["crows asset"][0], "targetFactionId": republic, "targetAssetId": asset_id}
        return {"action": {"attack": {"strikes": [strike]}}}

    def wrest(area: str) -> dict[str, Any]:
        return {"action": "WREST_CONTROL", "actor": "Varn Blade", "targetHouseId": droste, "areaIds": [area]}

    def assault(area: str) -> dict[str, Any]:
        return {"action": "ASSAULT", "actor": "Varn Blade", "targetHouseId": droste, "areaIds": [area], "power": 100}

    for asset in ids["hidden asset"]:
        yield Probe(
            "attack a stealthed asset",
            "graphql",
            ORDERS,
            lambda a: {"c": c, "f": crows, "o": attack(a)},
            asset,
            nothing,
        )
        yield Probe(
            "an adventure on a stealthed asset",
            "graphql",
            ADVENTURE,
            lambda a: {"c": c, "f": republic, "a": a},
            asset,
            nothing,
        )
        yield Probe("a faction by a stealthed asset's id", "graphql", FACTION, lambda a: {"f": a}, asset, nothing)
    for plot in ids["plot"]:
        yield Probe(
            "hunt the source of a secret plot", "graphql", HUNT, lambda a: {"c": c, "h": varn, "a": a}, plot, nothing
        )
        yield Probe("settle a secret plot", "graphql", SETTLE, lambda a: {"c": c, "h": droste, "a": a}, plot, nothing)
    for name, order in (("wrest control where troops hide", wrest), ("assault where troops hide", assault)):
        yield Probe(
            name,
            "graphql",
            HOUSE_ORDER,
            lambda a, o=order: {"c": c, "h": varn, "o": o(a)},  # type: ignore[misc]
            hidden_area,
            empty_area,
        )
        rest = f"{rest_prefix}/campaigns/{c}/houses/{varn}/actions"
        yield Probe(name + " (REST)", "rest", rest, lambda a, o=order: _snake(o(a)), hidden_area, empty_area)  # type: ignore[misc]


def _snake(order: dict[str, Any]) -> dict[str, Any]:
    """The GraphQL order in REST's spelling: snake_case keys, the action by the name the seed prints."""
    names = {"areaIds": "area_ids", "targetHouseId": "target_house_id"}
    return {names.get(k, k): HouseActionName[v].value if k == "action" else v for k, v in order.items()}
