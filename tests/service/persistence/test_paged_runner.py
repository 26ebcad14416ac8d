"""The state projection in pages: a page folded at once, sparing what stored snapshots already hold, writes
exactly what folding every event one by one writes, history rows included."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL

from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from domain.region import Region
from projections import state_tables
from projections.history import series_of
from projections.runner import PagedRunner
from projections.state import public_state
from service.persistence import migrations
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, _conninfo, open_view

STATE = READ_MODELS[0]


def play(store: IntrigueStore, phases: int, events_per_phase: int) -> tuple[Campaign, list[Region]]:
    """A campaign whose regions and campaign outgrow several snapshot intervals, with a history row set
    written at each phase's resolution."""
    campaign = Campaign.start("long", ["gameofbones"])
    regions = [Region.map(campaign.id, f"R{q}", q, 0) for q in range(3)]
    for region in regions:
        campaign.enrol(region.id, "region")
    store.commit(campaign, *regions)
    for phase in range(phases):
        campaign.open_phase()
        for step in range(events_per_phase):
            for index, region in enumerate(regions):
                region.station_troops(f"house-{index}", 1 + step % 3, f"phase {phase} step {step}")
            campaign.record_roll(roll("1d6", FixedDice([1 + step % 6]), purpose=f"phase {phase}"))
            if step % 25 == 24:
                store.commit(campaign, *regions)
        campaign.begin_resolving()
        campaign.resolve_phase({"phase": phase})
        store.commit(campaign, *regions)
    for step in range(130):  # a long tail after the last resolution, where snapshots may be used
        regions[0].station_troops("house-0", 1, f"tail {step}")
        store.commit(regions[0])
    return campaign, regions


def rows(view: Any, generation: int) -> dict[str, list[tuple[Any, ...]]]:
    tables = state_tables.names(generation)
    state = view.query(
        SQL("SELECT id, version, position, state || recent AS state FROM {} ORDER BY id").format(tables["state"])
    )  # the row's state: its recent keys over it
    history = view.query(SQL("SELECT * FROM {} ORDER BY campaign_id, position, aggregate_id").format(tables["history"]))
    return {
        "state": [(r["id"], r["version"], r["position"], r["state"]) for r in state],
        "history": [tuple(r.values()) for r in history],
        "series": [(r["phase"], r["aggregate_id"], r["state"]) for r in series_of(history)],
    }


def project(db: Database, generation: int, page: int) -> tuple[int, int]:
    """Run a runner over the whole log into one generation; return (head, events spared)."""
    env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
    model = STATE if generation == 1 else STATE.at_generation(generation)
    store = IntrigueStore(env=env)
    runner = PagedRunner(store, open_view(model, env), model.name, _conninfo(env), page).__enter__()  # type: ignore[arg-type]
    try:
        head = store.recorder.max_notification_id() or 0
        caught_up(runner, db, timeout=600)  # a bound on a hang: one event a page is slow on a loaded cluster
        return head, runner.spared
    finally:
        runner.__exit__(None, None, None)
        runner.view.datastore.close()  # type: ignore[attr-defined]


def caught_up(runner: PagedRunner, db: Database, timeout: float) -> None:
    """Until every campaign's lane is folded up to its head. Not `runner.wait(max notification id)`: that waits
    for one lane, and on Citus the highest notification id is the last event of whichever campaign sits on the
    worker with the highest id range, not the log's last event (docs/scaling.md, "Citus"); a runner going through
    the campaigns a page each was stopped before it reached the others."""
    with psycopg.connect(db.conninfo) as conn:
        heads = conn.execute("SELECT campaign_id, position FROM campaign_heads").fetchall()
    deadline = time.monotonic() + timeout
    for campaign_id, position in heads:
        runner.wait_lane(campaign_id, position, timeout=max(deadline - time.monotonic(), 0.1))


@pytest.fixture
def logged(fresh_db: Database) -> Iterator[tuple[IntrigueStore, Any]]:
    """A migrated database's event store, and a view to read both generations of the state tables."""
    migrations.migrate(fresh_db)
    env = fresh_db.eventsourcing_env()
    store = IntrigueStore(env=env)
    view = open_view(STATE, {**env, "CREATE_TABLE": "n"})
    yield store, view
    view.datastore.close()
    store.close()


def one_by_one_then_paged(db: Database, view: Any, page: int | None) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """The whole log folded one event a page into generation 1, then in pages (default: one for the whole
    log) into generation 2: what was spared, and both generations' rows."""
    head, spared_one_by_one = project(db, 1, page=1)
    assert spared_one_by_one == 0
    with view.datastore.transaction(commit=True) as curs:
        for statement in state_tables.create_generation(2):
            curs.execute(statement)
    paged_head, spared = project(db, 2, page=page or head)
    assert paged_head == head
    return spared, rows(view, 1), rows(view, 2)


def test_pages_sparing_snapshots_write_what_folding_every_event_writes(
    fresh_db: Database, logged: tuple[IntrigueStore, Any]
) -> None:
    store, view = logged
    campaign, regions = play(store, phases=4, events_per_phase=60)
    spared, one_by_one, paged = one_by_one_then_paged(fresh_db, view, page=400)
    assert spared > 100, "no page started from a stored snapshot: the test does not exercise it"
    assert len(one_by_one["series"]) == 4 * len(regions)  # the history stores changes: folded, each phase whole
    assert paged == one_by_one
    for aggregate in (campaign, *regions):
        loaded = store.load(aggregate.id, type(aggregate))
        assert [r[3] for r in paged["state"] if r[0] == aggregate.id] == [public_state(loaded)]


def test_a_phase_resolving_at_the_end_of_a_page_does_not_stop_another_campaign_starting_from_snapshots(
    fresh_db: Database, logged: tuple[IntrigueStore, Any]
) -> None:
    store, view = logged
    resolving, regions = play(store, phases=1, events_per_phase=30)
    busy = Campaign.start("busy", ["factionturn"])
    for step in range(250):  # two snapshot intervals and a half
        busy.record_roll(roll("1d6", FixedDice([1 + step % 6]), purpose="busy"))
        if step % 10 == 9:
            store.commit(busy)
    resolving.open_phase()
    resolving.begin_resolving()
    resolving.resolve_phase({"phase": 2})
    store.commit(resolving)  # the last event of the log, and of the one page below: a history barrier
    spared, one_by_one, paged = one_by_one_then_paged(fresh_db, view, page=None)
    assert spared >= 190, "the busy campaign's events before its last snapshot were folded one by one"
    assert len(one_by_one["series"]) == 2 * len(regions)
    assert paged == one_by_one


def test_a_runner_hears_a_new_event_and_a_waiter_is_woken(fresh_db: Database) -> None:
    migrations.migrate(fresh_db)
    env = fresh_db.eventsourcing_env()
    store = IntrigueStore(env=env)
    try:
        campaign = Campaign.start("heard", ["factionturn"])
        store.commit(campaign)
        runner_store = IntrigueStore(env={**env, "CREATE_TABLE": "n"})
        view = open_view(STATE, {**env, "CREATE_TABLE": "n"})
        runner = PagedRunner(runner_store, view, "state", _conninfo(env)).__enter__()  # type: ignore[arg-type]
        try:
            head = store.recorder.max_notification_id() or 0
            runner.wait(head, timeout=30)
            woken = threading.Event()
            lane = store.recorder.lane_of(head)  # type: ignore[attr-defined]

            def waiter() -> None:  # the campaign's next event, not yet written
                runner.wait_lane(campaign.id, lane.last + 1, timeout=30)
                woken.set()

            thread = threading.Thread(target=waiter)
            thread.start()
            campaign.record_roll(roll("1d6", FixedDice([4]), purpose="heard"))
            store.commit(campaign)
            thread.join(timeout=30)
            assert woken.is_set()
            state = view.query("SELECT state FROM aggregate_state WHERE id = %s", (campaign.id,))[0]["state"]
            assert state["rolls_recorded"] == 1
        finally:
            runner.__exit__(None, None, None)
            view.datastore.close()
    finally:
        store.close()


def test_a_runner_whose_connections_are_killed_reconnects_and_goes_on(fresh_db: Database) -> None:
    migrations.migrate(fresh_db)
    env = fresh_db.eventsourcing_env()
    store = IntrigueStore(env=env)
    runner_store = IntrigueStore(env={**env, "CREATE_TABLE": "n"})
    view = open_view(STATE, {**env, "CREATE_TABLE": "n"})
    runner = PagedRunner(runner_store, view, "state", _conninfo(env)).__enter__()  # type: ignore[arg-type]
    try:
        campaign = Campaign.start("cut off", ["factionturn"])
        runner.wait(store.commit(campaign) or 0, timeout=30)
        with psycopg.connect(_conninfo(env), autocommit=True) as conn:
            killed = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s"
                " AND pid <> pg_backend_pid()",
                (fresh_db.dbname,),
            ).fetchone()
        assert killed is not None and killed[0] >= 2  # the runner's own and the pools' connections
        for face in (2, 5):
            campaign.record_roll(roll("1d6", FixedDice([face]), purpose="after the cut"))
            head = store.commit(campaign) or 0  # the library retries the killed pool connections
        runner.wait(head, timeout=60)
        state = view.query("SELECT state FROM aggregate_state WHERE id = %s", (campaign.id,))[0]["state"]
        assert state["rolls_recorded"] == 2 and not runner.is_interrupted.is_set()
    finally:
        runner.__exit__(None, None, None)
        view.datastore.close()
        store.close()
