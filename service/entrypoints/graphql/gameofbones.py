"""GraphQL for the Game of Bones (seed 000): houses and areas to read, the commands to build houses and play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from service.entrypoints.graphql.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.guards import seat
from service.entrypoints.graphql.types import as_json
from service.entrypoints.shared.gameofbones_inputs import (
    CharacterInput,
    ClassLevelInput,
    HouseOrderInput,
    PriestInput,
    RegisterHouseInput,
    classes_of,
)
from service.usecases.standing import HouseStanding
from service.usecases.visibility import house_view, region_view


@strawberry.type(description="A skill modifier of a leader or lieutenant (Gather Information, Reflex save…).")
class SkillModifier:
    skill: str
    modifier: int


@strawberry.type(description="The leader or a lieutenant: level or Hit Dice, skills and whether free to act.")
class Character:
    name: str
    level: int
    status: str
    skills: list[SkillModifier]

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Character:
        skills = [SkillModifier(skill=k, modifier=v) for k, v in sorted(s["skills"].items())]
        return cls(name=s["name"], level=s["level"], status=s["status"], skills=skills)


@strawberry.type(description="A class and its levels, for the Gaining Power table.")
class ClassLevel:
    character_class: str
    level: int


@strawberry.type(description="Someone who gives the house power (seed 000, Gaining Power).")
class Member:
    name: str
    classes: list[ClassLevel]


@strawberry.type
class Priest:
    name: str
    level: int
    fatespinner_priestess: bool


@strawberry.type(description="Power a house has stationed in an area.")
class Troops:
    house_id: UUID
    power: int


@strawberry.type(description="A city area: a region of the campaign with its income, controller and troops.")
class Area:
    id: UUID
    name: str
    q: int
    r: int
    monthly_income: int
    controlling_house_id: UUID | None
    troops: list[Troops]

    @classmethod
    def seen_by(cls, info: Info, s: dict[str, Any]) -> Area:
        # As over REST: how troops arrived is not kept, so every house's troops may have moved in secret and
        # show only to that house and the GM (seed 000, Troop Movements).
        return cls.from_state(region_view(s, seat(info), hidden_troops=set(s.get("troops", {}))))

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Area:
        troops = [Troops(house_id=UUID(h), power=p) for h, p in sorted(s["troops"].items())]
        controller = UUID(s["controlling_house_id"]) if s["controlling_house_id"] else None
        return cls(id=UUID(s["id"]), name=s["name"], q=s["q"], r=s["r"], monthly_income=s["monthly_income"],
                   controlling_house_id=controller, troops=troops)  # fmt: skip


@strawberry.type(description="An action in flight: its dedicated influence and power stay locked until released.")
class PendingAction:
    id: str
    action: str
    actor: str
    phase: int
    start_week: int
    resolve_week: int
    release_week: int
    dedicated_influence: int
    dedicated_power: int
    gold: int
    target_house_id: str | None
    target_character: str | None
    area_ids: list[str]
    resolved: bool
    covered: bool

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> PendingAction:
        return cls(**{k: s[k] for k in cls.__annotations__})


SECRET_NUMBERS = ("influence", "power", "granted_power", "gold", "dedicated_influence", "dedicated_power",
                  "effective_rank", "effective_influence", "available_influence", "available_power",
                  "influence_defence", "power_defence")  # fmt: skip
SECRET_LISTS = ("action_bonuses", "pending_actions", "knowledge", "circumstances", "spies")


@strawberry.type(description="A Game of Bones power: Influence, Power, Rank, its people, areas and plots.")
class House:
    id: UUID
    campaign_id: UUID
    name: str
    rank: int = strawberry.field(description="Public: seed 000, every player knows the others' rank.")
    entered_game: bool
    destroyed: bool
    leader: Character
    lieutenants: list[Character]
    members: list[Member]
    priests: list[Priest]
    area_ids: list[UUID]
    # What follows is shown only to the house's own seat and the GM (service/usecases/visibility.py); others get
    # null/[].
    influence: int | None
    power: int | None
    granted_power: int | None
    gold: int | None
    dedicated_influence: int | None
    dedicated_power: int | None
    effective_rank: int | None = strawberry.field(description="After Frame Up and Wrest Control, this phase.")
    effective_influence: int | None
    available_influence: int | None
    available_power: int | None
    action_bonuses: list[int] = strawberry.field(description="The iterative Action Bonus: one entry per action.")
    influence_defence: int | None
    power_defence: int | None
    pending_actions: list[PendingAction]
    knowledge: list[JSON]
    circumstances: list[JSON]
    spies: list[JSON]

    @classmethod
    def seen_by(cls, info: Info, s: dict[str, Any], phase: int) -> House:
        seen = house_view(s, seat(info))
        if "knowledge" in seen:  # the GM's view, or the house's own
            return cls.from_state(seen, phase)
        secret: dict[str, Any] = dict.fromkeys(SECRET_NUMBERS) | {key: [] for key in SECRET_LISTS}
        return replace(cls.from_state(s, phase), **secret)

    @classmethod
    def from_state(cls, s: dict[str, Any], phase: int) -> House:
        standing = HouseStanding(s)
        defences = standing.defences(phase)
        return cls(
            id=UUID(s["id"]), campaign_id=UUID(s["campaign_id"]), name=s["name"], influence=s["influence"],
            power=s["power"], granted_power=s["granted_power"], gold=s["gold"], rank=s["rank"],
            entered_game=s["entered_game"], destroyed=s["destroyed"], dedicated_influence=s["dedicated_influence"],
            dedicated_power=s["dedicated_power"], effective_rank=standing.effective_rank(phase),
            effective_influence=standing.effective_influence(phase),
            available_influence=standing.available_influence(phase), available_power=standing.available_power,
            action_bonuses=list(standing.action_bonuses(phase)), influence_defence=defences.influence,
            power_defence=defences.power, leader=Character.from_state(s["leader"]),
            lieutenants=[Character.from_state(c) for c in s["lieutenants"].values()],
            members=[Member(name=m["name"], classes=[ClassLevel(character_class=k, level=v) for k, v in
                                                     m["classes"].items()]) for m in s["members"].values()],
            priests=[Priest(**p) for p in s["priests"].values()], area_ids=[UUID(a) for a in s["area_ids"]],
            pending_actions=[PendingAction.from_state(p) for p in s["pending"].values()],
            knowledge=list(s["knowledge"]), circumstances=list(s["circumstances"]), spies=list(s["spies"].values()),
        )  # fmt: skip

    @strawberry.field(description="The areas the house controls.")
    async def areas(self, info: Info) -> list[Area]:
        rows = await on_loop(reads(info).of_kind(self.campaign_id, "region"))
        mine = {str(a) for a in self.area_ids}
        return [Area.seen_by(info, r) for r in rows if r["id"] in mine]


@strawberry.type(description="A Gaining Influence attempt: whether its check succeeded, and the roll.")
class InfluenceAttempt:
    succeeded: bool
    roll: JSON | None
    house: House


@strawberry.type(description="A source hunt (seed 000, Assassination): the check and what the house now knows.")
class SourceHunt:
    found: bool
    aggressor_house_id: UUID | None
    result: str
    roll: JSON
    knowledge: JSON = strawberry.field(description="The entry added to the house's knowledge.")
    house: House


async def read_house(info: Info, house_id: UUID) -> House:
    state = await on_loop(reads(info).one(house_id, "house"))
    campaign = await on_loop(reads(info).campaign(UUID(state["campaign_id"])))
    return House.seen_by(info, state, max(1, campaign["phase"]))


@strawberry.type
class GameOfBonesQuery:
    @strawberry.field(description="Every house of the campaign, by name.")
    async def houses(self, info: Info, campaign_id: UUID) -> list[House]:
        rows = await on_loop(reads(info).of_kind(campaign_id, "house"))
        phase = max(1, (await on_loop(reads(info).campaign(campaign_id)))["phase"]) if rows else 1
        return [House.seen_by(info, r, phase) for r in rows]

    @strawberry.field
    async def house(self, info: Info, id: UUID) -> House:
        return await read_house(info, id)

    @strawberry.field(description="The campaign's regions as Game of Bones city areas.")
    async def areas(self, info: Info, campaign_id: UUID) -> list[Area]:
        return [Area.seen_by(info, r) for r in await on_loop(reads(info).of_kind(campaign_id, "region"))]


REGISTER = ("Register a house with its leader and treasury; lieutenants, members, priests, granted influence and "
            "power, and areas with troops may come in the same command.")  # fmt: skip


@strawberry.type
class GameOfBonesMutation:
    @strawberry.mutation(description=REGISTER)
    async def register_house(self, info: Info, campaign_id: UUID, input: RegisterHouseInput) -> House:
        house = await off_loop(intrigue(info).gameofbones.register_house, input.to_command(campaign_id))
        return await read_house(info, house.id)

    @strawberry.mutation
    async def appoint_lieutenant(self, info: Info, campaign_id: UUID, house_id: UUID, lieutenant: CharacterInput
                                 ) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.appoint_lieutenant, campaign_id, house_id, lieutenant.to_record())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Change a leader's or lieutenant's level or skills.")
    async def update_character(self, info: Info, campaign_id: UUID, house_id: UUID, character: CharacterInput
                               ) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.update_character, campaign_id, house_id, character.to_record())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Enlist a member whose classes give power by the Gaining Power table.")
    async def enlist_member(self, info: Info, campaign_id: UUID, house_id: UUID, name: str,
                            classes: list[ClassLevelInput]) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.enlist_member, campaign_id, house_id, name, classes_of(classes))
        return await read_house(info, house_id)

    @strawberry.mutation
    async def dismiss_member(self, info: Info, campaign_id: UUID, house_id: UUID, name: str, reason: str = ""
                             ) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.dismiss_member, campaign_id, house_id, name, reason)
        return await read_house(info, house_id)

    @strawberry.mutation(description="A priest or priestess joins; before entry it adds influence by the table.")
    async def add_priest(self, info: Info, campaign_id: UUID, house_id: UUID, priest: PriestInput) -> House:
        await off_loop(intrigue(info).gameofbones.add_priest, campaign_id, house_id, priest.name, priest.level,
                       priest.fatespinner_priestess)  # fmt: skip
        return await read_house(info, house_id)

    @strawberry.mutation(description="Before entering the Game: try a Gaining Influence row (spy, tavern, blackmail, "
                         "kill, magic_item), rolling its skill check for `actor` (default the leader).")  # fmt: skip
    async def gain_influence(self, info: Info, campaign_id: UUID, house_id: UUID, source: str, actor: str | None = None,
                             units: int = 1, discovered: bool = False) -> InfluenceAttempt:  # fmt: skip
        attempt = await off_loop(intrigue(info).gameofbones.gain_influence, campaign_id, house_id, source, actor,
                                 units, discovered)  # fmt: skip
        roll: Any = attempt.roll
        return InfluenceAttempt(succeeded=attempt.succeeded, roll=roll, house=await read_house(info, house_id))

    @strawberry.mutation(description="Setup: a city area comes under the house's control.")
    async def assign_area(self, info: Info, campaign_id: UUID, house_id: UUID, area_id: UUID) -> House:
        await off_loop(intrigue(info).gameofbones.assign_area, campaign_id, house_id, area_id)
        return await read_house(info, house_id)

    @strawberry.mutation(description="Setup: station (or, negative, withdraw) some of the house's power in an area.")
    async def station_troops(self, info: Info, campaign_id: UUID, house_id: UUID, area_id: UUID, power: int
                             ) -> Area:  # fmt: skip
        region = await off_loop(intrigue(info).gameofbones.station_troops, campaign_id, house_id, area_id, power)
        return Area.seen_by(info, await on_loop(reads(info).one(region.id, "region")))

    @strawberry.mutation(description="Order one of the fifteen actions for the open phase; a refusal writes nothing.")
    async def order_house_action(self, info: Info, campaign_id: UUID, house_id: UUID, order: HouseOrderInput
                                 ) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.order_action, campaign_id, house_id, order.to_order())
        return await read_house(info, house_id)

    @strawberry.mutation(description="Move troops openly: no action and no cost, seen by all, arriving in a week.")
    async def move_troops(self, info: Info, campaign_id: UUID, house_id: UUID, from_area_id: UUID, to_area_id: UUID,
                          power: int, start_week: int = 1) -> House:  # fmt: skip
        await off_loop(intrigue(info).gameofbones.move_troops, campaign_id, house_id, from_area_id, to_area_id, power,
                       start_week)  # fmt: skip
        return await read_house(info, house_id)

    @strawberry.mutation(description="The targeted house hunts the source of an attack it knows of (`attackId`: the "
                         "attack's knowledge entry): d20 + its best Gather Information against DC 20, +10 once "
                         "after a captured assassin; once per attack a month.")  # fmt: skip
    async def hunt_attack_source(self, info: Info, campaign_id: UUID, house_id: UUID, attack_id: str) -> SourceHunt:
        hunt = await off_loop(intrigue(info).gameofbones.hunt_source, campaign_id, house_id, attack_id)
        aggressor = hunt.knowledge["aggressor_house_id"]
        knowledge: Any = hunt.knowledge
        return SourceHunt(found=hunt.found, aggressor_house_id=UUID(aggressor) if aggressor else None,
                          result=hunt.knowledge["result"], roll=as_json(hunt.roll.to_dict()), knowledge=knowledge,
                          house=await read_house(info, house_id))  # fmt: skip
