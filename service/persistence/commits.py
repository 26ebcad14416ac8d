"""The event store's writing half: a command's save in one transaction, with the conflict check of what it read.

Mixed into `IntrigueStore` (service/persistence/app.py), which loads: its loads note the campaign versions a command
read (`_note_read`), and `commit` checks them in the transaction that writes the command's events (docs/architecture.md,
Races). The library's `save` and `_take_snapshots` are replaced here (issue 16; issue 31, item 1).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.domain import Aggregate, DomainEvent, Snapshot
from eventsourcing.persistence import IntegrityError

from domain.campaign import Campaign
from domain.errors import ConflictError
from projections.state import campaign_of
from service.persistence.kept_aggregates import KeptAggregates, copy_of
from service.persistence.play_order import in_play_order
from service.persistence.snapshot_writes import SnapshotWriter
from service.persistence.storable import encoded_and_checked


class StoreCommits(Application[UUID]):
    """The event store's saves: `commit` (one transaction, checked), `save`, and the snapshots a save crosses."""

    kept: KeptAggregates  # set by `IntrigueStore.__init__`
    snapshot_writer: SnapshotWriter | None
    _read: threading.local  # per thread: campaign id -> the version its command loaded (`commit`)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The library's save, naming the one campaign whose lane the events go to (from the aggregates).

        Its events are collected here, as the library's `ProcessingEvent.collect_events` does, but told apart by
        their classes: the library asks `isinstance(obj, DomainEventProtocol)` of each object, a runtime protocol
        that Python 3.11 checks attribute by attribute (1,425 checks a big phase: about a tenth of its save,
        issue 31, item 1). Anything else goes through the library's own check."""
        if "campaign" not in kwargs:
            kwargs["campaign"] = one_campaign(o for o in objs if isinstance(o, Aggregate))
        processing_event: ProcessingEvent[UUID] = ProcessingEvent()
        for obj in objs:
            if isinstance(obj, DomainEvent):
                processing_event.events.append(obj)
            elif isinstance(obj, Aggregate):
                processing_event.events.extend(obj.collect_events())
                processing_event.aggregates[obj.id] = obj
            else:
                processing_event.collect_events(obj)
        processing_event.saved_kwargs.update(kwargs)
        recordings = self._record(processing_event)
        self.kept.keep(processing_event.aggregates.values())  # as saved: the next load reads on from here
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's deprecated hook, called as its save calls it
        return recordings

    def commit(
        self, *aggregates: Aggregate, unchanged: Mapping[UUID, int] | None = None, played: Sequence[Any] = ()
    ) -> int | None:
        """Save every changed aggregate in one transaction; return the last notification id written. `played`:
        pending events in the order they were played, written first in that order (service/persistence/play_order.py).

        The transaction also checks that each aggregate in `unchanged` is still at that version, and that the
        campaign of every member written has had nothing appended since the version this thread's command loaded
        but events no member command reads (`Campaign.UNREAD_BY_MEMBERS`): a command decided on state that
        another command has since moved conflicts (docs/architecture.md, Races).
        """
        # Refuses what PostgreSQL or the read models cannot hold, from the events' one encoding where it shows
        # enough (service/persistence/storable.py); the save writes and folds that encoding.
        encoded = encoded_and_checked(self.mapper, aggregates)
        written = {a.id for a in aggregates if a.pending_events}
        lane = one_campaign(a for a in aggregates if a.id in written)
        read = self._campaigns_read()
        members_of = {getattr(a, "campaign_id", None) for a in aggregates if a.id in written}
        campaigns = {c for c in members_of if isinstance(c, UUID) and c in read and c not in written}
        expected = {i: v for i, v in (unchanged or {}).items() if i not in written}
        loose = {c: read[c] for c in campaigns if c not in expected}  # its phase clock and rules, not its dice
        try:
            with conflicts_as_domain_errors():
                recordings = self.save(
                    *in_play_order(aggregates, played), unchanged=expected, loose=loose, campaign=lane, encoded=encoded
                )
        except BaseException:
            read.clear()
            raise
        # What this command read is spent, except the campaign versions it checked or wrote: those still hold.
        kept = {c: read[c] for c in campaigns} | {a.id: a.version for a in aggregates if isinstance(a, Campaign)}
        read.clear()
        read.update(kept)
        ids = [r.notification.id for r in recordings if getattr(r.notification, "id", None) is not None]
        return max(ids) if ids else None

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot each aggregate just saved whose events crossed its interval, from the saved instance itself
        (the library reloads it from the store and replays its backlog first: issue 16, half a late phase). Each is
        copied here; the copies are taken, encoded and written after the command answers (issue 31, item 1:
        `SnapshotWriter`)."""
        if self.snapshots is None or self.snapshot_writer is None:
            return
        crossed: dict[UUID, Aggregate] = {}
        for saved in processing_event.events:
            aggregate = processing_event.aggregates.get(saved.originator_id)
            interval = self.snapshotting_intervals.get(type(aggregate)) if aggregate is not None else None
            if isinstance(aggregate, Aggregate) and interval and saved.originator_version % interval == 0:
                crossed[aggregate.id] = aggregate  # at its last saved version: one snapshot per save
        if crossed:
            to_stored = self.snapshots.mapper.to_stored_event
            copies = [copy_of(a) for a in crossed.values()]
            self.snapshot_writer.write(
                lambda: [to_stored(getattr(type(a), "Snapshot", Snapshot).take(a)) for a in copies],
                ", ".join(f"{type(a).__name__} {a.id} at version {a.version}" for a in crossed.values()),
            )

    def _note_read(self, aggregate: Aggregate) -> None:
        if isinstance(aggregate, Campaign):
            self._campaigns_read()[aggregate.id] = aggregate.version

    def _campaigns_read(self) -> dict[UUID, int]:
        read: dict[UUID, int] | None = getattr(self._read, "versions", None)
        if read is None:
            read = self._read.versions = {}
        return read


def one_campaign(aggregates: Iterable[Aggregate]) -> UUID | None:
    """The campaign of every one of these aggregates (each belongs to exactly one); None for none."""
    campaigns = {campaign_of(aggregate) for aggregate in aggregates}
    if len(campaigns) > 1:
        raise ValueError(f"one save writes one campaign's events, not {len(campaigns)} campaigns'")
    return next(iter(campaigns), None)


@contextmanager
def conflicts_as_domain_errors() -> Iterator[None]:
    try:
        yield
    except IntegrityError as error:
        raise ConflictError("another command changed the same campaign first; reload and try again") from error
