"""REST for setting up a game: found factions (given, an Example Faction, or generated) and register houses.

Each route is the GM's, as its GraphQL twin (service/entrypoints/graphql/factionturn/factions.py,
gameofbones/houses.py), and calls the same application method; the answer is what it made, as the GM sees it.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.commands import FoundFaction, RegisterHouse, StartingArea, StartingAsset, StartingMember, StartingPriest
from domain.gameofbones.face import Character
from service.entrypoints.rest.state import faction_shape, house_shape
from service.entrypoints.rest.support import (
    command,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    reads_of,
    seat_of,
)


async def _gm_body(request: Request, schema: str, doing: str) -> tuple[UUID, dict[str, Any]]:
    return await gm_campaign(request, doing), await json_body(request, schema)


async def _factions(request: Request, ids: list[UUID]) -> list[dict[str, Any]]:
    seat, reads = await seat_of(request), reads_of(request)
    return [faction_shape(await reads.one(i, "faction"), seat) for i in ids]


@command
async def found_faction(request: Request) -> Response:
    """A faction with the given ratings, home and starting assets (seed 002, Creating a Faction)."""
    campaign_id, b = await _gm_body(request, "FoundFaction", "found a faction")
    found = FoundFaction(
        campaign_id,
        b["name"],
        b["force"],
        b["cunning"],
        b["wealth"],
        UUID(b["home_region_id"]),
        list(b.get("tags", [])),
        b.get("facgold", 0),
        b.get("xp", 0),
        b.get("hp"),
        [
            StartingAsset(a["type_key"], UUID(a["region_id"]) if a.get("region_id") else None)
            for a in b.get("assets", [])
        ],
    )
    faction = await run_in_threadpool(intrigue_of(request).factionturn.found_faction, found)
    [shaped] = await _factions(request, [faction.id])
    return json_response(shaped, 201)


@command
async def found_example_faction(request: Request) -> Response:
    """One of seed 002's Example Factions as a preset."""
    campaign_id, b = await _gm_body(request, "FoundExampleFaction", "found a faction")
    faction = await run_in_threadpool(
        intrigue_of(request).factionturn.found_example,
        campaign_id,
        b["example"],
        UUID(b["home_region_id"]),
        b.get("name"),
    )
    [shaped] = await _factions(request, [faction.id])
    return json_response(shaped, 201)


@command
async def generate_factions(request: Request) -> Response:
    """A starting world of 3-6 random factions (seed 002, Creating a Faction), rolled with the campaign's dice."""
    campaign_id, b = await _gm_body(request, "GenerateFactions", "generate factions")
    factions = await run_in_threadpool(
        intrigue_of(request).factionturn.generate_factions, campaign_id, b["count"], b.get("names")
    )
    return json_response({"factions": await _factions(request, [f.id for f in factions])}, 201)


def _character(c: dict[str, Any]) -> Character:
    return Character(c["name"], c["level"], {s["skill"]: s["modifier"] for s in c.get("skills", [])})


@command
async def register_house(request: Request) -> Response:
    """A house with its leader and treasury; lieutenants, members, priests, influence, power and areas with troops
    may come in the same command (seed 000, Building a House)."""
    campaign_id, b = await _gm_body(request, "RegisterHouse", "register a house")
    register = RegisterHouse(
        campaign_id,
        b["name"],
        _character(b["leader"]),
        b.get("gold", 0),
        [_character(c) for c in b.get("lieutenants", [])],
        [
            StartingMember(m["name"], {c["character_class"]: c["level"] for c in m["classes"]})
            for m in b.get("members", [])
        ],
        [StartingPriest(p["name"], p["level"], p.get("fatespinner_priestess", False)) for p in b.get("priests", [])],
        b.get("influence", 0),
        b.get("power", 0),
        [StartingArea(UUID(a["area_id"]), a.get("troops", 0)) for a in b.get("areas", [])],
    )
    house = await run_in_threadpool(intrigue_of(request).gameofbones.register_house, register)
    reads = reads_of(request)
    campaign = await reads.campaign(campaign_id)
    shaped = house_shape(await reads.one(house.id, "house"), await seat_of(request), max(1, campaign["phase"]))
    return json_response(shaped, 201)


@command
async def populate_the_wild(request: Request) -> Response:
    """Every wild region's Terrain (and Monster) asset of The Wild (seed 002); null when the map has none wild."""
    campaign_id = await gm_campaign(request, "populate the Wild")
    wild = await run_in_threadpool(intrigue_of(request).factionturn.populate_the_wild, campaign_id)
    return json_response(None if wild is None else (await _factions(request, [wild.id]))[0])
