"""GraphQL for mergers (seed 002, Other Faction Rules): a faction's consent (its seat or the GM), the GM's merger.

`guards.POLICY`: `consentToMerger` to the GM or the faction's own seat, `mergeFactions` to the campaign's GM only.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.records import Roll
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.gm.hand import _by, read_faction
from service.usecases.mergers import MergeFactions


@strawberry.type(description="An asset sold in a merger for half its cost (seed 002, Mergers).")
class SoldAsset:
    asset_id: UUID = strawberry.field(description="The id the sold asset had.")
    name: str = strawberry.field(description="The sold asset's type name.")
    faction_id: UUID = strawberry.field(description="The faction that owned it.")
    facgold: int = strawberry.field(description="What the sale brought the merged faction.")


@strawberry.type(
    description="A merger's result: the merged faction, the one dissolved into it, every d10 rolled "
    "and the assets sold (seed 002, Mergers)."
)
class MergerResult:
    faction: Faction = strawberry.field(description="The merged faction, as the GM sees it (seed 002, Mergers).")
    dissolved: Faction = strawberry.field(description="The faction dissolved into it.")
    rolls: list[Roll] = strawberry.field(description="Every d10 rolled, as the roll records.")
    sold: list[SoldAsset] = strawberry.field(description="The assets sold, with their prices.")


@strawberry.type
class MergerMutation:
    @strawberry.mutation(
        description="Record (consent: false withdraws) a faction's consent to merge with another; "
        "the faction's own seat or the GM on its behalf."
    )
    async def consent_to_merger(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        partner_id: UUID,
        consent: Annotated[
            bool, strawberry.argument(description="true consents; false withdraws an earlier consent.")
        ] = True,
    ) -> Faction:
        by = _by(info, campaign_id, "consent to a merger")
        await off_loop(intrigue(info).gm.consent_to_merger, by, faction_id, partner_id, consent)
        return await read_faction(info, faction_id)

    @strawberry.mutation(
        description="Merge two factions that have both consented: `factionId` becomes the merged "
        "faction, `partnerId` is dissolved into it. mergerScore 1-8 (6 the average); the GM's tags."
    )
    async def merge_factions(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        partner_id: UUID,
        merger_score: Annotated[int, strawberry.argument(description="The merger score, 1-8 (6 the average).")],
        tags: Annotated[
            list[str], strawberry.argument(description="The merged faction's tags, as the GM chooses them.")
        ],
        reason: str,
    ) -> MergerResult:
        command = MergeFactions(faction_id, partner_id, merger_score, list(tags))
        done = await off_loop(intrigue(info).gm.merge_factions, _by(info, campaign_id, reason), command)
        sold = [
            SoldAsset(
                asset_id=UUID(str(s["asset_id"])),
                name=str(s["name"]),
                faction_id=UUID(str(s["faction_id"])),
                facgold=int(s["facgold"]),
            )
            for s in done.sold
        ]
        return MergerResult(
            faction=await read_faction(info, faction_id),
            dissolved=await read_faction(info, partner_id),
            rolls=Roll.all_of(done.rolls),
            sold=sold,
        )
