"""The GraphQL schema: campaign setup and reads. GraphiQL is served at /graphql."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from graphql import GraphQLError
from strawberry.tools import merge_types
from strawberry.types import Info

from domain.campaign import CampaignPreset, RuleSystemName
from domain.commands import AddRegions, CreateCampaign, MapRegion
from domain.enums import Population
from service.entrypoints.graphql.assistant.drafts import AssistantMutation, AssistantQuery
from service.entrypoints.graphql.campaign.audit import AuditQuery
from service.entrypoints.graphql.campaign.catalog import CatalogQuery
from service.entrypoints.graphql.campaign.orders import OrdersMutation, OrdersQuery
from service.entrypoints.graphql.campaign.orders_check import OrdersCheckQuery
from service.entrypoints.graphql.campaign.preview import PreviewQuery
from service.entrypoints.graphql.campaign.seats import SeatMutation, SeatQuery
from service.entrypoints.graphql.campaign.types import Campaign, Region
from service.entrypoints.graphql.core.connections import PageInfo, window
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.descriptions import describe
from service.entrypoints.graphql.core.errors import IntrigueSchema
from service.entrypoints.graphql.core.expansion import BoundedValidation
from service.entrypoints.graphql.core.guards import LIMITS, SeatGuard, seat
from service.entrypoints.graphql.core.idempotent import IdempotentMutations
from service.entrypoints.graphql.core.inputs import InputGuard
from service.entrypoints.graphql.core.parsing import SharedParse
from service.entrypoints.graphql.core.rates import MutationRates
from service.entrypoints.graphql.core.visibility import undecided
from service.entrypoints.graphql.factionturn.buyable import BuyableQuery
from service.entrypoints.graphql.factionturn.factions import FactionTurnMutation, FactionTurnQuery
from service.entrypoints.graphql.gameofbones.houses import GameOfBonesMutation, GameOfBonesQuery
from service.entrypoints.graphql.gm.analytics import AnalyticsQuery
from service.entrypoints.graphql.gm.branches import BranchQuery
from service.entrypoints.graphql.gm.chronicle import GMChronicleMutation, GMQuery
from service.entrypoints.graphql.gm.custom import GMCustomMutation
from service.entrypoints.graphql.gm.forks import ForkMutation, ForkQuery
from service.entrypoints.graphql.gm.hand import GMMutation
from service.entrypoints.graphql.gm.history import AsOfInput, HistoryMutation, past_campaign
from service.entrypoints.graphql.gm.mergers import MergerMutation
from service.entrypoints.graphql.gm.table_dice import TableDiceMutation, TableDiceQuery
from service.entrypoints.graphql.gm.webhooks import WebhookMutation, WebhookQuery
from service.entrypoints.graphql.phase_report import PhaseReportQuery
from service.entrypoints.graphql.subscriptions import CampaignSubscription
from service.entrypoints.shared import campaign_list
from service.usecases.presets import start_from_preset


@strawberry.input(description="The Wild's head monster of a region (seed 002, Monster).")
class MonsterInput:
    name: str = strawberry.field(description="The monster's name, as the GM writes it.")
    cr: int = strawberry.field(
        description="Its challenge rating (a whole number), which sets its strength as an asset of The Wild."
    )
    hp: int = strawberry.field(description="Its hit points, a whole number of 1 or more.")
    hit_dice: str = strawberry.field(description="Its Hit Dice, as an expression (`12d10`).")


@strawberry.input(description="A region to add to the map.")
class RegionInput:
    name: str = strawberry.field(description="The region's name, unique within its campaign.")
    q: int = strawberry.field(description="Its hex column on the map (axial q coordinate); one region per hex.")
    r: int = strawberry.field(description="Its hex row on the map (axial r coordinate); one region per hex.")
    arcana: int = strawberry.field(
        default=0,
        description="Its Arcana level (seed 002, Arcana & Population): which magical assets may be bought there.",
    )
    population: Population = strawberry.field(
        default=Population.HUNDREDS, description="Its population band (seed 002): Ruins, Outpost … Tens of Thousands."
    )
    tags: list[str] = strawberry.field(
        description="Its region tags' names (seed 002), as the GM writes them.", default_factory=list
    )
    terrain_difficulty: int = strawberry.field(default=0, description="Its terrain's difficulty for The Wild.")
    wild: bool = strawberry.field(default=False, description="Whether it belongs to The Wild.")
    monthly_income: int = strawberry.field(default=0, description="Its monthly income in gp (a city area's).")
    monster: MonsterInput | None = strawberry.field(
        default=None, description="The Wild's head monster of the region, if any."
    )

    def to_command(self) -> MapRegion:
        monster = vars(self.monster) if self.monster else None
        return MapRegion(
            self.name,
            self.q,
            self.r,
            self.arcana,
            self.population,
            list(self.tags),
            self.terrain_difficulty,
            self.wild,
            self.monthly_income,
            monster,
        )


@strawberry.input(description="A new campaign: its name, rule systems, dice seed and first regions.")
class CreateCampaignInput:
    name: str = strawberry.field(description="The campaign's name, as its seats will see it.")
    rule_systems: list[RuleSystemName] = strawberry.field(
        description="The rule systems it plays: factionturn, gameofbones, or both."
    )
    dice_seed: str | None = strawberry.field(
        default=None, description="A seed for replayable dice; null draws from the OS source."
    )
    regions: list[RegionInput] = strawberry.field(
        description="The map's first regions; more can be added later (`addRegions`).", default_factory=list
    )
    preset: CampaignPreset | None = strawberry.field(
        default=None,
        description="Start from a preset (its map, factions and houses) instead of `regions`, which must "
        "then be empty; `ruleSystems` must hold the rule systems the preset plays.",
    )


@strawberry.type(description="A campaign of the list with its cursor.")
class CampaignEdge:
    cursor: str = strawberry.field(description="Opaque: pass it as `after` or `before` to page from this campaign.")
    node: Campaign = strawberry.field(description="The campaign at this place of the list.")


@strawberry.type(description="A page of the campaign list, oldest campaign first.")
class CampaignConnection:
    edges: list[CampaignEdge] = strawberry.field(description="The page's campaigns with their cursors.")
    nodes: list[Campaign] = strawberry.field(description="The page's campaigns, without cursors.")
    page_info: PageInfo = strawberry.field(description="Whether campaigns lie before or after this page.")
    total_count: int = strawberry.field(description="How many campaigns the caller may list.")


@strawberry.type
class CampaignQuery:
    @strawberry.field(
        description="The campaigns the caller may list (every campaign where the list is open, else the seat's own), "
        "a page at a time: `first` (default 100, at most 500) after `after`, or `last` before `before`."
    )
    async def campaigns(
        self,
        info: Info,
        first: int | None = None,
        after: str | None = None,
        last: int | None = None,
        before: str | None = None,
    ) -> CampaignConnection:
        only = campaign_list.listed_for(intrigue(info).db, seat(info))
        total = 1 if only is not None else await on_loop(reads(info).campaign_count())
        shown = window(range(total), "campaign", first, after, last, before)
        if only is not None:  # a closed list: the seat's own campaign
            rows = [await on_loop(reads(info).campaign(only))] if shown.shown else []
        else:
            rows = await on_loop(reads(info).campaigns(len(shown.shown), shown.start))
        nodes = [Campaign.from_row(r) for r in rows]
        edges = [CampaignEdge(cursor=shown.cursor(k), node=n) for k, n in zip(shown.shown, nodes, strict=False)]
        return CampaignConnection(edges=edges, nodes=nodes, page_info=shown.page_info(), total_count=total)

    @strawberry.field(description="A campaign as it is, or with `asOf` (the GM's) as it stood at a past point.")
    async def campaign(
        self,
        info: Info,
        id: Annotated[
            UUID,
            strawberry.argument(
                description="The id of the campaign to read, as `campaigns` or `createCampaign` answered it."
            ),
        ],
        as_of: Annotated[
            AsOfInput | None,
            strawberry.argument(description="A past point (the GM's): a phase's close or an event's position."),
        ] = None,
    ) -> Campaign:
        if as_of is not None:
            return await past_campaign(info, id, as_of)
        return Campaign.from_row(await on_loop(reads(info).campaign(id)))


@strawberry.type
class CampaignMutation:
    @strawberry.mutation(description="Create a campaign; its caller becomes the GM (the answer's gmToken, once).")
    async def create_campaign(
        self,
        info: Info,
        input: Annotated[CreateCampaignInput, strawberry.argument(description="The campaign to create.")],
    ) -> Campaign:
        app = intrigue(info)
        if input.preset is not None:
            if input.regions:
                raise GraphQLError(
                    "a preset brings its own map: leave `regions` empty", extensions={"code": "INVALID_INPUT"}
                )
            started = await off_loop(
                start_from_preset, app, input.preset, input.name, list(input.rule_systems), input.dice_seed
            )
        else:
            command = CreateCampaign(
                input.name, list(input.rule_systems), input.dice_seed, [r.to_command() for r in input.regions]
            )
            started = await off_loop(app.seats.start_campaign, command)  # its caller becomes the GM
        created = Campaign.from_row(await on_loop(reads(info).campaign(started.campaign.id)))
        created.gm_token = started.gm.token
        return created

    @strawberry.mutation(description="Add regions to the map (GM only).")
    async def add_regions(
        self,
        info: Info,
        campaign_id: UUID,
        regions: Annotated[list[RegionInput], strawberry.argument(description="The regions to add.")],
    ) -> list[Region]:
        app = intrigue(info)
        await off_loop(app.campaigns.add_regions, AddRegions(campaign_id, [r.to_command() for r in regions]))
        rows = await on_loop(reads(info).regions(campaign_id))
        return [Region.seen_as(seat(info), r) for r in rows]

    @strawberry.mutation(description="Open the next phase for orders (GM only).")
    async def open_phase(self, info: Info, campaign_id: UUID) -> Campaign:
        app = intrigue(info)
        await off_loop(app.campaigns.open_phase, campaign_id)
        return Campaign.from_row(await on_loop(reads(info).campaign(campaign_id)))


Query = merge_types(
    "Query",
    (
        CampaignQuery,
        SeatQuery,
        FactionTurnQuery,
        GameOfBonesQuery,
        AuditQuery,
        GMQuery,
        AnalyticsQuery,
        PhaseReportQuery,
        BuyableQuery,
        OrdersQuery,
        BranchQuery,  # issue 18: the phase timeline's branches
        CatalogQuery,
        PreviewQuery,
        AssistantQuery,  # issue 17: the seeds' tables, what a member can do now
        OrdersCheckQuery,  # issue 28: whole faction orders judged before they are sent
        TableDiceQuery,  # issue 28: the table's own dice
        ForkQuery,  # issue 32: a campaign's what-if forks
        WebhookQuery,
    ),  # issue 32: the GM's webhooks
)
Mutation = merge_types(
    "Mutation",
    (
        CampaignMutation,
        HistoryMutation,
        SeatMutation,
        FactionTurnMutation,
        GameOfBonesMutation,
        GMMutation,
        GMCustomMutation,
        GMChronicleMutation,
        OrdersMutation,
        MergerMutation,
        AssistantMutation,
        TableDiceMutation,
        ForkMutation,
        WebhookMutation,
    ),
)
schema = IntrigueSchema(
    query=Query,
    mutation=Mutation,
    subscription=CampaignSubscription,
    # Parsed and validated documents are cached: clients send the same few queries again and again.
    # Instances, not classes, so that the two caches are shared by every request. A document whose fragments
    # expand too far is refused before any validation rule walks it (graphql/core/expansion.py).
    extensions=[
        SharedParse(),  # type: ignore[list-item]
        BoundedValidation(maxsize=256),  # type: ignore[list-item]
        *LIMITS,
        SeatGuard,
        InputGuard,
        MutationRates,
        IdempotentMutations,
    ],
)
# Default deny: a field with no visibility decision keeps the schema from serving (graphql/core/visibility.py).
if UNDECIDED := undecided(schema._schema):
    raise RuntimeError("GraphQL fields without one visibility decision:\n" + "\n".join(UNDECIDED))
# The descriptions the code leaves out, from one registry (tests/entrypoints/graphql/test_schema_descriptions.py).
DESCRIPTION_PROBLEMS = describe(schema._schema)
