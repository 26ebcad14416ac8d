"""GraphQL inputs for the Game of Bones commands: characters, members, starting areas, orders."""

from __future__ import annotations

from uuid import UUID

import strawberry

from domain.gameofbones.actions import ActionName
from domain.gameofbones.ordering import Order
from domain.gameofbones.records import Character
from service.usecases.gameofbones import RegisterHouse, StartingArea, StartingMember, StartingPriest


@strawberry.input
class SkillInput:
    skill: str
    modifier: int


@strawberry.input
class CharacterInput:
    name: str
    level: int
    skills: list[SkillInput] = strawberry.field(default_factory=list)

    def to_record(self) -> Character:
        return Character(self.name, self.level, {s.skill: s.modifier for s in self.skills})


@strawberry.input
class ClassLevelInput:
    character_class: str
    level: int


def classes_of(classes: list[ClassLevelInput]) -> dict[str, int]:
    return {c.character_class: c.level for c in classes}


@strawberry.input
class MemberInput:
    name: str
    classes: list[ClassLevelInput]


@strawberry.input
class PriestInput:
    name: str
    level: int
    fatespinner_priestess: bool = False


@strawberry.input
class StartingAreaInput:
    area_id: UUID
    troops: int = 0


@strawberry.input
class RegisterHouseInput:
    name: str
    leader: CharacterInput
    gold: int = 0
    lieutenants: list[CharacterInput] = strawberry.field(default_factory=list)
    members: list[MemberInput] = strawberry.field(default_factory=list)
    priests: list[PriestInput] = strawberry.field(default_factory=list)
    influence: int = 0
    power: int = 0
    areas: list[StartingAreaInput] = strawberry.field(default_factory=list)

    def to_command(self, campaign_id: UUID) -> RegisterHouse:
        return RegisterHouse(
            campaign_id, self.name, self.leader.to_record(), self.gold, [c.to_record() for c in self.lieutenants],
            [StartingMember(m.name, classes_of(m.classes)) for m in self.members],
            [StartingPriest(p.name, p.level, p.fatespinner_priestess) for p in self.priests],
            self.influence, self.power, [StartingArea(a.area_id, a.troops) for a in self.areas],
        )  # fmt: skip


@strawberry.input(description="An order for one of the fifteen actions (seed 000, Taking Action).")
class HouseOrderInput:
    action: ActionName
    actor: str = strawberry.field(description="The leader or lieutenant who leads it.")
    target_house_id: UUID | None = None
    target_character: str | None = None
    area_ids: list[UUID] = strawberry.field(default_factory=list)
    power: int = 0
    to_area_id: UUID | None = None
    covered_action_id: UUID | None = strawberry.field(default=None, description="Cover Up: the house's own "
                                                      "pending action it covers.")  # fmt: skip
    start_week: int = 1
    narrative: str = strawberry.field(default="", description="The player's own words, kept with the order.")

    def to_order(self) -> Order:
        return Order(
            ActionName(self.action), self.actor, _text(self.target_house_id), self.target_character,
            tuple(str(a) for a in self.area_ids), self.power, _text(self.to_area_id), _text(self.covered_action_id),
            self.start_week, self.narrative,
        )  # fmt: skip


def _text(value: UUID | None) -> str | None:
    return None if value is None else str(value)
