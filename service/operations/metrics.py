"""Prometheus metrics: HTTP latency, commands by outcome, events appended, projection lag, pool use."""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import psycopg
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from domain.errors import ConflictError, DomainError
from service.persistence.app import IntrigueStore

if TYPE_CHECKING:
    from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder

    from service.persistence.database import Database

T = TypeVar("T")
log = logging.getLogger("intrigue.metrics")

HTTP_LATENCY = Histogram(
    "intrigue_http_request_duration_seconds",
    "HTTP request latency by route and GraphQL operation (top-level fields).",
    ["method", "route", "operation", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
COMMANDS = Counter("intrigue_commands_total", "Application commands by type and outcome.", ["command", "outcome"])
EVENTS_APPENDED = Counter("intrigue_events_appended_total", "Domain events this process appended to the store.")


class MeteredStore(IntrigueStore):
    """The event store, counting the events each save appends."""

    name = IntrigueStore.name

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        recordings = super().save(*objs, **kwargs)
        EVENTS_APPENDED.inc(len(recordings))
        return recordings


def outcome_of(error: BaseException | None) -> str:
    if error is None:
        return "ok"
    if isinstance(error, ConflictError):
        return "conflict"
    return "refused" if isinstance(error, DomainError) else "error"


class _Counted:
    def __init__(self, target: object) -> None:
        object.__setattr__(self, "_target", target)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target, name, value)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._target, name)
        if name.startswith("_") or not callable(attr):
            return attr

        @functools.wraps(attr)
        def command(*args: Any, **kwargs: Any) -> Any:
            try:
                result = attr(*args, **kwargs)
            except BaseException as error:
                COMMANDS.labels(name, outcome_of(error)).inc()
                raise
            COMMANDS.labels(name, "ok").inc()
            return result

        return command


def counted(service: T) -> T:
    """The application service, counting each public method call by outcome (ok, refused, conflict, error)."""
    return _Counted(service)  # type: ignore[return-value]


def pool_metrics(pools: Iterable[tuple[str, PostgresDatastore]]) -> Metric:
    gauge = GaugeMetricFamily(
        "intrigue_db_pool_connections", "Database pool connections by pool and state.", labels=["pool", "state"]
    )
    for name, datastore in pools:
        stats = datastore.pool.get_stats()
        size, idle = stats.get("pool_size", 0), stats.get("pool_available", 0)
        waiting, most = stats.get("requests_waiting", 0), datastore.pool.max_size
        for state, value in (
            ("open", size),
            ("idle", idle),
            ("in_use", size - idle),
            ("waiting", waiting),
            ("max", most),
        ):
            gauge.add_metric([name, state], value)
    return gauge


# The oldest event not yet projected: the first of each lane behind its head, the earliest of those.
_OLDEST_BEHIND = """SELECT min(e.notification_id) FROM campaign_heads h
    LEFT JOIN state_tracking t ON t.campaign_id = h.campaign_id
    JOIN intrigue_events e ON e.campaign_id = h.campaign_id AND e.campaign_position = coalesce(t.position, 0) + 1
    WHERE h.position > coalesce(t.position, 0)"""


def projection_lag(db: Database, store: IntrigueStore, views: dict[str, PostgresTrackingRecorder]) -> list[Metric]:
    """Per projection: events not yet processed, and the age of the oldest of them (0 when caught up)."""
    events = GaugeMetricFamily("intrigue_projection_lag_events", "Events not yet projected.", labels=["projection"])
    seconds = GaugeMetricFamily(
        "intrigue_projection_lag_seconds", "Age of the oldest event not yet projected.", labels=["projection"]
    )
    position = GaugeMetricFamily("intrigue_projection_position", "Events projected.", labels=["projection"])
    with psycopg.connect(db.conninfo, connect_timeout=3) as conn:
        for name, view in views.items():
            done, head = view.progress()  # type: ignore[attr-defined]  # counts: positions are gap-free (issue 26)
            behind = head - done
            age = 0.0
            row = conn.execute(_OLDEST_BEHIND).fetchone() if behind else None
            if row and row[0] is not None:
                oldest = store.recorder.select_notifications(start=int(row[0]), limit=1)
                if oldest:
                    stamp = store.mapper.to_domain_event(oldest[0]).timestamp  # type: ignore[attr-defined]
                    age = max(0.0, (datetime.now(UTC) - stamp).total_seconds())
            events.add_metric([name], behind)
            seconds.add_metric([name], age)
            position.add_metric([name], done)
    return [events, seconds, position]


def stopped_campaigns(views: dict[str, PostgresTrackingRecorder]) -> Metric:
    """Per projection: campaigns whose read model stopped at an event it could not fold (projections/failures.py)."""
    gauge = GaugeMetricFamily(
        "intrigue_projection_stopped_campaigns", "Campaigns whose read model stopped.", labels=["projection"]
    )
    for name, view in views.items():
        stopped = getattr(view, "stopped", None)
        gauge.add_metric([name], len(stopped.all()) if stopped is not None else 0)
    return gauge


class IntrigueCollector(Collector):
    """Read at scrape time: pool use of this process, projection lag from the database."""

    def __init__(self, db: Database, store: IntrigueStore, views: dict[str, PostgresTrackingRecorder]) -> None:
        self.db, self.store, self.views = db, store, views

    def collect(self) -> Iterator[Metric]:
        pools = [("events", self.store.recorder.datastore)]  # type: ignore[attr-defined]
        pools += [(name, view.datastore) for name, view in self.views.items()]
        yield pool_metrics(pools)
        try:
            yield from projection_lag(self.db, self.store, self.views)
            yield stopped_campaigns(self.views)
        except Exception as error:  # the database is down or not migrated: report what we can
            log.warning("projection lag unavailable: %s", type(error).__name__)

    def describe(self) -> list[Metric]:
        return []


def exposition(*registries: CollectorRegistry) -> tuple[bytes, str]:
    """The text exposition of the process-wide metrics and of the given registries."""
    return b"".join(generate_latest(r) for r in (REGISTRY, *registries)), CONTENT_TYPE_LATEST
