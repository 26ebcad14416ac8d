"""Each REST path with its visibility decision (service/usecases/visibility/decisions.py): who may call it.

The routes check it themselves (`domain.seats.check_gm`, the GM-or-owner checks in service/entrypoints/shared/), and
answer every faction, house and area through the read models' views (rest/state.py), so a read-model field's
decision is its read model's. A path of the REST contract (openapi/openapi.yaml) with no entry here fails
tests/entrypoints/graphql/test_canary_crawl.py, which walks every GET from every seat that must not know a secret.
"""

from __future__ import annotations

from typing import Final

from service.entrypoints.rest.interventions import INTERVENTIONS

WHERE: Final = "service/entrypoints/rest/decisions.py (REST)"

REST: Final[dict[str, str]] = {
    "GET /health": "public",
    "GET /openapi.yaml": "public",
    "GET /campaigns": "public",
    # Issue 19: the GM's assistant, the GM's alone.
    "GET /campaigns/{campaign_id}/assistant/powers": "gm",
    "PUT /campaigns/{campaign_id}/assistant/powers/{member_id}": "gm",
    "GET /campaigns/{campaign_id}/assistant/drafts": "gm",
    "POST /campaigns/{campaign_id}/assistant/drafts/accepted": "gm",
    "POST /campaigns/{campaign_id}/assistant/drafts/{member_id}/accepted": "gm",
    "POST /campaigns/{campaign_id}/assistant/drafts/{member_id}/rejected": "gm",
    "POST /campaigns/{campaign_id}/assistant/downtime": "gm",
    "POST /campaigns": "public",
    "GET /campaigns/{campaign_id}": "public",
    "GET /campaigns/{campaign_id}/regions": "seat",
    "POST /campaigns/{campaign_id}/regions": "gm",
    "POST /campaigns/{campaign_id}/regions/sector": "gm",  # issue 32: as importSector
    "GET /campaigns/{campaign_id}/forks": "gm",  # issue 32: as forks and forkCampaign
    "POST /campaigns/{campaign_id}/forks": "gm",
    "POST /campaigns/{campaign_id}/phases": "gm",
    "GET /campaigns/{campaign_id}/phases/current": "public",
    "POST /campaigns/{campaign_id}/phases/current/resolve": "gm",
    "POST /campaigns/{campaign_id}/phases/{phase}/rollback": "gm",
    "PUT /campaigns/{campaign_id}/dice-source": "gm",
    "GET /campaigns/{campaign_id}/phases/current/table-dice": "gm",
    "POST /campaigns/{campaign_id}/phases/current/table-dice": "gm",
    "DELETE /campaigns/{campaign_id}/phases/current/table-dice": "gm",
    # Issue 32: the GM's webhooks.
    "GET /campaigns/{campaign_id}/webhooks": "gm",
    "POST /campaigns/{campaign_id}/webhooks": "gm",
    "DELETE /campaigns/{campaign_id}/webhooks/{endpoint_id}": "gm",
    "POST /campaigns/{campaign_id}/webhooks/{endpoint_id}/tests": "gm",
    "PUT /campaigns/{campaign_id}/phases/current/orders-due": "gm",
    "GET /campaigns/{campaign_id}/factions": "seat",
    "PUT /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "GET /campaigns/{campaign_id}/houses": "seat",
    "POST /campaigns/{campaign_id}/houses/{house_id}/actions": "own",
    "GET /campaigns/{campaign_id}/state": "gm",
    "POST /campaigns/{campaign_id}/rolls": "gm",
    "GET /campaigns/{campaign_id}/seats": "gm",
    "POST /campaigns/{campaign_id}/seats": "gm",
    "GET /campaigns/{campaign_id}/events": "gm",
    "GET /campaigns/{campaign_id}/phases/{phase}/report": "caller",
    "GET /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "DELETE /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "GET /campaigns/{campaign_id}/houses/{house_id}/actions": "own",
    "PUT /campaigns/{campaign_id}/houses/{house_id}/actions/{action_id}": "own",
    "DELETE /campaigns/{campaign_id}/houses/{house_id}/actions/{action_id}": "own",
    "GET /campaigns/{campaign_id}/orders": "gm",
    "DELETE /campaigns/{campaign_id}/seats/{seat_id}/token": "gm",
    "POST /campaigns/{campaign_id}/seats/{seat_id}/token": "gm",
    "POST /campaigns/{campaign_id}/houses/{house_id}/areas/{area_id}/repair": "own",
    "POST /campaigns/{campaign_id}/factions/{faction_id}/merger-consent": "own",
    "POST /campaigns/{campaign_id}/mergers": "gm",
    # Setting up a game and the GM's interventions (their GraphQL twins' decisions): the GM's.
    "POST /campaigns/{campaign_id}/factions": "gm",
    "POST /campaigns/{campaign_id}/factions/examples": "gm",
    "POST /campaigns/{campaign_id}/factions/generated": "gm",
    "POST /campaigns/{campaign_id}/factions/the-wild": "gm",
    "POST /campaigns/{campaign_id}/houses": "gm",
    # One handler serves every intervention and checks the GM (interventions.py `_endpoint`).
    **{f"POST /campaigns/{{campaign_id}}/interventions/{name}": "gm" for name in INTERVENTIONS},
    # Issue 17: the seeds' tables; a campaign's own asset types to its seats; what a member can do now.
    "GET /catalog/asset-types": "public",
    "GET /catalog/goals": "public",
    "GET /catalog/tags": "public",
    "GET /catalog/example-factions": "public",
    "GET /catalog/house-actions": "public",
    "GET /catalog/gaining-tables": "public",
    "GET /catalog/ranks": "public",
    "GET /campaigns/{campaign_id}/asset-types": "caller",
    "GET /campaigns/{campaign_id}/factions/{faction_id}/preview": "own",
    "GET /campaigns/{campaign_id}/houses/{house_id}/preview": "own",
}
