"""Reads from the event store, for the answer of a command whose events the read models have not reached.

A committed command answers success even when the read models lag (`service/persistence/outcomes.py`).
Its answer is then
built from the aggregates themselves, in the same JSON the state projection writes (`public_state`), so it
shows the command's own writes instead of a missing or stale row. Only such answers read here; every other
read stays on the read models.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.errors import NotFoundError
from domain.gameofbones.face import HouseIntel, view_order
from domain.phase_chronicle import PhaseChronicle, chronicle_id
from domain.region import Region
from domain.systems import SYSTEMS, of_kind
from projections.knowledge import PageKnowledge
from projections.state import public_state
from service.persistence import outcomes
from service.persistence.app import IntrigueStore

KINDS: dict[str, type[Aggregate]] = {
    "campaign": Campaign,
    "region": Region,
    **{s.kind: s.member for s in SYSTEMS},
    "houseintel": HouseIntel,
    "phasechronicle": PhaseChronicle,
}


def wanted() -> bool:
    """True while answering a command whose writes the read models had not reached in time."""
    outcome = outcomes.current()
    return outcome is not None and outcome.lagging


class FreshReads:
    """The rows `aggregate_state` would hold, computed from the events."""

    def __init__(self, store: IntrigueStore) -> None:
        self.store = store
        # Each companion kind's rows of a campaign, by the kind (`Companion.kind`).
        self._companions: dict[str, Callable[[UUID], list[dict[str, Any]]]] = {
            "phasechronicle": self._chronicles,
            "houseknowledge": self._knowledge,
        }

    def one(self, aggregate_id: UUID, kind: str) -> dict[str, Any]:
        if kind not in KINDS:
            raise NotFoundError(f"no {kind} with id {aggregate_id}")
        state = _plain(self.store.load(aggregate_id, KINDS[kind]))
        system = of_kind(kind)  # a member's state is completed by its companion rows (domain/rule_system.py)
        if system is None:
            return state
        companions = self._companions[system.companion.kind](UUID(state["campaign_id"]))
        return system.companion.complete([state], companions)[0]

    def _knowledge(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """What the houses learned through the campaign's intel streams, a row per entry in the views' order: their
        events folded as the read model folds them (projections/knowledge.py), the aggregates keeping a working set."""
        folded = PageKnowledge()
        for intel_id in self.store.load(campaign_id, Campaign).member_ids("houseintel"):
            intel: Any = None
            events: Any = self.store.repository.event_store.get(intel_id)
            for event in events:
                intel = event.mutate(intel)
                folded.fold(UUID(str(intel.campaign_id)).int, intel, event)
        rows = sorted(
            (r for _, r in folded.rows),
            key=lambda r: view_order(str(r["house_id"]), str(r["source_id"]), r["version"], r["entry"]),
        )
        return [{"house_id": str(r["house_id"]), "entry": orjson.loads(orjson.dumps(r["entry"]))} for r in rows]

    def _chronicles(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """The public state of every phase chronicle the campaign has (domain/phase_chronicle.py)."""
        phases = range(1, self.store.load(campaign_id, Campaign).phase + 1)
        ids = [i for i in (chronicle_id(campaign_id, p) for p in phases) if self.store.exists(i)]
        return [_plain(c) for c in self.store.load_many(ids, PhaseChronicle, remember=False)]

    def of_kind(self, campaign_id: UUID, kind: str) -> list[dict[str, Any]]:
        """A campaign's members of one kind, in the read model's order (name, then id)."""
        campaign = self.store.load(campaign_id, Campaign)
        rows = [self.one(i, kind) for i in campaign.member_ids(kind)]
        return sorted(rows, key=lambda row: (str(row.get("name", "")), row["id"]))

    def regions(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """A campaign's regions, in the read model's order (r, then q)."""
        rows = [self.one(i, "region") for i in self.store.load(campaign_id, Campaign).member_ids("region")]
        return sorted(rows, key=lambda row: (row["r"], row["q"]))


def _plain(aggregate: Aggregate) -> dict[str, Any]:
    state: dict[str, Any] = orjson.loads(orjson.dumps(public_state(aggregate)))  # as jsonb gives it back
    return state
