"""GraphQL inputs for the Game of Bones commands: characters, members, starting areas, orders (the last made from
their one declaration, domain/gameofbones/orders.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

import strawberry

from domain.commands import RegisterHouse, StartingArea, StartingMember, StartingPriest
from domain.gameofbones.face import Character, Order
from service.entrypoints.graphql.core.order_shapes import Builder, Naming


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
            campaign_id,
            self.name,
            self.leader.to_record(),
            self.gold,
            [c.to_record() for c in self.lieutenants],
            [StartingMember(m.name, classes_of(m.classes)) for m in self.members],
            [StartingPriest(p.name, p.level, p.fatespinner_priestess) for p in self.priests],
            self.influence,
            self.power,
            [StartingArea(a.area_id, a.troops) for a in self.areas],
        )


HOUSE_ORDERS = Builder(
    Naming(inputs={Order: "HouseOrderInput"}, outputs={}, pairs={}, extra={}, extra_types={}, union_description="")
)

if TYPE_CHECKING:

    class HouseOrderInput:
        """Made from the order's one declaration (domain/gameofbones/orders.py) by order_shapes.py."""

        def to_order(self) -> Order: ...
else:
    HouseOrderInput = HOUSE_ORDERS.input(Order)
    HouseOrderInput.to_order = lambda self: HOUSE_ORDERS.to_domain[Order](self)
