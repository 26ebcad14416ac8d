"""P3 (issue 31): a House's load at the last phase against the same House's load at phase 1, measured interleaved.

Each load is timed where the table asks only once the campaign has been played: the House as it stood at phase 1
(its version then: the newest snapshot at or before it and the events after) and as it stands at the last phase,
in turn, so both sides meet the same machine, the same server and the same grown tables. A sample is the mean of
`batch` loads in a row (one load is under a millisecond, near the timer's and the scheduler's noise); the figure
is the median of `rounds` samples a side, taken ABBA so neither side always goes first.
"""

from __future__ import annotations

import statistics
import time
from uuid import UUID

from domain.gameofbones.aggregate.house import House
from service.persistence.app import IntrigueStore


def _sample(store: IntrigueStore, house_id: UUID, version: int, batch: int) -> float:
    started = time.perf_counter()
    for _ in range(batch):
        store.load(house_id, House, version)
    return (time.perf_counter() - started) / batch


def interleaved_loads(
    store: IntrigueStore, house_id: UUID, versions: dict[int, int], rounds: int = 15, batch: int = 5
) -> dict[int, float]:
    """phase: the median seconds of a load of `house_id` at the version it had at that phase, sides in turn."""
    for phase, version in versions.items():  # warm: the statements prepared, the pages read, on both sides
        loaded = store.load(house_id, House, version)
        if loaded.version != version:
            raise RuntimeError(f"house {house_id} loaded at version {loaded.version}, not {version} (phase {phase})")
    order = list(versions)
    samples: dict[int, list[float]] = {phase: [] for phase in order}
    for round_ in range(rounds):
        for phase in order if round_ % 2 == 0 else reversed(order):
            samples[phase].append(_sample(store, house_id, versions[phase], batch))
    return {phase: statistics.median(times) for phase, times in samples.items()}
