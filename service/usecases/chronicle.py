"""The phase chronicle: per turn the GM's summary, per phase the public gossip (seed 002, Procedure).

Drafts come from the events of the phase's resolution, written in its transaction; the GM edits both, and
publishes the gossip. Entries are events of the phase's own chronicle stream (domain/phase_chronicle.py; issue
16, bounded state), or of the Campaign for a phase that had entries there before chronicles. The public
chronicle is read from the read model; the GM's summaries and the unpublished drafts, kept out of it, from the
aggregates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.chronicle import draft_gossip, draft_summary
from domain.errors import NotFoundError
from domain.ids import canonical_id
from domain.phase_chronicle import PhaseChronicle, chronicle_id
from domain.systems import MEMBER_KINDS
from service.persistence.app import IntrigueStore, SavesAndWaits, event_payload
from service.persistence.queries import StateQueries
from service.usecases.audit import AuditLog
from service.usecases.history import History
from service.usecases.interventions import By

DRAFTED = "drafted from the events of phase {phase}"
AT_RESOLUTION = "resolution"  # the seat recorded on drafts the resolution writes (no person wrote them)
TurnEventList = list[tuple[str, dict[str, Any]]]
Ledger = Campaign | PhaseChronicle


def actor_of(campaign: Campaign, actor_id: str) -> str:
    """The faction or house a turn's entry is about, as its campaign enrols it (domain/ids.py), or refused."""
    actor = canonical_id(actor_id, "actor_id")
    if campaign.members.get(actor) not in MEMBER_KINDS:
        raise NotFoundError(f"no faction or house {actor} in this campaign")
    return actor


def on_campaign(campaign: Campaign, phase: int) -> bool:
    """A phase whose entries began on the Campaign, before phase chronicles, is kept there whole."""
    return bool(campaign.gm_summaries(phase) or campaign.public_chronicle(phase) or campaign.chronicle_drafts(phase))


class ChronicleService(SavesAndWaits):
    def __init__(
        self,
        store: IntrigueStore,
        audit: AuditLog,
        history: History,
        state: StateQueries,
        projected: Callable[[int | None], None],
    ) -> None:
        self.store = store
        self.audit = audit
        self.history = history
        self.state = state
        self._projected = projected

    def draft(self, campaign_id: UUID, phase: int, seat: str) -> Campaign:
        """Draft every turn of a resolved phase that has no entry yet; what the GM wrote stays as written."""
        campaign = self.store.load(campaign_id, Campaign)
        campaign.check_phase(phase)
        found = self.turns(campaign, phase)
        ledger = self.ledger(campaign, phase)
        self.draft_into(campaign, ledger, phase, {a: events for a, (_, _, events) in found.items()}, seat)
        self._save(ledger)
        return campaign

    def draft_resolution(self, campaign: Campaign, changed: list[Aggregate]) -> None:
        """At resolution, in its transaction: the phase's drafts from the events its turns are about to write."""
        events = {
            str(a.id): [(type(e).__name__, event_payload(e)) for e in a.pending_events]
            for a in changed
            if campaign.members.get(str(a.id)) in MEMBER_KINDS
        }
        ledger = self.ledger(campaign, campaign.phase)
        self.draft_into(campaign, ledger, campaign.phase, events, AT_RESOLUTION, loaded=changed)
        # The factions' narratives of the phase go to its chronicle, wherever its entries are (a phase begun on
        # the Campaign too: the factions no longer keep them, domain/phase_chronicle.py).
        chronicle = ledger if isinstance(ledger, PhaseChronicle) else self.chronicle(campaign.id, campaign.phase)
        chronicle = chronicle or PhaseChronicle(campaign.id, campaign.phase)
        chronicle.record_narratives(narratives_in(changed))
        opened_only = chronicle.version == 1 and len(chronicle.pending_events) == 1  # nobody to write of
        if chronicle.pending_events and not opened_only and chronicle not in changed:
            changed.append(chronicle)  # saved with the resolution

    def draft_into(
        self,
        campaign: Campaign,
        ledger: Ledger,
        phase: int,
        events: dict[str, TurnEventList],
        seat: str,
        loaded: Sequence[Aggregate] = (),
    ) -> None:
        """Every faction and house gets an entry, whether or not it did anything: a turn that is secret and one
        that is quiet must read alike (domain/chronicle.py `draft_gossip`)."""
        reason = DRAFTED.format(phase=phase)
        names = self.names(campaign, loaded)
        summaries, gossip = ledger.gm_summaries(phase), ledger.public_chronicle(phase)
        drafts = ledger.chronicle_drafts(phase)
        for key in (*campaign.member_keys("faction"), *campaign.member_keys("house")):
            name, turn = names.get(key, ""), events.get(key, [])
            narrative = next((str(p.get("narrative", "")) for n, p in turn if n == "TurnEnded"), "")
            if key not in summaries:
                ledger.write_summary(phase, key, draft_summary(name, narrative, turn, names), seat, reason)
            if key not in gossip and key not in drafts:
                ledger.draft_gossip(phase, key, draft_gossip(name, narrative, turn), "", seat, reason)

    def ledger(self, campaign: Campaign, phase: int) -> Ledger:
        """Where a phase's entries are written: the Campaign for a phase begun there, else the phase's chronicle
        (opened on its first entry)."""
        if on_campaign(campaign, phase):
            return campaign
        found = self.chronicle(campaign.id, phase)
        return found if found is not None else PhaseChronicle(campaign.id, phase)

    def chronicle(self, campaign_id: UUID, phase: int) -> PhaseChronicle | None:
        try:
            return self.store.load(chronicle_id(campaign_id, phase), PhaseChronicle)
        except NotFoundError:
            return None

    def names(self, campaign: Campaign, loaded: Sequence[Aggregate] = ()) -> dict[str, str]:
        """Every faction's, house's and area's name by its id, for text a reader can follow."""
        known: dict[str, Any] = {str(a.id): a for a in loaded}
        kinds = (*MEMBER_KINDS, "region")  # made once, not per member (issue 31, P6)
        ids = [member_id for member_id, kind in campaign.members.items() if kind in kinds]
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
            if campaign.members.get(str(entry.aggregate_id)) in MEMBER_KINDS:
                found.setdefault(str(entry.aggregate_id), []).append((entry.topic.rsplit(".", 1)[-1], entry.payload))
        turns = {}
        for actor_id, events in found.items():
            name = str(self.store.repository.get(UUID(actor_id)).name)
            narrative = next((str(p.get("narrative", "")) for n, p in events if n == "TurnEnded"), "")
            turns[actor_id] = (name, narrative, events)
        return turns

    def publish(self, by: By, phase: int) -> Campaign:
        """The GM publishes the phase's drafts: from now on every seat hears them."""
        campaign, ledger = self._ledger_of(by.campaign_id, phase)
        ledger.publish_chronicle(phase, by.seat, by.reason)
        self._save(ledger)
        return campaign

    def drafts(self, campaign_id: UUID, phase: int) -> dict[str, dict[str, Any]]:
        """The GM's: the phase's drafted gossip not yet published."""
        return self._read(campaign_id, phase).chronicle_drafts(phase)

    def write_draft(self, by: By, phase: int, actor_id: str, lines: list[str], spin: str = "") -> Campaign:
        campaign, ledger = self._ledger_of(by.campaign_id, phase)
        ledger.draft_gossip(phase, actor_of(campaign, actor_id), lines, spin, by.seat, by.reason)
        self._save(ledger)
        return campaign

    def write_summary(self, by: By, phase: int, actor_id: str, text: str) -> Campaign:
        campaign, ledger = self._ledger_of(by.campaign_id, phase)
        actor = actor_id and actor_of(campaign, actor_id)  # "": the note on the whole phase
        ledger.write_summary(phase, actor, text, by.seat, by.reason)
        self._save(ledger)
        return campaign

    def write_gossip(self, by: By, phase: int, actor_id: str, lines: list[str], spin: str = "") -> Campaign:
        campaign, ledger = self._ledger_of(by.campaign_id, phase)
        ledger.write_gossip(phase, actor_of(campaign, actor_id), lines, spin, by.seat, by.reason)
        self._save(ledger)
        return campaign

    def public(self, campaign_id: UUID, phase: int) -> dict[str, dict[str, Any]]:
        """What every seat may read: the gossip of a phase, by faction or house id."""
        state = self.state.one(campaign_id, "campaign")
        entries: dict[str, dict[str, Any]] = state.get("chronicle", {}).get(str(phase), {})
        if entries or not 1 <= phase <= int(state.get("phase", 0)):
            return entries
        try:
            chronicle = self.state.one(chronicle_id(campaign_id, phase), "phasechronicle")
        except NotFoundError:
            return {}
        found: dict[str, dict[str, Any]] = chronicle.get("chronicle", {})
        return found

    def gm_notes(self, campaign_id: UUID, phase: int) -> dict[str, str]:
        """The GM's summaries of a phase: secrets included, for the GM's seat only."""
        return self._read(campaign_id, phase).gm_summaries(phase)

    def _ledger_of(self, campaign_id: UUID, phase: int) -> tuple[Campaign, Ledger]:
        campaign = self.store.load(campaign_id, Campaign)
        campaign.check_phase(phase)
        return campaign, self.ledger(campaign, phase)

    def _read(self, campaign_id: UUID, phase: int) -> Ledger:
        campaign = self.store.load(campaign_id, Campaign)
        if on_campaign(campaign, phase):
            return campaign
        return self.chronicle(campaign_id, phase) or campaign


def narratives_in(changed: Sequence[Aggregate]) -> dict[str, list[str]]:
    """Each faction's narratives among the events the resolution is about to write (its `TurnEnded`s)."""
    found: dict[str, list[str]] = {}
    for aggregate in changed:
        for pending in aggregate.pending_events:
            if type(pending).__qualname__ == "Faction.TurnEnded":
                found.setdefault(str(aggregate.id), []).append(str(getattr(pending, "narrative", "")))
    return found
