"""The goal a generated faction starts with (seed 002, Creating a Faction: "Finally, select a Goal for the
faction."). The goal itself is rolled in `generation.roll_goal`; this names the foe a goal needs."""

from __future__ import annotations

from collections.abc import Sequence

from domain.dice import Dice, DiceSpec
from domain.factionturn.rules.generation import Rolled

RULE_FOE = "seed 002, Destroy the Foe"
# Only Destroy the Foe reads its target: "Destroy a rival faction"; the other goals name no faction the
# engine counts against, so they start with none (docs/rules-notes/factionturn-play.md, Generated goals).
GOALS_NAMING_A_FOE = frozenset({"destroy_the_foe"})


def foe_for(name: str, goal: str, rivals: Sequence[str], dice: Dice) -> Rolled[str | None]:
    """The rival a generated faction's goal is aimed at: a die over the other factions, in list order."""
    others = [r for r in rivals if r != name]
    if goal not in GOALS_NAMING_A_FOE or not others:
        return Rolled(None, ())
    pick = DiceSpec.parse(f"1d{len(others)}").roll(dice, purpose=f"foe of {name}", rule=RULE_FOE, actor=name)
    return Rolled(others[pick.total - 1], (pick,))
