"""What a state writer keeps in memory between pages, bounded by bytes, not by a count (issue 31, item 5).

Two least-recently-used maps (cachetools' `LRUCache`, sized by each entry's bytes):
- the folded aggregates, valid while their row is at the same version: an entry counts its public state's
  encoded size times `IN_MEMORY`, what decoded Python objects take against their JSON, plus `OBJECT_BYTES`, what
  an aggregate costs however small (its instance, its empty maps and lists): within three times what a member takes,
  measured on played campaigns' factions and houses (tests/service/persistence/test_fold_cache_bytes.py);
- each row's `state` column as this writer wrote it, encoded by key: an entry counts its bytes.
A 100-faction campaign's big members and a thousand small campaigns' dice rolls cost what they weigh, so a
process's memory no longer follows the size of the aggregates it happens to meet. `INTRIGUE_FOLD_CACHE_MB`
(default 64) is each map's budget.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from cachetools import LRUCache

FOLD_CACHE_MB = "INTRIGUE_FOLD_CACHE_MB"
DEFAULT_MB = 64
IN_MEMORY = 3  # bytes in memory per byte of the encoded public state (measured: factions 1.8-1.9, houses 3.2)
ENTRY_BYTES = 200  # a map entry's own cost: its key, its slot, the tuple
OBJECT_BYTES = 1_024  # an aggregate's cost however small (its instance, its empty maps and lists)


class Folded(NamedTuple):
    """A folded aggregate, and the bytes it is counted for."""

    state: Any
    size: int


Stored = tuple[int, dict[str, bytes]]  # a row's version, and its `state` column as written whole, encoded by key


def budget() -> int:
    return int(float(os.environ.get(FOLD_CACHE_MB) or DEFAULT_MB) * 1024 * 1024)


def encoded_size(encoded: dict[str, bytes]) -> int:
    return ENTRY_BYTES + sum(len(name) + len(value) for name, value in encoded.items())


def folded_size(written: dict[str, bytes] | None) -> int:
    """The bytes a folded aggregate is counted for, from its public state as written (None: not written whole)."""
    return OBJECT_BYTES + IN_MEMORY * (encoded_size(written) if written is not None else ENTRY_BYTES)


def folded_map(size: int | None = None) -> LRUCache[int, Folded]:
    return LRUCache(maxsize=budget() if size is None else size, getsizeof=lambda kept: kept.size)


def stored_map(size: int | None = None) -> LRUCache[int, Stored]:
    return LRUCache(maxsize=budget() if size is None else size, getsizeof=lambda stored: encoded_size(stored[1]))


def keep(cache: LRUCache[int, Any], key: int, value: Any) -> None:
    """Keep `value`, evicting the least recently used; one bigger than the whole budget is not kept."""
    try:
        cache[key] = value
    except ValueError:  # cachetools: "value too large"
        cache.pop(key, None)
