"""Load and faults, in one run: `python -m bench.faults` (`make faults`); docs/operations.md says how to read it.

Three scenarios, each on its own database of one embedded PostgreSQL this script starts in a temporary
directory (a Unix socket, never 127.0.0.1:5432) against real `intrigue serve` processes on loopback ports:
(a) 20 racing writers; (b) repeated SIGKILL of the server during `resolvePhase`, then a restart; (c) two
PostgreSQL restarts under load. Answers are checked against the event log. Every loop is bounded in count
and time. The exit status is 1 if any scenario lost, duplicated or lied about a write, answered a 5xx, or
left `intrigue replay` divergences.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench.fault_game import FACTIONS, Campaigning, Row, head, status, wait_projected
from bench.fault_rig import Client, Postgres, Server, replay_divergences
from service.persistence.database import Database, create_database

WRITERS, REQUESTS_EACH, RACE_SECONDS = 20, 10, 60.0
KILL_ROUNDS, KILL_SECONDS = 12, 150.0
LOAD_WRITERS, LOAD_READERS, LOAD_REQUESTS_EACH, LOAD_SECONDS = 8, 4, 150, 30.0


def racing_writers(pg: Postgres, logs: Path) -> Row:
    """(a) 20 writers at once: orders, resolutions, phase openings and rollbacks of phase 1."""
    row, db = Row("(a) 20 racing writers"), create_database(pg.admin, "faults_racing")
    server = Server(db, logs, "racing")
    server.start()
    try:
        game = Campaigning(server, row)
        game.prepare("open", "resolve", "open")
        since, plan = head(db), ["order"] * 6 + ["resolve", "resolve", "open", "rollback"]
        deadline, barrier = time.monotonic() + RACE_SECONDS, threading.Barrier(WRITERS, timeout=60)

        def writer(w: int) -> None:
            client = game.client()
            barrier.wait()
            for i in range(REQUESTS_EACH):
                if time.monotonic() < deadline:
                    game.send(client, plan[(w + i) % len(plan)], w + i)
            client.close()

        _run_all([partial(writer, w) for w in range(WRITERS)])
        wait_projected(db)
        game.check(db, since)
        row.replay = replay_divergences(db, game.id, logs)
    finally:
        server.stop()
    return row


def _run_all(jobs: list[Callable[[], None]]) -> None:
    threads = [threading.Thread(target=job, daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)


def killed_resolutions(pg: Postgres, logs: Path) -> Row:
    """(b) Orders, then `resolvePhase` with the server SIGKILLed at a random moment; restart; the GM finishes."""
    row, db = Row("(b) SIGKILL in resolvePhase", kills=True), create_database(pg.admin, "faults_killed")
    server = Server(db, logs, "killed")
    server.start()
    try:
        game = Campaigning(server, row)
        game.prepare("open")
        started = time.monotonic()
        game.prepare("resolve")  # one unbroken resolution: how long one takes here
        span = max(0.05, 1.5 * (time.monotonic() - started))
        since, deadline, rng = head(db), time.monotonic() + KILL_SECONDS, random.Random(12)
        for _ in range(KILL_ROUNDS):
            if time.monotonic() > deadline:
                row.notes.append("stopped early: time bound reached")
                break
            gm = game.client()
            _finish(game, gm, db)
            game.send(gm, "open")  # whatever it is answered, the next resolution is still killed
            for f in range(3):
                game.send(gm, "order", f)
            resolving = threading.Thread(target=game.send, args=(gm, "resolve"), daemon=True)
            resolving.start()
            time.sleep(rng.uniform(0, span))
            server.kill()
            resolving.join(timeout=60)
            gm.close()
            server.start()
        gm = game.client()
        if not _finish(game, gm, db):
            row.notes.append(f"the GM could not finish the last phase: {status(db, game.id)}")
            row.lost += 1
        if not wait_projected(db):
            row.notes.append("the read model never caught up with the log")
        lost_before = row.lost
        game.check(db, since)
        row.lost += lost_before
        row.replay = replay_divergences(db, game.id, logs)
        row.notes.append(f"{server.starts - 1} SIGKILLs, span {span * 1000:.0f} ms")
    finally:
        server.stop()
    return row


def _finish(game: Campaigning, gm: Client, db: Database, tries: int = 5) -> bool:
    """The GM resolves a phase left open or resolving, retrying a few times; True once none is."""
    for _ in range(tries):
        if status(db, game.id) not in ("open", "resolving"):
            return True
        game.send(gm, "resolve")
    return status(db, game.id) not in ("open", "resolving")


def restarted_database(pg: Postgres, logs: Path) -> Row:
    """(c) Eight writers and four readers for a bounded time; PostgreSQL is restarted twice meanwhile."""
    row, db = Row("(c) PostgreSQL restarts"), create_database(pg.admin, "faults_restart")
    server = Server(db, logs, "restart")
    server.start()
    try:
        game = Campaigning(server, row)
        game.prepare("open")
        since, stop = head(db), threading.Event()

        def writer(w: int) -> None:
            client = game.client()
            for _ in range(LOAD_REQUESTS_EACH):
                if stop.is_set():
                    break
                game.send(client, "order", w)
            client.close()

        def reader(r: int) -> None:
            client = game.client()
            for i in range(LOAD_REQUESTS_EACH):
                if stop.is_set():
                    break
                if (r + i) % 2:
                    client.gql(FACTIONS, c=str(game.id))
                else:
                    client.get(f"/api/v1/campaigns/{game.id}")
            client.close()

        jobs = [partial(writer, w) for w in range(LOAD_WRITERS)] + [partial(reader, r) for r in range(LOAD_READERS)]
        threads = [threading.Thread(target=job, daemon=True) for job in jobs]
        for thread in threads:
            thread.start()
        for pause in (3.0, 5.0):
            time.sleep(pause)
            pg.restart()
        time.sleep(3.0)
        stop.set()
        for thread in threads:
            thread.join(timeout=LOAD_SECONDS)
        if server.popen is not None and server.popen.poll() is not None:
            row.notes.append(f"the server exited ({server.popen.returncode}); restarted to check the read side")
            server.start()
        if not wait_projected(db):
            row.notes.append("the read model never caught up with the log")
        game.check(db, since)
        row.replay = replay_divergences(db, game.id, logs)
    finally:
        server.stop()
    return row


COLUMNS = ("scenario", "sent", "acked", "found", "lost", "dup", "lies", "5xx", "503", "cut", "replay")


def table(rows: list[Row]) -> str:
    lines = [" | ".join(f"{c:>6}" if i else f"{c:<28}" for i, c in enumerate(COLUMNS))]
    for r in rows:
        t = r.tally
        cells = [
            r.scenario,
            t.sent,
            r.acked,
            r.found,
            r.lost,
            r.duplicates,
            r.lies,
            t.server_errors,
            t.unavailable,
            t.cut,
            r.replay,
        ]
        lines.append(" | ".join(f"{c:>6}" if i else f"{c:<28}" for i, c in enumerate(cells)))
    for r in rows:
        for note in r.notes + [f"5xx sample: {s}" for s in r.tally.samples]:
            lines.append(f"  {r.scenario[:3]} {note}")
    return "\n".join(lines)


def main() -> int:
    """FAULTS_ONLY=a,c picks scenarios; FAULTS_LOGS=dir keeps the servers' logs there (else they go with the
    temporary directory)."""
    chosen = set(filter(None, os.environ.get("FAULTS_ONLY", "").split(","))) or set(SCENARIOS)
    with tempfile.TemporaryDirectory(prefix="intrigue-faults-") as tmp:
        root = Path(tmp)
        logs = Path(os.environ.get("FAULTS_LOGS") or root / "logs")
        logs.mkdir(parents=True, exist_ok=True)
        pg = Postgres(root)
        rows: list[Row] = []
        try:
            for key, scenario in SCENARIOS.items():
                if key not in chosen:
                    continue
                began = time.monotonic()
                try:
                    rows.append(scenario(pg, logs))
                except Exception as error:  # a scenario that cannot run is a failure, reported, not a crash
                    rows.append(Row(f"({key}) {scenario.__name__}", lost=1, notes=[f"could not run: {error!r}"[:300]]))
                print(f"{rows[-1].scenario}: {time.monotonic() - began:.0f} s", file=sys.stderr)
        finally:
            pg.stop()
        print(table(rows))
        failed = [r.scenario for r in rows if r.failed]
        print(f"FAILED: {', '.join(failed)}" if failed else "every loss, duplicate, lie, 5xx and replay count is 0")
        return 1 if failed else 0


SCENARIOS: dict[str, Callable[[Postgres, Path], Row]] = {
    "a": racing_writers,
    "b": killed_resolutions,
    "c": restarted_database,
}


if __name__ == "__main__":
    sys.exit(main())
