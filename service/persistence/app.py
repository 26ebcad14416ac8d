"""The event store: one eventsourcing Application holding every aggregate, in the table `intrigue_events`."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, ParamSpec, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.domain import Aggregate, MutableOrImmutableAggregate
from eventsourcing.persistence import EventStore, JSONTranscoder, Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic

from domain.campaign import Campaign, RuleSystemName
from domain.dice import Dice
from domain.errors import NotFoundError
from domain.factionturn.face import Faction
from domain.gameofbones.face import House, HouseIntel
from domain.phase_chronicle import PhaseChronicle
from domain.region import Region
from projections.codec import register_domain_transcodings
from projections.event_mapper import EventMapper
from service.persistence import snapshot_writes
from service.persistence.aggregate_cache import AGGREGATE_CACHE_MB, BytesCache, budget_bytes
from service.persistence.commits import StoreCommits
from service.persistence.commits import conflicts_as_domain_errors as conflicts_as_domain_errors
from service.persistence.commits import one_campaign as one_campaign
from service.persistence.event_encoding import EventEncoder
from service.persistence.kept_aggregates import CopyingRepository, KeptAggregates
from service.persistence.snapshot_writes import SnapshotWriter
from service.persistence.streams import StreamReader
from service.persistence.written_store import WrittenEventStore

A = TypeVar("A", bound=Aggregate)
P = ParamSpec("P")
R = TypeVar("R")
# A faction or house writes 5-15 events a phase: every 25, a load replays about a dozen events after its snapshot,
# not about fifty (issue 16: loading the members was a fifth of a resolution, most of it decoding that backlog).
SNAPSHOT_INTERVAL = 25
# Aggregates kept per process (issue 26, item 6): each load reads only the events after the kept version (the
# library's fast-forward, one round trip instead of a snapshot and a dozen events to decode), so it is as fresh as
# a load from the tables. A budget in MiB (issue 31, item 5: service/persistence/aggregate_cache.py); `0` keeps none.
AGGREGATE_CACHE = AGGREGATE_CACHE_MB
UNREAD_TOPICS = tuple(get_topic(getattr(Campaign, name)) for name in sorted(Campaign.UNREAD_BY_MEMBERS))


def replay(aggregate: Any, events: Iterable[Any]) -> Any:
    """Apply stored events in order (the library's projector, less a per-event Protocol isinstance check)."""
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


class IntrigueStore(StoreCommits):
    """Every Campaign, Region, Faction and House, as events in PostgreSQL."""

    # Its loads are here; its saves (`commit`, `save`, the snapshots they cross) in service/persistence/commits.py.

    name = "Intrigue"
    _loaded = threading.local()
    is_snapshotting_enabled = True
    # Rebuild cost stays flat as history grows: at most this many events after the latest snapshot.
    snapshotting_intervals: ClassVar[dict[type[MutableOrImmutableAggregate[UUID]], int]] = {
        Campaign: SNAPSHOT_INTERVAL,
        Region: SNAPSHOT_INTERVAL,
        Faction: SNAPSHOT_INTERVAL,
        House: SNAPSHOT_INTERVAL,
        # Streams that only grow (issue 16): loaded by a resolution or a chronicle command, from a snapshot.
        HouseIntel: SNAPSHOT_INTERVAL,
        PhaseChronicle: SNAPSHOT_INTERVAL,
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._read = threading.local()  # per thread: campaign id -> the version its command loaded (`commit`)
        self.recorder.unread_topics = UNREAD_TOPICS  # type: ignore[attr-defined]
        self.recorder.creations = self._created_in  # type: ignore[attr-defined]
        self.kept = KeptAggregates(self.repository)
        self.streams = StreamReader(self.recorder, self.snapshots.recorder if self.snapshots else None)  # type: ignore[arg-type]
        self.snapshot_writer: SnapshotWriter | None = None
        if self.snapshots is not None:
            snapshot_writes.write_rows(self.snapshots.recorder)
            self.snapshot_writer = SnapshotWriter(self.snapshots.recorder)

    def _created_in(self, stored: StoredEvent) -> UUID | None:
        """The campaign an aggregate's creating event names (a campaign its own): for a raw write that names
        none (a test's, a tool's); a command's save names it from its aggregates."""
        if stored.originator_version != 1:
            return None
        try:
            created = self.mapper.to_domain_event(stored)
        except Exception:  # no event this store knows: a lane of its own
            return stored.originator_id if isinstance(stored.originator_id, UUID) else UUID(stored.originator_id)
        campaign_id = getattr(created, "campaign_id", None) or stored.originator_id
        return campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id))

    def construct_repository(self) -> Repository[UUID]:
        """The library's repository with an aggregate cache bounded by bytes (`BytesCache` in place of its
        `LRUCache`), always fast-forwarded from the store (a write by another process or thread is read before
        the aggregate is used) and copied out (a command that fails half-way leaves the kept aggregate as stored;
        service/persistence/kept_aggregates.py `CopyingRepository`)."""
        budget = budget_bytes(self.env)
        repository: Repository[UUID] = CopyingRepository(
            event_store=self.events,
            snapshot_store=self.snapshots,
            fastforward=True,
            deepcopy_from_cache=True,
        )
        repository.cache = BytesCache(budget) if budget else None
        return repository

    def close(self) -> None:
        if self.snapshot_writer is not None:
            self.snapshot_writer.close()  # what the commands gave it is written before the connections go
        self.recorder.notifier.close()  # type: ignore[attr-defined]
        super().close()

    def snapshots_written(self) -> None:
        """Wait until every snapshot the saves so far gave the writer is written (persistence/snapshot_writes.py)."""
        if self.snapshot_writer is not None:
            self.snapshot_writer.flush()

    def construct_event_store(self) -> EventStore[UUID]:
        return WrittenEventStore(mapper=self.mapper, recorder=self.recorder)  # a command's events encoded once

    def construct_mapper(self) -> Mapper[UUID]:
        return EventMapper.of(super().construct_mapper())  # per topic, not per event (issue 31, P4)

    def construct_transcoder(self) -> Transcoder:
        transcoder = EventEncoder()  # the library's bytes, by orjson (issue 31, item 1, P6)
        self.register_transcodings(transcoder)
        return transcoder

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        register_domain_transcodings(transcoder)

    @contextmanager
    def identity_map(self) -> Iterator[None]:
        """Within this block, loading the same aggregate twice gives the same object, so two rule systems
        resolving one phase change one Region instance and save it once."""
        depth = getattr(self._loaded, "depth", 0)
        self._loaded.depth = depth + 1
        try:
            if getattr(self._loaded, "map", None) is not None:  # already inside one: share it
                yield
                return
            self._loaded.map = {}
            try:
                yield
            finally:
                self._loaded.map = None
        finally:
            self._loaded.depth = depth

    def identity_map_shared(self) -> bool:
        """Whether this thread's identity map was opened by an enclosing block, which may go on using what it holds."""
        return getattr(self._loaded, "depth", 0) > 1

    def load(self, aggregate_id: UUID, kind: type[A], version: int | None = None) -> A:
        cache: dict[UUID, Aggregate] | None = getattr(self._loaded, "map", None)
        if cache is not None and version is None and aggregate_id in cache:
            cached = cache[aggregate_id]
            if not isinstance(cached, kind):
                raise NotFoundError(f"{aggregate_id} is not a {kind.__name__.lower()}")
            return cached
        loaded = self._load(aggregate_id, kind, version)
        if cache is not None and version is None:
            cache[aggregate_id] = loaded
        return loaded

    def load_many(self, aggregate_ids: Sequence[UUID], kind: type[A], remember: bool = True) -> list[A]:
        """`load` of each id, in order, reading every one not already in the identity map in one round trip
        (service/persistence/streams.py) instead of two per aggregate. `remember=False` leaves what it read out
        of the identity map (a read for display, which the command's conflict check need not cover)."""
        cache: dict[UUID, Aggregate] | None = getattr(self._loaded, "map", None)
        wanted = [i for i in dict.fromkeys(aggregate_ids) if cache is None or i not in cache]
        # On Citus one statement over many aggregates' snapshots (distributed by aggregate) is a multi-shard
        # query: there each is loaded alone, two router queries (docs/scaling.md, "Citus").
        many = len(wanted) > 1 and not self.on_citus
        held = self.kept.versions(wanted) if many else {}  # those kept: only their later events are read
        streams = self.streams.read(wanted, held) if many else {}
        loaded: dict[UUID, A] = {}
        to_domain_event = self.mapper.to_domain_event
        for aggregate_id in wanted:
            stream = streams.get(aggregate_id)
            events = [to_domain_event(e) for e in stream or ()]
            if aggregate_id in held:
                forwarded = self.kept.forwarded(aggregate_id, held[aggregate_id], events)
                if forwarded is not None:
                    loaded[aggregate_id] = self._checked(forwarded, aggregate_id, kind)
                    continue
                stream = None  # no longer kept: read alone
            if stream is None:  # one id alone, or not found: the repository's read (and its error)
                loaded[aggregate_id] = self._load(aggregate_id, kind)
                continue
            loaded[aggregate_id] = self._checked(replay(None, events), aggregate_id, kind)
            self.kept.keep([loaded[aggregate_id]])
        if cache is not None and remember:
            cache.update(loaded)
        return [loaded[i] if i in loaded else self.load(i, kind) for i in aggregate_ids]

    @functools.cached_property
    def on_citus(self) -> bool:
        """Whether the store is on a Citus coordinator (docs/scaling.md, "Citus")."""
        with self.recorder.datastore.get_connection() as conn:  # type: ignore[attr-defined]
            return conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'citus'").fetchone() is not None

    def _campaign_read_in(self, aggregate_id: UUID, kind: type[Aggregate]) -> UUID | None:
        """The campaign an aggregate not read before is looked for in (service/persistence/campaign_reads.py): a
        campaign's own; within a command (its identity map), the one campaign the command loaded."""
        if kind is Campaign:
            return aggregate_id
        loaded: dict[UUID, Aggregate] = getattr(self._loaded, "map", None) or {}
        campaigns = {a.id for a in loaded.values() if isinstance(a, Campaign)}
        return next(iter(campaigns)) if len(campaigns) == 1 else None

    def _load(self, aggregate_id: UUID, kind: type[A], version: int | None = None) -> A:
        try:
            with self.recorder.in_campaign(self._campaign_read_in(aggregate_id, kind)):  # type: ignore[attr-defined]
                aggregate = self.repository.get(aggregate_id, version=version, projector_func=replay)
        except AggregateNotFoundError:
            raise NotFoundError(f"no {kind.__name__.lower()} with id {aggregate_id}") from None
        return self._checked(aggregate, aggregate_id, kind, noted=version is None)

    def _checked(self, aggregate: Any, aggregate_id: UUID, kind: type[A], noted: bool = True) -> A:
        if not isinstance(aggregate, kind):
            raise NotFoundError(
                f"{aggregate_id} is a {type(aggregate).__name__.lower()}, not a {kind.__name__.lower()}"
            )
        if noted:
            self._note_read(aggregate)
        return aggregate

    def loaded_unchanged(self) -> dict[UUID, int]:
        """Every aggregate of the current identity map that has no pending events, at the version loaded."""
        cache: dict[UUID, Aggregate] = getattr(self._loaded, "map", None) or {}
        return {i: a.version for i, a in cache.items() if not a.pending_events}

    def campaign_running(self, campaign_id: UUID, system: RuleSystemName) -> Campaign:
        campaign = self.load(campaign_id, Campaign)
        campaign.check_runs(system)
        return campaign

    def member(self, campaign: Campaign, member_id: UUID, kind: type[A]) -> A:
        """One of the campaign's members; an id that belongs elsewhere is not found."""
        name = kind.__name__.lower()
        if campaign.members.get(str(member_id)) != name:
            raise NotFoundError(f"no {name} {member_id} in this campaign")
        return self.load(member_id, kind)

    def members(self, campaign: Campaign, kind: type[A]) -> list[A]:
        """Every member of a kind, in the order they joined the campaign."""
        return self.load_many(campaign.member_ids(kind.__name__.lower()), kind)

    def exists(self, aggregate_id: UUID) -> bool:
        return aggregate_id in self.repository


class SavesAndWaits:
    """Shared by the application services: save changed aggregates in one transaction, each once, and return
    when the read models have projected the new events (read your writes), or, past the bound, once the
    request has been marked as lagging (`Intrigue.wait_for_projections` never raises after a commit)."""

    store: IntrigueStore
    _projected: Callable[[int | None], None]

    def _save(
        self, *aggregates: Aggregate, unchanged: Mapping[UUID, int] | None = None, played: Sequence[Any] = ()
    ) -> None:
        self._projected(self.store.commit(*{id(a): a for a in aggregates}.values(), unchanged=unchanged, played=played))


class RollsSavesAndWaits(SavesAndWaits):
    """An application service that also rolls: a campaign's dice for a command come from `dice_for(campaign,
    stream)` (service/bootstrap.py `campaign_dice`), never from a global."""

    def __init__(
        self, store: IntrigueStore, projected: Callable[[int | None], None], dice_for: Callable[[Campaign, str], Dice]
    ) -> None:
        self.store = store
        self._projected = projected
        self._dice_for = dice_for


def unit_of_work(method: Callable[P, R]) -> Callable[P, R]:
    """An application method whose loads share one identity map (the service has a `store`)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with args[0].store.identity_map():  # type: ignore[attr-defined]
            return method(*args, **kwargs)

    return wrapper


_NOT_PAYLOAD = frozenset({"originator_id", "originator_version", "timestamp"})  # made once, not once an event (P4)


def event_payload(domain_event: Any) -> dict[str, Any]:
    """The public attributes of a domain event, for audit output."""
    skip = _NOT_PAYLOAD
    return {k: v for k, v in vars(domain_event).items() if k not in skip and not k.startswith("_")}
