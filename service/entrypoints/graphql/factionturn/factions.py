"""GraphQL for the Faction Turn (seed 002): factions and assets to read, the commands to play a phase."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.commands import FoundFaction, StartingAsset
from domain.factionturn.face import AssetAttribute, ExampleFactionName, stats_note
from domain.seats import Seat
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.visibility import over
from service.entrypoints.graphql.factionturn.order_inputs import FactionOrdersInput
from service.persistence.queries import ReadModelReads
from service.usecases.visibility import FACTION, faction_view


@over(FACTION, "assets")
@strawberry.type(description="An asset a faction owns (seed 002, Assets); Bases of Influence included.")
class Asset:
    id: UUID = strawberry.field(description="The asset's id within its faction.")
    type_key: str = strawberry.field(description="Its asset type's key (catalog or custom).")
    name: str = strawberry.field(
        description="The name of its asset type (Zealots, Smugglers…), as the catalog prints it."
    )
    attribute: AssetAttribute = strawberry.field(description="Its attribute: Force, Cunning or Wealth.")
    region_id: UUID = strawberry.field(description="The id of the region the asset stands in (`Region.id`).")
    hp: int = strawberry.field(description="Its hit points now, 1 to `maxHp` (an asset at 0 is destroyed and gone).")
    max_hp: int = strawberry.field(description="Its maximum hit points, from its type (repairs heal it back to this).")
    stealthed: bool = strawberry.field(description="Whether it is Stealthed (seed 002).")
    threatened: bool = strawberry.field(
        description="Whether unpaid maintenance threatens it: it can do nothing until paid."
    )
    usable_from: int = strawberry.field(
        description="The faction's turn from which it may act (a newly bought or moved asset waits a turn)."
    )

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Asset:
        return cls(**{k: data[k] for k in cls.__annotations__})


@over(FACTION, "goal")
@strawberry.type(description="A named count a goal keeps: progress made, or a baseline as the goal was adopted.")
class GoalCounter:
    name: str = strawberry.field(
        description="What the goal counts toward completion (assets destroyed, FacGold gained…), in words."
    )
    value: int = strawberry.field(
        description="How much of it the faction has achieved since adopting the goal (a count)."
    )


@over(FACTION, "goal")
@strawberry.type(description="The faction's goal (seed 002, Faction Goals) and how far it has come.")
class Goal:
    key: str = strawberry.field(description="The goal's key in the seed's table: 'military_conquest'…")
    target: str | None = strawberry.field(description="The faction or region it is aimed at, where the goal names one.")
    progress: list[GoalCounter] = strawberry.field(
        description="How far the faction has come toward the goal, in the goal's own counters."
    )
    baseline: list[GoalCounter] = strawberry.field(description="What the faction held as it adopted the goal.")
    adopted_turn: int | None = strawberry.field(
        description="The turn (phase, from 1) in which the faction adopted the goal."
    )

    @classmethod
    def of(cls, g: dict[str, Any] | None) -> Goal | None:
        if g is None:
            return None
        return cls(
            key=str(g["key"]),
            target=None if g.get("target") is None else str(g["target"]),
            progress=_counters(g.get("progress")),
            baseline=_counters(g.get("baseline")),
            adopted_turn=None if g.get("adopted_turn") is None else int(g["adopted_turn"]),
        )


def _counters(counts: dict[str, Any] | None) -> list[GoalCounter]:
    return [GoalCounter(name=k, value=int(v)) for k, v in sorted((counts or {}).items())]


@over(FACTION, stats_note="wild")
@strawberry.type(description="A Faction Turn power: ratings, HP, FacGold, XP, goal and assets.")
class Faction:
    id: UUID = strawberry.field(description="The faction's id: pass it as `factionId`.")
    campaign_id: UUID = strawberry.field(description="The id of the campaign it belongs to (`Campaign.id`).")
    name: str = strawberry.field(description="The faction's name, unique within its campaign.")
    force: int = strawberry.field(
        description="Its Force rating, 1-8 (seed 002): its military might, and what Force assets it may buy."
    )
    cunning: int = strawberry.field(
        description="Its Cunning rating, 1-8 (seed 002): its spies and subtlety, and what Cunning assets it may buy."
    )
    wealth: int = strawberry.field(
        description="Its Wealth rating, 1-8 (seed 002): its riches and trade, and what Wealth assets it may buy."
    )
    hp: int = strawberry.field(
        description="Its hit points now, 0 to `maxHp`: at 0 the faction is destroyed (seed 002)."
    )
    max_hp: int = strawberry.field(description="Its maximum hit points (seed 002: from its ratings).")
    facgold: int | None = strawberry.field(
        description="Its FacGold, the Faction Turn's money: spent on assets, "
        "repairs and maintenance. Null unless you are this faction's seat or "
        "the GM."
    )
    xp: int | None = strawberry.field(description="Its experience points. Null unless you are its own seat or the GM.")
    tags: list[str] = strawberry.field(
        description="Its faction tags' names (seed 002, Faction Tags; the `tags` catalog says what each does)."
    )
    home_region_id: UUID = strawberry.field(
        description="The id of its home region (seed 002, Homeworld): where its Base of Influence stands."
    )
    goal: Goal | None = strawberry.field(
        description="Its goal and progress toward it. Null unless you are its own seat or the GM."
    )
    destroyed: bool = strawberry.field(
        description="Whether the faction has been destroyed (its HP reached 0); it takes no more turns."
    )
    wild: bool = strawberry.field(
        description="Whether this faction is The Wild: the GM's monsters of the wild regions, not a player's."
    )
    stats_note: str | None = strawberry.field(
        description="Why its ratings and HP are the engine's own, not the seed's: The Wild's, which the seed gives "
        "none (seed 002, Special Faction: The Wild). Null for a faction whose ratings and HP are its own."
    )
    assets: list[Asset] = strawberry.field(description="Its assets; a stealthed one only for its own seat and the GM.")
    narratives: list[str] = strawberry.field(description="What it narrated with its orders, phase by phase.")

    @classmethod
    def seen_by(cls, info: Info, state: dict[str, Any]) -> Faction:
        return cls.from_state(faction_view(state, seat(info)))

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Faction:
        return cls(
            id=UUID(s["id"]),
            campaign_id=UUID(s["campaign_id"]),
            name=s["name"],
            force=s["force"],
            cunning=s["cunning"],
            wealth=s["wealth"],
            hp=s["hp"],
            max_hp=s["max_hp"],
            facgold=s.get("facgold"),
            xp=s.get("xp"),
            tags=s["tags"],
            home_region_id=s["home_region_id"],
            goal=Goal.of(s.get("goal")),
            destroyed=s.get("destroyed", False),
            wild=s.get("wild", False),
            stats_note=stats_note(s.get("wild", False)),
            assets=[Asset.from_state(a) for a in s["assets"].values()],
            narratives=s.get("narratives", []),
        )


async def factions_seen(reads: ReadModelReads, seat: Seat | None, campaign_id: UUID) -> list[Faction]:
    """The campaign's factions as the seat may see them (the `factions` field, and service/.../standings.py)."""
    return [Faction.from_state(faction_view(r, seat)) for r in await reads.of_kind(campaign_id, "faction")]


@strawberry.input(description="A starting asset: its type and region.")
class StartingAssetInput:
    type_key: str = strawberry.field(description="A catalog key, or one of the campaign's own asset types.")
    region_id: UUID | None = strawberry.field(default=None, description="Its region; null for the faction's home.")


@strawberry.input(description="A faction to found: ratings, home, tags and starting assets.")
class FoundFactionInput:
    name: str = strawberry.field(description="The faction's name, unique within its campaign.")
    force: int = strawberry.field(description="Its Force rating, 1-8 (seed 002).")
    cunning: int = strawberry.field(description="Its Cunning rating, 1-8 (seed 002).")
    wealth: int = strawberry.field(description="Its Wealth rating, 1-8 (seed 002).")
    home_region_id: UUID = strawberry.field(description="The id of its home region, a region of the campaign.")
    tags: list[str] = strawberry.field(
        default_factory=list, description="Its faction tags' names (the `tags` catalog lists them)."
    )
    facgold: int = strawberry.field(default=0, description="The FacGold it starts with, 0 or more.")
    xp: int = strawberry.field(default=0, description="The XP it starts with, 0 or more.")
    hp: int | None = strawberry.field(default=None, description="Its hit points; null for the rules' maximum.")
    assets: list[StartingAssetInput] = strawberry.field(
        default_factory=list, description="The assets it starts with, each by its type key and region."
    )


@strawberry.type
class FactionTurnQuery:
    @strawberry.field(description="Every faction of the campaign, as the seat may see it.")
    async def factions(self, info: Info, campaign_id: UUID) -> list[Faction]:
        return await on_loop(factions_seen(reads(info), seat(info), campaign_id))

    @strawberry.field(description="One faction, as the seat may see it.")
    async def faction(
        self,
        info: Info,
        id: Annotated[
            UUID, strawberry.argument(description="The id of the faction to read (`Faction.id`, from `factions`).")
        ],
    ) -> Faction:
        return await _read(info, id)


async def _read(info: Info, faction_id: UUID) -> Faction:
    return Faction.seen_by(info, await on_loop(reads(info).one(faction_id, "faction")))


@strawberry.type
class FactionTurnMutation:
    @strawberry.mutation(description="Found a faction with the given ratings, home and starting assets.")
    async def found_faction(
        self,
        info: Info,
        campaign_id: UUID,
        input: Annotated[FoundFactionInput, strawberry.argument(description="The faction to found.")],
    ) -> Faction:
        command = FoundFaction(
            campaign_id,
            input.name,
            input.force,
            input.cunning,
            input.wealth,
            input.home_region_id,
            list(input.tags),
            input.facgold,
            input.xp,
            input.hp,
            [StartingAsset(a.type_key, a.region_id) for a in input.assets],
        )
        faction = await off_loop(intrigue(info).factionturn.found_faction, command)
        return await _read(info, faction.id)

    @strawberry.mutation(description="Found one of seed 002's Example Factions as a preset.")
    async def found_example_faction(
        self,
        info: Info,
        campaign_id: UUID,
        example: Annotated[
            ExampleFactionName, strawberry.argument(description="The Example Faction's name as the seed prints it.")
        ],
        home_region_id: Annotated[UUID, strawberry.argument(description="The id of the region that becomes its home.")],
        name: Annotated[str | None, strawberry.argument(description="Its name; the example's when null.")] = None,
    ) -> Faction:
        faction = await off_loop(intrigue(info).factionturn.found_example, campaign_id, example, home_region_id, name)
        return await _read(info, faction.id)

    @strawberry.mutation(description="Generate a starting world of 3-6 random factions (seed 002, Creating a Faction).")
    async def generate_factions(
        self,
        info: Info,
        campaign_id: UUID,
        count: Annotated[int, strawberry.argument(description="How many factions: 3-6.")],
        names: Annotated[list[str] | None, strawberry.argument(description="Their names; drawn when null.")] = None,
    ) -> list[Faction]:
        factions = await off_loop(intrigue(info).factionturn.generate_factions, campaign_id, count, names)
        return [await _read(info, f.id) for f in factions]

    @strawberry.mutation(description="Give every wild region its Terrain (and Monster) asset of The Wild.")
    async def populate_the_wild(self, info: Info, campaign_id: UUID) -> Faction | None:
        wild = await off_loop(intrigue(info).factionturn.populate_the_wild, campaign_id)
        return None if wild is None else await _read(info, wild.id)

    @strawberry.mutation(
        description="Submit or amend a faction's orders for the open phase: its one action (or "
        "none), goal, rating raises, defences, permissions and narrative, checked whole."
    )
    async def submit_faction_orders(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        orders: Annotated[
            FactionOrdersInput, strawberry.argument(description="The FactionOrders, as described above.")
        ],
    ) -> Faction:
        await off_loop(intrigue(info).factionturn.submit_orders, campaign_id, faction_id, orders.to_orders())
        return await _read(info, faction_id)
