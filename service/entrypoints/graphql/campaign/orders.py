"""GraphQL for the orders of the open phase: who has submitted (the GM's), each seat's own orders read back, and
withdrawing or amending them while the phase is open. Who may call each field is in `guards.POLICY`."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.campaign import PhaseStatus
from domain.enums import MemberKind
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.factionturn.order_types import FactionOrders
from service.entrypoints.graphql.gameofbones.houses import read_house
from service.entrypoints.graphql.gameofbones.inputs import HouseOrderInput
from service.entrypoints.graphql.gameofbones.types import House, PendingAction
from service.usecases.orders import OrderStatus as Status


@strawberry.type(description="A faction or house: whether its orders for the current phase are in, and how many.")
class SubmittedOrders:
    id: UUID = strawberry.field(description="The faction's or house's id.")
    kind: MemberKind = strawberry.field(description="Whether the member is a FACTION or a HOUSE.")
    name: str = strawberry.field(description="The faction's or house's name.")
    submitted: bool = strawberry.field(description="Whether its orders for the phase are in.")
    orders: int = strawberry.field(description="How many orders the member has given for the open phase (0 when none).")


@strawberry.type(description="The current phase and, for each faction and house, whether it has submitted orders.")
class OrderStatus:
    phase: int = strawberry.field(description="The open phase, counted from 1, whose orders it tells.")
    status: PhaseStatus = strawberry.field(description="Its status: setup, open, resolving, resolved.")
    members: list[SubmittedOrders] = strawberry.field(
        description="Each faction and house, with whether its orders are in."
    )

    @classmethod
    def of(cls, status: Status) -> OrderStatus:
        members = [
            SubmittedOrders(id=UUID(m.id), kind=MemberKind(m.kind), name=m.name, submitted=m.submitted, orders=m.orders)
            for m in status.members
        ]
        return cls(phase=status.phase, status=PhaseStatus(status.status), members=members)


@strawberry.type
class OrdersQuery:
    @strawberry.field(description="The GM's: which factions and houses have orders in for the current phase.")
    async def order_status(self, info: Info, campaign_id: UUID) -> OrderStatus:
        return OrderStatus.of(await off_loop(intrigue(info).orders.status, campaign_id))

    @strawberry.field(
        description="A faction's orders for the current phase as submitted (null: none in); its "
        "own seat's and the GM's only."
    )
    async def faction_orders(self, info: Info, campaign_id: UUID, faction_id: UUID) -> FactionOrders | None:
        stored = await off_loop(intrigue(info).orders.faction_orders, campaign_id, faction_id)
        return None if stored is None else FactionOrders.of(stored)

    @strawberry.field(
        description="A house's orders given in the current phase, moves included, in the order of the "
        "month; its own seat's and the GM's only."
    )
    async def house_orders(self, info: Info, campaign_id: UUID, house_id: UUID) -> list[PendingAction]:
        given = await off_loop(intrigue(info).orders.house_orders, campaign_id, house_id)
        return [PendingAction.from_state(p.to_dict()) for p in given]  # its weeks also as month and week within


@strawberry.type
class OrdersMutation:
    @strawberry.mutation(
        description="Take back a faction's orders for the open phase (submitting again replaces "
        "them); refused when none are in."
    )
    async def withdraw_faction_orders(self, info: Info, campaign_id: UUID, faction_id: UUID) -> Faction:
        await off_loop(intrigue(info).orders.withdraw_faction_orders, campaign_id, faction_id)
        return Faction.seen_by(info, await on_loop(reads(info).one(faction_id, "faction")))

    @strawberry.mutation(
        description="Take back a house's order of the open phase: its dedicated influence and "
        "power are free and its gold comes back, since nothing has happened yet."
    )
    async def withdraw_house_action(self, info: Info, campaign_id: UUID, house_id: UUID, action_id: UUID) -> House:
        await off_loop(intrigue(info).orders.withdraw_house_action, campaign_id, house_id, str(action_id))
        return await read_house(info, house_id)

    @strawberry.mutation(
        description="Replace a house's order of the open phase with another, in one step: refused "
        "whole, writing nothing, if the new order is."
    )
    async def amend_house_action(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        action_id: UUID,
        order: Annotated[HouseOrderInput, strawberry.argument(description="The order that replaces it.")],
    ) -> House:
        await off_loop(
            intrigue(info).orders.amend_house_action, campaign_id, house_id, str(action_id), order.to_order()
        )
        return await read_house(info, house_id)
