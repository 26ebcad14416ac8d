"""A phase's chronicle in its own stream (issue 16, bounded state): what only accumulates, phase after phase.

The GM's turn summaries, the drafted and the published gossip (seed 002, Procedure) and each faction's narrative
of its turn were kept on the Campaign and the Faction, which every command loads, so both grew with every phase
played. Each phase now has a `PhaseChronicle` of its own, keyed by campaign and phase (no enrolment: the id is
derived), loaded only by the chronicle's own commands and reads. Entries a campaign wrote before this stay on
the Campaign (`domain/gm_ledger.py`) and are read first; a phase that has any there goes on being written there.

Attributes whose names start with `_` stay out of the public read model, as on the Campaign: the summaries
and the unpublished drafts are the GM's. The gossip and the narratives are public.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.errors import InvalidInputError, RuleViolationError
from domain.gm import check_intervention
from domain.gm_ledger import RULE_PUBLISH, check_gossip
from domain.history import leaner

CHRONICLE = UUID("0b6f4c3e-8d2a-4f71-9e5b-6a1d2c3b4e5f")  # namespace of phase chronicle ids


def chronicle_id(campaign_id: UUID, phase: int) -> UUID:
    return uuid5(CHRONICLE, f"{campaign_id}/{phase}")


def chronicle_ids(campaign_id: UUID, phases: int) -> list[UUID]:
    """The ids the chronicles of phases 1-`phases` have, or would have: streams of the campaign that are no
    members of it (its audit trail, export and replay read them with the members)."""
    return [chronicle_id(campaign_id, phase) for phase in range(1, phases + 1)]


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class PhaseChronicle(Aggregate):
    """One phase's summaries, gossip (drafted and published) and narratives, by faction or house id."""

    in_history = False  # not a member whose state the phase history records (projections/state.py)

    @staticmethod
    def create_id(campaign_id: UUID, phase: int) -> UUID:
        return chronicle_id(campaign_id, phase)

    @event("Opened")
    def __init__(self, campaign_id: UUID, phase: int) -> None:
        self.campaign_id = campaign_id
        self.phase = phase
        self.chronicle: dict[str, dict[str, Any]] = {}
        self.narratives: dict[str, list[str]] = {}
        self._gm_summaries: dict[str, str] = {}
        self._chronicle_drafts: dict[str, dict[str, Any]] = {}

    # ---- the same calls as the Campaign's ledger (domain/gm_ledger.py), for this phase only -----------------
    def gm_summaries(self, phase: int) -> dict[str, str]:
        return dict(self._gm_summaries) if phase == self.phase else {}

    def public_chronicle(self, phase: int) -> dict[str, dict[str, Any]]:
        return dict(self.chronicle) if phase == self.phase else {}

    def chronicle_drafts(self, phase: int) -> dict[str, dict[str, Any]]:
        return dict(self._chronicle_drafts) if phase == self.phase else {}

    def write_summary(self, phase: int, actor_id: str, text: str, seat: str, reason: str) -> None:
        self._check(phase)
        self._summary_written(phase, actor_id, text.strip(), seat, check_intervention(seat, reason))

    @event("TurnSummaryWritten")
    def _summary_written(self, phase: int, actor_id: str, text: str, seat: str, reason: str) -> None:
        self._gm_summaries[actor_id] = text

    def write_gossip(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        self._check(phase)
        cleaned = check_gossip(lines, spin)
        self._gossip_written(phase, actor_id, cleaned, spin.strip(), seat, check_intervention(seat, reason))

    @event("GossipWritten")
    def _gossip_written(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        if lines:
            self.chronicle[actor_id] = {"lines": list(lines), "spin": spin}
        else:
            self.chronicle.pop(actor_id, None)
        self._chronicle_drafts.pop(actor_id, None)  # what the GM wrote wins

    def draft_gossip(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        self._check(phase)
        cleaned = check_gossip(lines, spin)
        self._gossip_drafted(phase, actor_id, cleaned, spin.strip(), seat, check_intervention(seat, reason))

    @event("GossipDrafted")
    def _gossip_drafted(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        if lines:
            self._chronicle_drafts[actor_id] = {"lines": list(lines), "spin": spin}
        else:
            self._chronicle_drafts.pop(actor_id, None)

    def publish_chronicle(self, phase: int, seat: str, reason: str) -> None:
        self._check(phase)
        if not self._chronicle_drafts:
            raise RuleViolationError(f"phase {phase} has no drafted chronicle to publish", RULE_PUBLISH)
        self._chronicle_published(phase, dict(self._chronicle_drafts), seat, check_intervention(seat, reason))

    @event("ChroniclePublished")
    def _chronicle_published(self, phase: int, entries: dict[str, Any], seat: str, reason: str) -> None:
        self.chronicle.update({k: dict(v) for k, v in entries.items()})
        self._chronicle_drafts = {}

    # ---- the turns' narratives, and a rollback ---------------------------------------------------------------
    def record_narratives(self, narratives: dict[str, list[str]]) -> None:
        """What each faction narrated of its turn this phase (its `TurnEnded`), in the order it ended them."""
        if narratives:
            self._narrated({k: list(v) for k, v in sorted(narratives.items())})

    @event("Narrated")
    def _narrated(self, narratives: dict[str, list[str]]) -> None:
        for actor_id, texts in narratives.items():
            self.narratives.setdefault(actor_id, []).extend(texts)

    def withdraw(self, to_phase: int, reason: str) -> None:
        """A rollback to `to_phase` (at or before this phase) unwrites the phase: its chronicle is empty again."""
        if to_phase > self.phase:
            raise InvalidInputError(f"a rollback to phase {to_phase} leaves phase {self.phase} as it is")
        self._withdrawn(to_phase, reason)

    @event("Withdrawn")
    def _withdrawn(self, to_phase: int, reason: str) -> None:
        self.chronicle, self.narratives = {}, {}
        self._gm_summaries, self._chronicle_drafts = {}, {}

    def is_empty(self) -> bool:
        return not (self.chronicle or self.narratives or self._gm_summaries or self._chronicle_drafts)

    def _check(self, phase: int) -> None:
        if phase != self.phase:
            raise InvalidInputError(f"this is the chronicle of phase {self.phase}, not of phase {phase}")


def narratives_of(faction: dict[str, Any], chronicles: Iterable[dict[str, Any]]) -> list[str]:
    """A faction's narratives, phase by phase: those its Faction kept (before chronicles), then each phase's,
    from the read model's JSON of the campaign's chronicles."""
    fid = str(faction["id"])
    later = [t for c in sorted(chronicles, key=lambda c: int(c["phase"])) for t in c.get("narratives", {}).get(fid, [])]
    return [*faction.get("narratives", []), *later]


def narrating(factions: list[dict[str, Any]], chronicles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Factions with every narrative they told, as the Faction's `narratives` read before chronicles."""
    return [faction | {"narratives": narratives_of(faction, chronicles)} for faction in factions]
