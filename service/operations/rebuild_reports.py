"""A rebuild's phase reports built and written by a process of their own, on the machine's other core (issue 31, P4):
the reports were a third of the rebuild's runner (reading and decoding each phase's events, building every member's
report, writing the rows), and the runner used one core.

The rebuild's runner hands over each resolution it folds, and each rollback, once its page has committed
(projections/report_handoff.py); this process applies them in that order, each in a transaction of its own: a
resolution's reports built by the reporter the runner would have called (service/usecases/phase_report_kept.py
`reporter`, which reads only the event store) and upserted into the new generation's `phase_report_g{N}`, a
rollback's `forget` deleting those of its phase and later. So its rows are the runner's. It is started with the
rebuild (`python -m service.operations.rebuild_reports`, the settings on its standard input, as
service/operations/rebuild_parts.py starts its workers), so its imports overlap the rebuild's first pages, and the
rebuild waits for it before the switch. A report it fails to build is logged and left to the readers, as a failed
reporter's is; a process that fails is logged and the switch goes on, its reports left to the readers.

Only for a log of at least `INTRIGUE_REBUILD_REPORTER_FROM` events (default 20,000, a runner's page): the process's
start and imports cost about half a second of CPU, which a smaller log's reports do not repay (docs/scaling.md, "a
rebuild's phase reports in a process of their own (session 27)"). `INTRIGUE_REBUILD_REPORTER=0` keeps the reports in
the rebuild's runner (`phase_reports.record`) whatever the log, `=1` hands them over whatever the log."""

from __future__ import annotations

import json
import logging
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from contextlib import ExitStack
from typing import IO, Any
from uuid import UUID

import psycopg
from eventsourcing.postgres import PostgresFactory
from psycopg.sql import SQL

from projections import phase_reports, report_handoff
from projections.state_sql import ON_CITUS, statements_of
from service.operations.rebuild_settings import setting
from service.persistence.readmodels import ReadModel, _conninfo
from service.usecases import phase_report_kept

log = logging.getLogger("intrigue.worker")
SETTING = "INTRIGUE_REBUILD_REPORTER"
FROM = "INTRIGUE_REBUILD_REPORTER_FROM"
SMALL_LOG = 20_000  # events: below it, the runner builds its reports sooner than a process starts
STALL = "INTRIGUE_REBUILD_REPORTER_STALL"
# Seconds the rebuild waits on the process while it applies nothing: a page's reports take a few seconds at most
# (7,350 reports of a 50-phase log, 1.4 s of its CPU); past this it is taken for stuck, stopped, and its reports
# left to the readers, as a failed process's are, so a stuck process cannot hold the rebuild (or its switch lock).
STALL_SECONDS = 120.0
_ROLLED_BACK = (psycopg.Rollback, psycopg.Rollback(), None)  # a page's transaction left as `with` leaves it on Rollback


class Reporting:
    """The reporting process, seen from the rebuild: the runner's thread queues each job and each page's end, which a
    thread of its own writes to the process, so that the runner never waits on the pipe; another hears the process
    say each page's end applied (`drained`)."""

    def __init__(self, proc: subprocess.Popen[bytes], out: IO[bytes], stall: float = STALL_SECONDS) -> None:
        self.proc, self.out, self.failed, self._open, self.stall = proc, out, False, False, stall
        self._lines: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._ended = self._applied = 0  # page ends sent, and applied
        self._heard = threading.Condition()
        self._writer = threading.Thread(target=self._write, name="rebuild-reports", daemon=True)
        self._writer.start()
        threading.Thread(target=self._hear, name="rebuild-reports-heard", daemon=True).start()

    def send(self, job: report_handoff.Job) -> None:
        self._open = True
        self._lines.put(json.dumps(job).encode() + b"\n")

    def commit(self) -> None:
        self._end(b'["commit"]\n')

    def abort(self) -> None:
        self._end(b'["abort"]\n')

    def _end(self, line: bytes) -> None:
        if self._open:  # a page that handed nothing over has nothing to end
            with self._heard:
                self._ended += 1
            self._lines.put(line)
            self._open = False

    def _hear(self) -> None:
        assert self.proc.stdout is not None
        for said in self.proc.stdout:
            if said == b"applied\n":
                with self._heard:
                    self._applied += 1
                    self._heard.notify_all()
        with self._heard:  # the process ended: nothing more will be applied
            self._applied = -1
            self._heard.notify_all()

    def drained(self) -> None:
        """Wait until the pages ended so far are applied (or the process has ended): the rebuild then takes its
        switch lock with only the tail's reports left to wait for under it. A process that applies nothing for
        `stall` seconds meanwhile is stopped (`_stuck`)."""
        with self._heard:
            ended = self._ended
            while not (self._applied < 0 or self._applied >= ended):
                if not self._heard.wait(timeout=self.stall):  # `_hear` notifies as a page is applied, or at its end
                    break
            else:
                return
        self._stuck()

    def _stuck(self) -> None:
        log.error(
            "rebuild's reporting process applied nothing for %s s; stopped, readers build its reports",
            self.stall,
        )
        self.failed = True
        self.proc.kill()  # its page's transaction rolls back; the writer's pipe breaks, `_hear` hears it end

    def _write(self) -> None:
        assert self.proc.stdin is not None
        try:
            while (line := self._lines.get()) is not None:
                self.proc.stdin.write(line)
                if self._lines.empty():
                    self.proc.stdin.flush()
            self.proc.stdin.close()
        except OSError:  # the process ended: `finish` logs why
            self.failed = True

    def finish(self) -> None:
        """Wait until every job sent is applied; a failed or stuck process is logged, its reports left to the
        readers."""
        self.drained()
        self._lines.put(None)
        self._writer.join()
        try:
            self.proc.wait(timeout=self.stall)  # its last page applied: it commits nothing more, and exits
        except subprocess.TimeoutExpired:
            self._stuck()
            self.proc.wait()
        self.out.seek(0)
        said = self.out.read().decode(errors="replace").splitlines()
        self.out.close()
        if self.failed or self.proc.returncode != 0:
            code = self.proc.returncode
            log.error("rebuild's phase reports not all kept (%s); readers build them: %s", code, said[-5:])

    def kill(self) -> None:
        self._lines.put(None)
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._writer.join()
        self.out.close()


def start(model: ReadModel, generation: int, env: dict[str, str], events: int) -> tuple[ReadModel, Reporting | None]:
    """The model whose runner hands its reports to a process started now (the state model, for a log of `events` at
    least `FROM`, unless set off or on), and that process; else the model as it is and None."""
    if not hasattr(model.view, "reports_to") or not handed_over(env, events):
        return model, None
    out = tempfile.TemporaryFile(prefix="intrigue-rebuild-reports-")  # noqa: SIM115 - closed by `finish` or `kill`
    proc = subprocess.Popen(command(generation), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=out)
    assert proc.stdin is not None
    proc.stdin.write(json.dumps({"env": env}).encode() + b"\n")
    stall = setting(env, STALL)
    reporting = Reporting(proc, out, float(stall) if stall else STALL_SECONDS)
    view = type(model.view.__name__, (model.view,), {"reports_to": reporting})
    return ReadModel(model.name, view), reporting


def handed_over(env: dict[str, str], events: int) -> bool:
    """Whether a rebuild of a log of `events` hands its reports to a process: `SETTING` 0 or 1, else from `FROM`."""
    forced = setting(env, SETTING)
    if forced:
        return forced != "0"
    size = setting(env, FROM)
    return events >= (int(size) if size else SMALL_LOG)


def command(generation: int) -> list[str]:
    """The reporting process's command line: this module, importing the reports' modules only."""
    return [sys.executable, "-m", __name__, str(generation)]


def apply_all(
    generation: int, env: dict[str, str], lines: IO[bytes], applied: Callable[[], None] = lambda: None
) -> int:
    """In the reporting process: apply the jobs read from `lines` in order, each page's in one transaction committed
    or rolled back at its end (then `applied()`); return how many resolutions' reports were kept."""
    sql, kept = statements_of(generation), 0
    with psycopg.connect(_conninfo(env), autocommit=True) as conn:
        together = conn.execute(SQL(ON_CITUS)).fetchone() is None
        # The runner's page may fold for as long as its own transaction may stay silent, this one waiting on it.
        idle = f"{int(env.get(PostgresFactory.POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT) or 0)}s"
        conn.execute("SELECT set_config('idle_in_transaction_session_timeout', %s, false)", (idle,))
        page: ExitStack | None = None  # the page's transaction, open
        for line in lines:
            job = json.loads(line)
            if job[0] in ("commit", "abort"):
                if page is not None:
                    page.__exit__(*((None, None, None) if job[0] == "commit" else _ROLLED_BACK))
                page = None
                applied()
                continue
            if page is None:
                page = ExitStack()
                page.enter_context(conn.transaction())
            kept += _applied(conn, sql, job, together)
        if page is not None:  # the runner stopped mid-page: nothing of it was committed
            page.__exit__(*_ROLLED_BACK)
    return kept


def _applied(conn: psycopg.Connection[Any], sql: Any, job: report_handoff.Job, together: bool) -> int:
    """One job in a savepoint: a report that fails is logged and left to the readers, as `phase_reports.record`'s."""
    try:
        with conn.transaction(), conn.cursor() as curs:
            if job[0] == "forget":
                phase_reports.forget(curs, sql, UUID(job[1]), int(job[2]))
                return 0
            campaign_id, phase = UUID(job[1]), int(job[2])
            members = report_handoff.members(job[4])
            resolved_at, reports = phase_report_kept.reporter(curs, campaign_id, phase, int(job[3]), members)()
            phase_reports.write(curs, sql, campaign_id, phase, resolved_at, reports, together=together)
            return 1
    except Exception:
        if conn.closed:
            raise
        log.exception("phase %s reports of campaign %s not kept; readers build them", job[2], job[1])
        return 0


def _main(argv: list[str], stdin: Any) -> None:
    given = json.loads(stdin.readline())
    apply_all(int(argv[1]), given["env"], stdin, lambda: print("applied", flush=True))


if __name__ == "__main__":  # the generation as argument, the settings and then the jobs on stdin
    _main(sys.argv, sys.stdin.buffer)
