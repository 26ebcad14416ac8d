"""GraphQL for what the GM defines for a campaign and orders with it: its own asset types and custom actions, and a
faction's or a house's custom action in the open phase (the types: definitions.py).

Every mutation takes `campaignId`, so `guards.POLICY` gives it to the campaign's GM only; the GM's seat id is
recorded on each event with the `reason`.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.gameofbones.houses import read_house
from service.entrypoints.graphql.gameofbones.types import House
from service.entrypoints.graphql.gm.definitions import (
    AssetTypeInput,
    CustomActionDefinition,
    CustomActionInput,
    CustomAssetType,
)
from service.entrypoints.graphql.gm.hand import _by, read_faction


@strawberry.type
class GMCustomMutation:
    @strawberry.mutation(description="Define (or redefine) one of the campaign's own asset types.")
    async def define_asset_type(
        self,
        info: Info,
        campaign_id: UUID,
        input: Annotated[
            AssetTypeInput,
            strawberry.argument(description="The asset type to define for this campaign, with its numbers."),
        ],
        reason: str,
    ) -> CustomAssetType:
        campaign = await off_loop(
            intrigue(info).gm.define_asset_type,
            _by(info, campaign_id, reason),
            input.key,
            input.name,
            input.attribute.value,
            input.rating,
            input.hp,
            input.cost,
            **input.cells(),
        )
        return CustomAssetType.of(campaign.custom_asset_rows()[input.key])

    @strawberry.mutation(description="Define a custom action for factions or houses.")
    async def define_custom_action(
        self,
        info: Info,
        campaign_id: UUID,
        input: Annotated[
            CustomActionInput,
            strawberry.argument(
                description="The custom action to define for this campaign: its cost, check and effects."
            ),
        ],
        reason: str,
    ) -> CustomActionDefinition:
        definition = input.to_definition()
        await off_loop(intrigue(info).gm.define_custom_action, _by(info, campaign_id, reason), definition)
        return CustomActionDefinition.of(definition)

    @strawberry.mutation(description="A faction takes a custom action as its action in the open phase.")
    async def order_custom_action(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        key: Annotated[str, strawberry.argument(description="The custom action's key.")],
        reason: str,
    ) -> Faction:
        await off_loop(intrigue(info).gm.order_custom_action, _by(info, campaign_id, reason), faction_id, key)
        return await read_faction(info, faction_id)

    @strawberry.mutation(description="A house starts a custom action in the open phase, led by `actor`.")
    async def order_house_custom_action(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        key: Annotated[str, strawberry.argument(description="The custom action's key.")],
        actor: Annotated[str, strawberry.argument(description="The character who acts.")],
        reason: str,
        start_week: int = 1,
    ) -> House:
        await off_loop(
            intrigue(info).gm.order_house_custom_action,
            _by(info, campaign_id, reason),
            house_id,
            key,
            actor,
            start_week,
        )
        return await read_house(info, house_id)
