"""`intrigue serve --processes N`: N uvicorn processes on one listening socket, the background work in the parent.

The parent resolves the database (starting the embedded server if it is the one), migrates, seeds the demo, runs
the projection runners (each under its advisory lock) and the webhooks' delivery worker, then runs uvicorn's
supervisor, which spawns N children. Each child builds the app from the environment the parent sets (`app`, the
import string's factory): the parent's database, no migration, no projections, no deliveries. So what must run
once runs once whatever N is, and a child serves as an API replica does (docs/operations.md, "Processes").

Stopped (SIGTERM or Ctrl-C), the supervisor sends each child SIGTERM and waits for it: each runs uvicorn's graceful
shutdown, then its own (`child_loop`), and exits 143; the parent then runs its own, and exits 143 on SIGTERM.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import signal
from typing import Any

import psycopg
import uvicorn
import uvloop
from uvicorn.supervisors import Multiprocess
from uvicorn.supervisors.multiprocess import Process

from service.bootstrap import ConfigurationError, Intrigue, Settings, bootstrap
from service.entrypoints.http import CLAIM_CONNECTIONS
from service.entrypoints.serving import terminated
from service.operations import logs
from service.persistence import readpool
from service.persistence.database import Database

log = logging.getLogger("intrigue")
# What each child is told: the background work is the parent's (migrations, projections, deliveries).
CHILD_ENV = {"INTRIGUE_MIGRATE_ON_START": "false", "INTRIGUE_RUN_PROJECTIONS": "false", "INTRIGUE_WEBHOOKS": "false"}
APP = "service.entrypoints.serve_processes:app"
PROTOCOL = "service.entrypoints.serve_processes:protocol"  # uvicorn pickles its config for each child: by name
LOOP = "service.entrypoints.serve_processes:child_loop"  # each child's event loop (uvicorn's `loop` takes a factory)
# uvicorn kills a child that does not answer its supervisor's ping within this many seconds. Its default, 5, killed
# children still importing the app on a busy 2-core machine (docs/scaling.md, session 16): a start is allowed a minute.
HEALTHCHECK_SECONDS = 60


def connections_per_process(
    pool_size: int, read_connections: int = readpool.MAX_SIZE, claim_connections: int = CLAIM_CONNECTIONS
) -> int:
    """At most what one serving process opens: the store's pool and its overflow, the read pool, the idempotency
    pool, the listener and the views (33 at the default pool sizes: 5, 10 and 10; `create_app`'s)."""
    return 2 * pool_size + read_connections + claim_connections + 3


def background_connections(pool_size: int) -> int:
    """At most what the parent opens: a projection runner's store and its lock, the views."""
    return 2 * pool_size + 3


def check_connection_budget(db: Database, processes: int, pool_size: int) -> None:
    """Refuse a count of processes whose pools would not fit in the server's connections (what other clients
    hold at the moment is not counted: it changes)."""
    needed = processes * connections_per_process(pool_size) + background_connections(pool_size)
    with psycopg.connect(db.conninfo, connect_timeout=10) as conn:
        row = conn.execute(
            "SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int"
        ).fetchone()
    available = int(row[0]) if row else 0
    if needed > available:
        raise ConfigurationError(
            f"{Settings.env('processes')}={processes}: its pools would open up to {needed} connections"
            f" ({connections_per_process(pool_size)} per process at {Settings.env('pool_size')}={pool_size}, and"
            f" {background_connections(pool_size)} for the background work), over the {available} the server allows"
        )


def serve(intrigue: Intrigue, settings: Settings, host: str, port: int, options: dict[str, Any]) -> None:
    """Run the delivery worker here, and uvicorn's supervisor over `settings.processes` children."""
    os.environ.update({**CHILD_ENV, "DATABASE_URL": intrigue.db.url})  # read by each spawned child
    worker = intrigue.delivery_worker()
    if worker is not None:
        worker.start()
    log.info("serving from %d processes; migrations, projections and deliveries in this one", settings.processes)
    options = {**options, "http": PROTOCOL, "loop": LOOP, "timeout_worker_healthcheck": HEALTHCHECK_SECONDS}
    config = uvicorn.Config(APP, factory=True, workers=settings.processes, host=host, port=port, **options)
    supervisor = Supervisor(config, sockets=[config.bind_socket()])  # what `uvicorn.run` does with `workers`
    try:
        supervisor.run()
    finally:
        if worker is not None:
            worker.stop()
    if supervisor.terminated:  # every child has ended: exit as the single-process `serve` does on SIGTERM
        terminated(signal.SIGTERM, None)


class Supervisor(Multiprocess):
    """uvicorn's supervisor of the children (it stops them all on SIGINT or SIGTERM, and replaces one that ended),
    saying how each child ended and remembering a SIGTERM, which it handles without raising it again."""

    terminated = False

    def handle_term(self) -> None:
        self.terminated = True
        super().handle_term()

    def keep_subprocess_alive(self) -> None:
        before = list(self.processes)
        super().keep_subprocess_alive()
        _report_ends([process for process in before if process not in self.processes])

    def join_all(self) -> None:
        super().join_all()
        _report_ends(self.processes)


def _report_ends(processes: list[Process]) -> None:
    for process in processes:
        if process.exitcode is not None and process.exitcode < 0:  # multiprocessing's way to name the signal
            log.warning("serving process %d was ended by signal %d", process.pid, -process.exitcode)
        else:
            log.info("serving process %d exited with status %s", process.pid, process.exitcode)


def child_loop() -> asyncio.AbstractEventLoop:
    """A child's event loop, uvloop's as `serve`'s. uvicorn makes it before the child's server takes the signals, so
    `terminated` installed here is the handler the server raises SIGTERM to again after its graceful shutdown: the
    child then runs its own to the end (`_close`, the log thread's last lines) and exits 143. Installed any later
    (the app is loaded once the server holds the signals), uvicorn would put Python's default back before raising."""
    signal.signal(signal.SIGTERM, terminated)
    return uvloop.new_event_loop()


def app() -> Any:
    """A child's app, from the environment its parent set (`CHILD_ENV`)."""
    from service.entrypoints.http import create_app

    logs.configure(background=True)
    intrigue = bootstrap(Settings.load())
    # Closed at the child's exit, after uvicorn's shutdown; before the log thread's last write (registered earlier,
    # at the import of `logs`: atexit runs the last registered first).
    atexit.register(_close, intrigue)
    return create_app(intrigue)


def _close(intrigue: Intrigue) -> None:
    intrigue.close()
    log.info("serving process %d: store closed", os.getpid())


def __getattr__(name: str) -> Any:
    """`protocol`: the HTTP protocol `serve` uses, built in the child from its environment."""
    if name != "protocol":
        raise AttributeError(name)
    from service.entrypoints.serving import uvicorn_options

    return uvicorn_options()["http"]
