"""The state read model keeps no snapshot (issue 16, item 2): its rows are the hot columns and the public state,
and a writer with nothing in memory restores an aggregate at its row's version from the event store
(projections/restore.py), exactly, from a snapshot at or below that version and never above it."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import psycopg
import pytest
from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.utils import Environment

from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from projections.restore import Restorer
from projections.state import StateView, public_state
from service.bootstrap import Intrigue
from service.persistence import migrations
from service.persistence.app import SNAPSHOT_INTERVAL, IntrigueStore
from service.persistence.database import Database
from tests.service.persistence.test_bounded_history import current, played

COLUMNS = "SELECT column_name FROM information_schema.columns WHERE table_name = %s ORDER BY ordinal_position"


@pytest.fixture
def store(fresh_db: Database) -> Iterator[IntrigueStore]:
    migrations.migrate(fresh_db)
    store = IntrigueStore(env=fresh_db.eventsourcing_env())
    yield store
    store.close()


def writer(store: IntrigueStore, db: Database) -> StateView:
    factory = InfrastructureFactory.construct(env=Environment("state", db.eventsourcing_env()))
    view = factory.tracking_recorder(StateView)
    view.restorer = Restorer.of(store)
    return view


def rolled(store: IntrigueStore, rolls: int) -> Campaign:
    campaign = Campaign.start(f"restore {rolls}", ["factionturn"])
    for face in range(rolls):
        campaign.record_roll(roll("1d6", FixedDice([face % 6 + 1]), purpose=f"roll {face}"))
    store.commit(campaign)
    return campaign


def fold(view: StateView, store: IntrigueStore, start: int, stop: int, past: frozenset[int] = frozenset()) -> None:
    """The events at `start:stop` in id order, but those whose ids are `past` (folded before)."""
    notifications = store.recorder.select_notifications(start=1, limit=1_000)[start:stop]
    for notification in (n for n in notifications if n.id not in past):
        # The campaign's own events only: each one's position in its lane is its version (issue 26).
        lane = {notification.id: (notification.originator_id, notification.originator_version)}
        view.project([(store.mapper.to_domain_event(notification), notification.id)], store.name, None, lane)


def row_of(view: StateView, aggregate_id: UUID) -> dict[str, object]:
    return dict(view.query("SELECT version, state FROM aggregate_state WHERE id = %s", (aggregate_id,))[0])


def test_the_rows_hold_the_hot_columns_and_the_public_state_and_no_snapshot(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        played(intrigue, 1)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo) as conn:
        hot = ["id", "campaign_id", "kind", "version", "state", "position"]
        for relation, columns in (("aggregate_state", hot), ("aggregate_state_g1", [*hot, "recent"])):
            assert [row[0] for row in conn.execute(COLUMNS, (relation,))] == columns  # the view: recent over state


@pytest.mark.parametrize("at", [SNAPSHOT_INTERVAL - 5, SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL + 7])
def test_a_writer_with_nothing_in_memory_folds_onto_the_aggregate_restored_at_the_rows_version(
    store: IntrigueStore, fresh_db: Database, at: int
) -> None:
    """One writer folds up to `at` events; a fresh one (nothing in memory) folds the rest. The event store
    holds a snapshot at the interval: below it the restore must ignore it, at or above it start from it."""
    campaign = rolled(store, 2 * SNAPSHOT_INTERVAL + 3)
    first, second = writer(store, fresh_db), writer(store, fresh_db)
    try:
        fold(first, store, 0, at)
        assert row_of(first, campaign.id)["version"] == at
        fold(second, store, at, 1_000)
        row = row_of(second, campaign.id)
        assert row["version"] == campaign.version
        assert row["state"] == public_state(store.load(campaign.id, Campaign))
    finally:
        first.datastore.close()
        second.datastore.close()


def test_an_aggregate_the_event_store_cannot_restore_stops_its_campaign_alone(
    store: IntrigueStore, fresh_db: Database
) -> None:
    broken, sound = rolled(store, 3), rolled(store, 3)
    first = writer(store, fresh_db)
    try:
        fold(first, store, 0, 1_000)
    finally:
        first.datastore.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # a row the event store cannot match
        conn.execute("UPDATE aggregate_state_g1 SET version = 99 WHERE id = %s", (broken.id,))
    # By id, not by count: on Citus a later event's id can sort before earlier ones (another worker's range).
    folded = frozenset(n.id for n in store.recorder.select_notifications(start=1, limit=1_000))
    for campaign in (broken, sound):
        campaign.record_roll(roll("1d6", FixedDice([6]), purpose="after"))
        store.commit(campaign)
    second = writer(store, fresh_db)  # nothing in memory: both are restored, the broken one is not found at 99
    try:
        fold(second, store, 0, 1_000, folded)
        assert {failure.campaign_id for failure in second.stopped.all().values()} == {broken.id}
        assert row_of(second, sound.id)["state"] == public_state(store.load(sound.id, Campaign))
        assert row_of(second, broken.id)["version"] == 99  # left as it was: the failure is recorded instead
    finally:
        second.datastore.close()


def test_migrate_drops_the_snapshot_columns_of_an_older_generation(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = played(intrigue, 1)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to the layout before step 9
        for statement in (
            "DROP VIEW aggregate_state",
            "ALTER TABLE aggregate_state_g1 ADD COLUMN snapshot_topic text, ADD COLUMN snapshot bytea",
            "CREATE VIEW aggregate_state AS SELECT * FROM aggregate_state_g1",
            "DELETE FROM intrigue_schema WHERE version = 9",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start; its writers have nothing in memory
    try:
        with psycopg.connect(fresh_db.conninfo) as conn:
            assert "snapshot" not in [row[0] for row in conn.execute(COLUMNS, ("aggregate_state_g1",))]
        intrigue.campaigns.open_phase(campaign.id)
        intrigue.campaigns.resolve_phase(campaign.id)
        members = current(intrigue, campaign.id)
        assert members and all(state["version"] for state in members.values())
        assert intrigue.read_side.stopped_campaigns() == []
    finally:
        intrigue.close()
