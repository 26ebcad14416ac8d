"""GraphQL types of the records both rule systems' answers share: rolls, Game of Bones weeks, leftover details."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import strawberry

from domain.gameofbones.face import week_of_month
from service.usecases import phase_report_records as r


@strawberry.type(description="A bonus or penalty added to a roll, with where it came from.")
class RollModifier:
    source: str = strawberry.field(description="Where it came from.")
    value: int = strawberry.field(description="The bonus (positive) or penalty (negative) it adds to the roll.")


@strawberry.type(description="One use of dice: the expression, every face, the modifiers, and the rule it decided.")
class Roll:
    expression: str = strawberry.field(description="The dice, as an expression (`2d6`).")
    faces: list[int] = strawberry.field(
        description="Each die's face as rolled, in order (a 2d6 gives two numbers, each 1-6)."
    )
    modifiers: list[RollModifier] = strawberry.field(
        description="Each bonus or penalty added to the faces, with where it came from."
    )
    base: int = strawberry.field(
        description="A fixed number added before the modifiers (the `+1` of `1d3+1`); 0 when none."
    )
    total: int = strawberry.field(description="The result: the faces, the base and the modifiers added together.")
    purpose: str = strawberry.field(description="What the roll was for, in words (`Zealots attacks Blue: attack`).")
    rule: str = strawberry.field(description="The seed's rule that called for the roll (`seed 002, Attack Procedure`).")
    actor: str = strawberry.field(description="A faction's id, or the house character who rolled.")

    @classmethod
    def of(cls, roll: r.ReportRoll) -> Roll:
        return cls(
            expression=roll.expression,
            faces=roll.faces,
            modifiers=[RollModifier(source=m.source, value=m.value) for m in roll.modifiers],
            base=roll.base,
            total=roll.total,
            purpose=roll.purpose,
            rule=roll.rule,
            actor=roll.actor,
        )

    @classmethod
    def of_record(cls, record: Mapping[str, Any]) -> Roll:
        """From a roll as events record it (`domain.dice.Roll.to_dict`)."""
        return cls.of(r.ReportRoll.of(dict(record)))

    @classmethod
    def all_of(cls, records: Iterable[Mapping[str, Any]]) -> list[Roll]:
        return [cls.of_record(x) for x in records]


@strawberry.type(
    description="A week of the Game of Bones: counted from the campaign's start, and as the month "
    "(phase) and the week within it (1-4, as an order's startWeek)."
)
class WeekOfMonth:
    week: int = strawberry.field(description="Weeks from the campaign's start: month 1 week 1 is week 1.")
    month: int = strawberry.field(description="The month: the phase it falls in.")
    week_of_month: int = strawberry.field(description="The week within its month, 1-4.")

    @classmethod
    def of(cls, week: int) -> WeekOfMonth:
        month, within = week_of_month(week)
        return cls(week=week, month=month, week_of_month=within)


def month_week(week: int | None) -> WeekOfMonth | None:
    return None if week is None else WeekOfMonth.of(week)


@strawberry.type(description="One fact its knowledge holds; the rest of the entry's fields.")
class ReportDetail:
    key: str = strawberry.field(
        description="The name of one fact of what was learned (`power`, `troops`…), snake_case as recorded."
    )
    value: str = strawberry.field(description="Text as it is; a number or a nested record as its JSON text.")

    @classmethod
    def of(cls, key: str, value: object) -> ReportDetail:
        return cls(key=key, value=value if isinstance(value, str) else json.dumps(value, sort_keys=True))
