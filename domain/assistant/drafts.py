"""What the assistant proposes: orders for one power, each choice with its reasons and its odds in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from domain.factionturn.aggregate.orders import FactionOrders
from domain.gameofbones.rules.ordering import Order

JITTER = 1000  # the tie-breaking die: near-equal choices are told apart by it, never by a hidden roll


class Dice(Protocol):
    def roll(self, sides: int) -> int: ...


@dataclass(frozen=True)
class Choice:
    """One choice the assistant weighed: what it is, why (in plain words), its odds, and how it scored."""

    summary: str
    reasons: tuple[str, ...]
    odds: tuple[str, ...]
    score: float

    def line(self) -> str:
        """The sentence the GM reads: reasons, the choice, its odds."""
        odds = f", {', '.join(self.odds)}" if self.odds else ""
        why = f"{'; '.join(self.reasons)}: " if self.reasons else ""
        return f"{why}{self.summary}{odds}"


@dataclass(frozen=True)
class FactionDraft:
    faction_id: str
    temperament: str
    orders: FactionOrders
    chosen: tuple[Choice, ...]
    passed_over: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class HouseDraft:
    house_id: str
    temperament: str
    orders: tuple[Order, ...]
    chosen: tuple[Choice, ...]
    passed_over: tuple[Choice, ...] = ()


def tie_breaks(dice: Dice, count: int) -> list[float]:
    """One small fraction per candidate, from the dice handed in (seeded for a seeded campaign)."""
    return [dice.roll(JITTER) / (JITTER * 100) for _ in range(count)]


def best(scored: Sequence[tuple[float, int]]) -> int | None:
    """The index of the highest positive score, or None when nothing is worth doing."""
    top = max(scored, default=None)
    return None if top is None or top[0] <= 0 else top[1]
