"""The aggregates a process keeps between commands are bounded by bytes, not by a count of aggregates of any size
(issue 31, item 5; service/persistence/aggregate_cache.py): many small aggregates are kept where a few big ones
evict the least recently used, an aggregate is counted near what it takes in memory, and a campaign played with the
cache off, evicting at every command, or holding everything writes the same events and reaches the same states."""

from __future__ import annotations

import contextlib
import re
import threading
import uuid
from collections.abc import Callable, Iterator
from uuid import UUID

import psycopg
import pytest
from eventsourcing.domain import Aggregate, event

from bench.played import Size, build, play_phase
from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.persistence.aggregate_cache import (
    AGGREGATE_CACHE_MB,
    FORMER_COUNT,
    BytesCache,
    budget_bytes,
    estimated_bytes,
)
from service.persistence.database import Database, create_database, drop_database
from tests import citus_pool
from tests.service.persistence.test_fold_cache_bytes import in_memory


class Note(Aggregate):
    """A stand-in aggregate whose size is its text's."""

    def __init__(self, text: str) -> None:
        self.text = text

    @event("Grown")
    def grow(self, more: str) -> None:
        self.text += more


def notes(count: int, chars: int) -> list[Note]:
    made = [Note("x" * chars) for _ in range(count)]
    for note in made:
        note.collect_events()  # as saved: a kept aggregate holds no pending events
    return made


def filled(cache: BytesCache, aggregates: list[Note]) -> None:
    for aggregate in aggregates:
        cache.put(aggregate.id, aggregate)


def test_many_small_aggregates_are_kept_and_a_few_big_ones_evict_the_least_recently_used() -> None:
    small, big = notes(50, 100), notes(3, 20_000)
    cache = BytesCache(budget=60 * estimated_bytes(small[0]))
    assert 2 * estimated_bytes(big[0]) > cache.budget > estimated_bytes(big[0]) + 10 * estimated_bytes(small[0])
    filled(cache, small)
    assert list(cache.sizes()) == [n.id for n in small]  # fifty kept: their bytes are within the budget
    cache.put(big[0].id, big[0])
    kept = list(cache.sizes())
    assert kept[-1] == big[0].id and 0 < len(kept) - 1 < len(small)
    assert kept[:-1] == [n.id for n in small[-(len(kept) - 1) :]], "the smalls put first went first"
    filled(cache, big[1:])
    assert list(cache.sizes()) == [big[2].id]  # two big ones do not fit together in sixty smalls' bytes
    assert cache.bytes == sum(cache.sizes().values()) <= cache.budget


def test_an_aggregate_asked_for_is_used_recently_and_outlives_those_put_after_it() -> None:
    a, b, c, d = notes(4, 2_000)
    cache = BytesCache(budget=3 * estimated_bytes(a))
    filled(cache, [a, b, c])
    assert cache.get(a.id) is a
    cache.put(d.id, d)
    assert list(cache.sizes()) == [c.id, a.id, d.id]  # b, the least recently used, went
    with pytest.raises(KeyError):
        cache.get(b.id)
    assert cache.get(c.id, evict=True) is c and c.id not in cache and cache.bytes == 2 * estimated_bytes(a)


def test_an_aggregate_forwarded_in_place_is_counted_again_when_next_asked_for() -> None:
    note, other = notes(2, 100)
    cache = BytesCache(budget=20 * estimated_bytes(note))
    filled(cache, [note, other])
    note.grow("y" * 5_000)  # as the library's fast-forward applies new events to the kept object
    note.collect_events()
    assert cache.get(note.id) is note
    assert cache.sizes()[note.id] == estimated_bytes(note) > estimated_bytes(other)
    assert cache.bytes == estimated_bytes(note) + estimated_bytes(other)
    note.grow("y" * 40_000)  # past the whole budget: no longer kept
    note.collect_events()
    cache.get(note.id)
    assert list(cache.sizes()) == [other.id] and cache.bytes == estimated_bytes(other)


def test_an_aggregate_bigger_than_the_budget_is_not_kept_nor_is_what_it_replaces() -> None:
    note = Note("x" * 100)
    cache = BytesCache(budget=10 * estimated_bytes(note))
    cache.put(note.id, note)
    note.grow("y" * 50_000)
    note.collect_events()
    cache.put(note.id, note)
    assert note.id not in cache and cache.bytes == 0


def test_threads_putting_and_asking_at_once_keep_the_count_exact_and_within_the_budget() -> None:
    aggregates = notes(30, 100) + notes(10, 3_000)
    cache = BytesCache(budget=12 * estimated_bytes(aggregates[-1]))

    def churn(offset: int) -> None:
        for step in range(400):
            aggregate = aggregates[(offset + step * 7) % len(aggregates)]
            cache.put(aggregate.id, aggregate)
            with contextlib.suppress(KeyError):  # evicted meanwhile
                cache.get(aggregates[(offset + step * 3) % len(aggregates)].id)

    threads = [threading.Thread(target=churn, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.bytes == sum(cache.sizes().values()) <= cache.budget


def test_the_budget_is_read_in_mebibytes_and_a_count_or_a_bad_value_is_refused() -> None:
    assert budget_bytes({}) == 256 * 2**20
    assert budget_bytes({AGGREGATE_CACHE_MB: "0.5"}) == 2**19
    assert budget_bytes({AGGREGATE_CACHE_MB: "0"}) == 0
    for bad in ("-1", "lots", "nan"):
        with pytest.raises(ValueError, match=AGGREGATE_CACHE_MB):
            budget_bytes({AGGREGATE_CACHE_MB: bad})
    with pytest.raises(ValueError, match=AGGREGATE_CACHE_MB):
        budget_bytes({FORMER_COUNT: "1024"})


# ---- a played campaign ----------------------------------------------------------------------------------------
SIZE = Size(factions=4, assets=5, houses=3, phases=2)
SMALL_MB = 0.05  # a few members' bytes: nearly every load is a miss, nearly every save evicts
# The players' policies read the board in the order of its ids (tests/support/gameofbones_world.py): each run's
# campaign has this id, so its members have the same ids and it plays the same game; any id a run still draws anew
# is named by the order it first appears in.
CAMPAIGN_ID = UUID("00000000-0000-4000-8000-000000000031")
_IDS = re.compile(rb"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}")
_TIMES = re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(\+00(:00)?)?")


class Played:
    """The seeded campaign played in `db` with one cache budget: its events and its aggregates' states at the end,
    as the store hands them out, times left out (the clock draws them)."""

    def __init__(self, db: Database, budget_mb: str, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv(AGGREGATE_CACHE_MB, budget_mb)
        monkeypatch.setattr(Campaign, "create_id", staticmethod(lambda: CAMPAIGN_ID))
        intrigue = Intrigue(db, pool_size=2)
        self.names: dict[bytes, bytes] = {}
        try:
            played = build(intrigue, db, SIZE, seed="cache bytes")
            for _ in range(SIZE.phases):
                play_phase(played)
            self.cache = intrigue.store.repository.cache
            sizes = self.cache.sizes() if isinstance(self.cache, BytesCache) else {}
            self.kept = [(self.cache.get(i), size) for i, size in sizes.items()] if self.cache else []
            self.events = self._events(db, played.campaign_id)
            self.states = [self._state(intrigue, i) for i in self.originators]
        finally:
            intrigue.close()

    def _events(self, db: Database, campaign_id: UUID) -> list[tuple[bytes, int, str, bytes]]:
        with psycopg.connect(db.conninfo) as conn:
            rows = conn.execute(
                "SELECT originator_id, originator_version, topic, state FROM intrigue_events"
                " WHERE campaign_id = %s ORDER BY campaign_position",
                (campaign_id,),
            ).fetchall()
        self.originators = list(dict.fromkeys(row[0] for row in rows))
        return [(self._named(row[0].hex.encode()), row[1], row[2], self._named(bytes(row[3]))) for row in rows]

    def _state(self, intrigue: Intrigue, aggregate_id: UUID) -> bytes:
        aggregate: Aggregate = intrigue.store.repository.get(aggregate_id)  # from the cache where it is kept
        state = dict(sorted(vars(aggregate).items()))  # a snapshot's attributes come back in another order
        return self._named(intrigue.store.mapper.transcoder.encode(state))

    def _named(self, text: bytes) -> bytes:
        def name(found: re.Match[bytes]) -> bytes:
            return self.names.setdefault(found.group().replace(b"-", b""), b"<%d>" % len(self.names))

        return _IDS.sub(name, _TIMES.sub(b"T", text))


@pytest.fixture
def databases(admin_db: Database, cluster_pool: citus_pool.Pool | None) -> Iterator[Callable[[], Database]]:
    """New empty databases, each dropped after the test (on a Citus cluster, each on the cluster)."""
    made: list[Database] = []

    def new() -> Database:
        name = f"intrigue_cache_{uuid.uuid4().hex[:12]}"
        made.append(citus_pool.create(admin_db, "intrigue_cache") if cluster_pool else create_database(admin_db, name))
        return made[-1]

    yield new
    for db in made:
        drop_database(admin_db, db.dbname)


def test_a_campaign_plays_the_same_with_the_cache_off_small_or_large(
    databases: Callable[[], Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    off, small, large = (Played(databases(), budget, monkeypatch) for budget in ("0", str(SMALL_MB), "256"))
    assert off.cache is None and len(off.events) > 200
    assert isinstance(small.cache, BytesCache) and isinstance(large.cache, BytesCache)
    assert 0 < small.cache.bytes <= SMALL_MB * 2**20 < large.cache.bytes  # the small one evicted, the large kept
    assert len(small.kept) < len(large.kept)
    for played in (small, large):
        assert played.events == off.events
        assert played.states == off.states


def test_an_aggregate_is_counted_within_twice_what_it_takes_in_memory(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = Played(fresh_db, "256", monkeypatch).kept
    kinds = {type(aggregate).__name__ for aggregate, _ in kept}
    assert {"Campaign", "Faction", "House", "HouseIntel", "Region"} <= kinds
    for aggregate, size in kept:
        taken = in_memory(aggregate)
        assert taken / 2 <= size <= taken * 2, (type(aggregate).__name__, taken, size)
