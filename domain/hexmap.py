"""The campaign map: hexes in axial coordinates (q, r), pointy-top.

Seed 002, "Incorporating Factions into your Map": the default map is 8 by 10 hexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

DEFAULT_WIDTH = 8
DEFAULT_HEIGHT = 10

_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def distance(self, other: Hex) -> int:
        return max(abs(self.q - other.q), abs(self.r - other.r), abs(self.s - other.s))

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in _DIRECTIONS)

    def within(self, radius: int) -> Iterator[Hex]:
        """Every hex at distance `radius` or less, this one included."""
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                yield Hex(self.q + dq, self.r + dr)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return Hex(*a).distance(Hex(*b))


def rectangle(width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT) -> list[Hex]:
    """A width x height rectangular map in 'odd-r' offset layout, given in axial coordinates."""
    return [Hex(col - (row - (row & 1)) // 2, row) for row in range(height) for col in range(width)]


def offset_of(h: Hex) -> tuple[int, int]:
    """The (column, row) of a hex on an 'odd-r' offset rectangle."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r
