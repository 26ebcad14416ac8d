"""REST for the seeds' tables (public) and what a faction or house can do now (its own seat and the GM), the
twins of service/entrypoints/graphql/campaign/catalog.py and preview.py, shaped by service/entrypoints/shared."""

from __future__ import annotations

from enum import StrEnum
from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.errors import ForbiddenError, InvalidInputError
from domain.factionturn.face import AssetKind, Attribute
from domain.inputs import check_text
from service.entrypoints.rest.support import (
    campaign_id_of,
    endpoint,
    int_param,
    intrigue_of,
    json_response,
    owned_by_caller,
    seat_of,
)
from service.entrypoints.shared import previews as shapes
from service.entrypoints.shared import rules_catalog as rows

TABLES = {
    "goals": rows.goal_rows,
    "tags": rows.tag_rows,
    "example-factions": rows.example_rows,
    "house-actions": rows.house_action_rows,
    "ranks": rows.rank_rows,
}


class _Flag(StrEnum):
    """A boolean query parameter, spelt as the contract's booleans are."""

    TRUE = "true"
    FALSE = "false"


def _enum_param(request: Request, name: str, enum: type[Any]) -> Any:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return enum(raw)
    except ValueError:
        raise InvalidInputError(f"{name} must be one of {[e.value for e in enum]}, not {raw!r}") from None


def _asset_types(request: Request, custom: list[Any]) -> list[dict[str, Any]]:
    rating = int_param(request, "rating", 0, 0, 8) or None
    return rows.asset_type_rows(
        custom,
        attribute=_enum_param(request, "attribute", Attribute),
        rating=rating,
        kind=_enum_param(request, "kind", AssetKind),
    )


@endpoint
async def asset_types(request: Request) -> Response:
    return json_response(_asset_types(request, []))


@endpoint
async def campaign_asset_types(request: Request) -> Response:
    """The seed's types and the campaign's own, for a seat of that campaign."""
    campaign_id = campaign_id_of(request)
    asking = await seat_of(request)
    if asking is None or asking.campaign_id != campaign_id:
        raise ForbiddenError("a campaign's own asset types are for its seats; send a seat's token")
    custom = await run_in_threadpool(intrigue_of(request).previews.custom_types, campaign_id)
    return json_response(_asset_types(request, custom))


@endpoint
async def table(request: Request) -> Response:
    return json_response(TABLES[request.url.path.rsplit("/", 1)[-1]]())


@endpoint
async def gaining_tables(request: Request) -> Response:
    return json_response({"influence": rows.influence_rows(), "power": rows.power_rows()})


@endpoint
async def faction_preview(request: Request) -> Response:
    campaign_id, faction_id = await owned_by_caller(request, "faction", "preview a faction's actions")
    asking = await seat_of(request)
    gm = asking is not None and asking.is_gm_of(campaign_id)
    preview = await run_in_threadpool(intrigue_of(request).previews.faction, campaign_id, faction_id, gm=gm)
    allowed_only = _enum_param(request, "allowed_only", _Flag) is _Flag.TRUE
    return json_response(shapes.faction_preview(preview, allowed_only=allowed_only))


@endpoint
async def house_preview(request: Request) -> Response:
    campaign_id, house_id = await owned_by_caller(request, "house", "preview a house's actions")
    actor = request.query_params.get("actor", "")
    check_text("actor", actor)  # the one input boundary (domain/inputs.py), as GraphQL's
    replacing = request.query_params.get("replacing")
    if replacing is not None:
        try:
            replacing = str(UUID(replacing))
        except ValueError:
            raise InvalidInputError(f"replacing: {replacing[:40]!r} is not a UUID") from None
    asking = await seat_of(request)
    gm = asking is not None and asking.is_gm_of(campaign_id)
    found = await run_in_threadpool(intrigue_of(request).previews.house, campaign_id, house_id, actor, replacing, gm=gm)
    return json_response(shapes.house_options(found))
