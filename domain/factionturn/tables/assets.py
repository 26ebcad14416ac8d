"""Asset rows of the Faction Turn (seed 002, Asset List): typed, frozen, one row per asset type."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from domain.dice import DiceSpec
from domain.errors import InvalidInputError


class Attribute(StrEnum):
    FORCE = "Force"
    CUNNING = "Cunning"
    WEALTH = "Wealth"


class AssetKind(StrEnum):
    """The Type column. It matters for refits, transport and tags (seed 002, Assets)."""

    MILITARY_UNIT = "Military Unit"
    SPECIAL_FORCES = "Special Forces"
    FACILITY = "Facility"
    LOGISTICS_FACILITY = "Logistics Facility"
    MOBILE_UNIT = "Mobile Unit"
    TACTIC = "Tactic"
    SPECIAL = "Special"


class RowOrigin(StrEnum):
    """How a row came from the seed; see docs/rules-notes/factionturn-tables.md."""

    TABLE = "table"  # transcribed as printed (typos in cells fixed only where the meaning is plain)
    REPAIRED = "repaired"  # garbled or shifted cells re-aligned, or a code amended from the description
    REASSIGNED = "reassigned"  # a duplicate table row given to a described asset that had no row of its own


@dataclass(frozen=True)
class AttackSpec:
    """`Force vs. Cunning, 1d6 damage`: attacker's score, defender's score, damage on a hit."""

    attacker: Attribute
    defender: Attribute
    damage: DiceSpec | None
    special: bool = False

    @classmethod
    def parse(cls, text: str) -> AttackSpec:
        """Parse an Attack cell such as `Force vs. Force, 1d3+1 damage` or `Cunning vs. Cunning, special`."""
        match = _ATTACK.match(text)
        if match is None:
            raise InvalidInputError(f"not an attack cell: {text!r}")
        attacker, defender = Attribute(match["attacker"].title()), Attribute(match["defender"].title())
        rest = match["rest"].strip()
        if rest.lower() == "special":
            return cls(attacker, defender, None, special=True)
        return cls(attacker, defender, DiceSpec.parse(rest))

    def __str__(self) -> str:
        effect = "special" if self.damage is None else f"{self.damage} damage"
        return f"{self.attacker} vs. {self.defender}, {effect}"


_ATTACK = re.compile(
    r"^\s*(?P<attacker>force|cunning|wealth)\s+vs\.?\s+(?P<defender>force|cunning|wealth)\s*,?\s*"
    r"(?P<rest>special|\d*d\d+(?:\s*[+-]\s*\d+)?)\s*(?:damage)?\s*$",
    re.IGNORECASE,
)
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class AssetType:
    """One row of an asset table.

    `hp` is None for Base of Influence (bought at any HP up to the faction's max) and Stealth (a quality,
    not an asset); `cost` is None for Base of Influence (1 FacGold per HP). `counter_special` marks a
    Counter cell reading "Special" (Illusionists). `maintenance` is the extra FacGold owed each turn.
    `ability` names the special rule for the engine's registry; `narrative_only` rows have none (their
    text is flavour). `passive`: the ability is read where it applies (`passives.Passive`), not used by an order;
    `die`: the sides of the one die its special action rolls, whose odds a seat is shown (domain/odds). A row
    declares both, so a forgotten handler or odds entry fails tests/domain/factionturn/test_ability_registry.py.
    `vehicle` marks craft that "non-vehicle" transports cannot carry.
    """

    key: str
    name: str
    attribute: Attribute
    rating: int
    hp: int | None
    cost: int | None
    arcana: int
    kind: AssetKind
    attack: AttackSpec | None = None
    counter: DiceSpec | None = None
    counter_special: bool = False
    needs_permission: bool = False
    has_action: bool = False
    has_special: bool = False
    maintenance: int = 0
    ability: str | None = None
    narrative_only: bool = False
    vehicle: bool = False
    origin: RowOrigin = RowOrigin.TABLE
    passive: bool = False
    die: int | None = None

    def __post_init__(self) -> None:
        if not _KEY.match(self.key):
            raise InvalidInputError(f"asset key must be a slug: {self.key!r}")
        if not 1 <= self.rating <= 8:
            raise InvalidInputError(f"{self.key}: rating {self.rating} is outside 1-8")
        if not 0 <= self.arcana <= 5:
            raise InvalidInputError(f"{self.key}: arcana level {self.arcana} is outside 0-5")
        if self.hp is not None and self.hp < 1:
            raise InvalidInputError(f"{self.key}: hp must be positive")
        if (self.cost is not None and self.cost < 0) or self.maintenance < 0:
            raise InvalidInputError(f"{self.key}: cost and maintenance cannot be negative")
        if self.narrative_only == (self.ability is not None):
            raise InvalidInputError(f"{self.key}: a row has an ability key exactly when it is not narrative-only")
        if (self.passive or self.die is not None) and self.ability is None:
            raise InvalidInputError(f"{self.key}: only a row with an ability has a passive ability or a die")
        if self.die is not None and self.die < 2:
            raise InvalidInputError(f"{self.key}: a die has two sides or more")

    @property
    def codes(self) -> str:
        """The Notes column in the seed's style: `A, S, P`, or `-`."""
        flags = (("A", self.has_action), ("S", self.has_special), ("P", self.needs_permission))
        return ", ".join(code for code, on in flags if on) or "-"

    @property
    def can_attack(self) -> bool:
        return self.attack is not None

    @property
    def can_counterattack(self) -> bool:
        return self.counter is not None or self.counter_special


def counter(text: str) -> DiceSpec | None:
    """Parse a Counter cell: `1d4 damage` -> DiceSpec, `None` -> None. ("Special" is `counter_special`.)"""
    cleaned = text.strip().rstrip(".*").strip()
    if cleaned.lower() in {"none", "-", ""}:
        return None
    return DiceSpec.parse(re.sub(r"\s*damage\s*$", "", cleaned, flags=re.IGNORECASE))


def attack(text: str) -> AttackSpec | None:
    """Parse an Attack cell: `None` -> None, else `AttackSpec.parse`."""
    return None if text.strip().lower() in {"none", "-", ""} else AttackSpec.parse(text)


def row(
    key: str,
    name: str,
    attribute: Attribute,
    rating: int,
    cells: tuple[int | None, int | None, int, str, str, str, str],
    *,
    narrative_only: bool = False,
    ability: str | None = None,
    maintenance: int = 0,
    vehicle: bool = False,
    origin: RowOrigin = RowOrigin.TABLE,
    passive: bool = False,
    die: int | None = None,
) -> AssetType:
    """Build a row from its table cells `(hp, cost, AL, type, attack, counter, codes)`.

    The ability key defaults to the row key unless the row is narrative-only.
    """
    hp, cost, arcana, kind, attack_cell, counter_cell, codes = cells
    flags = {code.strip() for code in codes.split(",")}
    special_counter = counter_cell.strip().lower() == "special"
    return AssetType(
        key=key,
        name=name,
        attribute=attribute,
        rating=rating,
        hp=hp,
        cost=cost,
        arcana=arcana,
        kind=AssetKind(kind),
        attack=attack(attack_cell),
        counter=None if special_counter else counter(counter_cell),
        counter_special=special_counter,
        needs_permission="P" in flags,
        has_action="A" in flags,
        has_special="S" in flags,
        maintenance=maintenance,
        ability=None if narrative_only else (ability or key),
        narrative_only=narrative_only,
        vehicle=vehicle,
        origin=origin,
        passive=passive,
        die=die,
    )
