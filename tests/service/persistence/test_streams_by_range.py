"""A load's events read by a range of the primary key (service/persistence/streams.py, issue 31, P6, session 19): on
plain PostgreSQL each id's events are a subquery of their own, which reads the same rows as the join Citus keeps,
and which the planner cannot turn back into a hash of the whole events table."""

from __future__ import annotations

import uuid
from typing import Any

import psycopg
import pytest
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Literal

from service.persistence import citus
from service.persistence.app import AGGREGATE_CACHE, IntrigueStore
from service.persistence.database import Database
from service.persistence.streams import StreamReader
from tests.service.persistence.test_snapshots import busy_faction, busy_house


@pytest.fixture
def store(db: Database) -> Any:
    made = IntrigueStore(env=db.eventsourcing_env() | {"IS_SNAPSHOTTING_ENABLED": "y", AGGREGATE_CACHE: "0"})
    yield made
    made.close()


def rows(reader: StreamReader, statement: Any, ids: list[uuid.UUID], after: list[int]) -> list[tuple[Any, ...]]:
    with reader.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row, binary=True) as curs:
        return [(*r[:3], bytes(r[3])) for r in curs.execute(statement, (ids, after)).fetchall()]


def test_the_range_reads_what_the_join_reads(store: IntrigueStore, db: Database) -> None:
    campaign_id = uuid.uuid4()
    faction, house = busy_faction(campaign_id), busy_house(campaign_id)  # past the snapshot interval
    store.commit(faction, house)
    faction.gain_facgold(2, "after the snapshot")
    house.change_gold(3, "after the snapshot")
    store.commit(faction, house)
    other = busy_faction()  # another campaign's (a save writes one campaign's lane)
    store.commit(other)
    store.snapshots_written()
    assert store.snapshots is not None and list(store.snapshots.get(faction.id))
    unknown = uuid.uuid4()
    cases = [  # (ids, the version held of each: 0 none, read from the latest snapshot)
        ([faction.id, house.id, other.id], [0, 0, 0]),
        ([faction.id, house.id, other.id], [3, faction.version - 1, other.version]),  # held: the versions after
        ([house.id, house.id, faction.id, unknown], [2, 5, 0, 0]),  # an id twice: the higher version held
        ([unknown], [0]),
    ]
    with psycopg.connect(db.conninfo) as conn:
        on_citus = citus.enabled(conn)  # Citus cannot push the range's subquery down: the join stays there
    events_only = StreamReader(store.recorder, None)  # type: ignore[arg-type]
    for reader in (store.streams, events_only):
        for ids, after in cases:
            joined = rows(reader, reader.joined, ids, after)
            assert on_citus or rows(reader, reader.by_range, ids, after) == joined
            assert joined or ids == [unknown]
        reader.read([faction.id])
        assert reader.statement is (reader.joined if on_citus else reader.by_range)


def test_the_range_is_read_by_the_primary_key_not_a_scan_of_the_events(store: IntrigueStore, db: Database) -> None:
    members = [busy_faction() for _ in range(12)]  # each its own campaign's
    for member in members:
        store.commit(member)
    with psycopg.connect(db.conninfo) as conn:
        if citus.enabled(conn):
            pytest.skip("on Citus the join stays (the shards' plans are the workers')")
        ids = [m.id for m in members[:3]]
        # A load's statement is prepared (`prepare=True`), and PostgreSQL plans a prepared statement generically
        # after a few runs, unnest's ids taken for 100 rows whatever their number: the plan the bench found.
        first, second, rest = store.streams.by_range.as_string(conn).split("%s")
        conn.execute(f"PREPARE load_streams(uuid[], int[]) AS {first}$1{second}$2{rest}")  # type: ignore[arg-type]
        conn.execute("SET plan_cache_mode = force_generic_plan")
        after = [m.version - 2 for m in members[:3]]
        explain = SQL("EXPLAIN EXECUTE load_streams({}, {})").format(Literal(ids), Literal(after))
        plan = "\n".join(str(r[0]) for r in conn.execute(explain))
    assert "Seq Scan on intrigue_events" not in plan, plan
    assert "intrigue_events_pkey" in plan, plan
