"""The Campaign aggregate: one game world, its rule systems, its members and its phases."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.domain import event

from domain.assistant_ledger import AssistantLedger
from domain.dice import Roll
from domain.dice_source import DiceSourceLedger
from domain.errors import InvalidInputError, RuleViolationError
from domain.gm_ledger import GMLedger
from domain.history import Rewindable, leaner
from domain.ids import CANONICAL
from domain.inputs import storable_text


class RuleSystemName(StrEnum):
    FACTION_TURN = "factionturn"
    GAME_OF_BONES = "gameofbones"


class CampaignPreset(StrEnum):
    """What a new campaign starts with: seed 002's worked-example map alone, its worked example (the five factions
    and The Wild), or the demo (the worked example and three houses playing the Game of Bones); docs/console.md."""

    DEMO = "demo"
    WORKED_EXAMPLE = "worked_example"
    EMPTY_MAP = "empty_map"


class PhaseStatus(StrEnum):
    SETUP = "setup"  # no phase opened yet
    OPEN = "open"  # orders may be submitted and amended
    RESOLVING = "resolving"  # turns are being resolved one at a time
    RESOLVED = "resolved"


def parse_rule_systems(names: list[str]) -> list[str]:
    if not names:
        raise InvalidInputError("a campaign runs at least one rule system: factionturn, gameofbones or both")
    known = {s.value for s in RuleSystemName}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise InvalidInputError(f"unknown rule system {unknown[0]!r}; choose from {sorted(known)}")
    return sorted(set(names))


def clean_name(name: str, what: str) -> str:
    cleaned = name.strip()
    if not cleaned:
        raise InvalidInputError(f"a {what} needs a name")
    if len(cleaned) > 200:
        raise InvalidInputError(f"a {what} name is at most 200 characters")
    storable_text(f"the {what} name", cleaned)  # a seat's name goes to the seats table, not through an event
    return cleaned


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class Campaign(Rewindable, GMLedger, AssistantLedger, DiceSourceLedger):
    """Owns the phase clock and the list of every aggregate that belongs to the campaign; and, as a
    `GMLedger`, the GM's custom asset types and actions and the phase chronicle."""

    # Events no command on a member decides on: the GM's dice and the chronicle's lines. A command that read the
    # campaign and wrote only members does not conflict with them (docs/architecture.md, Races; issue 26).
    UNREAD_BY_MEMBERS: ClassVar[frozenset[str]] = frozenset(
        {"DiceRolled", "DiceSourceSet", "TurnSummaryWritten", "GossipWritten", "GossipDrafted", "ChroniclePublished"}
    )

    @classmethod
    def start(cls, name: str, rule_systems: list[str], dice_seed: str | None = None) -> Campaign:
        if dice_seed is not None and not dice_seed.strip():
            raise InvalidInputError("a dice seed, when given, must not be blank")
        return cls(clean_name(name, "campaign"), parse_rule_systems(rule_systems), dice_seed)

    @event("Created")
    def __init__(self, name: str, rule_systems: list[str], dice_seed: str | None) -> None:
        self.name = name
        self.rule_systems = list(rule_systems)
        self.dice_seed = dice_seed
        self.phase = 0
        self.phase_status = PhaseStatus.SETUP.value
        self.members: dict[str, str] = {}  # aggregate id -> kind ("region", "faction", "house")
        self.rolls_recorded = 0
        self.initiative: dict[str, Any] | None = None

    def runs(self, system: RuleSystemName) -> bool:
        return system.value in self.rule_systems

    def check_runs(self, system: RuleSystemName) -> None:
        if not self.runs(system):
            raise RuleViolationError(f"campaign {self.name!r} does not run {system.value}", "campaign rule systems")

    def member_ids(self, kind: str | None = None) -> list[UUID]:
        return [UUID(i) for i, k in self.members.items() if kind is None or k == kind]

    def member_keys(self, kind: str) -> list[str]:
        """`member_ids(kind)` as text, each as `str` gives a UUID; a key already so is taken as it is, without the
        UUID made and printed again (issue 31, P6: a phase's resolution names its 150 factions and houses so)."""
        return [i if CANONICAL.fullmatch(i) else str(UUID(i)) for i, k in self.members.items() if k == kind]

    def enrol(self, member_id: UUID, kind: str) -> None:
        if str(member_id) in self.members:
            raise InvalidInputError(f"{kind} {member_id} already belongs to this campaign")
        self._enrolled(str(member_id), kind)

    @event("MemberEnrolled")
    def _enrolled(self, member_id: str, kind: str) -> None:
        self.members[member_id] = kind

    def open_phase(self) -> None:
        if self.phase_status not in (PhaseStatus.SETUP, PhaseStatus.RESOLVED):
            raise RuleViolationError(f"phase {self.phase} is still {self.phase_status}", "design: phase lifecycle")
        self._phase_opened(self.phase + 1)

    @event("PhaseOpened")
    def _phase_opened(self, phase: int) -> None:
        self.phase = phase
        self.phase_status = PhaseStatus.OPEN.value

    @event("Forked")
    def _forked(self, source_id: UUID, phase: int, name: str) -> None:
        """Issue 32: this campaign's first events are campaign `source_id`'s up to the end of its phase `phase`,
        copied with new ids (service/usecases/forks.py writes this event after them)."""
        self.name = name
        self.forked_from: dict[str, Any] | None = {"campaign_id": str(source_id), "phase": phase}

    def _kept_on_restore(self) -> dict[str, Any]:
        # A fork's name and origin are not state of a phase: a rollback past the fork point keeps them.
        origin = vars(self).get("forked_from")
        return {"name": self.name, "forked_from": origin} if origin else {}

    def phases_reached(self) -> int:
        """The highest phase ever opened, a rollback's included: where the campaign's phase chronicles stop
        (domain/phase_chronicle.py). A method, not a property: properties go into the read model's state."""
        return max(self.phase, int(vars(self).get("_reached", 0)))

    def begin_resolving(self) -> None:
        if self.phase_status != PhaseStatus.OPEN:
            raise RuleViolationError(f"phase {self.phase} is {self.phase_status}, not open", "design: phase lifecycle")
        self._resolution_began(self.phase)

    @event("PhaseResolutionBegan")
    def _resolution_began(self, phase: int) -> None:
        self.phase_status = PhaseStatus.RESOLVING.value

    def resolve_phase(self, summary: dict[str, Any] | None = None) -> None:
        if self.phase_status not in (PhaseStatus.OPEN, PhaseStatus.RESOLVING):
            raise RuleViolationError(f"phase {self.phase} is {self.phase_status}", "design: phase lifecycle")
        self._phase_resolved(self.phase, summary or {})

    @event("PhaseResolved")
    def _phase_resolved(self, phase: int, summary: dict[str, Any]) -> None:
        self.phase_status = PhaseStatus.RESOLVED.value

    def check_phase_open(self) -> None:
        if self.phase_status not in (PhaseStatus.OPEN, PhaseStatus.RESOLVING):
            raise RuleViolationError(
                f"orders need an open phase; phase {self.phase} is {self.phase_status}", "design: phase lifecycle"
            )

    def record_roll(self, roll: Roll) -> None:
        """A GM's ad hoc roll, kept in the audit trail with its faces."""
        if not roll.purpose.strip():
            raise InvalidInputError("say what the roll is for")
        self._dice_rolled(self.phase, roll.to_dict())

    @event("DiceRolled")
    def _dice_rolled(self, phase: int, roll: dict[str, Any]) -> None:
        self.rolls_recorded += 1

    def record_initiative(self, system: str, rolls: list[dict[str, Any]], order: list[str]) -> None:
        """The turn order a rule system rolled for this phase (seed 002, The Faction Phase)."""
        self._initiative_rolled(self.phase, system, rolls, order)

    @event("InitiativeRolled")
    def _initiative_rolled(self, phase: int, system: str, rolls: list[dict[str, Any]], order: list[str]) -> None:
        self.initiative = {"phase": phase, "system": system, "order": list(order)}

    def record_generation(self, rolls_by_name: dict[str, list[dict[str, Any]]]) -> None:
        """Seed 002, Creating a Faction: every die rolled to generate factions, kept with the campaign."""
        self._factions_generated(rolls_by_name)

    @event("FactionsGenerated")
    def _factions_generated(self, rolls_by_name: dict[str, list[dict[str, Any]]]) -> None:
        pass

    def check_can_roll_back(self, to_phase: int, reason: str) -> None:
        if not reason.strip():
            raise InvalidInputError("a rollback needs a reason")
        if not 1 <= to_phase <= self.phase:
            raise InvalidInputError(f"phase {to_phase} has not been played; the campaign is in phase {self.phase}")
        if to_phase == self.phase and self.phase_status == PhaseStatus.OPEN:
            raise RuleViolationError(f"phase {to_phase} is open and unresolved; nothing to roll back", "design: rewind")

    def roll_back(
        self, to_phase: int, reason: str, seat: str, reverted: dict[str, list[int]], reached: int = 0
    ) -> None:
        """Reopen `to_phase` once every member has been restored to its start (design: rewind). `reached`: the
        highest phase opened before the restore, kept (`phases_reached`)."""
        if not reason.strip():
            raise InvalidInputError("a rollback needs a reason")
        self._rolled_back(to_phase, reason.strip(), seat, reverted, max(reached, self.phases_reached()))

    @event("PhaseRolledBack")
    def _rolled_back(
        self, to_phase: int, reason: str, seat: str, reverted: dict[str, list[int]], reached: int = 0
    ) -> None:
        self.phase = to_phase
        self.phase_status = PhaseStatus.OPEN.value
        if reached > to_phase:
            self._reached = reached
