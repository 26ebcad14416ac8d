"""GraphQL for the Game of Bones (seed 000): houses and areas to read, the commands to build houses and play."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.gameofbones.face import InfluenceSourceKey
from domain.seats import Seat
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.records import Roll
from service.entrypoints.graphql.gameofbones.areas import Area
from service.entrypoints.graphql.gameofbones.house_records import KnowledgeEntry
from service.entrypoints.graphql.gameofbones.inputs import (
    CharacterInput,
    ClassLevelInput,
    HouseOrderInput,
    PriestInput,
    RegisterHouseInput,
    classes_of,
)
from service.entrypoints.graphql.gameofbones.types import (
    House,
    InfluenceAttempt,
    SourceHunt,
)
from service.persistence.queries import ReadModelReads


async def read_house(info: Info, house_id: UUID) -> House:
    state = await on_loop(reads(info).one(house_id, "house"))
    campaign = await on_loop(reads(info).campaign(UUID(state["campaign_id"])))
    return House.seen_by(info, state, max(1, campaign["phase"]))


@strawberry.type
class GameOfBonesQuery:
    @strawberry.field(description="Every house of the campaign, by name.")
    async def houses(self, info: Info, campaign_id: UUID) -> list[House]:
        return await on_loop(houses_seen(reads(info), seat(info), campaign_id))

    @strawberry.field(description="One house, as the seat may see it.")
    async def house(
        self,
        info: Info,
        id: Annotated[
            UUID, strawberry.argument(description="The id of the house to read (`House.id`, from `houses`).")
        ],
    ) -> House:
        return await read_house(info, id)

    @strawberry.field(description="The campaign's regions as Game of Bones city areas.")
    async def areas(self, info: Info, campaign_id: UUID) -> list[Area]:
        return await on_loop(areas_seen(reads(info), seat(info), campaign_id))


# What the `houses` and `areas` fields answer, for them and for service/entrypoints/graphql/standings.py.
async def houses_seen(reads: ReadModelReads, seat: Seat | None, campaign_id: UUID) -> list[House]:
    rows = await reads.of_kind(campaign_id, "house")
    phase = max(1, (await reads.campaign(campaign_id))["phase"]) if rows else 1
    return [House.seen_as(seat, r, phase) for r in rows]


async def areas_seen(reads: ReadModelReads, seat: Seat | None, campaign_id: UUID) -> list[Area]:
    return [Area.seen_as(seat, r) for r in await reads.of_kind(campaign_id, "region")]


REGISTER = (
    "Register a house with its leader and treasury; lieutenants, members, priests, granted influence and "
    "power, and areas with troops may come in the same command."
)


@strawberry.type
class GameOfBonesMutation:
    @strawberry.mutation(description=REGISTER)
    async def register_house(
        self,
        info: Info,
        campaign_id: UUID,
        input: Annotated[RegisterHouseInput, strawberry.argument(description="The house to register.")],
    ) -> House:
        house = await off_loop(intrigue(info).gameofbones.register_house, input.to_command(campaign_id))
        return await read_house(info, house.id)

    @strawberry.mutation(description="Appoint a lieutenant to the house (GM only).")
    async def appoint_lieutenant(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        lieutenant: Annotated[
            CharacterInput, strawberry.argument(description="The character appointed, with their level and skills.")
        ],
    ) -> House:
        await off_loop(intrigue(info).gameofbones.appoint_lieutenant, campaign_id, house_id, lieutenant.to_record())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Change a leader's or lieutenant's level or skills.")
    async def update_character(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        character: Annotated[CharacterInput, strawberry.argument(description="The character, as it is now.")],
    ) -> House:
        await off_loop(intrigue(info).gameofbones.update_character, campaign_id, house_id, character.to_record())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Enlist a member whose classes give power by the Gaining Power table.")
    async def enlist_member(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        name: Annotated[str, strawberry.argument(description="The name of the member who joins the house.")],
        classes: Annotated[list[ClassLevelInput], strawberry.argument(description="Their classes and levels.")],
    ) -> House:
        await off_loop(intrigue(info).gameofbones.enlist_member, campaign_id, house_id, name, classes_of(classes))
        return await read_house(info, house_id)

    @strawberry.mutation(description="Dismiss a member from the house.")
    async def dismiss_member(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        name: Annotated[str, strawberry.argument(description="The name of the member who leaves the house.")],
        reason: str = "",
    ) -> House:
        await off_loop(intrigue(info).gameofbones.dismiss_member, campaign_id, house_id, name, reason)
        return await read_house(info, house_id)

    @strawberry.mutation(description="A priest or priestess joins; before entry it adds influence by the table.")
    async def add_priest(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        priest: Annotated[PriestInput, strawberry.argument(description="The priest or priestess.")],
    ) -> House:
        await off_loop(
            intrigue(info).gameofbones.add_priest,
            campaign_id,
            house_id,
            priest.name,
            priest.level,
            priest.fatespinner_priestess,
        )
        return await read_house(info, house_id)

    @strawberry.mutation(
        description="Before entering the Game: try a Gaining Influence row (spy, tavern, blackmail, "
        "kill, magic_item), rolling its skill check for `actor` (default the leader)."
    )
    async def gain_influence(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        source: Annotated[
            InfluenceSourceKey,
            strawberry.argument(description="The Gaining Influence row: spy, tavern, blackmail, kill, magic_item."),
        ],
        actor: Annotated[str | None, strawberry.argument(description="Who rolls; the leader when null.")] = None,
        units: Annotated[int, strawberry.argument(description="How many of the row.")] = 1,
        discovered: Annotated[bool, strawberry.argument(description="Whether the GM rules it discovered.")] = False,
    ) -> InfluenceAttempt:
        attempt = await off_loop(
            intrigue(info).gameofbones.gain_influence, campaign_id, house_id, source, actor, units, discovered
        )
        roll = None if attempt.roll is None else Roll.of_record(attempt.roll)
        return InfluenceAttempt(succeeded=attempt.succeeded, roll=roll, house=await read_house(info, house_id))

    @strawberry.mutation(description="Setup: a city area comes under the house's control.")
    async def assign_area(self, info: Info, campaign_id: UUID, house_id: UUID, area_id: UUID) -> House:
        await off_loop(intrigue(info).gameofbones.assign_area, campaign_id, house_id, area_id)
        return await read_house(info, house_id)

    @strawberry.mutation(description="Setup: station (or, negative, withdraw) some of the house's power in an area.")
    async def station_troops(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        area_id: UUID,
        power: Annotated[int, strawberry.argument(description="The power to station; negative withdraws.")],
    ) -> Area:
        region = await off_loop(intrigue(info).gameofbones.station_troops, campaign_id, house_id, area_id, power)
        return Area.seen_by(info, await on_loop(reads(info).one(region.id, "region")))

    @strawberry.mutation(
        description="Seed 000, Vandalism: the controlling house pays the repair bill of a wrecked "
        "area (1d6 × 1,000 gp), so it yields more than 30% of its income again."
    )
    async def repair_area(self, info: Info, campaign_id: UUID, house_id: UUID, area_id: UUID) -> House:
        await off_loop(intrigue(info).gameofbones.repair_area, campaign_id, house_id, area_id)
        return await read_house(info, house_id)

    @strawberry.mutation(description="Order one of the fifteen actions for the open phase; a refusal writes nothing.")
    async def order_house_action(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        order: Annotated[HouseOrderInput, strawberry.argument(description="The action to order.")],
    ) -> House:
        await off_loop(intrigue(info).gameofbones.order_action, campaign_id, house_id, order.to_order())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Move troops openly: no action and no cost, seen by all, arriving in a week.")
    async def move_troops(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        from_area_id: Annotated[UUID, strawberry.argument(description="The area they leave.")],
        to_area_id: Annotated[UUID, strawberry.argument(description="The area they go to.")],
        power: Annotated[int, strawberry.argument(description="The power to move.")],
        start_week: int = 1,
    ) -> House:
        await off_loop(
            intrigue(info).gameofbones.move_troops, campaign_id, house_id, from_area_id, to_area_id, power, start_week
        )
        return await read_house(info, house_id)

    @strawberry.mutation(
        description="The targeted house hunts the source of an attack it knows of (`attackId`: the "
        "attack's knowledge entry): d20 + its best Gather Information against DC 20, +10 once "
        "after a captured assassin; once per attack a month."
    )
    async def hunt_attack_source(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        attack_id: Annotated[UUID, strawberry.argument(description="The attack's knowledge entry.")],
    ) -> SourceHunt:
        hunt = await off_loop(intrigue(info).gameofbones.hunt_source, campaign_id, house_id, str(attack_id))
        aggressor = hunt.knowledge["aggressor_house_id"]
        return SourceHunt(
            found=hunt.found,
            aggressor_house_id=UUID(aggressor) if aggressor else None,
            result=hunt.knowledge["result"],
            roll=Roll.of_record(hunt.roll.to_dict()),
            knowledge=KnowledgeEntry.of(hunt.knowledge),
            house=await read_house(info, house_id),
        )
