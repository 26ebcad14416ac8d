"""GraphQL: whole faction orders judged before they are sent (issue 28, item 1), for the GM or the faction's seat.

`factionOrdersCheck` runs the checks `submitFactionOrders` runs (service/usecases/factionturn.py,
`check_submission`) and stores nothing, so the console can show the server's verdict on a goal change, rating
raises, defences, permissions and the rest before the player submits; a verdict of accepted is the submission's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.face import FactionOrders
from service.entrypoints.graphql.campaign.preview import ALLOWED, REASON, RULE
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.factionturn.order_inputs import FactionOrdersInput


@strawberry.type(description="The submission check's answer to whole faction orders, nothing stored.")
class OrdersVerdict:
    allowed: bool = strawberry.field(description=ALLOWED)
    reason: str | None = strawberry.field(description=REASON)
    rule: str | None = strawberry.field(description=RULE)


@strawberry.type
class OrdersCheckQuery:
    @strawberry.field(
        description="Whether `submitFactionOrders` would accept these orders now, and if not why: "
        "the very checks of the submission, run on the orders whole, nothing stored."
    )
    async def faction_orders_check(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        orders: Annotated[
            FactionOrdersInput,
            strawberry.argument(description="The orders as they would be submitted (submitFactionOrders' `orders`)."),
        ],
    ) -> OrdersVerdict:
        check = intrigue(info).factionturn.check_submission
        return await off_loop(_verdict, check, campaign_id, faction_id, orders.to_orders())


def _verdict(
    check: Callable[[UUID, UUID, FactionOrders], None], campaign_id: UUID, faction_id: UUID, orders: FactionOrders
) -> OrdersVerdict:
    """The submission's answer as a verdict; a closed phase or a missing faction stays an error, as it is there."""
    try:
        check(campaign_id, faction_id, orders)
    except RuleViolationError as refused:  # seed 002's rule the orders break, as the submission names it
        return OrdersVerdict(allowed=False, reason=refused.message, rule=refused.rule or None)
    except InvalidInputError as wrong:  # an id naming nothing of the faction's, a value out of range
        return OrdersVerdict(allowed=False, reason=wrong.message, rule=None)
    return OrdersVerdict(allowed=True, reason=None, rule=None)
