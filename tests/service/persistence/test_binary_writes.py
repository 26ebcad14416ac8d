"""Events written as parallel binary arrays (issue 16, item 4): byte-exact round trips, stale reads still
conflict, and a save whose acknowledgement was lost is not answered as a conflict."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent

from domain.commands import CreateCampaign, RollDice
from service.bootstrap import Intrigue
from service.persistence import migrations, outcomes, recorder
from service.persistence.app import IntrigueStore
from service.persistence.database import Database


@pytest.fixture
def store(fresh_db: Database) -> Iterator[IntrigueStore]:
    migrations.migrate(fresh_db)
    app = IntrigueStore({**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"})
    yield app
    app.close()


def stored(db: Database, ids: list[int]) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn, conn.cursor(binary=True) as cursor:
        return cursor.execute(
            "SELECT notification_id, originator_id, originator_version, topic, state"
            " FROM intrigue_events WHERE notification_id = ANY(%s) ORDER BY notification_id",
            (ids,),
        ).fetchall()


def events(count: int, state: bytes = b"{}", topic: str = "tests:Event") -> list[StoredEvent]:
    return [StoredEvent(uuid4(), 1, topic, state) for _ in range(count)]


TEXTS = ["plain", "ünïcødé ✓ 漢字 𝄞 emoji 🎲", "quote ' \" backslash \\ comma , braces {} parens ()", "NULL", ""]


@pytest.mark.parametrize("tracked", [False, True], ids=["autocommit", "in a transaction"])
def test_events_round_trip_byte_for_byte(store: IntrigueStore, fresh_db: Database, tracked: bool) -> None:
    payloads = [t.encode() for t in TEXTS] + [bytes(range(256)) * 4, b"\x00" * 10, b"x" * 3_000_000]
    written = [
        StoredEvent(uuid4(), version, f"tests:{text}", payload)
        for version, (text, payload) in enumerate(zip(TEXTS * 2, payloads, strict=False), start=1)
    ]
    written += events(2_000, state='{"n": "✓"}'.encode())
    if tracked:
        with outcomes.tracking() as outcome:
            ids = store.recorder.insert_events(written)
        assert outcome.committed and outcome.position == len(written)  # the new lane's last position
    else:
        ids = store.recorder.insert_events(written)
    assert ids is not None and len(ids) == len(written) and list(ids) == sorted(ids)
    rows = stored(fresh_db, list(ids))
    assert [(r[1], r[2], r[3], bytes(r[4])) for r in rows] == [
        (e.originator_id, e.originator_version, e.topic, e.state) for e in written
    ]
    assert [r[0] for r in rows] == list(ids)


def test_a_stale_read_writes_nothing_and_conflicts(store: IntrigueStore, fresh_db: Database) -> None:
    first = events(1)[0]
    store.recorder.insert_events([first])
    store.recorder.insert_events([StoredEvent(first.originator_id, 2, "tests:Event", b"{}")])
    other, lane = events(1)[0], first.originator_id  # written in `first`'s lane: a command reads its campaign only
    with pytest.raises(IntegrityError):  # read at version 1, now at 2
        store.recorder.insert_events([other], campaign=lane, unchanged={first.originator_id: 1})
    with psycopg.connect(fresh_db.conninfo) as conn:
        assert conn.execute(
            "SELECT count(*) FROM intrigue_events WHERE originator_id = %s", (other.originator_id,)
        ).fetchone() == (0,)
    assert store.recorder.insert_events([other], campaign=lane, unchanged={first.originator_id: 2})  # current
    with pytest.raises(IntegrityError):  # the same version twice
        store.recorder.insert_events([StoredEvent(first.originator_id, 2, "tests:Event", b"{}")])


def lose_the_acknowledgement(monkeypatch: pytest.MonkeyPatch, target: Any, before: Any = None) -> list[int]:
    """The first insert commits (or, with `before`, runs `before` instead), then reports a lost connection."""
    real, calls = target._insert, []

    def insert(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            if before is not None:
                before()
            else:
                real(*args)
            raise OperationalError("server closed the connection unexpectedly")
        return real(*args)

    monkeypatch.setattr(target, "_insert", insert)
    return calls


def test_a_lost_acknowledgement_answers_the_committed_ids(
    store: IntrigueStore, fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = events(3, state="é".encode())
    calls = lose_the_acknowledgement(monkeypatch, store.recorder)
    with outcomes.tracking() as outcome:
        ids = store.recorder.insert_events(written)
    assert len(calls) == 1  # found stored: not inserted again
    assert ids is not None and [r[1] for r in stored(fresh_db, list(ids))] == [e.originator_id for e in written]
    assert outcome.committed and outcome.position == len(written)  # the new lane's last position


def test_a_lost_connection_before_another_writer_still_conflicts(
    store: IntrigueStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = events(1)[0]
    theirs = StoredEvent(mine.originator_id, 1, "tests:Event", b'{"theirs": true}')
    columns, insert = recorder._columns([theirs]), store.recorder._insert
    lane = (mine.originator_id, *columns, [], [], [], [], [])  # its own lane, nothing read
    calls = lose_the_acknowledgement(monkeypatch, store.recorder, lambda: insert(lane, columns))
    with pytest.raises(IntegrityError):
        store.recorder.insert_events([mine])
    assert len(calls) == 2  # looked, found another writer's event, inserted, conflicted


def test_a_command_whose_commit_acknowledgement_was_lost_answers_success(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        command = CreateCampaign(f"acks {uuid4().hex[:6]}", ["factionturn"], None, [])
        campaign = intrigue.campaigns.create_campaign(command)
        calls = lose_the_acknowledgement(monkeypatch, intrigue.store.recorder)
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "omen"))  # answered, not a ConflictError
        with psycopg.connect(fresh_db.conninfo) as conn:
            topics = [
                r[0] for r in conn.execute("SELECT topic FROM intrigue_events WHERE originator_id = %s", (campaign.id,))
            ]
        assert topics.count("domain.campaign:Campaign.DiceRolled") == 1 and len(calls) == 1
    finally:
        intrigue.close()


@pytest.mark.single_node(
    reason="rewinds a current database to step 6 by rewriting campaign_id, which Citus distributes by"
)
def test_a_database_from_before_step_7_gets_the_binary_insert_function(fresh_db: Database) -> None:
    migrations.migrate(fresh_db)
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:
        conn.execute(f"DROP FUNCTION {recorder.FUNCTION}")
        conn.execute("DELETE FROM intrigue_schema WHERE version >= 7")  # steps after it come later
    assert not migrations.is_current(fresh_db)
    assert migrations.migrate(fresh_db)[0] == 7
    assert migrations.is_current(fresh_db)
    with psycopg.connect(fresh_db.conninfo) as conn:
        assert conn.execute("SELECT count(*) FROM pg_proc WHERE proname = %s", (recorder.FUNCTION,)).fetchone() == (1,)


def test_the_insert_function_takes_parallel_typed_arrays(store: IntrigueStore, fresh_db: Database) -> None:
    with psycopg.connect(fresh_db.conninfo) as conn:
        row = conn.execute(
            "SELECT pg_get_function_identity_arguments(oid) FROM pg_proc WHERE proname = %s", (recorder.FUNCTION,)
        ).fetchone()
    assert row == (
        "campaign uuid, ids uuid[], versions bigint[], topics text[], states bytea[], read_ids uuid[],"
        " read_versions bigint[], loose_ids uuid[], loose_versions bigint[], unread text[]",
    )


def test_a_save_of_no_events_writes_nothing(store: IntrigueStore, fresh_db: Database) -> None:
    assert store.recorder.insert_events([]) == []
    with outcomes.tracking() as outcome:
        assert store.recorder.insert_events([]) == []
    assert outcome.position is None
    with psycopg.connect(fresh_db.conninfo) as conn:
        assert conn.execute("SELECT count(*) FROM intrigue_events").fetchone() == (0,)
