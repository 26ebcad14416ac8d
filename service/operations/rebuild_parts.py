"""A rebuild's first pass in parallel (issue 31): worker processes, each folding the campaigns whose id hashes to
its part, into the new generation. Each campaign is one lane with its own tracking row, so the parts write
disjoint rows; what the log gained meanwhile is left to the rebuild's own runner, which then switches as before.

How many: `INTRIGUE_REBUILD_WORKERS` (default: the machine's cores; 1 folds everything in the rebuild's runner, as
before). The generation is the same either way (tests/service/test_rebuild_parts.py)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait

from service.persistence.readmodels import ReadModel, by_name, close_view, drained_runner, open_view

log = logging.getLogger("intrigue.worker")
WORKERS = "INTRIGUE_REBUILD_WORKERS"
Progress = Callable[[int, int], None]


def rebuild_workers(env: dict[str, str]) -> int:
    """How many processes fold a rebuild: the setting, else the machine's cores."""
    value = env.get(WORKERS) or os.environ.get(WORKERS) or ""
    return max(1, int(value)) if value.strip() else max(1, os.cpu_count() or 1)


def fold_in_parts(model: ReadModel, generation: int, env: dict[str, str], workers: int, report: Progress) -> int:
    """Fold the log into `generation` with `workers` processes, one part each; return the events they read."""
    spawn = multiprocessing.get_context("spawn")  # no fork of a process holding pools and threads
    view = open_view(model.at_generation(generation), env)
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
            parts = [pool.submit(fold_part, model.name, generation, env, k, workers) for k in range(workers)]
            while True:
                done, pending = wait(parts, timeout=0.5, return_when=FIRST_EXCEPTION)
                report(*view.progress())  # type: ignore[attr-defined]
                if not pending or any(f.exception() is not None for f in done):
                    break
            return sum(_result(f) for f in parts)
    finally:
        close_view(view)


def _result(future: Future[int]) -> int:
    return future.result()  # raises what the worker raised


def fold_part(name: str, generation: int, env: dict[str, str], part: int, parts: int) -> int:
    """In a worker process: fold every campaign of part `part` of `parts` up to its head."""
    started = time.monotonic()
    runner = drained_runner(by_name(name).at_generation(generation), env, (part, parts))
    try:
        read = runner.drain()
    finally:
        runner.close_drained()
        close_view(runner.view)  # type: ignore[arg-type]
    log.info("rebuild part folded", extra={"part": part, "parts": parts, "events": read,
                                           "seconds": round(time.monotonic() - started, 2)})  # fmt: skip
    return read
