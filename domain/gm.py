"""The GM's hand: what every intervention shares, adjustments that keep the rules' invariants, and checks.

Seed 002, "Players & The Faction Turn": PC adventures stand outside the turn economy and their results are
final. Seed 000, "The Game of Bones and Player Characters": the systems give the outcome if the PCs stay out.
Every intervention is an ordinary event carrying the seat that made it and its reason (docs/rules-notes/gm.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.enums import FACTION_FIELDS as FACTION_FIELD_SET
from domain.enums import HOUSE_FIELDS as HOUSE_FIELD_SET
from domain.enums import AdjustMode
from domain.errors import InvalidInputError, RuleViolationError

RULE_PC_002 = "seed 002, Players & The Faction Turn"
RULE_PC_000 = "seed 000, The Game of Bones and Player Characters"
RULE_CUSTOM = "seed 002, Faction Actions (the GM may add new action types)"
RULE_RATINGS = "seed 002, Defining Factions (ratings 1-8)"
RULE_HP = "seed 002, Raising Stats (HP never above maximum HP)"
RULE_FACGOLD = "seed 002, Faction Actions (no FacGold debt)"
RULE_TREASURY = "seed 000, Taking Action: Cost (no negative treasury)"
MODES = tuple(m.value for m in AdjustMode)
FACTION_FIELDS = tuple(f.value for f in FACTION_FIELD_SET)
HOUSE_FIELDS = tuple(f.value for f in HOUSE_FIELD_SET)


def check_intervention(seat: str, reason: str) -> str:
    """Every intervention names the seat that made it and says why; returns the cleaned reason."""
    if not seat.strip():
        raise InvalidInputError("an intervention names the seat that makes it")
    if not reason.strip():
        raise InvalidInputError("an intervention needs a reason")
    return reason.strip()


def target_value(current: int, mode: str, value: int) -> int:
    if mode not in MODES:
        raise InvalidInputError(f"mode must be set or adjust, not {mode!r}")
    return value if mode == "set" else current + value


@dataclass(frozen=True)
class Adjustment:
    """Set (or adjust by) a number on a faction or house; `target_id` empty means the actor itself."""

    field: str
    value: int
    mode: str = "adjust"
    target_id: str = ""

    def __post_init__(self) -> None:
        if self.field not in (*FACTION_FIELDS, *HOUSE_FIELDS):
            raise InvalidInputError(f"cannot adjust {self.field!r}; choose from {[*FACTION_FIELDS, *HOUSE_FIELDS]}")
        target_value(0, self.mode, self.value)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Adjustment:
        return cls(
            str(data["field"]), int(data["value"]), str(data.get("mode", "adjust")), str(data.get("target_id", ""))
        )


def house_adjustment(current: int, field_: str, after: int) -> int:
    """The change to apply to a house's influence, power or gold; refused below zero."""
    if field_ not in HOUSE_FIELDS:
        raise InvalidInputError(f"a house has no {field_!r} to adjust; choose from {list(HOUSE_FIELDS)}")
    if after < 0:
        rule = RULE_TREASURY if field_ == "gold" else "seed 000, Gaining Influence / Gaining Power"
        raise RuleViolationError(f"{field_} cannot go below zero (would be {after})", rule)
    return after - current


@dataclass(frozen=True)
class Check:
    """`dice` + the actor's attribute or skill against a DC, or against an opposed roll of the same dice
    plus `opposed_stat` of `opposed_id` (ties go to the defender, as in seed 000's opposed checks)."""

    dice: str
    stat: str
    dc: int | None = None
    opposed_id: str = ""
    opposed_stat: str = ""

    def __post_init__(self) -> None:
        DiceSpec.parse(self.dice)
        if not self.stat.strip():
            raise InvalidInputError("a check names the attribute or skill it adds")
        if (self.dc is None) == (not self.opposed_id):
            raise InvalidInputError("a check is against a DC or opposed by someone, exactly one of the two")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Check:
        dc = data.get("dc")
        return cls(
            str(data["dice"]),
            str(data["stat"]),
            None if dc is None else int(dc),
            str(data.get("opposed_id", "")),
            str(data.get("opposed_stat", "")),
        )


@dataclass(frozen=True)
class CheckOutcome:
    success: bool
    rolls: tuple[Roll, ...]

    def roll_dicts(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rolls]


def decide_check(check: Check, bonus: int, opposed_bonus: int, dice: Dice, purpose: str, actor: str) -> CheckOutcome:
    """Roll the check; success when it meets the DC, or beats the opposed roll."""
    spec = DiceSpec.parse(check.dice)
    mine = spec.roll(
        dice, purpose=purpose, rule=RULE_CUSTOM, actor=actor, modifiers=[Modifier(check.stat, bonus)] if bonus else []
    )
    if check.dc is not None:
        return CheckOutcome(mine.total >= check.dc, (mine,))
    theirs = spec.roll(
        dice,
        purpose=f"{purpose} (opposed)",
        rule=RULE_CUSTOM,
        actor=check.opposed_id,
        modifiers=[Modifier(check.opposed_stat, opposed_bonus)] if opposed_bonus else [],
    )
    return CheckOutcome(mine.total > theirs.total, (mine, theirs))


@dataclass(frozen=True)
class CustomActionDef:
    """A GM-made action (seed 002's "Bribe the Beholder"): for a faction, turns and FacGold per turn; for a
    house, weeks, gold and dedicated influence/power. An optional check picks the success or failure effects."""

    key: str
    name: str
    system: str  # factionturn or gameofbones
    duration: int
    cost: int = 0
    description: str = ""
    dedicated_influence: int = 0
    dedicated_power: int = 0
    check: Check | None = None
    on_success: tuple[Adjustment, ...] = field(default=())
    on_failure: tuple[Adjustment, ...] = field(default=())
    # Seed 002, Legendary Wealth: "Spend FacGolds equal to four times your faction's Wealth score on bribes and
    # influence": the GM marks a faction's action whose FacGold is that spending (docs/rules-notes/factionturn-play.md).
    influence_spending: bool = False

    def __post_init__(self) -> None:
        if not self.key.strip() or not self.name.strip():
            raise InvalidInputError("a custom action has a key and a name")
        if self.system not in ("factionturn", "gameofbones"):
            raise InvalidInputError(f"a custom action is for factionturn or gameofbones, not {self.system!r}")
        if self.duration < 1 or min(self.cost, self.dedicated_influence, self.dedicated_power) < 0:
            raise RuleViolationError(
                "a custom action lasts one turn (or week) or more and costs zero or more", RULE_CUSTOM
            )
        if self.system == "factionturn" and (self.dedicated_influence or self.dedicated_power):
            raise InvalidInputError("influence and power are dedicated by houses, not factions")
        if self.system == "gameofbones" and self.influence_spending:
            raise InvalidInputError("influence spending counts for Legendary Wealth, a faction's goal, not a house's")

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["check"] = self.check.to_dict() if self.check else None
        data["on_success"] = [a.to_dict() for a in self.on_success]
        data["on_failure"] = [a.to_dict() for a in self.on_failure]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CustomActionDef:
        try:
            return cls._from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError) as wrong:
            raise InvalidInputError(f"malformed custom action definition: missing or bad {wrong}") from wrong

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> CustomActionDef:
        check, influence = data.get("check"), data.get("influence_spending", False)  # absent in older definitions
        if not isinstance(influence, bool):
            raise TypeError("influence_spending")
        return cls(
            str(data["key"]),
            str(data["name"]),
            str(data["system"]),
            int(data["duration"]),
            int(data.get("cost", 0)),
            str(data.get("description", "")),
            int(data.get("dedicated_influence", 0)),
            int(data.get("dedicated_power", 0)),
            Check.from_dict(check) if check else None,
            tuple(Adjustment.from_dict(a) for a in data.get("on_success", ())),
            tuple(Adjustment.from_dict(a) for a in data.get("on_failure", ())),
            influence,
        )
