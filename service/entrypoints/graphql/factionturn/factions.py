"""GraphQL for the Faction Turn (seed 002): factions and assets to read, the commands to play a phase."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.factionturn.wild_assets import stats_note
from domain.seats import Seat
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.enums import AssetAttribute, ExampleFactionName
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.visibility import over
from service.entrypoints.graphql.factionturn.order_inputs import FactionOrdersInput
from service.persistence.queries import ReadModelReads
from service.usecases.factionturn import FoundFaction, StartingAsset
from service.usecases.visibility import FACTION, faction_view


@over(FACTION, "assets")
@strawberry.type(description="An asset a faction owns (seed 002, Assets); Bases of Influence included.")
class Asset:
    id: UUID
    type_key: str
    name: str
    attribute: AssetAttribute
    region_id: UUID
    hp: int
    max_hp: int
    stealthed: bool
    threatened: bool
    usable_from: int

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Asset:
        return cls(**{k: data[k] for k in cls.__annotations__})


@over(FACTION, "goal")
@strawberry.type(description="A named count a goal keeps: progress made, or a baseline as the goal was adopted.")
class GoalCounter:
    name: str
    value: int


@over(FACTION, "goal")
@strawberry.type(description="The faction's goal (seed 002, Faction Goals) and how far it has come.")
class Goal:
    key: str = strawberry.field(description="The goal's key in the seed's table: 'military_conquest'…")
    target: str | None = strawberry.field(description="The faction or region it is aimed at, where the goal names one.")
    progress: list[GoalCounter]
    baseline: list[GoalCounter] = strawberry.field(description="What the faction held as it adopted the goal.")
    adopted_turn: int | None

    @classmethod
    def of(cls, g: dict[str, Any] | None) -> Goal | None:
        if g is None:
            return None
        return cls(key=str(g["key"]), target=None if g.get("target") is None else str(g["target"]),
                   progress=_counters(g.get("progress")), baseline=_counters(g.get("baseline")),
                   adopted_turn=None if g.get("adopted_turn") is None else int(g["adopted_turn"]))  # fmt: skip


def _counters(counts: dict[str, Any] | None) -> list[GoalCounter]:
    return [GoalCounter(name=k, value=int(v)) for k, v in sorted((counts or {}).items())]


@over(FACTION, stats_note="wild")
@strawberry.type(description="A Faction Turn power: ratings, HP, FacGold, XP, goal and assets.")
class Faction:
    id: UUID
    campaign_id: UUID
    name: str
    force: int
    cunning: int
    wealth: int
    hp: int
    max_hp: int
    facgold: int | None = strawberry.field(description="Its FacGold, the Faction Turn's money: spent on assets, "
                                              "repairs and maintenance. Null unless you are this faction's seat or "
                                              "the GM.")  # fmt: skip
    xp: int | None
    tags: list[str]
    home_region_id: UUID
    goal: Goal | None
    destroyed: bool
    wild: bool
    stats_note: str | None
    assets: list[Asset]
    narratives: list[str]

    @classmethod
    def seen_by(cls, info: Info, state: dict[str, Any]) -> Faction:
        return cls.from_state(faction_view(state, seat(info)))

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Faction:
        return cls(
            id=UUID(s["id"]), campaign_id=UUID(s["campaign_id"]), name=s["name"], force=s["force"],
            cunning=s["cunning"], wealth=s["wealth"], hp=s["hp"], max_hp=s["max_hp"], facgold=s.get("facgold"),
            xp=s.get("xp"), tags=s["tags"], home_region_id=s["home_region_id"], goal=Goal.of(s.get("goal")),
            destroyed=s.get("destroyed", False), wild=s.get("wild", False), stats_note=stats_note(s.get("wild", False)),
            assets=[Asset.from_state(a) for a in s["assets"].values()], narratives=s.get("narratives", []),
        )  # fmt: skip


async def factions_seen(reads: ReadModelReads, seat: Seat | None, campaign_id: UUID) -> list[Faction]:
    """The campaign's factions as the seat may see them (the `factions` field, and service/.../standings.py)."""
    return [Faction.from_state(faction_view(r, seat)) for r in await reads.of_kind(campaign_id, "faction")]


@strawberry.input
class StartingAssetInput:
    type_key: str = strawberry.field(description="A catalog key, or one of the campaign's own asset types.")
    region_id: UUID | None = None


@strawberry.input
class FoundFactionInput:
    name: str
    force: int
    cunning: int
    wealth: int
    home_region_id: UUID
    tags: list[str] = strawberry.field(default_factory=list)
    facgold: int = 0
    xp: int = 0
    hp: int | None = None
    assets: list[StartingAssetInput] = strawberry.field(default_factory=list)


@strawberry.type
class FactionTurnQuery:
    @strawberry.field
    async def factions(self, info: Info, campaign_id: UUID) -> list[Faction]:
        return await on_loop(factions_seen(reads(info), seat(info), campaign_id))

    @strawberry.field
    async def faction(self, info: Info, id: UUID) -> Faction:
        return await _read(info, id)


async def _read(info: Info, faction_id: UUID) -> Faction:
    return Faction.seen_by(info, await on_loop(reads(info).one(faction_id, "faction")))


@strawberry.type
class FactionTurnMutation:
    @strawberry.mutation(description="Found a faction with the given ratings, home and starting assets.")
    async def found_faction(self, info: Info, campaign_id: UUID, input: FoundFactionInput) -> Faction:
        command = FoundFaction(
            campaign_id, input.name, input.force, input.cunning, input.wealth, input.home_region_id,
            list(input.tags), input.facgold, input.xp, input.hp,
            [StartingAsset(a.type_key, a.region_id) for a in input.assets],
        )  # fmt: skip
        faction = await off_loop(intrigue(info).factionturn.found_faction, command)
        return await _read(info, faction.id)

    @strawberry.mutation(description="Found one of seed 002's Example Factions as a preset.")
    async def found_example_faction(
        self, info: Info, campaign_id: UUID, example: ExampleFactionName, home_region_id: UUID, name: str | None = None
    ) -> Faction:
        faction = await off_loop(intrigue(info).factionturn.found_example, campaign_id, example, home_region_id, name)
        return await _read(info, faction.id)

    @strawberry.mutation(description="Generate a starting world of 3-6 random factions (seed 002, Creating a Faction).")
    async def generate_factions(
        self, info: Info, campaign_id: UUID, count: int, names: list[str] | None = None
    ) -> list[Faction]:
        factions = await off_loop(intrigue(info).factionturn.generate_factions, campaign_id, count, names)
        return [await _read(info, f.id) for f in factions]

    @strawberry.mutation(description="Give every wild region its Terrain (and Monster) asset of The Wild.")
    async def populate_the_wild(self, info: Info, campaign_id: UUID) -> Faction | None:
        wild = await off_loop(intrigue(info).factionturn.populate_the_wild, campaign_id)
        return None if wild is None else await _read(info, wild.id)

    @strawberry.mutation(description="Submit or amend a faction's orders for the open phase: its one action (or "
                         "none), goal, rating raises, defences, permissions and narrative, checked whole.")
    async def submit_faction_orders(self, info: Info, campaign_id: UUID, faction_id: UUID,
                                    orders: FactionOrdersInput) -> Faction:  # fmt: skip
        await off_loop(intrigue(info).factionturn.submit_orders, campaign_id, faction_id, orders.to_orders())
        return await _read(info, faction_id)
