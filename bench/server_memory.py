"""The resident memory of the processes that serve, printed after each bench section (issue 31, item 5).

A section's server is measured while it still runs, holding what it keeps (its aggregate cache, its fold caches):
a uvicorn server (`http_servers.Server`, the http, capacity and played sections) and the lanes' writer processes
just before they are stopped, a section that runs the services in this process (played, capacity's building,
citus's worker, the projections' played rebuild) just before it closes them. After the section the line gives
each server noted, then this process as it is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psutil

from service.persistence.aggregate_cache import BytesCache

_noted: list[str] = []


def _mib(count: float, digits: int = 0) -> str:
    return f"{count / 2**20:.{digits}f} MiB"


def note(what: str, pid: int | None = None, store: Any = None) -> None:
    """Measure a server now: process `pid` (default: this one); `store`, the IntrigueStore it serves with, whose
    aggregate cache is then shown as it counts itself."""
    try:
        rss = psutil.Process(pid).memory_info().rss
    except psutil.Error:  # already gone
        return
    line = f"{what} (pid {pid or psutil.Process().pid}): {_mib(rss)} resident"
    cache = getattr(getattr(store, "repository", None), "cache", None)
    counted = getattr(cache, "cache", None)  # the library's caches (a tree before issue 31, item 5) keep a dict
    if isinstance(cache, BytesCache):
        counts = f"{len(cache)} aggregates counted {_mib(cache.bytes, 1)} of {_mib(cache.budget, 1)}"
        line += f"; its aggregate cache: {counts}"
    elif isinstance(counted, dict):
        line += f"; its aggregate cache: {len(counted)} aggregates"
    elif store is not None:
        line += "; no aggregate cache"
    _noted.append(line)


def note_many(what: str, pids: Sequence[int]) -> None:
    """Measure several server processes of one kind now: the largest and their sum."""
    sizes = []
    for pid in pids:
        try:
            sizes.append(psutil.Process(pid).memory_info().rss)
        except psutil.Error:
            continue
    if sizes:
        _noted.append(f"{len(sizes)} {what}: {_mib(max(sizes))} resident the largest, {_mib(sum(sizes))} together")


def _rss(process: psutil.Process) -> int:
    try:
        return int(process.memory_info().rss)
    except psutil.Error:  # ended meanwhile
        return 0


def resident_memory(section: str) -> None:
    """Print what the section's servers were noted holding, then this process's resident memory now."""
    me = psutil.Process()
    children = me.children(recursive=True)
    print(f"  [memory] after {section}:")
    for line in _noted:
        print(f"  [memory]   {line}")
    if not _noted:
        print("  [memory]   no server process of its own: this process served")
    _noted.clear()
    left = sum(_rss(c) for c in children)
    print(f"  [memory]   this process now: {_mib(_rss(me))} resident (and {len(children)} children, {_mib(left)})")
