"""The phase chronicle: per turn the GM's summary, per phase the public gossip (seed 002, Procedure).

Drafts come from the events of the phase's resolution; the GM edits both. Entries are Campaign events.
The public chronicle is read from the read model; the GM's summaries, kept out of it, from the aggregate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.campaign import Campaign
from domain.chronicle import draft_gossip, draft_summary
from service.persistence.app import IntrigueStore, SavesAndWaits
from service.persistence.queries import StateQueries
from service.usecases.audit import AuditLog
from service.usecases.history import History
from service.usecases.interventions import By

DRAFTED = "drafted from the events of phase {phase}"


class ChronicleService(SavesAndWaits):
    def __init__(self, store: IntrigueStore, audit: AuditLog, history: History, state: StateQueries,
                 projected: Callable[[int | None], None]) -> None:  # fmt: skip
        self.store = store
        self.audit = audit
        self.history = history
        self.state = state
        self._projected = projected

    def draft(self, campaign_id: UUID, phase: int, seat: str) -> Campaign:
        """Draft every turn of a resolved phase that has no entry yet; what the GM wrote stays as written."""
        campaign = self.store.load(campaign_id, Campaign)
        reason = DRAFTED.format(phase=phase)
        summaries, gossip = campaign.gm_summaries(phase), campaign.public_chronicle(phase)
        for actor_id, (name, narrative, events) in self.turns(campaign, phase).items():
            if actor_id not in summaries:
                campaign.write_summary(phase, actor_id, draft_summary(name, narrative, events), seat, reason)
            lines = draft_gossip(name, narrative, events)
            if actor_id not in gossip and lines:
                campaign.write_gossip(phase, actor_id, lines, "", seat, reason)
        self._save(campaign)
        return campaign

    def turns(self, campaign: Campaign, phase: int) -> dict[str, tuple[str, str, list[tuple[str, dict[str, Any]]]]]:
        """Each faction's and house's events in the phase's resolution, in the order they were written."""
        start = self.history.resolution_start(campaign.id, phase)
        end = self.history.phase_end(campaign.id, phase)
        found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for entry in self.audit.events(campaign.id, after=start):
            if entry.position >= end:
                break
            if campaign.members.get(str(entry.aggregate_id)) in ("faction", "house"):
                found.setdefault(str(entry.aggregate_id), []).append((entry.topic.rsplit(".", 1)[-1], entry.payload))
        turns = {}
        for actor_id, events in found.items():
            name = str(self.store.repository.get(UUID(actor_id)).name)
            narrative = next((str(p.get("narrative", "")) for n, p in events if n == "TurnEnded"), "")
            turns[actor_id] = (name, narrative, events)
        return turns

    def write_summary(self, by: By, phase: int, actor_id: str, text: str) -> Campaign:
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.write_summary(phase, actor_id, text, by.seat, by.reason)
        self._save(campaign)
        return campaign

    def write_gossip(self, by: By, phase: int, actor_id: str, lines: list[str], spin: str = "") -> Campaign:
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.write_gossip(phase, actor_id, lines, spin, by.seat, by.reason)
        self._save(campaign)
        return campaign

    def public(self, campaign_id: UUID, phase: int) -> dict[str, dict[str, Any]]:
        """What every seat may read: the gossip of a phase, by faction or house id."""
        state = self.state.one(campaign_id, "campaign")
        entries: dict[str, dict[str, Any]] = state.get("chronicle", {}).get(str(phase), {})
        return entries

    def gm_notes(self, campaign_id: UUID, phase: int) -> dict[str, str]:
        """The GM's summaries of a phase: secrets included, for the GM's seat only."""
        return self.store.load(campaign_id, Campaign).gm_summaries(phase)
