"""The event store: one eventsourcing Application holding every aggregate, in the table `intrigue_events`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, MutableOrImmutableAggregate
from eventsourcing.persistence import IntegrityError, JSONTranscoder

from domain.campaign import Campaign
from domain.errors import ConflictError, NotFoundError
from domain.faction import Faction
from domain.house import House
from domain.region import Region
from projections.codec import register_domain_transcodings

A = TypeVar("A", bound=Aggregate)
SNAPSHOT_INTERVAL = 100


def replay(aggregate: Any, events: Iterable[Any]) -> Any:
    """Apply stored events in order (the library's projector, less a per-event Protocol isinstance check)."""
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


class IntrigueStore(Application[UUID]):
    """Every Campaign, Region, Faction and House, as events in PostgreSQL."""

    name = "Intrigue"
    is_snapshotting_enabled = True
    # Rebuild cost stays flat as history grows: at most this many events after the latest snapshot.
    snapshotting_intervals: ClassVar[dict[type[MutableOrImmutableAggregate], int]] = {
        Campaign: SNAPSHOT_INTERVAL,
        Region: SNAPSHOT_INTERVAL,
        Faction: SNAPSHOT_INTERVAL,
        House: SNAPSHOT_INTERVAL,
    }

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        register_domain_transcodings(transcoder)

    def load(self, aggregate_id: UUID, kind: type[A], version: int | None = None) -> A:
        try:
            aggregate = self.repository.get(aggregate_id, version=version, projector_func=replay)
        except AggregateNotFoundError:
            raise NotFoundError(f"no {kind.__name__.lower()} with id {aggregate_id}") from None
        if not isinstance(aggregate, kind):
            raise NotFoundError(
                f"{aggregate_id} is a {type(aggregate).__name__.lower()}, not a {kind.__name__.lower()}"
            )
        return aggregate

    def exists(self, aggregate_id: UUID) -> bool:
        return aggregate_id in self.repository

    def commit(self, *aggregates: Aggregate) -> int | None:
        """Save every changed aggregate in one transaction; return the last notification id written."""
        with conflicts_as_domain_errors():
            recordings = self.save(*aggregates)
        ids = [r.notification.id for r in recordings if getattr(r.notification, "id", None) is not None]
        return max(ids) if ids else None


@contextmanager
def conflicts_as_domain_errors() -> Iterator[None]:
    try:
        yield
    except IntegrityError as error:
        raise ConflictError("another command changed the same campaign first; reload and try again") from error


def event_payload(domain_event: Any) -> dict[str, Any]:
    """The public attributes of a domain event, for audit output."""
    skip = {"originator_id", "originator_version", "timestamp"}
    return {k: v for k, v in vars(domain_event).items() if k not in skip and not k.startswith("_")}
