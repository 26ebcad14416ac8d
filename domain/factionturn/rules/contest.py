"""Opposed rolls: 1d10 + a score against 1d10 + a score (seed 002, Attack Procedure).

Bonus dice (from tags, Guards & Wards, Warmage Academy, Surveyors) add d10s and keep the highest one.
A Book of Secrets lets its owner reroll its own roll, or force the enemy to reroll, once per turn
(docs/rules-notes).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import Modifier, Roll, RollRequest, announce
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.world import Session

RULE_ATTACK = "seed 002, Attack Procedure"
RULE_BOOK = "seed 002, Book of Secrets"


@dataclass(frozen=True)
class Side:
    """One side of a contest: who rolls, with which score, and how many bonus dice."""

    faction: FactionView
    attribute: str  # force, cunning, wealth; or "" when `flat` replaces the score (The Wild)
    bonus_dice: int = 0
    flat: int | None = None
    label: str = ""

    @property
    def score(self) -> int:
        return self.flat if self.flat is not None else self.faction.rating(self.attribute)


def roll_side(session: Session, side: Side, purpose: str, rule: str = RULE_ATTACK) -> Roll:
    count = 1 + max(side.bonus_dice, 0)
    source = side.attribute.title() if side.flat is None else side.label or "difficulty"
    expression = "1d10" if count == 1 else f"{count}d10kh1"
    modifiers = (Modifier(source, side.score),)
    announce(session.dice, RollRequest(expression, count, 10, purpose, rule, str(side.faction.id), modifiers))
    faces = tuple(session.dice.roll(10) for _ in range(count))
    result = Roll(expression, faces, modifiers, max(faces), purpose, rule, str(side.faction.id))
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
    session: Session,
    attacker: Side,
    defender: Side,
    purpose: str,
    *,
    books: tuple[str, ...] = (),
    rule: str = RULE_ATTACK,
) -> ContestResult:
    """Roll both sides; a losing side that holds a Book of Secrets here (faction ids in `books`) uses it once
    per turn: it rerolls its own roll or forces the winner to reroll theirs (`book_choice`)."""
    result = ContestResult(
        roll_side(session, attacker, f"{purpose}: attack", rule),
        roll_side(session, defender, f"{purpose}: defence", rule),
    )
    for side in (attacker, defender):  # the attacker first; the defender answers the result as it then stands
        losing = not result.attacker_wins if side is attacker else not result.defender_wins or result.tie
        faction_id = str(side.faction.id)
        if losing and faction_id in books and session.world.orders_of(faction_id).rerolls:
            if not session.use_once(f"book_of_secrets:{faction_id}"):
                continue
            mine_attacks = side is attacker
            own, theirs = (result.attack, result.defence) if mine_attacks else (result.defence, result.attack)
            if book_choice(session, faction_id, max(own.faces), max(theirs.faces)) == FORCE:
                enemy = defender if mine_attacks else attacker
                again = roll_side(session, enemy, f"{purpose}: reroll forced by a Book of Secrets", RULE_BOOK)
                result = ContestResult(result.attack, again) if mine_attacks else ContestResult(again, result.defence)
            else:
                again = roll_side(session, side, f"{purpose}: Book of Secrets reroll", RULE_BOOK)
                result = ContestResult(again, result.defence) if mine_attacks else ContestResult(result.attack, again)
    return result


OWN, FORCE = "own", "force"


def book_choice(session: Session, faction_id: str, own_face: int, their_face: int) -> str:
    """Which die a Book of Secrets rerolls: the holder's order (`FactionOrders.book_of_secrets`: "own" or "force"),
    else the better bet: force the enemy's reroll when its die is further above the average (5.5) than the
    holder's is below it, i.e. when the two faces add up to more than 11."""
    chosen = session.world.orders_of(faction_id).book_of_secrets
    if chosen in (OWN, FORCE):
        return str(chosen)
    return FORCE if own_face + their_face > 11 else OWN
