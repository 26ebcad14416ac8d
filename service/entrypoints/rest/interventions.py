"""REST for the GM's interventions: one route each under /campaigns/{id}/interventions/, the same use cases as the
GraphQL mutations (service/entrypoints/graphql/gm/hand.py), the GM's only, each recorded with the GM's seat and
`reason`.

A body's shape (and its closed sets: outcome, fate, result, field, mode) is the contract's, checked before anything
runs; the answer is the faction, house or region the intervention changed, as the GM sees it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import GAME_OF_BONES
from domain.ids import canonical_id
from domain.seats import Seat
from service.entrypoints.rest.state import faction_shape, house_shape, region_shape
from service.entrypoints.rest.support import (
    by_caller,
    command,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    reads_of,
    seat_of,
)
from service.usecases.gm import GMService
from service.usecases.interventions import By

if TYPE_CHECKING:
    from service.persistence.queries import ReadModelReads

Body = dict[str, Any]


@dataclass(frozen=True)
class Changed:
    kind: str  # faction | house | region
    id: UUID
    extra: Body | None = None  # answered beside it, the changed member under `target`


@dataclass(frozen=True)
class Intervention:
    schema: str  # the request body's schema in openapi/openapi.yaml
    run: Callable[[GMService, By, Body], Changed]


def _id(b: Body, key: str) -> UUID:
    return UUID(b[key])


def _text_id(b: Body, key: str) -> str:
    """An asset, monster or action id, kept as text by its aggregate: canonical, as GraphQL's `UUID` gives it."""
    return canonical_id(b[key], key)


def _optional_id(b: Body, key: str) -> UUID | None:
    return UUID(b[key]) if b.get(key) else None


def _adventure(gm: GMService, by: By, b: Body) -> Changed:
    faction, asset, amount = _id(b, "faction_id"), _text_id(b, "asset_id"), b.get("amount", 0)
    calls: dict[str, Callable[[], object]] = {
        "destroy": lambda: gm.destroy_asset(by, faction, asset),
        "damage": lambda: gm.damage_asset(by, faction, asset, amount),
        "heal": lambda: gm.heal_asset(by, faction, asset, amount),
        "reveal": lambda: gm.set_asset_stealth(by, faction, asset, False),
        "stealth": lambda: gm.set_asset_stealth(by, faction, asset, True),
    }
    calls[b["outcome"]]()  # the contract's enum: one of these
    return Changed("faction", faction)


def _base(gm: GMService, by: By, b: Body) -> Changed:
    faction, region = _id(b, "faction_id"), _id(b, "region_id")
    if b["hp"] > 0:
        gm.grant_base(by, faction, region, b["hp"])
    else:
        gm.remove_base(by, faction, region)
    return Changed("faction", faction)


def _monster_attack(gm: GMService, by: By, b: Body) -> Changed:
    done = gm.attack_with_monster(by, _text_id(b, "monster_id"), _id(b, "faction_id"), _text_id(b, "asset_id"))
    return Changed("faction", _id(b, "faction_id"), {"hit": done.hit, "countered": done.countered, "rolls": done.rolls})


def _adjust(gm: GMService, by: By, b: Body) -> Changed:
    target = gm.adjust(by, _id(b, "target_id"), b["field"], b["value"], b.get("mode", "adjust"))
    return Changed(type(target).__name__.lower(), target.id)


INTERVENTIONS: dict[str, Intervention] = {
    "asset-adventures": Intervention("AssetAdventure", _adventure),
    "assets": Intervention(
        "CreateAsset",
        lambda gm, by, b: Changed(
            "faction",
            gm.create_asset(by, _id(b, "faction_id"), b["type_key"], _id(b, "region_id"), b.get("stealthed", False)).id,
        ),
    ),
    "asset-transfers": Intervention(
        "TransferAsset",
        lambda gm, by, b: Changed(
            "faction",
            gm.transfer_asset(by, _id(b, "from_faction_id"), _text_id(b, "asset_id"), _id(b, "to_faction_id")).id,
        ),
    ),
    "bases-of-influence": Intervention("SetBaseOfInfluence", _base),
    "foiled-plans": Intervention(
        "FoilFactionPlan", lambda gm, by, b: Changed("faction", gm.foil_faction_plan(by, _id(b, "faction_id")).id)
    ),
    "monster-moves": Intervention(
        "MoveMonster",
        lambda gm, by, b: Changed("faction", gm.move_monster(by, _text_id(b, "monster_id"), _id(b, "region_id")).id),
    ),
    "monster-attacks": Intervention("AttackWithMonster", _monster_attack),
    "regional-governments": Intervention(
        "SetRegionalGovernment",
        lambda gm, by, b: Changed(
            "region", gm.set_government(by, _id(b, "region_id"), _optional_id(b, "faction_id")).id
        ),
    ),
    "area-control": Intervention(
        "SetAreaControl",
        lambda gm, by, b: Changed("region", gm.set_control(by, _id(b, "region_id"), _optional_id(b, "house_id")).id),
    ),
    "fates": Intervention(
        "DecideFate",
        lambda gm, by, b: Changed("house", gm.decide_fate(by, _id(b, "house_id"), b["name"], b["fate"]).id),
    ),
    "house-circumstances": Intervention(
        "ImposeHouseCircumstance",
        lambda gm, by, b: Changed(
            "house",
            gm.impose_circumstance(
                by, _id(b, "house_id"), b["hook"], b["value"], b["applies"], b["months"], tuple(b.get("actions", ()))
            ).id,
        ),
    ),
    "house-action-settlements": Intervention(
        "SettleHouseAction",
        lambda gm, by, b: Changed(
            "house", gm.settle_action(by, _id(b, "house_id"), _text_id(b, "action_id"), b["result"]).id
        ),
    ),
    "adjustments": Intervention("Adjust", _adjust),
    "custom-action-orders": Intervention(
        "OrderCustomAction",
        lambda gm, by, b: Changed("faction", gm.order_custom_action(by, _id(b, "faction_id"), b["key"]).id),
    ),
    "house-custom-action-orders": Intervention(
        "OrderHouseCustomAction",
        lambda gm, by, b: Changed(
            "house",
            gm.order_house_custom_action(by, _id(b, "house_id"), b["key"], b["actor"], b.get("start_week", 1)).id,
        ),
    ),
}


async def _shaped(request: Request, changed: Changed) -> Body:
    seat, reads = await seat_of(request), reads_of(request)
    state = await reads.one(changed.id, changed.kind)
    return await _SHAPES.get(changed.kind, _region)(reads, state, seat)


async def _faction(reads: ReadModelReads, state: Body, seat: Seat | None) -> Body:
    return faction_shape(state, seat)


async def _house(reads: ReadModelReads, state: Body, seat: Seat | None) -> Body:
    campaign = await reads.campaign(UUID(state["campaign_id"]))
    return house_shape(state, seat, max(1, campaign["phase"]))


async def _region(reads: ReadModelReads, state: Body, seat: Seat | None) -> Body:
    return region_shape(state, seat)


# A changed member's REST shape, by the kind of its rule system's members (domain/systems.py); else a region's.
_SHAPES: dict[str, Callable[[ReadModelReads, Body, Seat | None], Awaitable[Body]]] = {
    FACTION_TURN.kind: _faction,
    GAME_OF_BONES.kind: _house,
}


def _endpoint(name: str, intervention: Intervention) -> Callable[[Request], Any]:
    async def intervene(request: Request) -> Response:
        campaign_id = await gm_campaign(request, f"make an intervention ({name})")
        body = await json_body(request, intervention.schema)
        by = await by_caller(request, campaign_id, body["reason"])
        changed = await run_in_threadpool(intervention.run, intrigue_of(request).gm, by, body)
        shaped = await _shaped(request, changed)
        return json_response(shaped if changed.extra is None else {**changed.extra, "target": shaped})

    intervene.__name__ = intervene.__qualname__ = f"intervene_{name.replace('-', '_')}"
    return command(intervene)


def routes(campaign: str) -> list[Route]:
    """One POST route per intervention, under the campaign's path."""
    return [
        Route(f"{campaign}/interventions/{name}", _endpoint(name, i), methods=["POST"])
        for name, i in INTERVENTIONS.items()
    ]
