"""What one kind of player achieved in the simulation (issue 19), summed over the seats it held."""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median


@dataclass
class Tally:
    """What one kind of player achieved over the seats it held, in one or more campaigns of one rule system."""

    kind: str
    seats: list[str] = field(default_factory=list)  # the powers it played, one entry per seat per campaign
    goals: int = 0
    xp: int = 0
    assets_start: int = 0
    assets_end: int = 0
    hp: list[int] = field(default_factory=list)
    hp_start: int = 0
    facgold: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    refused: int = 0
    orders: int = 0
    draft_seconds: float = 0.0
    resolve_seconds: float = 0.0

    def merge(self, other: Tally) -> None:
        for name in (
            "goals",
            "xp",
            "assets_start",
            "assets_end",
            "hp_start",
            "refused",
            "orders",
            "draft_seconds",
            "resolve_seconds",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seats += other.seats
        self.hp += other.hp
        self.facgold += other.facgold
        self.ranks += other.ranks

    def row(self) -> dict[str, float | int | str]:
        ratio = self.draft_seconds / self.resolve_seconds if self.resolve_seconds else 0.0
        return {
            "kind": self.kind,
            "seats": len(self.seats),
            "goals": self.goals,
            "xp": self.xp,
            "assets kept": f"{self.assets_end}/{self.assets_start}",
            "HP kept": f"{sum(self.hp)}/{self.hp_start}",
            "median HP": _median(self.hp),
            "median FacGold": _median(self.facgold),
            "median rank": _median(self.ranks),
            "orders": self.orders,
            "refused": self.refused,
            "draft/resolve": round(ratio, 3),
        }


def _median(values: list[int]) -> float:
    return float(median(values)) if values else 0.0
