"""Where one resolution touches fresh memory (issue 31, P6 and P4): the same run as `bench/phase_run.py resolve`, with
`bench/phase_split.py`'s parts wrapped to add up their minor page faults (`ru_minflt` of the calling thread; a nested
call of the same function is counted once), the whole process's faults over the resolution and its snapshots, and
the resident memory (`/proc/self/statm`) before and after.

`python -m bench.phase_faults TEMPLATE LABEL`: prints `FAULTS {json}` before the RESULT line.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import sys
from collections import defaultdict
from typing import Any

import service.persistence.app
from bench import phase_run, phase_split

FAULTS: dict[str, int] = defaultdict(int)
_DEPTH: dict[str, int] = defaultdict(int)


def _thread() -> int:
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt


def _process() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def wrap(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        _DEPTH[label] += 1
        started = _thread()
        try:
            return original(*args, **kwargs)
        finally:
            _DEPTH[label] -= 1
            if not _DEPTH[label]:
                FAULTS[label] += _thread() - started

    setattr(owner, name, counted)


def main() -> None:
    for owner, name, label in phase_split.PARTS:
        wrap(owner, name, label)

    def warm() -> None:
        FAULTS.clear()
        FAULTS["process at start"] = _process()
        FAULTS["rss kB warm"] = _rss_kb()

    phase_run.after_warm = warm
    store = service.persistence.app.IntrigueStore
    written = store.snapshots_written

    def done(self: Any) -> Any:  # the resolution answered and its snapshots written: before the bench's digest
        out = written(self)
        FAULTS["process"] = _process() - FAULTS.pop("process at start")
        FAULTS["rss kB after"] = _rss_kb()
        return out

    store.snapshots_written = done  # type: ignore[method-assign]
    phase_run.resolve(sys.argv[1], sys.argv[2], None)
    print("FAULTS " + json.dumps(dict(FAULTS)), flush=True)


if __name__ == "__main__":
    main()
