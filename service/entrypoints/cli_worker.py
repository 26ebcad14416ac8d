"""`intrigue worker`: a process that runs the read models' projections and, where configured, the webhooks' delivery
thread, with Prometheus metrics on a port of its own (docs/operations.md)."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable

from service.bootstrap import Intrigue, Settings
from service.persistence import database
from service.persistence.readmodels import by_name

DELIVERY_POOL = 2  # connections per pool of a worker's delivery thread: one claim or record at a time


def _stop_on_signals() -> threading.Event:
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    return stop


def run(names: list[str], metrics_port: int | None, poll: float) -> int:
    """`intrigue worker`: the projections and the webhooks' deliveries, with metrics on `metrics_port`."""
    from prometheus_client import REGISTRY, start_http_server

    from service.operations.metrics import IntrigueCollector
    from service.operations.worker import run_worker
    from service.persistence.app import IntrigueStore
    from service.persistence.readmodels import open_view

    settings = Settings.load()
    db = database.resolve(settings.database_url, settings.pgdata)
    env = {**db.eventsourcing_env(settings.pool_size), "CREATE_TABLE": "n"}
    logging.getLogger("intrigue").info("worker on %s", db.describe())
    stop = _stop_on_signals()
    if metrics_port:
        small = {**env, "POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "1"}
        views = {name: open_view(by_name(name), small) for name in names}
        REGISTRY.register(IntrigueCollector(db, IntrigueStore(small), views))
        start_http_server(metrics_port)
    run_worker(db, env, [by_name(name) for name in names], stop, poll, _deliveries(settings, db))
    return 0


def _deliveries(settings: Settings, db: database.Database) -> Callable[[], Callable[[], None]] | None:
    """What starts the worker's webhook delivery thread (docs/webhooks.md, Where deliveries are sent): its own small
    Intrigue, which reads the news from the read models the projections keep and runs no projection itself."""
    if settings.deliveries() is None:
        return None

    def start() -> Callable[[], None]:
        intrigue = Intrigue(db, DELIVERY_POOL, run_projections=False, migrate=False, deliveries=settings.deliveries())
        deliverer = intrigue.delivery_worker()
        assert deliverer is not None
        deliverer.start()

        def stop() -> None:
            deliverer.stop()
            intrigue.close()

        return stop

    return start
