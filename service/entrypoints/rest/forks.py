"""REST for what-if forks and a Sectors Without Number sector's import (issue 32, items 2 and 4), as GraphQL's."""

from __future__ import annotations

from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.commands import AddRegions
from service.entrypoints.rest.routes import campaign_shape, region_shape, seat_shape
from service.entrypoints.rest.support import (
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    reads_of,
)
from service.usecases.forks import ForkCampaign
from service.usecases.sector_import import read_sector


def fork_shape(row: dict[str, object]) -> dict[str, object]:
    return {**campaign_shape(row), "forked_from": row.get("forked_from")}


@command
async def fork_campaign(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "fork the campaign")
    body = await json_body(request, "ForkRequest")
    started = await run_in_threadpool(
        intrigue_of(request).forks.fork, ForkCampaign(campaign_id, body["phase"], body["name"])
    )
    fork_id = started.campaign.id
    answer = {
        "campaign": fork_shape(await reads_of(request).campaign(fork_id)),
        "seat": seat_shape(started.gm.seat),
        "token": started.gm.token,
    }
    location = request.url.path.rstrip("/").rsplit("/", 2)[0] + f"/{fork_id}"
    return json_response(answer, 201, {"Location": location})


@endpoint
async def list_forks(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "list the campaign's forks")
    return json_response({"campaigns": [fork_shape(r) for r in await reads_of(request).forks(campaign_id)]})


@command
async def import_sector(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "map regions")
    body = await json_body(request, "SectorImport")
    app = intrigue_of(request)

    def add() -> set[UUID]:
        _, regions = read_sector(str(body["sector"]).encode("utf-8", "surrogatepass"))
        return {r.id for r in app.campaigns.add_regions(AddRegions(campaign_id, regions))}

    ids = await run_in_threadpool(add)
    rows = await reads_of(request).regions(campaign_id)
    return json_response({"regions": [region_shape(r) for r in rows if r["id"] in ids]}, 201)
