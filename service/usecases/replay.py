"""`intrigue replay`: rebuild every aggregate of a campaign from its events and compare with the read model."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.errors import NotFoundError
from domain.factionturn.face import Faction
from domain.phase_chronicle import chronicle_ids, narrating
from projections.state import public_state
from service.persistence.app import IntrigueStore
from service.persistence.queries import StateQueries


@dataclass(frozen=True)
class Divergence:
    aggregate_id: UUID
    field: str
    rebuilt: Any
    read_model: Any

    def __str__(self) -> str:
        return f"{self.aggregate_id} {self.field}: events say {self.rebuilt!r}, read model says {self.read_model!r}"


def divergences(
    store: IntrigueStore, state: StateQueries, campaign_id: UUID, progress: Callable[[int, int], None] | None = None
) -> list[Divergence]:
    """Every field on which an aggregate rebuilt from its events differs from its read-model row; `progress` is
    told (aggregates compared, aggregates in all) after each."""
    campaign = store.load(campaign_id, Campaign)
    found: list[Divergence] = []
    # The phases' chronicles are compared too, and a faction's narratives are read from them as the reads do.
    chronicles = [i for i in chronicle_ids(campaign_id, campaign.phases_reached()) if store.exists(i)]
    told = [public_state(store.repository.get(i)) for i in chronicles]
    ids = [campaign_id, *campaign.member_ids(), *chronicles]
    for done, aggregate_id in enumerate(ids, start=1):
        if progress is not None:
            progress(done, len(ids))
        aggregate: Aggregate = store.repository.get(aggregate_id)
        rebuilt = public_state(aggregate)
        if isinstance(aggregate, Faction):
            rebuilt = narrating([rebuilt], told)[0]
        try:
            viewed = state.one(aggregate_id, type(aggregate).__name__.lower())
        except NotFoundError:
            found.append(Divergence(aggregate_id, "(row)", "present", "missing"))
            continue
        for key in sorted(set(rebuilt) | set(viewed)):
            if rebuilt.get(key) != viewed.get(key):
                found.append(Divergence(aggregate_id, key, rebuilt.get(key), viewed.get(key)))
    return found
