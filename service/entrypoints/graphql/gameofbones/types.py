"""GraphQL types of the Game of Bones (seed 000): houses and their actions, as a seat may see them (their people:
people.py; the city areas: areas.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.gameofbones.face import AreaDamage as DamageRecord
from domain.gameofbones.face import HuntResult
from domain.seats import Seat
from service.entrypoints.graphql.core.context import on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.records import Roll, WeekOfMonth
from service.entrypoints.graphql.core.visibility import over
from service.entrypoints.graphql.gameofbones.areas import Area
from service.entrypoints.graphql.gameofbones.house_records import Circumstance, KnowledgeEntry, Spy
from service.entrypoints.graphql.gameofbones.people import Character, ClassLevel, Member, Priest
from service.usecases.standing import HouseStanding
from service.usecases.visibility import HOUSE, Decision, house_view, sees_whole


@over(HOUSE, "pending")
@strawberry.type(description="An action in flight: its dedicated influence and power stay locked until released.")
class PendingAction:
    id: UUID = strawberry.field(description="The pending action's id: pass it as `actionId` to withdraw or amend it.")
    action: str = strawberry.field(
        description="One of the fifteen, as HouseActionName's value ('Smear "
        "Campaign'), or the name of a GM-made custom action."
    )
    actor: str = strawberry.field(
        description="The name of the character who leads the action (the leader or a lieutenant)."
    )
    phase: int = strawberry.field(description="The phase it was ordered in.")
    start_week: int = strawberry.field(description="The week it starts, from the campaign's start.")
    resolve_week: int = strawberry.field(description="The week it resolves, from the campaign's start.")
    release_week: int = strawberry.field(description="The week its dedicated influence and power are released.")
    dedicated_influence: int = strawberry.field(
        description="The influence the action holds until it is released (seed 000, Taking Action)."
    )
    dedicated_power: int = strawberry.field(
        description="The power the action holds until it is released (seed 000, Taking Action)."
    )
    gold: int = strawberry.field(description="The gold (gp) the action cost when it was ordered.")
    target_house_id: UUID | None = strawberry.field(description="The house it targets, if any.")
    target_character: str | None = strawberry.field(description="The character it targets, if any.")
    area_ids: list[UUID] = strawberry.field(
        description="The ids of the city areas the action concerns (`Area.id`); empty when it names none."
    )
    resolved: bool = strawberry.field(
        description="Whether the action has resolved (its resources may still be held until release)."
    )
    covered: bool = strawberry.field(description="Whether a Cover action hides it.")
    narrative: str = strawberry.field(description="The player's own words, given with the order (issue 28).")

    @strawberry.field(description="The week it starts: month and week within it.")
    def starts(self) -> WeekOfMonth:
        return WeekOfMonth.of(self.start_week)

    @strawberry.field(description="The week it resolves: month and week within it.")
    def resolves(self) -> WeekOfMonth:
        return WeekOfMonth.of(self.resolve_week)

    @strawberry.field(description="The week its dedicated influence and power are released.")
    def releases(self) -> WeekOfMonth:
        return WeekOfMonth.of(self.release_week)

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> PendingAction:
        return cls(**{k: s.get(k, "") if k == "narrative" else s[k] for k in cls.__annotations__})


SECRET_NUMBERS = (
    "influence",
    "power",
    "granted_power",
    "gold",
    "dedicated_influence",
    "dedicated_power",
    "effective_rank",
    "effective_influence",
    "available_influence",
    "available_power",
    "influence_defence",
    "power_defence",
)
SECRET_LISTS = ("action_bonuses", "pending_actions", "knowledge", "circumstances", "spies", "area_damage")


@over(HOUSE, "area_damage")
@strawberry.type(
    description="Seed 000, Vandalism: an area's damage and the repair bill owed before it yields "
    "more than 30% again (the GM and the controlling house only)."
)
class AreaDamage:
    area_id: UUID = strawberry.field(description="The id of the damaged city area (a region of the campaign).")
    dark_weeks: int = strawberry.field(description="Weeks left with no income.")
    half_weeks: int = strawberry.field(description="Weeks left at half income.")
    repair_cost: int = strawberry.field(description="gp owed for repairs; 0 once paid (repairArea).")
    income_percent: int = strawberry.field(description="The share of its income the area yields now.")

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> AreaDamage:
        damage = DamageRecord(d["area_id"], d["dark_weeks"], d["half_weeks"], d["repair_cost"])
        return cls(
            area_id=UUID(d["area_id"]),
            dark_weeks=damage.dark_weeks,
            half_weeks=damage.half_weeks,
            repair_cost=damage.repair_cost,
            income_percent=damage.income_percent(),
        )


# Computed with the domain's Standing rules (service/usecases/standing.py) from the house's secret Influence and Power.
STANDING = dict.fromkeys(
    (
        "effective_rank",
        "effective_influence",
        "available_influence",
        "available_power",
        "action_bonuses",
        "influence_defence",
        "power_defence",
    ),
    "influence",
)


@over(HOUSE, pending_actions="pending", areas=Decision.SEAT, **STANDING)
@strawberry.type(description="A Game of Bones power: Influence, Power, Rank, its people, areas and plots.")
class House:
    id: UUID = strawberry.field(description="The house's id: pass it as `houseId`.")
    campaign_id: UUID = strawberry.field(description="The id of the campaign it belongs to (`Campaign.id`).")
    name: str = strawberry.field(description="The house's name, unique within its campaign.")
    rank: int = strawberry.field(description="Public: seed 000, every player knows the others' rank.")
    entered_game: bool = strawberry.field(
        description="Whether it has entered the Game (seed 000: 1,000 influence and power together)."
    )
    destroyed: bool = strawberry.field(
        description="Whether the house has fallen (seed 000: at Rank 1 with every leader dead); it acts no more."
    )
    leader: Character = strawberry.field(
        description="The house's leader (seed 000): the character who leads it; at Rank 1 its death ends the house."
    )
    lieutenants: list[Character] = strawberry.field(
        description="The house's lieutenants (seed 000), who may lead its actions beside the leader."
    )
    # these two, as what follows area_ids, only for the house's own seat and the GM
    members: list[Member] = strawberry.field(
        description="Those who give it power. Empty unless you are its own seat or the GM."
    )
    priests: list[Priest] = strawberry.field(
        description="Its priests and priestesses. Empty unless you are its own seat or the GM."
    )
    area_ids: list[UUID] = strawberry.field(description="The ids of the city areas the house controls (`Area.id`).")
    # What follows is shown only to the house's own seat and the GM (service/usecases/visibility.py); others get
    # null/[].
    influence: int | None = strawberry.field(description="Its influence. Null unless you are its own seat or the GM.")
    power: int | None = strawberry.field(description="Its power. Null unless you are its own seat or the GM.")
    granted_power: int | None = strawberry.field(
        description="Power granted to it beyond its members'. Null unless you are its own seat or the GM."
    )
    gold: int | None = strawberry.field(description="Its gold in gp. Null unless you are its own seat or the GM.")
    dedicated_influence: int | None = strawberry.field(
        description="Influence locked in actions under way. Null unless you are its own seat or the GM."
    )
    dedicated_power: int | None = strawberry.field(
        description="Power locked in actions under way. Null unless you are its own seat or the GM."
    )
    effective_rank: int | None = strawberry.field(description="After Frame Up and Wrest Control, this phase.")
    effective_influence: int | None = strawberry.field(
        description="Its influence after this phase's effects. Null unless you are its own seat or the GM."
    )
    available_influence: int | None = strawberry.field(
        description="Influence free for a new action. Null unless you are its own seat or the GM."
    )
    available_power: int | None = strawberry.field(
        description="Power free for a new action. Null unless you are its own seat or the GM."
    )
    action_bonuses: list[int] = strawberry.field(description="The iterative Action Bonus: one entry per action.")
    influence_defence: int | None = strawberry.field(
        description="Its defence against influence attacks. Null unless you are its own seat or the GM."
    )
    power_defence: int | None = strawberry.field(
        description="Its defence against power attacks. Null unless you are its own seat or the GM."
    )
    pending_actions: list[PendingAction] = strawberry.field(
        description="Its actions in flight. Empty unless you are its own seat or the GM."
    )
    knowledge: list[KnowledgeEntry] = strawberry.field(description="What it learned, oldest first.")
    circumstances: list[Circumstance] = strawberry.field(
        description="The GM's circumstances on it, as recorded. Empty unless its own seat or the GM."
    )
    spies: list[Spy] = strawberry.field(
        description="Its spies, as recorded. Empty unless you are its own seat or the GM."
    )
    area_damage: list[AreaDamage] = strawberry.field(
        description="Damage to its areas (Vandalism). Empty unless you are its own seat or the GM."
    )

    @classmethod
    def seen_by(cls, info: Info, s: dict[str, Any], phase: int) -> House:
        return cls.seen_as(seat(info), s, phase)

    @classmethod
    def seen_as(cls, seat: Seat | None, s: dict[str, Any], phase: int) -> House:
        """The house as `service/usecases/visibility.py` lets this seat see it: built from that view alone."""
        seen = house_view(s, seat)
        return cls.from_state(seen, phase) if sees_whole(s, seat) else cls.from_public(seen)

    @classmethod
    def from_public(cls, s: dict[str, Any]) -> House:
        """From a view that may lack the secret fields: each missing one is null or []."""
        secret: dict[str, Any] = dict.fromkeys(SECRET_NUMBERS) | {key: [] for key in SECRET_LISTS}
        return cls(
            id=UUID(s["id"]),
            campaign_id=UUID(s["campaign_id"]),
            name=s["name"],
            rank=s["rank"],
            entered_game=s["entered_game"],
            destroyed=s["destroyed"],
            leader=Character.from_state(s["leader"]),
            lieutenants=[Character.from_state(c) for c in s["lieutenants"].values()],
            members=[
                Member(
                    name=m["name"], classes=[ClassLevel(character_class=k, level=v) for k, v in m["classes"].items()]
                )
                for m in s.get("members", {}).values()
            ],
            priests=[Priest(**p) for p in s.get("priests", {}).values()],
            area_ids=[UUID(a) for a in s["area_ids"]],
            **secret,
        )

    @classmethod
    def from_state(cls, s: dict[str, Any], phase: int) -> House:
        standing = HouseStanding(s)
        defences = standing.defences(phase)
        return replace(
            cls.from_public(s),
            influence=s["influence"],
            power=s["power"],
            granted_power=s["granted_power"],
            gold=s["gold"],
            dedicated_influence=s["dedicated_influence"],
            dedicated_power=s["dedicated_power"],
            effective_rank=standing.effective_rank(phase),
            effective_influence=standing.effective_influence(phase),
            available_influence=standing.available_influence(phase),
            available_power=standing.available_power,
            action_bonuses=list(standing.action_bonuses(phase)),
            influence_defence=defences.influence,
            power_defence=defences.power,
            pending_actions=[PendingAction.from_state(p) for p in s["pending"].values()],
            knowledge=[KnowledgeEntry.of(k) for k in s["knowledge"]],
            circumstances=[Circumstance.of(c) for c in s["circumstances"]],
            spies=[Spy.of(x) for x in s["spies"].values()],
            area_damage=[AreaDamage.from_state(d) for d in s.get("area_damage", {}).values()],
        )

    @strawberry.field(description="The areas the house controls.")
    async def areas(self, info: Info) -> list[Area]:
        rows = await on_loop(reads(info).of_kind(self.campaign_id, "region"))
        mine = {str(a) for a in self.area_ids}
        return [Area.seen_by(info, r) for r in rows if r["id"] in mine]


@strawberry.type(description="A Gaining Influence attempt: whether its check succeeded, and the roll.")
class InfluenceAttempt:
    succeeded: bool = strawberry.field(description="Whether the check succeeded.")
    roll: Roll | None = strawberry.field(
        description="The check's d20 roll with its modifiers; null for a row that needs no check."
    )
    house: House = strawberry.field(description="The house as it stands after the attempt, as the GM sees it.")


@strawberry.type(description="A source hunt (seed 000, Assassination): the check and what the house now knows.")
class SourceHunt:
    found: bool = strawberry.field(description="Whether the source was found.")
    aggressor_house_id: UUID | None = strawberry.field(description="The attacker, when found.")
    result: HuntResult = strawberry.field(description="What the hunt came to, in words.")
    roll: Roll = strawberry.field(description="The check's roll, with its faces and modifiers.")
    knowledge: KnowledgeEntry = strawberry.field(description="The entry added to the house's knowledge.")
    house: House = strawberry.field(description="The house as it stands after the hunt, as its own seat sees it.")
