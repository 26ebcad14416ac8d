"""The phase chronicle: per turn the GM's summary, per phase the public gossip (seed 002, Procedure).

Drafts come from the events of the phase's resolution, written in its transaction; the GM edits both, and
publishes the gossip. Entries are Campaign events. The public chronicle is read from the read model; the GM's
summaries and the unpublished drafts, kept out of it, from the aggregate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.chronicle import draft_gossip, draft_summary
from service.persistence.app import IntrigueStore, SavesAndWaits, event_payload
from service.persistence.queries import StateQueries
from service.usecases.audit import AuditLog
from service.usecases.history import History
from service.usecases.interventions import By

DRAFTED = "drafted from the events of phase {phase}"
AT_RESOLUTION = "resolution"  # the seat recorded on drafts the resolution writes (no person wrote them)
TurnEventList = list[tuple[str, dict[str, Any]]]


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
        found = self.turns(campaign, phase)
        self.draft_into(campaign, phase, {a: events for a, (_, _, events) in found.items()}, seat)
        self._save(campaign)
        return campaign

    def draft_resolution(self, campaign: Campaign, changed: Sequence[Aggregate]) -> None:
        """At resolution, in its transaction: the phase's drafts from the events its turns are about to write."""
        events = {str(a.id): [(type(e).__name__, event_payload(e)) for e in a.pending_events] for a in changed
                  if campaign.members.get(str(a.id)) in ("faction", "house")}  # fmt: skip
        self.draft_into(campaign, campaign.phase, events, AT_RESOLUTION, loaded=changed)

    def draft_into(self, campaign: Campaign, phase: int, events: dict[str, TurnEventList], seat: str,
                   loaded: Sequence[Aggregate] = ()) -> None:  # fmt: skip
        """Every faction and house gets an entry, whether or not it did anything: a turn that is secret and one
        that is quiet must read alike (domain/chronicle.py `draft_gossip`)."""
        reason = DRAFTED.format(phase=phase)
        names = self.names(campaign, loaded)
        summaries, gossip = campaign.gm_summaries(phase), campaign.public_chronicle(phase)
        drafts = campaign.chronicle_drafts(phase)
        for actor_id in (*campaign.member_ids("faction"), *campaign.member_ids("house")):
            key, name, turn = str(actor_id), names.get(str(actor_id), ""), events.get(str(actor_id), [])
            narrative = next((str(p.get("narrative", "")) for n, p in turn if n == "TurnEnded"), "")
            if key not in summaries:
                campaign.write_summary(phase, key, draft_summary(name, narrative, turn, names), seat, reason)
            if key not in gossip and key not in drafts:
                campaign.draft_gossip(phase, key, draft_gossip(name, narrative, turn), "", seat, reason)

    def names(self, campaign: Campaign, loaded: Sequence[Aggregate] = ()) -> dict[str, str]:
        """Every faction's, house's and area's name by its id, for text a reader can follow."""
        known: dict[str, Any] = {str(a.id): a for a in loaded}
        ids = [member_id for member_id, kind in campaign.members.items() if kind in ("faction", "house", "region")]
        missing = [UUID(member_id) for member_id in ids if member_id not in known]
        known |= {str(a.id): a for a in self.store.load_many(missing, Aggregate, remember=False)}
        return {member_id: str(known[member_id].name) for member_id in ids}

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

    def publish(self, by: By, phase: int) -> Campaign:
        """The GM publishes the phase's drafts: from now on every seat hears them."""
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.publish_chronicle(phase, by.seat, by.reason)
        self._save(campaign)
        return campaign

    def drafts(self, campaign_id: UUID, phase: int) -> dict[str, dict[str, Any]]:
        """The GM's: the phase's drafted gossip not yet published."""
        return self.store.load(campaign_id, Campaign).chronicle_drafts(phase)

    def write_draft(self, by: By, phase: int, actor_id: str, lines: list[str], spin: str = "") -> Campaign:
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.draft_gossip(phase, actor_id, lines, spin, by.seat, by.reason)
        self._save(campaign)
        return campaign

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
