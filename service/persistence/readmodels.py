"""The read models: which projections exist, their views, and the runners that keep them current."""

from __future__ import annotations

import hashlib
import logging
import os
import time
from dataclasses import dataclass
from typing import TypeVar
from uuid import UUID

import psycopg
from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.utils import Environment

from projections import jsonsafe
from projections.failures import Failure
from projections.inline import InlineProjection, InlineStateView
from projections.restore import Restorer
from projections.runner import PAGE, PagedRunner
from projections.state import StateView
from service.persistence.app import IntrigueStore
from service.persistence.database import OPTIONS

log = logging.getLogger("intrigue.projections")
V = TypeVar("V", bound=PostgresTrackingRecorder)
Runner = PagedRunner


@dataclass(frozen=True)
class ReadModel:
    name: str
    view: type[PostgresTrackingRecorder]

    def at_generation(self, generation: int) -> ReadModel:
        """The same projection writing to one generation's tables, named `{name}_g{generation}`."""
        return ReadModel(f"{self.name}_g{generation}", self.view.at_generation(generation))  # type: ignore[attr-defined]


READ_MODELS = (ReadModel("state", StateView),)


def by_name(name: str) -> ReadModel:
    for model in READ_MODELS:
        if model.name == name:
            return model
    raise KeyError(f"no projection named {name!r}; known: {', '.join(m.name for m in READ_MODELS)}")


def open_view(model: ReadModel, env: dict[str, str]) -> PostgresTrackingRecorder:
    """The view's recorder alone, to read it or to create its tables (with CREATE_TABLE=y)."""
    factory = InfrastructureFactory[PostgresTrackingRecorder].construct(env=Environment(model.name, env))
    return factory.tracking_recorder(model.view)


def start_runner(
    model: ReadModel, env: dict[str, str], store_class: type[IntrigueStore] = IntrigueStore, lock: int | None = None
) -> Runner:
    """A running projection: its thread reads the log after the view's position, page by page (holding `lock`)."""
    app = store_class(env=env)
    try:
        view = open_view(model, env)
    except BaseException:
        app.close()
        raise
    page = int(os.environ.get("INTRIGUE_PROJECTION_PAGE", PAGE))  # most events a transaction projects
    return PagedRunner(app, view, model.name, _conninfo(env), page, lock).__enter__()  # type: ignore[arg-type]


def drained_runner(model: ReadModel, env: dict[str, str], part: tuple[int, int]) -> Runner:
    """A runner over one part of the campaigns, to `drain` in the caller's thread (a rebuild's worker)."""
    app = IntrigueStore(env=env)
    try:
        view = open_view(model, env)
    except BaseException:
        app.close()
        raise
    page = int(os.environ.get("INTRIGUE_PROJECTION_PAGE", PAGE))
    return PagedRunner(app, view, model.name, _conninfo(env), page, part=part)  # type: ignore[arg-type]


def relations_of(model: ReadModel) -> tuple[str, ...]:
    """The names readers use for a read model (views over its current generation), its tracking view last."""
    relations: tuple[str, ...] = model.view.RELATIONS  # type: ignore[attr-defined]
    return relations


def close_view(view: PostgresTrackingRecorder) -> None:
    view.datastore.close()


class ReadSide:
    """The views the API reads and, when this process runs projections, their runners.

    Running projections in-process (`make run`) takes each projection's advisory lock, as a worker does;
    a projection whose lock another process holds is left to it, so a server beside workers never
    applies an event twice. The runner holds the lock on its own connection and takes it again after every
    reconnect (a failover ends the session); while another process holds it, commands poll the tracking.
    A rebuild (`intrigue projections rebuild`) runs beside it in a new generation; the runner's view
    follows the switch on its own (projections/state.py).
    """

    def __init__(
        self, env: dict[str, str], run: bool, store_class: type[IntrigueStore] = IntrigueStore, inline: bool = True
    ) -> None:
        jsonsafe.read_back_escaped_text()  # before any connection is opened: readers get the stored text back
        self.runners: dict[str, Runner] = {}
        for model in READ_MODELS if run else ():
            started = start_runner(model, env, store_class, lock=lock_key(model))
            if started.holds_lock:
                self.runners[model.name] = started
            else:
                started.__exit__(None, None, None)
                log.warning("projection %s runs in another process; this one waits for it", model.name)
        runner = next(iter(self.runners.values()), None)
        self.store: IntrigueStore = runner.app if runner else store_class(env)
        self.views: dict[type[PostgresTrackingRecorder], PostgresTrackingRecorder] = {
            m.view: self._view_of(m, env) for m in READ_MODELS
        }
        self.inline = self._inline(env) if inline else None

    def _inline(self, env: dict[str, str]) -> InlineProjection:
        """Commands of this process project their own events in their transaction (projections/inline.py)."""
        (model,) = READ_MODELS  # inline covers the state read model, the only one
        runner = self.runners.get(model.name)
        view = open_view(ReadModel(model.name, InlineStateView), env)
        assert isinstance(view, InlineStateView)
        view.restorer = Restorer.of(self.store)
        inline = InlineProjection(
            view, self.store.name, runner.advance if runner else lambda campaign_id, position: None
        )
        self.store.recorder.inline = inline  # type: ignore[attr-defined]
        return inline

    def _view_of(self, model: ReadModel, env: dict[str, str]) -> PostgresTrackingRecorder:
        """The runner's own view where this process runs the projection (it knows its failures first)."""
        runner = self.runners.get(model.name)
        if runner is None:
            return open_view(model, env)
        assert isinstance(runner.view, PostgresTrackingRecorder)
        return runner.view

    def view(self, kind: type[V]) -> V:
        view = self.views[kind]
        assert isinstance(view, kind)
        return view

    def wait(self, notification_id: int, timeout: float) -> None:
        """Return once every read model has processed the event `notification_id`, by whichever process runs it:
        its campaign's lane up to it (issue 26), whatever the other campaigns' lanes are at."""
        lane = self.store.recorder.lane_of(notification_id)  # type: ignore[attr-defined]
        if lane is None or (self.inline is not None and self.inline.covers(lane.campaign_id, lane.last)):
            return  # no such event, or projected in the command's own transaction
        self.wait_lane(lane.campaign_id, lane.last, timeout)

    def wait_lane(self, campaign_id: UUID, position: int, timeout: float) -> None:
        """Return once every read model has folded the campaign up to its `position` (a campaign position)."""
        deadline = time.monotonic() + timeout
        for model in READ_MODELS:
            runner = self.runners.get(model.name)
            if runner is not None and runner.leading:  # woken by the runner itself, as soon as the page is committed
                runner.wait_lane(campaign_id, position, timeout=max(0.0, deadline - time.monotonic()))
                continue
            # Projected by another process (a worker, or one that took the lock while this runner reconnected):
            # the tracking says when, so a stopped or standing-by runner never leaves reads lagging for good.
            view, pause = self.view(StateView), 0.002
            while view.lane_position(campaign_id) < position:
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"projection {model.name!r} in a worker has not reached {position} of {campaign_id}"
                    )
                time.sleep(pause)
                pause = min(pause * 2, 0.1)

    def stopped_campaigns(self) -> list[Failure]:
        """Campaigns whose read model stopped at an event it could not fold, as the database has them now."""
        view = self.view(StateView)
        view.stopped.replace(view.read_failures())
        return sorted(view.stopped.all().values(), key=lambda failure: failure.position)

    def close(self) -> None:
        if self.inline is not None:
            self.store.recorder.inline = None  # type: ignore[attr-defined]
            close_view(self.inline.view)
        for runner in self.runners.values():
            runner.__exit__(None, None, None)
        if not self.runners:
            self.store.close()
        for model in READ_MODELS:
            if model.name not in self.runners:
                close_view(self.views[model.view])


def lock_key(model: ReadModel) -> int:
    """The advisory lock a process holds while it runs the projection."""
    return int.from_bytes(hashlib.sha256(f"intrigue.projection.{model.name}".encode()).digest()[:8], "big", signed=True)


def _conninfo(env: dict[str, str]) -> str:
    return psycopg.conninfo.make_conninfo(
        env.get(OPTIONS, ""),
        host=env["POSTGRES_HOST"],
        port=env["POSTGRES_PORT"],
        user=env["POSTGRES_USER"],
        password=env["POSTGRES_PASSWORD"] or None,
        dbname=env["POSTGRES_DBNAME"],
    )
