"""REST for mergers (seed 002, Other Faction Rules): a faction's consent, and the GM's merger.

Each route authorises as its GraphQL twin (`consentToMerger`: the GM or the faction's seat; `mergeFactions`: the
GM) and calls the same application method.
"""

from __future__ import annotations

from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from service.entrypoints.rest.state import faction_shape
from service.entrypoints.rest.support import (
    by_caller,
    command,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    owned_by_caller,
    reads_of,
    seat_of,
)
from service.usecases.mergers import MergeFactions


@command
async def consent_to_merger(request: Request) -> Response:
    """Seed 002, Mergers: the faction's own consent, from its player seat or the GM on its behalf."""
    campaign_id, faction_id = await owned_by_caller(request, "faction", "consent to a merger")
    body = await json_body(request, "MergerConsent")
    by = await by_caller(request, campaign_id, "consent to a merger")
    await run_in_threadpool(
        intrigue_of(request).gm.consent_to_merger,
        by,
        faction_id,
        UUID(body["partner_id"]),
        bool(body.get("consent", True)),
    )
    return json_response(faction_shape(await reads_of(request).one(faction_id, "faction"), await seat_of(request)))


@command
async def merge_factions(request: Request) -> Response:
    """Seed 002, Mergers: the GM merges two consenting factions; the d10s are rolled and recorded."""
    campaign_id = await gm_campaign(request, "merge factions")
    body = await json_body(request, "MergeFactions")
    merger = MergeFactions(
        UUID(body["faction_id"]), UUID(body["partner_id"]), int(body["merger_score"]), list(body["tags"])
    )
    done = await run_in_threadpool(
        intrigue_of(request).gm.merge_factions, await by_caller(request, campaign_id, body["reason"]), merger
    )
    seat, reads = await seat_of(request), reads_of(request)
    return json_response(
        {
            "faction": faction_shape(await reads.one(done.faction.id, "faction"), seat),
            "dissolved": faction_shape(await reads.one(done.dissolved.id, "faction"), seat),
            "rolls": done.rolls,
            "sold": done.sold,
        },
        201,
    )
