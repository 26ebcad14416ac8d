"""Seed 000, "Rank in the Game of Bones": the rank table, rank checks' bonuses and the two defences."""

from __future__ import annotations

from dataclasses import dataclass

RANK_RULE = "seed 000, Rank in the Game of Bones"
ENTRY_RULE = "seed 000, Influence: a combined total of 1,000 Influence and Power"
ENTRY_TOTAL = 1_000


@dataclass(frozen=True)
class RankRow:
    rank: int
    total: int  # the least Total Power and Influence that gives this rank
    action_bonuses: tuple[int, ...]  # iterative, like a base attack bonus
    defence_high: int  # the larger half of "Influence/Power Defence"
    defence_low: int


RANK_TABLE: tuple[RankRow, ...] = (
    RankRow(1, 1_000, (1,), 2, 0),
    RankRow(2, 4_000, (2,), 3, 0),
    RankRow(3, 9_000, (3,), 3, 1),
    RankRow(4, 16_000, (4,), 4, 1),
    RankRow(5, 25_000, (5,), 4, 1),
    RankRow(6, 36_000, (6, 1), 5, 2),
    RankRow(7, 49_000, (7, 2), 5, 2),
    RankRow(8, 64_000, (8, 3), 6, 2),
    RankRow(9, 81_000, (9, 4), 6, 3),
    RankRow(10, 100_000, (10, 5), 7, 3),
    RankRow(11, 121_000, (11, 6, 1), 7, 3),
    RankRow(12, 144_000, (12, 7, 2), 8, 4),
    RankRow(13, 169_000, (13, 8, 3), 8, 4),
    RankRow(14, 196_000, (14, 9, 4), 9, 4),
    RankRow(15, 225_000, (15, 10, 5), 9, 5),
    RankRow(16, 256_000, (16, 11, 6, 1), 10, 5),
    RankRow(17, 289_000, (17, 12, 7, 2), 10, 5),
    RankRow(18, 324_000, (18, 13, 8, 3), 11, 6),
    RankRow(19, 361_000, (19, 14, 9, 4), 11, 6),
    RankRow(20, 400_000, (20, 15, 10, 5), 12, 6),
)
MAX_RANK = RANK_TABLE[-1].rank


@dataclass(frozen=True)
class Defences:
    influence: int
    power: int


def rank_for(total: int) -> int:
    """The rank a combined Power and Influence gives; 0 below 1,000 (not yet in the Game)."""
    rank = 0
    for row in RANK_TABLE:
        if total >= row.total:
            rank = row.rank
    return rank


def row_for(rank: int) -> RankRow | None:
    return RANK_TABLE[min(rank, MAX_RANK) - 1] if rank >= 1 else None


def action_bonuses(rank: int) -> tuple[int, ...]:
    """Rank 0 (a house in the Game that fell, or was framed down to nothing) still acts once, with no bonus."""
    row = row_for(rank)
    return row.action_bonuses if row else (0,)


def defences(rank: int, influence: int, power: int) -> Defences:
    """The larger defence goes to whichever of influence and power is larger; a tie favours influence."""
    row = row_for(rank)
    if row is None:
        return Defences(0, 0)
    if power > influence:
        return Defences(row.defence_low, row.defence_high)
    return Defences(row.defence_high, row.defence_low)
