"""What a resolver sees: the acting house, its pending action, the defender, and the other houses and areas."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.gameofbones.rules import changes
from domain.gameofbones.rules.checks import Contest, attack_modifiers, d20, defence_modifiers, skill_modifier
from domain.gameofbones.rules.effects import Change
from domain.gameofbones.rules.outcomes import Outcome, Skim
from domain.gameofbones.rules.view import known_by, plots_known_by
from domain.gameofbones.tables.actions import ACTIONS, ActionName, ActionRow, Defence, action_rule
from domain.gameofbones.tables.records import Applies, Character, Circumstance, PendingAction, phase_of
from domain.gameofbones.tables.scales import Sizing
from domain.ids import uuid5_text, uuid5_texts

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView, IntelView
    from domain.region import Region

KNOWLEDGE = UUID("6f1c7a52-4d0e-4c1e-9a57-bd1d0f2b8e11")
# The GM's part of a knowledge entry: the truth behind what its holder knows, never shown to the holder's seat
# (service/usecases/visibility.py). An attack keeps there the house a source hunt can trace it to.
GM_ONLY = "gm_only"


@dataclass(frozen=True)
class Scene:
    house: HouseView
    pending: PendingAction
    week: int  # absolute week of resolution
    houses: Mapping[str, HouseView]
    areas: Mapping[str, Region]
    # Each house's orders of this month as they stood when it began: released ones still count against the
    # actions a house may take (a false plot must fit them; false_plots.py).
    booked: Mapping[str, tuple[PendingAction, ...]] = field(default_factory=dict)
    # The houses' knowledge, where the service loaded it (domain/gameofbones/aggregate/intel.py); empty: in the Houses.
    intel: Mapping[str, IntelView] = field(default_factory=dict)

    def known(self, house: HouseView) -> list[dict[str, Any]]:
        """What the rules read of what a house knows (its intel's working set: working_set.py), never from the
        House alone."""
        return known_by(house, self.intel)

    def known_plots(self, house: HouseView) -> list[dict[str, Any]]:
        """The plots a house knows of: `known` less every entry that is not a plot."""
        return plots_known_by(house, self.intel)

    @property
    def name(self) -> ActionName:
        return ActionName(self.pending.action)

    @property
    def row(self) -> ActionRow:
        return ACTIONS[self.name]

    @property
    def rule(self) -> str:
        return action_rule(self.name)

    @property
    def phase(self) -> int:
        return phase_of(self.week)

    @functools.cached_property  # asked once per house by the scans of every house (covert.py), a str(UUID) each
    def house_id(self) -> str:
        return str(self.house.id)

    @property
    def defender(self) -> HouseView | None:
        return self.houses.get(self.pending.target_house_id or "")

    @property
    def counterpart(self) -> HouseView | None:
        """Whose circumstances touch the roll: the defender, or the controller of an assessed area."""
        if self.defender is not None or not self.pending.area_ids:
            return self.defender
        area = self.areas.get(self.pending.area_ids[0])
        owner = self.houses.get(area.controlling_house_id or "") if area else None
        return owner if owner is not None and owner.id != self.house.id else None

    @property
    def actor(self) -> Character:
        return self.house.character(self.pending.actor)

    def outcome(
        self,
        result: str,
        rolls: tuple[Roll, ...] = (),
        effects: tuple[Change, ...] = (),
        *,
        succeeded: bool,
        false: tuple[str, ...] = (),
        skims: tuple[Skim, ...] = (),
    ) -> Outcome:
        """`false`: the ids of the knowledge it gives that is false (GM-side)."""
        defender = self.pending.target_house_id
        return Outcome(
            self.pending.action,
            self.house_id,
            result,
            self.week,
            rolls,
            effects,
            self.pending.id,
            defender,
            succeeded,
            false,
            skims,
        )

    def roll(self, spec: DiceSpec, dice: Dice, purpose: str) -> Roll:
        """A die the action itself rolls (damage, duration, a target): made on the acting house's behalf."""
        return spec.roll(dice, purpose=purpose, rule=self.rule, actor=self.house.name)

    def dc(self) -> int | None:
        """The DC as it stands at resolution: own Rank now, the target's level, the power moved."""
        if self.row.dc is None:
            return None
        level = 0
        defender = self.defender
        if defender is not None:
            name = self.pending.target_character
            level = defender.character(name).level if name else defender.leader.level
        power = int(self.pending.params.get("power", 0))
        return self.row.dc(Sizing(own_rank=self.house.rank, target_level=level, power=power))

    def bonus(self) -> Modifier:
        return Modifier(f"Action Bonus (action {self.pending.ordinal} of the month)", self.pending.bonus)

    def skill_modifiers(self, skill: str, defender: HouseView | None) -> list[Modifier]:
        """What adds to the acting leader's d20 (the odds read these too: domain/odds/)."""
        return [
            skill_modifier(self.actor, skill),
            self.bonus(),
            *attack_modifiers(self.house, defender, self.name, self.phase, skill_check=True),
        ]

    def skill_check(self, skill: str, defender: HouseView | None, *, purpose: str = "", dice: Dice) -> Roll:
        mods = self.skill_modifiers(skill, defender)
        return d20(dice, mods, purpose=purpose or f"{self.name.value}: {skill}", rule=self.rule, actor=self.actor.name)

    def defence_modifiers(self, defender: HouseView, skill: str) -> list[Modifier]:
        """What adds to the defender's opposing d20: its best roller's skill, its defence, circumstances."""
        return [
            skill_modifier(defender.best(skill), skill),
            *defence_modifiers(defender, self.house, self.name, self.row.defence, self.phase, skill_check=True),
        ]

    def defence_check(self, defender: HouseView, skill: str, dice: Dice) -> Roll:
        roller = defender.best(skill)
        mods = self.defence_modifiers(defender, skill)
        actor = roller.name if roller else defender.name
        return d20(
            dice, mods, purpose=f"{self.name.value}: {defender.name} opposes with {skill}", rule=self.rule, actor=actor
        )

    def contest(self, dice: Dice) -> Contest:
        """The action's own skill check as its row says, against its DC and the defender's opposing skill."""
        row, defender = self.row, self.defender
        attack = self.skill_check(str(row.skill), self.counterpart, dice=dice)
        defence = self.defence_check(defender, str(row.opposed_by), dice) if defender and row.opposed_by else None
        return Contest(attack, defence, self.dc())

    def knowledge(self, holder: str, kind: str, index: int = 0, **fields: Any) -> dict[str, Any]:
        return {
            "id": self.knowledge_id(holder, kind, index),
            "kind": kind,
            "phase": self.phase,
            "week": self.week,
            **fields,
        }

    def knowledge_id(self, holder: str, kind: str, index: int = 0) -> str:
        """The id of the `knowledge` entry `holder` is given of this scene."""
        return uuid5_text(KNOWLEDGE, f"{self.pending.id}:{holder}:{kind}:{index}")

    def knowledge_ids(self, holders: Iterable[str], kind: str, index: int = 0) -> dict[str, str]:
        """`knowledge_id` of each holder, in their order (a troop movement names one for every other house)."""
        named = list(holders)
        tails = [f"{holder}:{kind}:{index}" for holder in named]
        return dict(zip(named, uuid5_texts(KNOWLEDGE, f"{self.pending.id}:", tails), strict=True))

    def learns(self, holder: str, knowledge: dict[str, Any]) -> Change:
        """`holder` learns it: in its intel, where the service loaded one (changes.knowledge)."""
        return changes.knowledge(holder, knowledge, self.intel)

    def told_id(self) -> str:
        """The id of what `tell_defender` tells the defender."""
        return str(self.knowledge(self.pending.target_house_id or "", "attack")["id"])

    def tell_defender(self, result: str, *, reveal: bool = True, **fields: Any) -> Change:
        """The defender learns what befell it; a Cover Up (or the action's nature) hides who did it. Seed 000,
        Cover Up: "all evidence tying the noble house to the action … is destroyed", so nothing is left to trace."""
        holder = self.pending.target_house_id or ""
        traceable = None if self.pending.covered else self.house_id
        aggressor = traceable if reveal else None
        told = self.knowledge(
            holder, "attack", action=self.pending.action, aggressor_house_id=aggressor, result=result, **fields
        )
        return self.learns(holder, told | {GM_ONLY: {"source_house_id": traceable}})

    def circumstance(
        self, holder: str, applies: Applies, value: int, *, months: int | None = 1, start_next: bool = False, **kw: Any
    ) -> Change:
        """From now through next month (`months=1`), or only next month (`start_next`); None: until used."""
        start = self.phase + 1 if start_next else self.phase
        until = None if months is None else start + months - (1 if start_next else 0)
        key = f"{self.pending.id}:{holder}:{applies.value}"
        source = kw.pop("source", self.pending.action)
        circumstance = Circumstance(uuid5_text(KNOWLEDGE, key), source, value, applies, start, until, **kw)
        return changes.circumstance(holder, circumstance)


def rank_check_modifiers(scene: Scene, defender: HouseView) -> tuple[list[Modifier], list[Modifier]]:
    """Attacker: the current Action Bonus stands in for Rank. Defender: effective Rank plus its defence."""
    attack = [scene.bonus(), *attack_modifiers(scene.house, defender, scene.name, scene.phase, skill_check=False)]
    defence = [
        Modifier("Rank", defender.effective_rank(scene.phase)),
        *defence_modifiers(defender, scene.house, scene.name, Defence.POWER, scene.phase, skill_check=False),
    ]
    return attack, defence
