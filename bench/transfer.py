"""Export then import of a long campaign stream, in a subprocess whose peak RSS must stay under 200 MB."""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from uuid import UUID

import psycopg

from bench.harness import Measure, best_of
from service.persistence import database, migrations
from service.persistence.database import Database

TARGET_MB = 200


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line every quarter otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.started, self.drawn = label, max(total, 1), time.monotonic(), 0.0
        self.tty, self.quarter = sys.stderr.isatty(), 0

    def __call__(self, done: int) -> None:
        now, share = time.monotonic(), min(done / self.total, 1.0)
        if self.tty and (now - self.drawn >= 0.2 or done >= self.total):
            self.drawn = now
        elif not self.tty and int(share * 4) > self.quarter:
            self.quarter = int(share * 4)
        else:
            return
        rate = done / max(now - self.started, 1e-9)
        line = f"  {self.label:<7}[{'#' * int(share * 30):<30}] {done:>9}/{self.total} {rate:8.0f}/s"
        print(f"\r{line}" if self.tty else line, end="" if self.tty and done < self.total else "\n", file=sys.stderr)


def _peak_rss_kb() -> int:
    """This process's peak RSS. Linux's `ru_maxrss` survives execve, so in a child it starts at the parent's
    RSS when it forked (the benchmark process, large after the sections before); VmHWM belongs to the
    child's own memory since exec. Elsewhere, `ru_maxrss`."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _child(source_json: str, target_json: str, campaign_id: str, path: str, total: int) -> None:
    """Export the campaign to `path`, then import it into the empty target; print what it cost as JSON."""
    from service.persistence.app import IntrigueStore
    from service.usecases.transfer import export_lines, file_lines, import_lines

    source, target = Database(**json.loads(source_json)), Database(**json.loads(target_json))
    store = IntrigueStore(env={**source.eventsourcing_env(1), "CREATE_TABLE": "n"})
    empty = IntrigueStore(env={**target.eventsourcing_env(1), "CREATE_TABLE": "n"})
    baseline = _peak_rss_kb()
    started = time.perf_counter()
    progress = Progress("export", total)
    with open(path, "w", encoding="utf-8") as out:
        for done, line in enumerate(export_lines(store, source, UUID(campaign_id))):
            out.write(line + "\n")
            progress(done)  # the header line is not an event: `done` events are written
    exported = time.perf_counter() - started
    started = time.perf_counter()
    import_lines(empty, lambda: file_lines(Path(path)), progress=Progress("import", total))
    imported = time.perf_counter() - started
    peak = _peak_rss_kb()
    print(json.dumps({"baseline_kb": baseline, "peak_kb": peak, "export_s": exported, "import_s": imported}))


def _raw_copy(conninfo: str, campaign_id: UUID, path: str, events: int) -> Measure:
    copy = (
        "COPY (SELECT originator_id, originator_version, topic, encode(state, 'base64') FROM intrigue_events"
        f" WHERE originator_id = '{campaign_id}' ORDER BY notification_id) TO STDOUT"
    )

    def work() -> None:
        with psycopg.connect(conninfo) as conn, open(path, "wb") as out, conn.cursor().copy(copy) as stream:  # type: ignore[arg-type]
            for chunk in stream:
                out.write(chunk)

    return best_of(1, f"COPY of the same {events} rows to a file", events, work)


def export_import(admin: Database, db: Database, campaign_id: UUID) -> bool:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT count(*) FROM intrigue_events WHERE originator_id = %s", (campaign_id,)).fetchone()
    events = int(row[0]) if row else 0
    target = database.create_database(admin, f"{db.dbname}_import")
    try:
        migrations.migrate(target)
        with tempfile.TemporaryDirectory(prefix="bench-transfer-") as folder:
            path = os.path.join(folder, "campaign.ndjson")
            raw = _raw_copy(db.conninfo, campaign_id, path, events)
            print(f"\nExport then import of a {events}-event campaign stream, in a subprocess (progress on stderr)")
            args = [
                sys.executable,
                "-m",
                "bench.transfer",
                json.dumps(dataclasses.asdict(db)),
                json.dumps(dataclasses.asdict(target)),
                str(campaign_id),
                path,
                str(events),
            ]
            done = subprocess.run(args, stdout=subprocess.PIPE, text=True, check=True)
            result = json.loads(done.stdout.strip().splitlines()[-1])
            size = os.path.getsize(path)
        with psycopg.connect(target.conninfo) as conn:
            row = conn.execute("SELECT count(*) FROM intrigue_events").fetchone()
        copied = int(row[0]) if row else 0
    finally:
        database.drop_database(admin, target.dbname)
    peak_mb, baseline_mb = result["peak_kb"] / 1024, result["baseline_kb"] / 1024
    print(f"  file     : {size / 2**20:9.1f} MB NDJSON; {copied} of {events} events imported into an empty database")
    export_rate = events / result["export_s"]
    print(f"  export   : {export_rate:12.1f} /s  (export_lines to a file)")
    print(f"  raw pg   : {raw.per_second:12.1f} /s  ({raw.label})")
    print(f"  ratio    : {export_rate / raw.per_second:12.2f}    (export to raw COPY; no target)")
    print(f"  import   : {events / result['import_s']:12.1f} /s  (import_lines from the file, 500 events a batch)")
    ok = peak_mb < TARGET_MB and copied == events
    verdict = "meets" if ok else "misses"
    print(
        f"  peak RSS : {peak_mb:9.1f} MB (after imports, before work: {baseline_mb:.1f} MB)"
        f"    target < {TARGET_MB} MB: {verdict}"
    )
    return ok


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
