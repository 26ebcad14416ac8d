"""What a resolved action decides, as data: its rolls and its changes, each a typed effect that is the payload of
the event its aggregate records (effects.py, built by changes.py); `apply_outcome` (resolution/ledger.py)
records them through a month's ledger."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.dice import Roll
from domain.gameofbones.rules.effects import Change, KnowledgeGained
from domain.gameofbones.rules.view import intel_key
from domain.gameofbones.tables.records import week_fields


@dataclass(frozen=True)
class Skim:
    """Extortion: a share of an area's income this month goes from its controller to the aggressor; no event of
    its own, it is paid with the month's income (`month.pay_income`)."""

    area_id: str
    house_id: str
    defender_id: str
    percent: int


@dataclass(frozen=True)
class Outcome:
    """One resolved action: every roll it used and every change it makes, to whichever aggregate."""

    action: str
    house_id: str
    result: str
    week: int
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Change, ...] = ()
    action_id: str | None = None  # None for checks that are not a pending action (a spy's monthly check)
    defender_id: str | None = None
    succeeded: bool = False  # did the aggressor get what the action is for (GM-side: analytics, summaries)
    # GM-side only: the knowledge it gives that is false; the holder's copy looks exactly like the truth.
    false_ids: tuple[str, ...] = ()
    skims: tuple[Skim, ...] = ()

    @property
    def false_knowledge_ids(self) -> list[str]:
        return list(self.false_ids)

    @property
    def secret(self) -> bool:
        """Its rolls could tell the holder that some knowledge is false: keep them on the GM's side."""
        own = {self.house_id, intel_key(self.house_id)}
        return any(isinstance(c.effect, KnowledgeGained) and c.target_id in own for c in self.effects)

    def summary(self) -> dict[str, Any]:
        """The GM-side record: every roll, and which knowledge was false."""
        return {
            "action": self.action,
            "action_id": self.action_id,
            "house_id": self.house_id,
            "defender_id": self.defender_id,
            "result": self.result,
            "succeeded": self.succeeded,
            "week": self.week,
            "when": week_fields(self.week),
            "rolls": [r.to_dict() for r in self.rolls],
            "false_knowledge_ids": self.false_knowledge_ids,
        }
