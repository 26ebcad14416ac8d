"""GraphQL types of a house's people (seed 000): its leader and lieutenants with their skills, its members with
their classes, its priests; as a seat may see them (each over the house's read model)."""

from __future__ import annotations

from typing import Any

import strawberry

from domain.gameofbones.face import Status
from service.entrypoints.graphql.core.visibility import over
from service.usecases.visibility import HOUSE


@over(HOUSE, "leader")
@strawberry.type(description="A skill modifier of a leader or lieutenant (Gather Information, Reflex save…).")
class SkillModifier:
    skill: str = strawberry.field(description="The skill's name as the seed writes it (Gather Information, Bluff…).")
    modifier: int = strawberry.field(description="The modifier added to a d20 check with this skill (may be negative).")


@over(HOUSE, "leader")
@strawberry.type(description="The leader or a lieutenant: level or Hit Dice, skills and whether free to act.")
class Character:
    name: str = strawberry.field(description="The character's name, as actions name their `actor`.")
    level: int = strawberry.field(
        description="Their character level, or a monster's Hit Dice (a whole number, 1 or more)."
    )
    status: Status = strawberry.field(description="active, dead or captured.")
    skills: list[SkillModifier] = strawberry.field(
        description="The character's skill modifiers (Bluff +7…), added to the checks of the actions they lead."
    )

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Character:
        skills = [SkillModifier(skill=k, modifier=v) for k, v in sorted(s["skills"].items())]
        return cls(name=s["name"], level=s["level"], status=s["status"], skills=skills)


@over(HOUSE, "members")
@strawberry.type(description="A class and its levels, for the Gaining Power table.")
class ClassLevel:
    character_class: str = strawberry.field(
        description="The character class (fighter, wizard…) as the Gaining Power table names it."
    )
    level: int = strawberry.field(description="How many levels the member has in this class (1-20).")


@over(HOUSE, "members")
@strawberry.type(description="Someone who gives the house power (seed 000, Gaining Power).")
class Member:
    name: str = strawberry.field(description="The member's name (a soldier, wizard or other of the house's people).")
    classes: list[ClassLevel] = strawberry.field(
        description="Their character classes with levels in each, as the Gaining Power table reads them."
    )


@over(HOUSE, "priests")
@strawberry.type(description="A priest or priestess of the house (seed 000, Gaining Power).")
class Priest:
    name: str = strawberry.field(
        description="The priest's name (seed 000, Gaining Influence counts a house's priests)."
    )
    level: int = strawberry.field(description="The priest's level (1-20), which sets the influence they bring.")
    fatespinner_priestess: bool = strawberry.field(description="Whether a Fatespinner priestess (seed 000's own row).")
