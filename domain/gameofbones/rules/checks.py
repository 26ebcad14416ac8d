"""Seed 000, "Rank Checks" and the skill checks of the actions: who rolls, what adds, who wins."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.gameofbones.tables.actions import ActionName, Defence
from domain.gameofbones.tables.records import Applies, Character

RANK_CHECK_RULE = "seed 000, Rank Checks"
D20 = DiceSpec(1, 20)

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView


def d20(dice: Dice, modifiers: Iterable[Modifier], *, purpose: str, rule: str, actor: str) -> Roll:
    return D20.roll(dice, purpose=purpose, rule=rule, actor=actor, modifiers=[m for m in modifiers if m.value])


@dataclass(frozen=True)
class Contest:
    """An attack roll against a DC, an opposing roll, or both; ties go to the defender."""

    attack: Roll
    defence: Roll | None = None
    dc: int | None = None

    @property
    def success(self) -> bool:
        beats_dc = self.dc is None or self.attack.total >= self.dc
        return beats_dc and (self.defence is None or self.attack.total > self.defence.total)

    @property
    def margin(self) -> int:
        """How far the attack won by: against the opposing roll when there is one, else against the DC."""
        if not self.success:
            return 0
        if self.defence is not None:
            return self.attack.total - self.defence.total
        return self.attack.total - (self.dc or 0)

    @property
    def shortfall(self) -> int:
        """How far the attack failed by: the larger of the gap to the DC and the gap to the opposing roll."""
        if self.success:
            return 0
        gaps = [0]
        if self.dc is not None:
            gaps.append(self.dc - self.attack.total)
        if self.defence is not None:
            gaps.append(self.defence.total - self.attack.total)
        return max(gaps)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.attack,) if self.defence is None else (self.attack, self.defence)


def skill_modifier(character: Character | None, skill: str) -> Modifier:
    if character is None:
        return Modifier(f"no one free to roll {skill}", 0)
    return Modifier(f"{character.name}'s {skill}", character.modifier(skill))


def circumstances(
    holder: HouseView, applies: Applies, phase: int, action: ActionName, other: str | None, skill_check: bool
) -> list[Modifier]:
    return [
        Modifier(c.source, c.value)
        for c in holder.circumstances
        if c.matches(applies, phase, action.value, other, skill_check)
    ]


def attack_modifiers(
    aggressor: HouseView,
    defender: HouseView | None,
    action: ActionName,
    phase: int,
    *,
    skill_check: bool,
    spy: bool = True,
) -> list[Modifier]:
    """Circumstances on either side that touch the aggressor's roll, and a planted spy's bonus."""
    other = str(defender.id) if defender else None
    mods = circumstances(aggressor, Applies.HOLDER_ATTACKS, phase, action, other, skill_check)
    if defender is not None:
        mods += circumstances(defender, Applies.AGAINST_HOLDER, phase, action, str(aggressor.id), skill_check)
        planted = aggressor.spies.get(str(defender.id))
        if planted is not None and spy:
            mods.append(Modifier("Poison Pill spy", planted.bonus))
    return mods


def defence_modifiers(
    defender: HouseView,
    aggressor: HouseView,
    action: ActionName,
    defence: Defence | None,
    phase: int,
    *,
    skill_check: bool,
) -> list[Modifier]:
    """The defence matching what the aggressor dedicates, plus circumstances on the defender's checks."""
    mods: list[Modifier] = []
    if defence is not None:
        pair = defender.defences(phase)
        value = pair.influence if defence is Defence.INFLUENCE else pair.power
        mods.append(Modifier(f"{defence.value.title()} Defence", value))
    mods += circumstances(defender, Applies.HOLDER_DEFENCE, phase, action, str(aggressor.id), skill_check)
    mods += circumstances(aggressor, Applies.DEFENCE_AGAINST_HOLDER, phase, action, str(defender.id), skill_check)
    return mods
