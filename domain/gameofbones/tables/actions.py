"""Seed 000, "Taking Action": the fifteen actions as rows of data; costs that scale are `Scale` values (scales.py)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.scales import (
    NOTHING,
    Scale,
    Unit,
    flat,
    per_1000_power,
    per_area,
    per_own_rank,
    per_target_level,
    per_target_rank,
)


class ActionName(StrEnum):
    ASSASSINATION = "Assassination"
    ASSAULT = "Assault"
    COUNTERINTELLIGENCE = "Counterintelligence"
    COVER_UP = "Cover Up"
    DIVINE_PETITION = "Divine Petition"
    EXTORTION = "Extortion"
    FORCE_ASSESSMENT = "Force Assessment"
    FRAME_UP = "Frame Up"
    INTELLIGENCE_GATHERING = "Intelligence Gathering"
    POISON_PILL = "Poison Pill"
    PUBLIC_RELATIONS_CAMPAIGN = "Public Relations Campaign"
    SMEAR_CAMPAIGN = "Smear Campaign"
    TROOP_MOVEMENTS = "Troop Movements"
    VANDALISM = "Vandalism"
    WREST_CONTROL = "Wrest Control"


class Target(StrEnum):
    OWN = "own house"
    HOUSE = "a rival house"
    CHARACTER = "a leader or lieutenant of a rival house"
    AREAS = "areas controlled by a rival house"
    ANY_AREAS = "any areas"
    MOVE = "a move between two areas"
    ACTION = "one of your own actions"


class Defence(StrEnum):
    INFLUENCE = "influence"
    POWER = "power"


RANK_CHECK = "rank check"


@dataclass(frozen=True)
class ActionRow:
    name: ActionName
    influence_requirement: Scale
    power_requirement: Scale
    dedicated_influence: Scale
    dedicated_power: Scale
    gold: Scale
    weeks: int | None  # None: as long as the covered action
    skill: Skill | str  # a Skill, or RANK_CHECK
    dc: Scale | None
    opposed_by: Skill | str | None  # a Skill, RANK_CHECK, or None when unopposed
    target: Target
    defence: Defence | None = None  # which defence the defender adds; None for actions not aimed at a house
    resolves_after_weeks: int | None = None  # earlier than `weeks` when the effect lands before release

    @property
    def hostile(self) -> bool:
        return self.defence is not None


A = ActionName
ACTION_TABLE: tuple[ActionRow, ...] = (
    ActionRow(
        A.ASSASSINATION,
        flat(500),
        flat(100),
        per_target_level(1_000),
        NOTHING,
        per_target_level(1_000),
        2,
        Skill.GATHER_INFORMATION,
        per_target_level(1, 20),
        Skill.GATHER_INFORMATION,
        Target.CHARACTER,
        Defence.INFLUENCE,
    ),
    ActionRow(
        A.ASSAULT,
        NOTHING,
        Scale(0, 1, Unit.POWER),
        NOTHING,
        Scale(0, 1, Unit.POWER),
        per_1000_power(500),
        1,
        RANK_CHECK,
        None,
        RANK_CHECK,
        Target.AREAS,
        Defence.POWER,
    ),
    ActionRow(
        A.COUNTERINTELLIGENCE,
        flat(5_000),
        flat(1_000),
        per_own_rank(500),
        NOTHING,
        NOTHING,
        4,
        Skill.GATHER_INFORMATION,
        flat(25),
        None,
        Target.OWN,
    ),
    ActionRow(
        A.COVER_UP,
        Scale(0, 1, Unit.COVERED_REQUIREMENTS),
        NOTHING,
        per_own_rank(250),
        NOTHING,
        NOTHING,
        None,
        Skill.DIPLOMACY,
        flat(25),
        None,
        Target.ACTION,
    ),
    ActionRow(
        A.DIVINE_PETITION,
        flat(20_000),
        NOTHING,
        flat(10_000),
        NOTHING,
        flat(5_000),
        4,
        Skill.BLUFF,
        flat(30),
        None,
        Target.OWN,
    ),
    ActionRow(
        A.EXTORTION,
        flat(1_000),
        flat(2_000),
        NOTHING,
        per_area(500),
        per_area(200, 500),
        4,
        Skill.INTIMIDATE,
        flat(20),
        Skill.SENSE_MOTIVE,
        Target.AREAS,
        Defence.POWER,
    ),
    ActionRow(
        A.FORCE_ASSESSMENT,
        flat(3_000),
        NOTHING,
        per_area(200),
        NOTHING,
        per_area(1_000),
        1,
        Skill.GATHER_INFORMATION,
        flat(20),
        None,
        Target.ANY_AREAS,
    ),
    ActionRow(
        A.FRAME_UP,
        flat(3_000),
        flat(2_000),
        per_target_rank(1_000),
        NOTHING,
        per_target_rank(500, 1_000),
        4,
        Skill.GATHER_INFORMATION,
        flat(25),
        Skill.SENSE_MOTIVE,
        Target.HOUSE,
        Defence.INFLUENCE,
    ),
    ActionRow(
        A.INTELLIGENCE_GATHERING,
        flat(1_000),
        NOTHING,
        flat(1_000),
        NOTHING,
        flat(500),
        1,
        Skill.GATHER_INFORMATION,
        flat(20),
        None,
        Target.OWN,
    ),
    ActionRow(
        A.POISON_PILL,
        flat(5_000),
        flat(1_000),
        per_target_rank(500),
        NOTHING,
        per_target_rank(1_000),
        8,
        Skill.SENSE_MOTIVE,
        flat(25),
        Skill.GATHER_INFORMATION,
        Target.HOUSE,
        Defence.INFLUENCE,
    ),
    ActionRow(
        A.PUBLIC_RELATIONS_CAMPAIGN,
        per_own_rank(1_000),
        NOTHING,
        per_own_rank(500),
        NOTHING,
        per_own_rank(2_000),
        12,
        Skill.DIPLOMACY,
        per_own_rank(1, 10),
        None,
        Target.OWN,
    ),
    ActionRow(
        A.SMEAR_CAMPAIGN,
        flat(5_000),
        NOTHING,
        per_target_rank(1_000),
        NOTHING,
        per_target_rank(2_000),
        4,
        Skill.INNUENDO,
        per_target_level(1, 20),
        Skill.SENSE_MOTIVE,
        Target.HOUSE,
        Defence.INFLUENCE,
    ),
    ActionRow(
        A.TROOP_MOVEMENTS,
        Scale(0, 1_000, Unit.POWER_5000),
        NOTHING,
        NOTHING,
        NOTHING,
        per_1000_power(100),
        4,
        Skill.HIDE,
        per_1000_power(5, 10),
        None,
        Target.MOVE,
        None,
        1,
    ),
    ActionRow(
        A.VANDALISM,
        flat(500),
        per_area(1_000, 2_000),
        NOTHING,
        per_area(500),
        per_area(100, 200),
        1,
        RANK_CHECK,
        flat(15),
        RANK_CHECK,
        Target.AREAS,
        Defence.POWER,
    ),
    ActionRow(
        A.WREST_CONTROL,
        flat(5_000),
        flat(1_000),
        NOTHING,
        flat(5_000),
        flat(10_000),
        4,
        RANK_CHECK,
        flat(15),
        RANK_CHECK,
        Target.AREAS,
        Defence.POWER,
    ),
)
ACTIONS = {row.name: row for row in ACTION_TABLE}
ACTION_RULE = "seed 000, Taking Action"


def action_rule(name: ActionName) -> str:
    return f"seed 000, {name.value}"
