"""Timing helpers: best-of-N wall clock, printed as throughput and as a ratio to the raw baseline."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Measure:
    label: str
    operations: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.operations / self.seconds if self.seconds else float("inf")


def best_of(repeats: int, label: str, operations: int, work: Callable[[], None]) -> Measure:
    """Run `work` `repeats` times and keep the fastest: the least disturbed by a shared machine."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return Measure(label, operations, best)


def report(title: str, ours: Measure, raw: Measure, target: float) -> bool:
    ratio = ours.per_second / raw.per_second
    verdict = "meets" if ratio >= target else "misses"
    print(f"\n{title}")
    print(f"  intrigue : {ours.per_second:12.1f} /s  ({ours.label})")
    print(f"  raw pg   : {raw.per_second:12.1f} /s  ({raw.label})")
    print(f"  ratio    : {ratio:12.3g}    target >= {target:.2f}: {verdict}")
    return ratio >= target
