"""A rebuild's first pass in parallel (issue 31): worker processes, each folding the campaigns whose id hashes to
its part, into the new generation. Each campaign is one lane with its own tracking row, so the parts write
disjoint rows; what the log gained meanwhile is left to the rebuild's own runner, which then switches as before.

How many: `INTRIGUE_REBUILD_WORKERS` (default: the machine's cores; 1 folds everything in the rebuild's runner, as
before), and only for a log of at least `INTRIGUE_REBUILD_PARALLEL_FROM` events (default 100,000): a worker costs
a process started and the service's modules imported (0.5 s of CPU, seconds on a loaded 2-core machine), and at
16,000 events two processes were slower than one (docs/scaling.md, issue 31). The generation is the same either way
(tests/service/operations/test_rebuild_parts.py)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from projections import standings
from service.operations.rebuild_settings import setting
from service.persistence.readmodels import ReadModel, by_name, close_view, drained_runner, open_view
from service.usecases import phase_report_kept  # noqa: F401 - registers the phase reports' reporter, as the rebuild's own process has

log = logging.getLogger("intrigue.worker")
WORKERS = "INTRIGUE_REBUILD_WORKERS"
PARALLEL_FROM = "INTRIGUE_REBUILD_PARALLEL_FROM"
SMALL_LOG = 100_000  # events: below it, one process rebuilds faster than several start
Progress = Callable[[int, int], None]


def rebuild_workers(env: dict[str, str], events: int) -> int:
    """How many processes fold a rebuild of a log of `events`: the setting, else the machine's cores; one for a
    log under the parallel threshold."""
    if events < _setting(env, PARALLEL_FROM, SMALL_LOG):
        return 1
    return max(1, _setting(env, WORKERS, os.cpu_count() or 1))


def _setting(env: dict[str, str], name: str, default: int) -> int:
    value = setting(env, name)
    return int(value) if value else default


def fold_in_parts(model: ReadModel, generation: int, env: dict[str, str], workers: int, report: Progress) -> int:
    """Fold the log into `generation` with `workers` processes, one part each; return the events they read.
    Each is `python -m service.operations.rebuild_parts`, importing the fold's modules only (a `multiprocessing`
    spawn imports the parent's main module again: the CLI's, seconds on a loaded machine); the settings go
    through its standard input, never its command line."""
    view = open_view(model.at_generation(generation), env)
    with tempfile.TemporaryDirectory(prefix="intrigue-rebuild-") as folder:
        procs = [_start(model.name, generation, env, k, workers, Path(folder) / f"part{k}") for k in range(workers)]
        try:
            while any(p.poll() is None for p, _ in procs):
                report(*view.progress())  # type: ignore[attr-defined]
                wait_any([p for p, _ in procs], 0.5)
            report(*view.progress())  # type: ignore[attr-defined]
        finally:
            for p, _ in procs:
                if p.poll() is None:
                    p.kill()
                p.wait()
            close_view(view)
        return sum(_result(p, out) for p, out in procs)


def wait_any(procs: list[subprocess.Popen[bytes]], seconds: float) -> None:
    """Until the first of `procs` still running (in their order, not whichever ends first) ends, or `seconds`
    pass (the progress is then reported again): the rebuild goes on as soon as its last worker ends, where a fixed
    pause of 0.5 s between looks kept it up to that long after (on the bench's backlog, walls 0.5 s apart for the
    same workers' CPU)."""
    running = [p for p in procs if p.poll() is None]
    if running:
        with contextlib.suppress(subprocess.TimeoutExpired):
            running[0].wait(timeout=seconds)


def _start(
    name: str, generation: int, env: dict[str, str], part: int, parts: int, out: Path
) -> tuple[subprocess.Popen[bytes], Path]:
    command = [sys.executable, "-m", __name__, name, str(generation), str(part), str(parts)]
    with out.open("wb") as written:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=written, stderr=subprocess.STDOUT)
    assert proc.stdin is not None
    proc.stdin.write(json.dumps({"env": env, "composers": standings.registered()}).encode())
    proc.stdin.close()
    return proc, out


def _result(proc: subprocess.Popen[bytes], out: Path) -> int:
    lines = out.read_text(errors="replace").splitlines()
    if proc.returncode != 0 or not lines or not lines[-1].isdigit():
        raise RuntimeError(f"rebuild part failed ({proc.returncode}): {' / '.join(lines[-5:])}")
    return int(lines[-1])


def fold_part(name: str, generation: int, env: dict[str, str], part: int, parts: int) -> int:
    """In a worker process: fold every campaign of part `part` of `parts` up to its head."""
    started = time.monotonic()
    runner = drained_runner(by_name(name).at_generation(generation), env, (part, parts))
    try:
        read = runner.drain()
    finally:
        runner.close_drained()
        close_view(runner.view)  # type: ignore[arg-type]
    log.info(
        "rebuild part folded",
        extra={"part": part, "parts": parts, "events": read, "seconds": round(time.monotonic() - started, 2)},
    )
    return read


if __name__ == "__main__":  # a worker: the model, generation, part and parts as arguments, the settings on stdin
    given = json.load(sys.stdin)
    standings.register_named(given["composers"])  # the precomputed answers the rebuild's own process keeps
    folded = fold_part(sys.argv[1], int(sys.argv[2]), given["env"], int(sys.argv[3]), int(sys.argv[4]))
    print(folded)
