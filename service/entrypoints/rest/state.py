"""REST reads of factions, houses and regions, each state filtered by `service.usecases.visibility` for the seat asking
(each shape the fields the contract names, as the seat's view has them),
and time travel: the campaign as of a phase or an event position, rebuilt from events (GM only)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.errors import InvalidInputError
from domain.factionturn.face import stats_note
from domain.gameofbones.face import dated
from domain.seats import Seat
from projections.state import public_state
from service.entrypoints.rest.contract import contract_fields
from service.entrypoints.rest.routes import REGION_FIELDS
from service.entrypoints.rest.support import (
    campaign_id_of,
    endpoint,
    int_param,
    intrigue_of,
    json_response,
    reads_of,
    seat_of,
)
from service.usecases.standing import HouseStanding
from service.usecases.visibility import (
    FACTION,
    HOUSE,
    area_view,
    check_gm_only,
    faction_view,
    house_view,
    sees_whole,
    view,
)

# What REST answers of a row: the fields its contract names (openapi/openapi.yaml), each as the read model's view
# lets the seat see it (service/usecases/visibility/read_models.py); a field the contract lacks is not answered.
FACTION_FIELDS = contract_fields("Faction", FACTION.fields, but=("assets",))
HOUSE_FIELDS = contract_fields("House", HOUSE.fields)
ASSET_FIELDS = (
    "id",
    "type_key",
    "name",
    "attribute",
    "region_id",
    "hp",
    "max_hp",
    "stealthed",
    "threatened",
    "usable_from",
)
MAX_POSITION = 2**63 - 1


def faction_shape(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    seen = faction_view(state, seat)
    shaped = {"destroyed": False, "wild": False, "narratives": []}  # as GraphQL reads a state older than them
    shaped |= {k: seen[k] for k in FACTION_FIELDS if k in seen}
    shaped["assets"] = [{k: a[k] for k in ASSET_FIELDS} for a in seen.get("assets", {}).values()]
    shaped["stats_note"] = stats_note(bool(shaped["wild"]))
    return shaped


def house_shape(state: dict[str, Any], seat: Seat | None, phase: int) -> dict[str, Any]:
    seen = house_view(state, seat)
    shaped = {k: seen[k] for k in HOUSE_FIELDS if k in seen}  # the public part alone, unless it sees it whole
    shaped["lieutenants"] = list(seen["lieutenants"].values())
    if not sees_whole(state, seat):  # the public view: rank, leader, lieutenants and areas only
        return shaped
    shaped["knowledge"] = dated(seen["knowledge"])  # each week also as month and week within (issue 15)
    shaped["priests"] = list(seen["priests"].values())
    shaped["members"] = list(seen["members"].values())
    shaped["pending"] = [dated(p) for p in seen["pending"].values()]
    shaped["spies"] = list(seen["spies"].values())
    shaped["area_damage"] = list(seen.get("area_damage", {}).values())  # seed 000, Vandalism: damage and repairs
    standing = HouseStanding(seen)
    defences = standing.defences(phase)
    shaped["standing"] = {
        "phase": phase,
        "effective_rank": standing.effective_rank(phase),
        "effective_influence": standing.effective_influence(phase),
        "available_influence": standing.available_influence(phase),
        "available_power": standing.available_power,
        "action_bonuses": list(standing.action_bonuses(phase)),
        "influence_defence": defences.influence,
        "power_defence": defences.power,
    }
    return shaped


def region_shape(state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    seen = area_view(state, seat)
    return {**{k: seen[k] for k in REGION_FIELDS}, "troops": dict(seen.get("troops", {}))}


async def _members(request: Request, kind: str) -> tuple[UUID, int, list[dict[str, Any]], Seat | None]:
    """The campaign (404 when unknown), its current phase, and the current state of its members of `kind`."""
    seat = await seat_of(request)
    campaign_id = campaign_id_of(request)
    campaign = await reads_of(request).campaign(campaign_id)
    rows = await reads_of(request).of_kind(campaign_id, kind)
    return campaign_id, campaign["phase"], rows, seat


@endpoint
async def list_factions(request: Request) -> Response:
    _, _, rows, seat = await _members(request, "faction")
    return json_response({"factions": [faction_shape(r, seat) for r in rows]})


@endpoint
async def list_houses(request: Request) -> Response:
    _, phase, rows, seat = await _members(request, "house")
    return json_response({"houses": [house_shape(r, seat, max(1, phase)) for r in rows]})


@endpoint
async def list_regions(request: Request) -> Response:
    _, _, rows, seat = await _members(request, "region")
    return json_response({"regions": [region_shape(r, seat) for r in rows]})


@endpoint
async def state_as_of(request: Request) -> Response:
    """Every aggregate of the campaign as of the end of phase N or before event position P, rebuilt from events."""
    campaign_id = campaign_id_of(request)
    seat = await seat_of(request)
    check_gm_only(seat, campaign_id, "the campaign's past state")
    phase = int_param(request, "phase", 0, 1, 1_000_000) if "phase" in request.query_params else None
    position = int_param(request, "position", 0, 0, MAX_POSITION) if "position" in request.query_params else None
    if (phase is None) == (position is None):
        raise InvalidInputError("give exactly one of phase or position")
    history = intrigue_of(request).history

    def rebuild() -> list[dict[str, Any]]:
        if phase is not None:
            aggregates = history.as_of_phase(campaign_id, phase)
        else:
            aggregates = history.as_of(campaign_id, position or 0)
        shaped = []
        for aggregate_id, aggregate in sorted(aggregates.items(), key=lambda item: str(item[0])):
            kind = type(aggregate).__name__.lower()
            shaped.append(
                {
                    "id": aggregate_id,
                    "kind": kind,
                    "version": aggregate.version,
                    "state": view(kind, public_state(aggregate), seat),
                }
            )
        return shaped

    aggregates = await run_in_threadpool(rebuild)
    return json_response({"campaign_id": campaign_id, "phase": phase, "position": position, "aggregates": aggregates})
