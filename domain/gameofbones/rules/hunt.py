"""Seed 000, Assassination: the targeted house's Gather Information check "to determine where the attack came from".

Not an action: an immediate check, once per attack a month, at DC 20 (docs/rules-notes/gameofbones.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from uuid import uuid5

from domain.dice import Dice, Modifier, Roll
from domain.errors import NotFoundError, RuleViolationError
from domain.gameofbones.rules.checks import d20, skill_modifier
from domain.gameofbones.rules.effects import Change, CircumstanceEnded, KnowledgeGained
from domain.gameofbones.rules.scene import GM_ONLY, KNOWLEDGE
from domain.gameofbones.rules.view import known_by
from domain.gameofbones.tables.enums import HuntResult
from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.records import Applies, Circumstance

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView, IntelView

HUNT_RULE = "seed 000, Assassination: Failure Result (finding where the attack came from)"
HUNT_DC = 20  # as Intelligence Gathering, the seed's Gather Information check into actions against the house


@dataclass(frozen=True)
class SourceHunt:
    """One check: its roll, the knowledge it gives the house, the captured assassin's +10 it used up, and the
    changes that record them (the house learns what it found; the +10 is gone, whatever it found: "the next …
    check"), for `record_hunt` (resolution/ledger.py)."""

    roll: Roll
    knowledge: dict[str, Any] = field(hash=False)
    used: Circumstance | None = None
    changes: tuple[Change, ...] = field(default=(), hash=False)

    @property
    def found(self) -> bool:
        return self.knowledge["aggressor_house_id"] is not None


def hunt_source(house: HouseView, attack_id: str, phase: int, dice: Dice, intel: IntelView | None = None) -> SourceHunt:
    """d20 + the house's best Gather Information (+10 for this attack's captured assassin) against DC 20.
    `intel`: the house's own (domain/gameofbones/aggregate/intel.py); without it, its knowledge is in the House."""
    attack = traceable_attack(house, attack_id, phase, intel)
    roller = house.best(Skill.GATHER_INFORMATION)
    used = captured_assassin(house, attack_id, phase)
    mods = [skill_modifier(roller, Skill.GATHER_INFORMATION), *([Modifier(used.source, used.value)] if used else [])]
    roll = d20(
        dice,
        mods,
        purpose=f"Source hunt: {attack['action']} ({attack['result']})",
        rule=HUNT_RULE,
        actor=roller.name if roller else house.name,
    )
    source = attack.get(GM_ONLY, {}).get("source_house_id")  # None: covered up, or recorded before it was kept
    found = source if roll.total >= HUNT_DC else None
    result = (
        HuntResult.FOUND if found else HuntResult.EVIDENCE_DESTROYED if roll.total >= HUNT_DC else HuntResult.NOT_FOUND
    ).value
    knowledge = {
        "id": str(uuid5(KNOWLEDGE, f"{attack_id}:source:{phase}")),
        "kind": "source",
        "phase": phase,
        "attack_id": attack_id,
        "action": attack["action"],
        "aggressor_house_id": found,
        "result": result,
        "roll": roll.to_dict(),
    }
    learned = Change(str((intel or house).id), KnowledgeGained(dict(knowledge)))
    ended = (Change(str(house.id), CircumstanceEnded(used.id, "used: source hunt")),) if used is not None else ()
    return SourceHunt(roll, knowledge, used, (learned, *ended))


def traceable_attack(house: HouseView, attack_id: str, phase: int, intel: IntelView | None = None) -> dict[str, Any]:
    """An attack on this house whose author it does not know yet, not hunted already this month."""
    if house.destroyed:
        raise RuleViolationError(f"{house.name} is destroyed", "seed 000, Destroying an Enemy House")
    knowledge = known_by(house, {str(house.id): intel} if intel else {})
    # An entry of another kind is refused as unknown: the intel keeps only what the rules read of it (working_set.py),
    # so a plot or troops assessed may have left it, and the answer must not depend on when.
    entry = next((k for k in knowledge if k["id"] == attack_id and k["kind"] == "attack"), None)
    if entry is None:
        raise NotFoundError(f"{house.name} knows of no attack {attack_id}: only the targeted house hunts a source")
    hunts = [k for k in knowledge if k["kind"] == "source" and k["attack_id"] == attack_id]
    if entry["aggressor_house_id"] is not None or any(k["aggressor_house_id"] for k in hunts):
        raise RuleViolationError(f"{house.name} already knows who made attack {attack_id}", HUNT_RULE)
    if any(k["phase"] == phase for k in hunts):
        raise RuleViolationError(f"{house.name} has hunted the source of {attack_id} this month already", HUNT_RULE)
    return entry


def captured_assassin(house: HouseView, attack_id: str, phase: int) -> Circumstance | None:
    return next(
        (
            c
            for c in house.circumstances
            if c.applies is Applies.SOURCE_HUNT and c.active(phase) and c.knowledge_id == attack_id
        ),
        None,
    )
