"""The read models: which projections exist, their views, and the runners that keep them current."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, TypeVar

from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.projection import Projection, ProjectionRunner
from eventsourcing.utils import Environment

from projections.state import StateProjection, StateView
from service.app import IntrigueStore

V = TypeVar("V", bound=PostgresTrackingRecorder)
Runner = ProjectionRunner[IntrigueStore, Any]


@dataclass(frozen=True)
class ReadModel:
    projection: type[Projection[Any]]
    view: type[PostgresTrackingRecorder]

    @property
    def name(self) -> str:
        return self.projection.name


READ_MODELS = (ReadModel(StateProjection, StateView),)


def by_name(name: str) -> ReadModel:
    for model in READ_MODELS:
        if model.name == name:
            return model
    raise KeyError(f"no projection named {name!r}; known: {', '.join(m.name for m in READ_MODELS)}")


def open_view(model: ReadModel, env: dict[str, str]) -> PostgresTrackingRecorder:
    """The view's recorder alone, to read it or to create its tables (with CREATE_TABLE=y)."""
    factory = InfrastructureFactory[PostgresTrackingRecorder].construct(env=Environment(model.name, env))
    return factory.tracking_recorder(model.view)


def start_runner(model: ReadModel, env: dict[str, str], store_class: type[IntrigueStore] = IntrigueStore) -> Runner:
    return ProjectionRunner(
        application_class=store_class, projection_class=model.projection, view_class=model.view, env=env
    ).__enter__()


def tables_of(view: PostgresTrackingRecorder) -> list[str]:
    """The read-model tables a view creates, less its tracking table."""
    names = []
    for statement in view.sql_create_statements:
        match = re.search(r'CREATE TABLE IF NOT EXISTS\s+(?:"?\w+"?\.)?"?(\w+)"?', statement.as_string(None))
        if match and match.group(1) != view.tracking_table_name:
            names.append(match.group(1))
    return names


def close_view(view: PostgresTrackingRecorder) -> None:
    view.datastore.close()


class ReadSide:
    """The views the API reads and, when this process runs projections, their runners."""

    def __init__(self, env: dict[str, str], run: bool, store_class: type[IntrigueStore] = IntrigueStore) -> None:
        self.runners: list[Runner] = []
        if run:
            self.runners = [start_runner(model, env, store_class) for model in READ_MODELS]
            self.store: IntrigueStore = self.runners[0].app
            self.views = {model.view: runner.view for model, runner in zip(READ_MODELS, self.runners, strict=True)}
        else:
            self.store = store_class(env)
            self.views = {model.view: open_view(model, env) for model in READ_MODELS}

    def view(self, kind: type[V]) -> V:
        view = self.views[kind]
        assert isinstance(view, kind)
        return view

    def wait(self, notification_id: int, timeout: float) -> None:
        """Return once every read model has processed `notification_id`, by whichever process runs it."""
        if self.runners:
            for runner in self.runners:
                runner.wait(notification_id, timeout=timeout)
            return
        deadline = time.monotonic() + timeout
        for name, view in ((m.name, self.views[m.view]) for m in READ_MODELS):
            pause = 0.005
            while not view.has_tracking_id(self.store.name, notification_id):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"projection {name!r} has not reached event {notification_id}; is a worker up?")
                time.sleep(pause)
                pause = min(pause * 2, 0.2)

    def close(self) -> None:
        if self.runners:
            for runner in self.runners:
                runner.__exit__(None, None, None)
            return
        self.store.close()
        for view in self.views.values():
            close_view(view)
