"""What a seat's phase report holds (service/usecases/phase_report.py builds it): its orders and their outcomes,
its own rolls, the damage it took and dealt, what it learned and its ledger of gold; as GraphQL, REST and the read
model (service/usecases/phase_report_kept.py) carry it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID


@dataclass(frozen=True)
class Modifier:
    source: str
    value: int


@dataclass(frozen=True)
class ReportRoll:
    expression: str
    faces: list[int]
    modifiers: list[Modifier]
    base: int
    total: int
    purpose: str
    rule: str
    actor: str

    @classmethod
    def of(cls, d: dict[str, Any]) -> ReportRoll:
        return cls(
            str(d["expression"]),
            [int(f) for f in d["faces"]],
            [Modifier(str(m["source"]), int(m["value"])) for m in d.get("modifiers", ())],
            int(d.get("base", 0)),
            int(d["total"]),
            str(d.get("purpose", "")),
            str(d.get("rule", "")),
            str(d.get("actor", "")),
        )


@dataclass(frozen=True)
class ReportOrder:
    action: str
    actor: str | None
    target_id: str | None
    outcome: str | None
    week: int | None
    rolls: list[ReportRoll]


@dataclass(frozen=True)
class Damage:
    member_id: str  # who took it
    asset_id: str | None
    amount: int
    member_damage: int  # faction HP lost with a Base of Influence, or a house's influence
    hp_left: int | None
    by_member_id: str | None  # None when the rules keep the author hidden
    reason: str
    rolls: list[ReportRoll]


@dataclass(frozen=True)
class Money:
    amount: int  # a gain is positive, a cost negative
    reason: str


@dataclass(frozen=True)
class Learned:
    kind: str
    action: str | None
    week: int | None
    expected_week: int | None
    aggressor_id: str | None
    target_id: str | None
    area_ids: list[str]
    result: str | None
    details: list[tuple[str, str]]


@dataclass
class PhaseReport:
    campaign_id: UUID
    phase: int
    member_id: UUID
    kind: str  # faction | house
    initiative: int | None = None
    orders: list[ReportOrder] = field(default_factory=list)
    rolls: list[ReportRoll] = field(default_factory=list)
    damage_taken: list[Damage] = field(default_factory=list)
    damage_dealt: list[Damage] = field(default_factory=list)
    learned: list[Learned] = field(default_factory=list)
    ledger: list[Money] = field(default_factory=list)

    @property
    def income(self) -> int:
        return sum(m.amount for m in self.ledger if m.amount > 0)

    @property
    def costs(self) -> int:
        return -sum(m.amount for m in self.ledger if m.amount < 0)
