"""The odds the assistant weighs, exactly, from the dice distributions (seed 002, Attack Procedure; seed 000's
checks): the seam between the assistant and the dice arithmetic.

Seed 002: the attacker rolls 1d10 + its attribute, the defender 1d10 + its own; higher wins, a tie means both
hit. Seed 000: a d20 check against a DC (ties to the defender). Enumerated over every face, never sampled.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import DiceSpec


@dataclass(frozen=True)
class StrikeOdds:
    hit: float  # the attack succeeds (a tie included: both hit)
    counter: float  # the defender's counterattack lands (a miss or a tie)
    tie: float
    damage: float  # expected damage dealt, over every roll
    counter_damage: float  # expected counter damage taken
    kill: float  # the target's HP reached


def strike_odds(attack: int, defence: int, damage: DiceSpec | None, counter: DiceSpec | None, target_hp: int,
                *, multiplier: int = 1) -> StrikeOdds:  # fmt: skip
    win = tie = 0
    for a in range(1, 11):
        for d in range(1, 11):
            win += a + attack > d + defence
            tie += a + attack == d + defence
    p_win, p_tie = win / 100, tie / 100
    p_hit = p_win + p_tie
    dealt = _distribution(damage, multiplier)
    mean = sum(v * p for v, p in dealt.items())
    kill = sum(p for v, p in dealt.items() if v >= target_hp)
    back = _distribution(counter, 1)
    back_mean = sum(v * p for v, p in back.items())
    p_counter = (1 - p_win) if counter is not None else 0.0
    return StrikeOdds(p_hit, p_counter, p_tie, p_hit * mean, p_counter * back_mean, p_hit * kill)


def check_odds(modifier: int, dc: int) -> float:
    """A d20 + `modifier` meeting `dc` (seed 000: a check succeeds when it meets or beats the DC)."""
    return sum(1 for face in range(1, 21) if face + modifier >= dc) / 20


def opposed_odds(modifier: int, opposing: int, dc: int | None = None) -> float:
    """A d20 + `modifier` beating the defender's d20 + `opposing` (ties to the defender), and the DC if any."""
    won = 0
    for a in range(1, 21):
        if dc is not None and a + modifier < dc:
            continue
        won += sum(1 for d in range(1, 21) if a + modifier > d + opposing)
    return won / 400


def _distribution(spec: DiceSpec | None, multiplier: int) -> dict[int, float]:
    if spec is None:
        return {0: 1.0}
    faces: dict[int, float] = {0: 1.0}
    for _ in range(spec.count):
        grown: dict[int, float] = {}
        for total, p in faces.items():
            for face in range(1, spec.sides + 1):
                grown[total + face] = grown.get(total + face, 0.0) + p / spec.sides
        faces = grown
    return {(t + spec.modifier) * spec.multiplier * multiplier: p for t, p in faces.items()}
