"""GraphQL for what-if forks and a Sectors Without Number sector's import (issue 32, items 2 and 4)."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.commands import AddRegions
from service.entrypoints.graphql.campaign.types import Campaign, Region
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.usecases.forks import ForkCampaign
from service.usecases.sector_import import read_sector


@strawberry.type
class ForkQuery:
    @strawberry.field(description="The campaigns forked from this one (`forkCampaign`), oldest first: the GM's.")
    async def forks(self, info: Info, campaign_id: UUID) -> list[Campaign]:
        return [Campaign.from_row(row) for row in await on_loop(reads(info).forks(campaign_id))]


@strawberry.type
class ForkMutation:
    @strawberry.mutation(
        description="Start a new campaign whose history is this one's up to the end of resolved "
        "phase `phase`, every aggregate with a new id and no seat copied: its caller becomes its GM "
        "(the answer's gmToken, once). This campaign is left as it is."
    )
    async def fork_campaign(
        self,
        info: Info,
        campaign_id: UUID,
        phase: int,
        name: Annotated[
            str, strawberry.argument(description="The new campaign's name, 1-200 characters after trimming.")
        ],
    ) -> Campaign:
        started = await off_loop(intrigue(info).forks.fork, ForkCampaign(campaign_id, phase, name))
        forked = Campaign.from_row(await on_loop(reads(info).campaign(started.campaign.id)))
        forked.gm_token = started.gm.token
        return forked

    @strawberry.mutation(
        description="Add a Sectors Without Number sector's systems to the campaign as regions, "
        'from the text of its JSON export (docs/architecture.md, "Importing a Sectors Without '
        'Number sector"); a file that is no such export, or a hex already mapped, adds '
        "none."
    )
    async def import_sector(
        self,
        info: Info,
        campaign_id: UUID,
        sector: Annotated[
            str,
            strawberry.argument(
                description="The text of the sector's JSON export, as Sectors Without Number saves it; at most "
                "256,000 characters (a bigger file: `intrigue import-sector`)."
            ),
        ],
    ) -> list[Region]:
        app = intrigue(info)

        def add() -> None:
            _, regions = read_sector(sector.encode("utf-8", "surrogatepass"))
            app.campaigns.add_regions(AddRegions(campaign_id, regions))

        await off_loop(add)
        return [Region.seen_as(seat(info), r) for r in await on_loop(reads(info).regions(campaign_id))]
