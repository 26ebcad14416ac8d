"""The runner of a serving process reads nothing for a commit another process's command folded inline, and reads as
before for every other notification (projections/runner.py `_idle`, projections/notices.py; issue 31, P5).

Each test watches one runner's reads and the notifications it heard, in the order its thread made them: a read for a
notification comes before the runner hears the next one, so the log shows which notification was read for. The
slow poll is set to an hour where a read it made would hide a read skipped; one test shows that it still reads."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from domain.commands import CreateCampaign, RollDice
from projections import runner as runner_module
from projections import state_tables
from projections.inline import InlineProjection
from projections.runner import PagedRunner
from projections.state import StateView
from service import bootstrap
from service.bootstrap import Intrigue
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, ReadModel, _conninfo, open_view

Entry = tuple[str, Any]  # ("read", rows found) or ("heard", payload)


class Watched:
    """A serving process's runner (it leads: no lock), its reads and the notifications it heard logged in order."""

    def __init__(self, db: Database, model: ReadModel = READ_MODELS[0]) -> None:
        env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
        self.runner = PagedRunner(IntrigueStore(env=env), open_view(model, env), model.name, _conninfo(env))  # type: ignore[arg-type]
        self.log: list[Entry] = []
        self._changed = threading.Condition()
        read, notifies = self.runner._read, self.runner._conn.notifies

        def counted() -> list[tuple[Any, ...]]:
            rows = read()
            self._add(("read", len(rows)))
            return rows

        def heard(**kwargs: Any) -> Iterator[Any]:
            for notify in notifies(**kwargs):
                self._add(("heard", notify.payload))
                yield notify

        self.runner._read = counted  # type: ignore[method-assign]
        self.runner._conn.notifies = heard  # type: ignore[method-assign]
        self.runner.__enter__()

    def _add(self, entry: Entry) -> None:
        with self._changed:
            self.log.append(entry)
            self._changed.notify_all()

    def wait(self, check: Callable[[list[Entry]], bool], what: str, timeout: float = 60) -> list[Entry]:
        with self._changed:
            assert self._changed.wait_for(lambda: check(self.log), timeout=timeout), f"never {what}: {self.log}"
            return list(self.log)

    def close(self) -> None:
        self.runner.__exit__(None, None, None)
        self.runner.view.datastore.close()  # type: ignore[attr-defined]

    def notify(self, db: Database, payload: str) -> None:
        """Another process's notification on the events' channel."""
        with psycopg.connect(db.conninfo, autocommit=True) as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (self.runner.app.recorder.channel_name, payload))


def after(log: list[Entry], entry: Entry, nth: int = 1) -> list[Entry]:
    """What the log holds after the `nth` time it holds `entry` (nothing when it does not hold it so often)."""
    at = [index for index, logged in enumerate(log) if logged == entry]
    return log[at[nth - 1] + 1 :] if len(at) >= nth else []


def read_for(log: list[Entry], payload: str) -> bool:
    """Whether the runner read after hearing `payload`."""
    return any(kind == "read" for kind, _ in after(log, ("heard", payload)))


def settled_after(log: list[Entry], payload: str, nth: int = 1) -> bool:
    """Whether the runner, after hearing `payload` the `nth` time, read until it found no lane behind."""
    return ("read", 0) in after(log, ("heard", payload), nth)


def caught_up(log: list[Entry]) -> bool:
    return ("read", 0) in log


def last_position(writer: Intrigue) -> int:
    """The campaign position of the writer's last event."""
    recorder: Any = writer.store.recorder
    return int(recorder.lane_of(recorder.max_notification_id()).last)


def create(writer: Intrigue) -> UUID:
    return writer.campaigns.create_campaign(CreateCampaign(f"n {uuid4().hex[:6]}", ["factionturn"], None, [])).id


@pytest.fixture
def no_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "POLL", 3600.0)


@pytest.mark.usefixtures("no_poll")
def test_a_commit_folded_inline_elsewhere_is_not_read_for(fresh_db: Database) -> None:
    writer = Intrigue(fresh_db, run_projections=False)  # another process: its commands fold inline
    watched = Watched(fresh_db)
    try:
        campaign = create(writer)
        watched.wait(caught_up, "a read that found no lane behind")
        writer.campaigns.roll_dice(RollDice(campaign, "1d6", "folded inline"))
        folded = f"{campaign}:{last_position(writer)}"
        watched.wait(lambda log: ("heard", folded) in log, f"heard {folded}")
        watched.notify(fresh_db, str(campaign))  # then a plain one: read for, after the folded one was let pass
        log = watched.wait(lambda log: read_for(log, str(campaign)), "read for the plain notification")
        between = after(log, ("heard", folded))
        between = between[: between.index(("heard", str(campaign)))]
        assert [entry for entry in between if entry[0] == "read"] == [], log
        assert watched.runner.unread >= 1
    finally:
        watched.close()
        writer.close()


@pytest.mark.usefixtures("no_poll")
def test_a_commit_not_folded_inline_is_read_for_and_folded(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)  # the writers' own waits: only logged if they lag
    writer = Intrigue(fresh_db, run_projections=False)
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")
    quiet = Intrigue(fresh_db, run_projections=False, migrate=False)  # folds nothing: notifies as writers before
    watched = Watched(fresh_db)
    view = writer.read_side.view(StateView)
    try:
        campaign = create(writer)
        watched.wait(caught_up, "a read that found no lane behind")
        quiet.campaigns.roll_dice(RollDice(campaign, "1d6", "not folded"))  # the payload of older writers, too
        watched.wait(lambda log: settled_after(log, str(campaign)), "read for the plain notification")
        assert view.lane_position(campaign) == last_position(quiet)

        def fails(*args: Any) -> None:
            raise RuntimeError("this fold fails")

        monkeypatch.setattr(InlineProjection, "_fold", fails)  # the inline fold fails: the runner's to fold
        writer.campaigns.roll_dice(RollDice(campaign, "1d6", "fold failed"))
        log = watched.wait(lambda log: settled_after(log, str(campaign), 2), "read for the failed fold's notice")
        assert view.lane_position(campaign) == last_position(writer) > 0
        assert ("heard", f"{campaign}:{last_position(writer)}") not in log
    finally:
        watched.close()
        quiet.close()
        writer.close()


@pytest.mark.usefixtures("no_poll")
def test_a_notice_of_a_fold_is_read_for_after_a_read_that_left_a_lane_behind(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)
    writer = Intrigue(fresh_db, run_projections=False)
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")
    quiet = Intrigue(fresh_db, run_projections=False, migrate=False)
    watched = Watched(fresh_db)
    project, held = watched.runner.view.project, threading.Event()

    def held_once(*args: Any, **kwargs: Any) -> dict[UUID, int]:
        if held.is_set():
            return project(*args, **kwargs)
        held.set()  # as if another writer held the lane: nothing written, the lane still behind
        watched._add(("held", 0))
        return {}

    watched.runner.view.project = held_once  # type: ignore[method-assign]
    try:
        campaign = create(writer)
        watched.wait(caught_up, "a read that found no lane behind")
        quiet.campaigns.roll_dice(RollDice(campaign, "1d6", "behind"))
        watched.wait(lambda log: ("held", 0) in after(log, ("heard", str(campaign))), "a read that left it behind")
        elsewhere = f"{uuid4()}:7"
        watched.notify(fresh_db, elsewhere)
        watched.wait(lambda log: read_for(log, elsewhere), f"read for {elsewhere} with a lane behind")
    finally:
        watched.close()
        quiet.close()
        writer.close()


@pytest.mark.usefixtures("no_poll")
def test_a_rebuilds_runner_reads_for_a_commit_folded_inline_into_the_live_generation(fresh_db: Database) -> None:
    writer = Intrigue(fresh_db, run_projections=False)
    campaign = create(writer)
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn, conn.transaction():
        for statement in state_tables.create_generation(2):
            conn.execute(statement)
    watched = Watched(fresh_db, READ_MODELS[0].at_generation(2))  # a rebuild's: its own generation's tracking
    try:
        watched.wait(caught_up, "a read that found no lane behind in generation 2")
        writer.campaigns.roll_dice(RollDice(campaign, "1d6", "folded inline into generation 1"))
        folded = f"{campaign}:{last_position(writer)}"
        watched.wait(lambda log: settled_after(log, folded), f"read for {folded} in generation 2")
        assert watched.runner.view.lane_position(campaign) == last_position(writer)
    finally:
        watched.close()
        writer.close()


def test_the_slow_poll_reads_while_only_folds_are_heard(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "POLL", 1.0)
    writer = Intrigue(fresh_db, run_projections=False)
    watched = Watched(fresh_db)
    try:
        watched.wait(caught_up, "a read that found no lane behind")
        first = len(watched.log)
        for n in range(600):  # a fold heard every tenth of a second at most, for a minute at most
            watched.notify(fresh_db, f"{uuid4()}:{n + 1}")
            with watched._changed:
                if watched._changed.wait_for(lambda: ("read", 0) in watched.log[first:], timeout=0.1):
                    break
        assert ("read", 0) in watched.log[first:], "no poll's read while folds were heard"
        assert watched.runner.unread >= 1
    finally:
        watched.close()
        writer.close()
