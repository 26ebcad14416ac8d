"""REST for mergers (seed 002, Other Faction Rules): a faction's consent, and the GM's merger.

Each route authorises as its GraphQL twin (`consentToMerger`: the GM or the faction's seat; `mergeFactions`: the
GM) and calls the same application method.
"""

from __future__ import annotations

from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.seats import check_gm
from service.entrypoints.rest.state import faction_shape
from service.entrypoints.rest.support import (
    campaign_id_of,
    command,
    intrigue_of,
    json_body,
    json_response,
    path_id,
    reads_of,
    seat_of,
)
from service.entrypoints.shared.seat_checks import check_gm_or_owner
from service.usecases.interventions import By
from service.usecases.mergers import MergeFactions


async def _by(request: Request, campaign_id: UUID, reason: str) -> By:
    seat = await seat_of(request)
    return By(campaign_id, str(seat.id) if seat else "", reason)


@command
async def consent_to_merger(request: Request) -> Response:
    """Seed 002, Mergers: the faction's own consent, from its player seat or the GM on its behalf."""
    campaign_id = campaign_id_of(request)
    faction_id = path_id(request, "faction_id", "faction")
    check_gm_or_owner(
        await seat_of(request), {"campaignId": campaign_id, "factionId": faction_id}, "consent to a merger"
    )
    body = await json_body(request, "MergerConsent")
    by = await _by(request, campaign_id, "consent to a merger")
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
    campaign_id = campaign_id_of(request)
    check_gm(await seat_of(request), campaign_id, "merge factions")
    body = await json_body(request, "MergeFactions")
    merger = MergeFactions(
        UUID(body["faction_id"]), UUID(body["partner_id"]), int(body["merger_score"]), list(body["tags"])
    )
    done = await run_in_threadpool(
        intrigue_of(request).gm.merge_factions, await _by(request, campaign_id, body["reason"]), merger
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
