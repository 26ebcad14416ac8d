"""GraphQL inputs for the Game of Bones commands: characters, members, starting areas, orders (the last made from
their one declaration, domain/gameofbones/forms/orders.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

import strawberry

from domain.commands import RegisterHouse, StartingArea, StartingMember, StartingPriest
from domain.gameofbones.face import Character, Order
from service.entrypoints.graphql.core.order_shapes import Builder, Naming, on


@strawberry.input(description="A character's modifier in one skill, added to a d20 check with it.")
class SkillInput:
    skill: str = strawberry.field(description="The skill's name as the seed writes it (Gather Information, Bluff…).")
    modifier: int = strawberry.field(description="The modifier added to a d20 check with this skill (may be negative).")


@strawberry.input(description="A leader or lieutenant: name, level, skills.")
class CharacterInput:
    name: str = strawberry.field(description="The character's name, as actions will name their `actor`.")
    level: int = strawberry.field(
        description="Their character level, or a monster's Hit Dice (a whole number, 1 or more)."
    )
    skills: list[SkillInput] = strawberry.field(
        description="Their skill modifiers, added to the checks of the actions they lead.", default_factory=list
    )

    def to_record(self) -> Character:
        return Character(self.name, self.level, {s.skill: s.modifier for s in self.skills})


@strawberry.input(description="A class and its levels.")
class ClassLevelInput:
    character_class: str = strawberry.field(
        description="The character class (fighter, wizard…) as the Gaining Power table names it."
    )
    level: int = strawberry.field(description="How many levels the member has in this class (1-20).")


def classes_of(classes: list[ClassLevelInput]) -> dict[str, int]:
    return {c.character_class: c.level for c in classes}


@strawberry.input(description="Someone who gives the house power.")
class MemberInput:
    name: str = strawberry.field(description="The member's name (a soldier, wizard or other of the house's people).")
    classes: list[ClassLevelInput] = strawberry.field(
        description="Their character classes with levels in each, as the Gaining Power table reads them."
    )


@strawberry.input(description="A priest or priestess.")
class PriestInput:
    name: str = strawberry.field(description="The priest's name, as the house's list shows it.")
    level: int = strawberry.field(
        description="The priest's level (1-20), which sets the influence they bring (seed 000)."
    )
    fatespinner_priestess: bool = strawberry.field(default=False, description="Whether a Fatespinner priestess.")


@strawberry.input(description="A city area the house starts with, and troops in it.")
class StartingAreaInput:
    area_id: UUID = strawberry.field(description="The id of the city area the house holds from the start.")
    troops: int = strawberry.field(
        default=0, description="The power it stations in the area from the start (at most the house's power)."
    )


@strawberry.input(description="A house to register: leader, gold, people, influence, power and areas.")
class RegisterHouseInput:
    name: str = strawberry.field(description="The house's name, unique within its campaign.")
    leader: CharacterInput = strawberry.field(description="Its leader (seed 000), with their level and skills.")
    gold: int = strawberry.field(default=0, description="The gold (gp) in its treasury to start with.")
    lieutenants: list[CharacterInput] = strawberry.field(
        description="Its lieutenants (seed 000), each with their level and skills.", default_factory=list
    )
    members: list[MemberInput] = strawberry.field(description="Those who give it power.", default_factory=list)
    priests: list[PriestInput] = strawberry.field(description="Its priests and priestesses.", default_factory=list)
    influence: int = strawberry.field(
        default=0, description="The GM's grant of influence to start with, beyond what the tables give."
    )
    power: int = strawberry.field(
        default=0, description="The GM's grant of power to start with, beyond what its members give."
    )
    areas: list[StartingAreaInput] = strawberry.field(
        description="The city areas it starts with.", default_factory=list
    )

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
    Naming(
        inputs={Order: "HouseOrderInput"},
        outputs={},
        pairs={},
        extra={},
        extra_types={},
        union_description="",
        # what GraphQL says of the order's fields, where it says other than domain/gameofbones/forms/orders.py
        texts=on(
            "HouseOrderInput",
            action="The house action to order: one of the fifteen (seed 000, Taking Action).",
            targetHouseId="The house it targets, if any.",
            targetCharacter="The character it targets, if any.",
            areaIds="The ids of the city areas it concerns (`Area.id`): one for Assault, Troop Movements and Wrest "
            "Control.",
            power="The power it commits, 0 or more (an Assault commits some).",
            toAreaId="Where troops go, if they move.",
            startWeek="The week of the month (1-4) it starts in.",
        ),
    )
)

if TYPE_CHECKING:

    class HouseOrderInput:
        """Made from the order's one declaration (domain/gameofbones/forms/orders.py) by order_shapes.py."""

        def to_order(self) -> Order: ...
else:
    HouseOrderInput = HOUSE_ORDERS.input(Order)
    HouseOrderInput.to_order = lambda self: HOUSE_ORDERS.to_domain[Order](self)
