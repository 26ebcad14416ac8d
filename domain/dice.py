"""Dice: parsed expressions, injected sources, and rolls that remember every face."""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.errors import InvalidInputError


class Dice(Protocol):
    """A source of die faces. Rules receive one; they never reach for a global."""

    def roll(self, sides: int) -> int: ...


@dataclass(frozen=True)
class RollRequest:
    """What the next dice are for, said before they are rolled: who rolls, for what, which dice, and the
    modifiers (a table that rolls its own dice is asked for them by name; domain/table_dice.py)."""

    expression: str  # "1d10", "2d10kh1" (two d10, keep the highest), "1d6"
    count: int
    sides: int
    purpose: str = ""
    rule: str = ""
    actor: str = ""
    modifiers: tuple[Modifier, ...] = ()

    @property
    def keeps_highest(self) -> bool:
        return "kh" in self.expression


def announce(dice: Dice, request: RollRequest) -> None:
    """Tell a dice source that can be asked by name (`TableDice`) what the next `request.count` faces are for;
    any other source ignores it."""
    told = getattr(dice, "announce", None)
    if callable(told):
        told(request)


class RandomDice:
    """Dice drawn from a private `random.Random` (seeded) or the OS source (unseeded)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    @classmethod
    def system(cls) -> RandomDice:
        return cls(random.SystemRandom())

    @classmethod
    def seeded(cls, seed: str, *parts: object) -> RandomDice:
        # A campaign seed plus a stable stream key gives the same faces in any process.
        material = "\x1f".join([seed, *map(str, parts)]).encode()
        return cls(random.Random(int.from_bytes(hashlib.sha256(material).digest()[:8], "big")))

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        return self._rng.randint(1, sides)


class FixedDice:
    """Dice that answer from a script, for tests and worked examples."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.used = 0

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self.used >= len(self._faces):
            raise DiceExhaustedError(f"scripted dice ran out after {self.used} rolls (asked for a d{sides})")
        face = self._faces[self.used]
        if not 1 <= face <= sides:
            raise DiceExhaustedError(f"scripted face {face} cannot come up on a d{sides}")
        self.used += 1
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self.used


class RaisingDice:
    """Dice for replays: any call is a bug, because events already carry their faces."""

    def roll(self, sides: int) -> int:
        raise ReplayRolledError(f"a replay asked for a d{sides}; events must carry their die values")


class DiceExhaustedError(AssertionError):
    pass


class ReplayRolledError(AssertionError):
    pass


def _check_sides(sides: int) -> None:
    if sides < 1:
        raise InvalidInputError(f"a die needs at least one side, not {sides}")


_EXPRESSION = re.compile(
    r"^\s*(?P<count>\d*)\s*[dD]\s*(?P<sides>\d+)"
    r"\s*(?:(?P<sign>[+-])\s*(?P<modifier>\d+))?"
    r"\s*(?:[xX×*]\s*(?P<multiplier>\d[\d,]*))?\s*$"
)


@dataclass(frozen=True)
class DiceSpec:
    """A dice expression such as `2d6+3` or `1d6 x 1,000`."""

    count: int
    sides: int
    modifier: int = 0
    multiplier: int = 1

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        match = _EXPRESSION.match(text)
        if match is None:
            raise InvalidInputError(f"not a dice expression: {text!r} (expected something like 2d6+3)")
        count = int(match["count"] or 1)
        sides = int(match["sides"])
        modifier = int(match["modifier"] or 0) * (-1 if match["sign"] == "-" else 1)
        multiplier = int((match["multiplier"] or "1").replace(",", ""))
        if count < 1 or count > 100 or sides < 1 or sides > 1000 or multiplier < 1:
            raise InvalidInputError(f"dice expression out of range: {text!r}")
        return cls(count, sides, modifier, multiplier)

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        if self.multiplier != 1:
            text += f"x{self.multiplier}"
        return text

    @property
    def minimum(self) -> int:
        return (self.count + self.modifier) * self.multiplier

    @property
    def maximum(self) -> int:
        return (self.count * self.sides + self.modifier) * self.multiplier

    @property
    def average(self) -> float:
        return (self.count * (self.sides + 1) / 2 + self.modifier) * self.multiplier

    def value(self, faces: Sequence[int]) -> int:
        return (sum(faces) + self.modifier) * self.multiplier

    def roll(
        self,
        dice: Dice,
        *,
        purpose: str = "",
        rule: str = "",
        actor: str = "",
        modifiers: Iterable[Modifier] = (),
    ) -> Roll:
        modifiers = tuple(modifiers)
        announce(dice, RollRequest(str(self), self.count, self.sides, purpose, rule, actor, modifiers))
        faces = tuple(dice.roll(self.sides) for _ in range(self.count))
        return Roll(str(self), faces, tuple(modifiers), self.value(faces), purpose, rule, actor)


@dataclass(frozen=True)
class Modifier:
    """A bonus or penalty added to a roll, with where it came from."""

    source: str
    value: int


@dataclass(frozen=True)
class Roll:
    """One use of dice: the expression, every face, the modifiers, and what it decided."""

    expression: str
    faces: tuple[int, ...]
    modifiers: tuple[Modifier, ...] = ()
    base: int = 0
    purpose: str = ""
    rule: str = ""
    actor: str = ""
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.base + sum(m.value for m in self.modifiers))

    def with_modifiers(self, *modifiers: Modifier) -> Roll:
        return Roll(
            self.expression, self.faces, self.modifiers + modifiers, self.base, self.purpose, self.rule, self.actor
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "faces": list(self.faces),
            "modifiers": [{"source": m.source, "value": m.value} for m in self.modifiers],
            "base": self.base,
            "total": self.total,
            "purpose": self.purpose,
            "rule": self.rule,
            "actor": self.actor,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Roll:
        return cls(
            str(data["expression"]),
            tuple(int(f) for f in data["faces"]),
            tuple(Modifier(str(m["source"]), int(m["value"])) for m in data.get("modifiers", ())),
            int(data["base"]),
            str(data.get("purpose", "")),
            str(data.get("rule", "")),
            str(data.get("actor", "")),
        )


def roll(
    expression: str,
    dice: Dice,
    *,
    purpose: str = "",
    rule: str = "",
    actor: str = "",
    modifiers: Iterable[Modifier] = (),
) -> Roll:
    """Parse and roll in one step: `roll("1d10", dice, modifiers=[Modifier("Force", 3)])`."""
    return DiceSpec.parse(expression).roll(dice, purpose=purpose, rule=rule, actor=actor, modifiers=modifiers)
