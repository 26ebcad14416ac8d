"""Opposed rolls: 1d10 + a score against 1d10 + a score (seed 002, Attack Procedure).

Bonus dice (from tags, Guards & Wards, Warmage Academy, Surveyors) add d10s and keep the highest one.
A Book of Secrets lets its owner reroll one of its own dice once per turn (docs/rules-notes).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import Modifier, Roll
from domain.faction import Faction
from domain.factionturn.world import Session

RULE_ATTACK = "seed 002, Attack Procedure"
RULE_BOOK = "seed 002, Book of Secrets"


@dataclass(frozen=True)
class Side:
    """One side of a contest: who rolls, with which score, and how many bonus dice."""

    faction: Faction
    attribute: str  # force, cunning, wealth; or "" when `flat` replaces the score (The Wild)
    bonus_dice: int = 0
    flat: int | None = None
    label: str = ""

    @property
    def score(self) -> int:
        return self.flat if self.flat is not None else self.faction.rating(self.attribute)


def roll_side(session: Session, side: Side, purpose: str, rule: str = RULE_ATTACK) -> Roll:
    count = 1 + max(side.bonus_dice, 0)
    faces = tuple(session.dice.roll(10) for _ in range(count))
    source = side.attribute.title() if side.flat is None else side.label or "difficulty"
    expression = "1d10" if count == 1 else f"{count}d10kh1"
    result = Roll(expression, faces, (Modifier(source, side.score),), max(faces), purpose, rule, str(side.faction.id))
    session.rolls.append(result)
    return result


@dataclass(frozen=True)
class ContestResult:
    attack: Roll
    defence: Roll

    @property
    def attacker_wins(self) -> bool:
        return self.attack.total > self.defence.total

    @property
    def defender_wins(self) -> bool:
        return self.attack.total < self.defence.total

    @property
    def tie(self) -> bool:
        return self.attack.total == self.defence.total


def contest(
    session: Session, attacker: Side, defender: Side, purpose: str, *, books: tuple[str, ...] = (),
    rule: str = RULE_ATTACK,
) -> ContestResult:  # fmt: skip
    """Roll both sides; a losing side that holds a Book of Secrets here (faction ids in `books`) rerolls once."""
    result = ContestResult(roll_side(session, attacker, f"{purpose}: attack", rule),
                           roll_side(session, defender, f"{purpose}: defence", rule))  # fmt: skip
    for side, losing in ((attacker, not result.attacker_wins), (defender, not result.defender_wins or result.tie)):
        faction_id = str(side.faction.id)
        if losing and faction_id in books and session.world.orders_of(faction_id).rerolls:
            if not session.use_once(f"book_of_secrets:{faction_id}"):
                continue
            again = roll_side(session, side, f"{purpose}: Book of Secrets reroll", RULE_BOOK)
            mine_attacks = side is attacker
            result = ContestResult(again, result.defence) if mine_attacks else ContestResult(result.attack, again)
    return result
