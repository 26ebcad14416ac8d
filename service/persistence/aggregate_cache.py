"""The aggregates a process keeps between commands, bounded by bytes, not by a count (issue 31, item 5).

The eventsourcing library's `Repository` keeps aggregates in its `cache` (a `Cache`: `get`, `put`), an `LRUCache`
of at most `maxsize` aggregates whatever their size: a thousand kept members were 2 MiB of small campaigns' regions
or 12-30 MiB of big campaigns' factions. `BytesCache` takes its place on the same repository (its fast-forward, its
per-aggregate locks and its deep copies unchanged) and keeps aggregates while their estimated bytes stay within a
budget, the least recently used evicted first.

An aggregate's bytes are estimated from its state encoded as JSON (orjson: about 10 us for a faction, a tenth of the
store's own transcoder), times `IN_MEMORY`, plus `OBJECT_BYTES`: within a factor of two of the memory every object
reachable from it takes, measured on played factions, houses, regions, intel and campaigns (0.64-1.58 of it,
tests/service/persistence/test_aggregate_cache_bytes.py); an aggregate that is mostly one long text is counted up
to three times what it takes, so fewer are kept than the budget would hold, never more. An aggregate is measured
when it is put, and again when it is next asked for after a fast-forward moved it in place (the library forwards
the kept object without putting it back): the count is at most one load behind what it weighs.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.application import Cache

AGGREGATE_CACHE_MB = "INTRIGUE_AGGREGATE_CACHE_MB"
# Played members are counted 2-16 KiB each (a region 2, a house 6-8, a faction of 5 assets 10-15), so a campaign of
# the size (356 members a resolution loads, factions of 20 assets) is some 5-10 MiB: 256 MiB keeps a few
# dozen of those hot per process, or thousands of small campaigns, and four service processes on a 24 GiB machine
# spend a GiB on it (docs/scaling.md, issue 31 item 5).
DEFAULT_MB = 256.0
FORMER_COUNT = "INTRIGUE_AGGREGATE_CACHE"  # before issue 31, item 5: a count of aggregates
IN_MEMORY = 3  # bytes in memory per byte of the encoded state (measured 1.9-5.5; the constant below covers the rest)
OBJECT_BYTES = 600  # an aggregate's cost however small (its instance, its maps, the cache's entry)
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS


def budget_bytes(env: Any) -> int:
    """The budget `AGGREGATE_CACHE_MB` sets in `env` (a mapping's `get`), in bytes; 0 keeps none."""
    if env.get(FORMER_COUNT):
        raise ValueError(f"{FORMER_COUNT} counted aggregates; set {AGGREGATE_CACHE_MB}, a budget in MiB (0: none)")
    raw = env.get(AGGREGATE_CACHE_MB) or ""
    try:
        mib = float(raw) if raw.strip() else DEFAULT_MB
    except ValueError:
        mib = -1.0
    if not mib >= 0:  # negative, or not a number (nan included)
        raise ValueError(f"{AGGREGATE_CACHE_MB}={raw!r}: a budget in MiB, 0 to keep no aggregates")
    return int(mib * 2**20)


def estimated_bytes(aggregate: Any) -> int:
    """The bytes `aggregate` is counted for: its encoded state's length times `IN_MEMORY`, plus `OBJECT_BYTES`."""
    state = vars(aggregate)
    try:
        encoded = len(orjson.dumps(state, option=_OPTIONS, default=_plain))
    except (TypeError, ValueError, RecursionError):  # text with a lone surrogate, or nesting orjson refuses
        encoded = len(repr(state))
    return OBJECT_BYTES + IN_MEMORY * encoded


def _plain(value: Any) -> Any:
    """What orjson encodes in place of a value it does not know: a set's items, an object's attributes, else text."""
    if isinstance(value, set | frozenset):
        return list(value)
    attributes = getattr(value, "__dict__", None)
    return attributes if isinstance(attributes, dict) else str(value)


class _Entry:
    __slots__ = ("size", "value", "version")

    def __init__(self, value: Any, size: int) -> None:
        self.value, self.size, self.version = value, size, getattr(value, "version", None)


class BytesCache(Cache[UUID, Any]):
    """The library's cache interface, least recently used evicted first once the estimated bytes pass `budget`;
    an aggregate bigger than the whole budget is not kept. Thread-safe as the library's `LRUCache` (one lock)."""

    def __init__(self, budget: int, size_of: Any = estimated_bytes) -> None:
        super().__init__()
        self.budget, self._size_of = budget, size_of
        self._kept: OrderedDict[UUID, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0

    def __bool__(self) -> bool:  # the library asks `if self.cache` for "is there a cache", not "is it empty"
        return True

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def sizes(self) -> dict[UUID, int]:
        """The bytes each kept aggregate is counted for, least recently used first."""
        with self._lock:
            return {key: entry.size for key, entry in self._kept.items()}

    def get(self, key: UUID, *, evict: bool = False) -> Any:
        with self._lock:
            entry = self._kept[key]  # KeyError when not kept, as the library's caches raise
            if evict:
                del self._kept[key]
                self.bytes -= entry.size
                return entry.value
            self._kept.move_to_end(key)
            value = entry.value
        if getattr(value, "version", None) != entry.version:  # fast-forwarded in place since it was measured
            self._measured_again(key, entry)
        return value

    def put(self, key: UUID, value: Any) -> None:
        if value is None:  # as the library's `Cache.put`
            return
        entry = _Entry(value, self._size_of(value))  # measured outside the lock: encoding is the costly part
        with self._lock:
            self._drop(key)
            if entry.size <= self.budget:
                self._kept[key] = entry
                self.bytes += entry.size
                self._evict()

    def _measured_again(self, key: UUID, entry: _Entry) -> None:
        version, size = getattr(entry.value, "version", None), self._size_of(entry.value)
        with self._lock:
            if self._kept.get(key) is entry:  # not replaced or evicted meanwhile
                self.bytes += size - entry.size
                entry.size, entry.version = size, version
                if entry.size > self.budget:
                    self._drop(key)
                self._evict()

    def _drop(self, key: UUID) -> None:
        gone = self._kept.pop(key, None)
        if gone is not None:
            self.bytes -= gone.size

    def _evict(self) -> None:
        while self.bytes > self.budget:
            _, oldest = self._kept.popitem(last=False)
            self.bytes -= oldest.size
