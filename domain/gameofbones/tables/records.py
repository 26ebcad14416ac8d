"""The records a House keeps: its people, circumstances, pending actions, spies and damaged areas."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from domain.campaign import clean_name
from domain.errors import InvalidInputError
from domain.gameofbones.tables.gains import Skill, member_power, priest_influence

WEEKS_PER_MONTH = 4


def absolute_week(phase: int, week: int) -> int:
    """Weeks counted from the campaign's first phase: phase 1 week 1 is week 1."""
    return (phase - 1) * WEEKS_PER_MONTH + week


def phase_of(week: int) -> int:
    return (week - 1) // WEEKS_PER_MONTH + 1


def week_of_month(week: int) -> tuple[int, int]:
    """A campaign week as (month, week within it, 1-4): what an order's `start_week` means."""
    return phase_of(week), (week - 1) % WEEKS_PER_MONTH + 1


def week_fields(week: int) -> dict[str, int]:
    """A campaign week as every view shows it: the week itself, its month and the week within that month."""
    month, within = week_of_month(week)
    return {"week": week, "month": month, "week_of_month": within}


# A record's campaign-week key, and the key beside it that gives the same week as month and week within it.
DATED_KEYS = {
    "week": "when",
    "expected_week": "expected",
    "start_week": "starts",
    "resolve_week": "resolves",
    "release_week": "releases",
}


def dated(record: Any) -> Any:
    """A record (a pending action, a knowledge entry with its plans and plots) with each campaign week also as
    its month and week within: `week` gains `when`, `expected_week` `expected`, `start_week` `starts`… at every
    depth. What every view shows of a Game of Bones week (issue 15)."""
    if isinstance(record, list):
        return [dated(item) for item in record]
    if not isinstance(record, dict):
        return record
    shown = {key: dated(value) for key, value in record.items()}
    for key, label in DATED_KEYS.items():
        if isinstance(record.get(key), int) and not isinstance(record[key], bool):
            shown[label] = week_fields(record[key])
    return shown


# Every skill seed 000's actions check, in the order a made-up character (a preset's, the simulation's) holds them.
EVERY_SKILL: tuple[str, ...] = tuple(
    skill.value
    for skill in (
        Skill.GATHER_INFORMATION,
        Skill.SENSE_MOTIVE,
        Skill.DIPLOMACY,
        Skill.BLUFF,
        Skill.INNUENDO,
        Skill.INTIMIDATE,
        Skill.HIDE,
        Skill.PROFESSION_MERCHANT,
        Skill.REFLEX_SAVE,
    )
)


class Status(StrEnum):
    ACTIVE = "active"
    DEAD = "dead"
    CAPTURED = "captured"


@dataclass(frozen=True)
class Character:
    """The leader or a lieutenant: level or Hit Dice and the skill modifiers the actions use."""

    name: str
    level: int
    skills: dict[str, int] = field(default_factory=dict, hash=False)
    status: Status = Status.ACTIVE

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))  # a snapshot may hand back the plain value

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE

    def modifier(self, skill: str) -> int:
        return self.skills.get(skill, 0)

    @classmethod
    def trained(cls, name: str, level: int) -> Character:
        """A made-up character with its level as its modifier in every skill (`EVERY_SKILL`)."""
        return cls(name, level, dict.fromkeys(EVERY_SKILL, level))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "level": self.level, "skills": dict(self.skills), "status": self.status.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Character:
        return cls(data["name"], int(data["level"]), dict(data["skills"]), Status(data["status"]))


def check_character(character: Character) -> None:
    clean_name(character.name, "character")
    if character.level < 1:
        raise InvalidInputError(f"{character.name} needs at least one level or Hit Die, not {character.level}")


@dataclass(frozen=True)
class Member:
    """Someone who gives the house power by the Gaining Power table."""

    name: str
    classes: dict[str, int] = field(hash=False)

    @property
    def power(self) -> int:
        return member_power(self.classes)


@dataclass(frozen=True)
class Priest:
    name: str
    level: int
    fatespinner_priestess: bool

    @property
    def influence(self) -> int:
        return priest_influence(self.level, self.fatespinner_priestess)


class Applies(StrEnum):
    AGAINST_HOLDER = "aggressors' checks against the holder"
    HOLDER_ATTACKS = "the holder's checks as aggressor"
    HOLDER_DEFENCE = "the holder's checks as defender"
    DEFENCE_AGAINST_HOLDER = "defenders' checks against the holder"
    EFFECTIVE_RANK = "the holder's effective rank"
    EFFECTIVE_INFLUENCE = "the holder's effective influence"
    SOURCE_HUNT = "the holder's next Gather Information check to find an attack's source"


@dataclass(frozen=True)
class Circumstance:
    """A modifier with a source and a span of phases (inclusive); `until_phase` None lasts until used."""

    id: str
    source: str
    value: int
    applies: Applies
    from_phase: int
    until_phase: int | None
    actions: tuple[str, ...] = ()  # empty: every action
    other_house_id: str | None = None  # the counterpart it is limited to
    skill_checks_only: bool = False
    then_influence: int = 0  # a permanent influence change when it expires (Wrest Control)
    knowledge_id: str | None = None  # the knowledge entry it concerns: a source hunt's attack

    def __post_init__(self) -> None:
        object.__setattr__(self, "applies", Applies(self.applies))
        object.__setattr__(self, "actions", tuple(self.actions))

    def active(self, phase: int) -> bool:
        return self.from_phase <= phase and (self.until_phase is None or phase <= self.until_phase)

    def matches(self, applies: Applies, phase: int, action: str, other: str | None, skill_check: bool) -> bool:
        return (
            self.applies is applies
            and self.active(phase)
            and (not self.actions or action in self.actions)
            and (self.other_house_id is None or self.other_house_id == other)
            and (skill_check or not self.skill_checks_only)
        )

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["applies"] = self.applies.value
        data["actions"] = list(self.actions)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Circumstance:
        return cls(**{**data, "applies": Applies(data["applies"]), "actions": tuple(data["actions"])})


@dataclass(frozen=True)
class PendingAction:
    """An ordered action: its resources stay dedicated until `release_week` (absolute weeks)."""

    id: str
    action: str
    actor: str
    ordinal: int  # the k-th action of its month; 0 for moves that are not actions
    bonus: int  # the k-th entry of the Action Bonus when ordered
    phase: int
    start_week: int
    resolve_week: int
    release_week: int
    dedicated_influence: int = 0
    dedicated_power: int = 0
    gold: int = 0
    target_house_id: str | None = None
    target_character: str | None = None
    area_ids: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    resolved: bool = False
    covered: bool = False
    narrative: str = ""  # the player's own words (issue 28); an action ordered before it has none

    @property
    def counts_as_action(self) -> bool:
        return self.ordinal > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["area_ids"] = list(self.area_ids)
        if not self.narrative:  # an order without words is written as before narratives were kept (issue 28)
            del data["narrative"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PendingAction:
        return cls(**{**data, "area_ids": tuple(data["area_ids"]), "params": dict(data["params"])})


@dataclass(frozen=True)
class Spy:
    """A Poison Pill spy planted in `target_house_id`."""

    target_house_id: str
    bonus: int
    months: int
    planted_phase: int


@dataclass(frozen=True)
class AreaDamage:
    """Vandalism: weeks of no income, weeks at half income, and repairs owed before more than 30%."""

    area_id: str
    dark_weeks: int = 0
    half_weeks: int = 0
    repair_cost: int = 0

    def income_percent(self) -> int:
        if self.dark_weeks:
            return 0
        if self.repair_cost:
            return 30
        return 50 if self.half_weeks else 100

    def after_a_week(self) -> AreaDamage:
        if self.dark_weeks:
            return AreaDamage(self.area_id, self.dark_weeks - 1, self.half_weeks, self.repair_cost)
        return AreaDamage(self.area_id, 0, max(0, self.half_weeks - 1), self.repair_cost)

    @property
    def healed(self) -> bool:
        return not (self.dark_weeks or self.half_weeks or self.repair_cost)
