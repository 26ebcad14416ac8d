"""GraphQL types of what a house keeps (seed 000): its knowledge, the circumstances on its checks, its spies."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry

from domain.gameofbones.face import Applies
from service.entrypoints.graphql.core.records import ReportDetail, WeekOfMonth, month_week
from service.entrypoints.graphql.core.visibility import over
from service.usecases.visibility import HOUSE

# The fields every kind of entry may carry; the rest of an entry are its details.
_KNOWN = (
    "id",
    "kind",
    "phase",
    "action",
    "week",
    "expected_week",
    "aggressor_house_id",
    "target_house_id",
    "area_ids",
    "result",
)
_DATED = ("when", "expected", "starts", "resolves", "releases")  # added by `dated`: answered as fields here


@over(HOUSE, "knowledge")
@strawberry.type(description="Something a house learned: a plot, an attack on it, a rival's strength, a source.")
class KnowledgeEntry:
    id: UUID | None = strawberry.field(
        description="The entry's id; null only for an entry recorded before entries had ids."
    )
    kind: str = strawberry.field(description="What kind of knowledge.")
    phase: int | None = strawberry.field(description="The phase (month, from 1) in which the house learned it.")
    action: str | None = strawberry.field(description="The action it concerns.")
    week: int | None = strawberry.field(description="The week it was learned (of an attack: the week it struck).")
    expected_week: int | None = strawberry.field(description="A discovered plot's: the week it is due to resolve.")
    aggressor_house_id: UUID | None = strawberry.field(description="Null when the author is not known to the house.")
    target_house_id: UUID | None = strawberry.field(description="The target house's id; null for none.")
    area_ids: list[UUID] = strawberry.field(
        description="The ids of the city areas it concerns (`Area.id`); empty when it names none."
    )
    result: str | None = strawberry.field(description="What came of it.")
    details: list[ReportDetail] = strawberry.field(description="The rest of the entry, as its kind records it.")

    @strawberry.field(description="`week` as the month and the week within it.")
    def when(self) -> WeekOfMonth | None:
        return month_week(self.week)

    @strawberry.field(description="`expectedWeek` as the month and the week within it.")
    def expected(self) -> WeekOfMonth | None:
        return month_week(self.expected_week)

    @classmethod
    def of(cls, k: dict[str, Any]) -> KnowledgeEntry:
        details = [ReportDetail.of(key, v) for key, v in sorted(k.items()) if key not in (*_KNOWN, *_DATED)]
        return cls(
            id=_uuid(k.get("id")),
            kind=str(k.get("kind", "")),
            phase=_int(k.get("phase")),
            action=_text(k.get("action")),
            week=_int(k.get("week")),
            expected_week=_int(k.get("expected_week")),
            aggressor_house_id=_uuid(k.get("aggressor_house_id")),
            target_house_id=_uuid(k.get("target_house_id")),
            area_ids=[UUID(str(a)) for a in k.get("area_ids") or []],
            result=_text(k.get("result")),
            details=details,
        )


@over(HOUSE, "circumstances")
@strawberry.type(description="A modifier on a house's checks (seed 000's circumstances), from a phase to a phase.")
class Circumstance:
    source: str = strawberry.field(description="Where it comes from.")
    value: int = strawberry.field(description="Its bonus (positive) or penalty (negative) to the checks it applies to.")
    applies: Applies = strawberry.field(description="Which checks it touches: the holder's attacks, its defence, …")
    from_phase: int = strawberry.field(description="The first phase (month, from 1) in which it applies.")
    until_phase: int | None = strawberry.field(description="Null: it lasts until it is used.")
    actions: list[str] = strawberry.field(description="The actions it is limited to; empty: every action.")
    other_house_id: UUID | None = strawberry.field(description="The counterpart it is limited to, if any.")
    skill_checks_only: bool = strawberry.field(description="Whether it applies to skill checks only.")
    then_influence: int = strawberry.field(description="A lasting influence change when it expires (Wrest Control).")
    knowledge_id: UUID | None = strawberry.field(description="The knowledge entry it concerns: a source hunt's attack.")

    @classmethod
    def of(cls, c: dict[str, Any]) -> Circumstance:
        return cls(
            source=str(c["source"]),
            value=int(c["value"]),
            applies=Applies(c["applies"]),
            from_phase=int(c["from_phase"]),
            until_phase=_int(c.get("until_phase")),
            actions=[str(a) for a in c.get("actions") or ()],
            other_house_id=_uuid(c.get("other_house_id")),
            skill_checks_only=bool(c.get("skill_checks_only", False)),
            then_influence=int(c.get("then_influence", 0)),
            knowledge_id=_uuid(c.get("knowledge_id")),
        )


@over(HOUSE, "spies")
@strawberry.type(description="A Poison Pill spy the house planted in another (seed 000, Poison Pill).")
class Spy:
    target_house_id: UUID = strawberry.field(description="The target house's id; null for none.")
    bonus: int = strawberry.field(
        description="The spy's bonus to the house's checks against the target house (seed 000, Spies)."
    )
    months: int = strawberry.field(description="How many months (phases) the spy stays planted.")
    planted_phase: int = strawberry.field(description="The phase (month, from 1) in which the spy was planted.")

    @classmethod
    def of(cls, s: dict[str, Any]) -> Spy:
        return cls(
            target_house_id=UUID(str(s["target_house_id"])),
            bonus=int(s["bonus"]),
            months=int(s["months"]),
            planted_phase=int(s["planted_phase"]),
        )


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _uuid(value: Any) -> UUID | None:
    return UUID(str(value)) if value else None


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
