"""A rebuild's first pass in parallel (issue 31): worker processes, each folding the campaigns whose id hashes to
its part, into the new generation. Each campaign is one lane with its own tracking row, so the parts write
disjoint rows; what the log gained meanwhile is left to the rebuild's own runner, which then switches as before.

How many: `INTRIGUE_REBUILD_WORKERS` (default: the machine's cores; 1 folds everything in the rebuild's runner, as
before), and only for a log of at least `INTRIGUE_REBUILD_PARALLEL_FROM` events (default 20,000): a worker costs
a process started and the service's modules imported (1-3 s on a loaded 2-core machine), more than a small log's
whole rebuild (docs/scaling.md, issue 31). The generation is the same either way
(tests/service/test_rebuild_parts.py)."""

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
PARALLEL_FROM = "INTRIGUE_REBUILD_PARALLEL_FROM"
SMALL_LOG = 20_000  # events: below it, one process rebuilds faster than several start
Progress = Callable[[int, int], None]


def rebuild_workers(env: dict[str, str], events: int) -> int:
    """How many processes fold a rebuild of a log of `events`: the setting, else the machine's cores; one for a
    log under the parallel threshold."""
    if events < _setting(env, PARALLEL_FROM, SMALL_LOG):
        return 1
    return max(1, _setting(env, WORKERS, os.cpu_count() or 1))


def _setting(env: dict[str, str], name: str, default: int) -> int:
    value = (env.get(name) or os.environ.get(name) or "").strip()
    return int(value) if value else default


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
