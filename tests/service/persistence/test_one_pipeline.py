"""One transaction in one pipeline (service/persistence/one_pipeline.py, issue 31, P5): BEGIN travels with the first
statement and COMMIT with the last batch; whatever fails, in the block or at the end, leaves nothing written and the
connection out of the transaction."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import psycopg
import pytest
from psycopg import pq

from service.persistence import one_pipeline
from service.persistence.database import Database
from tests.service.persistence.libpq_trace import messages


@pytest.fixture
def conn(fresh_db: Database) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as connection:
        connection.execute("CREATE TABLE t (n int PRIMARY KEY, CHECK (n < 100))")
        yield connection


def _rows(conn: psycopg.Connection[Any]) -> list[int]:
    return [row[0] for row in conn.execute("SELECT n FROM t ORDER BY n").fetchall()]


def test_the_block_commits_in_two_round_trips_when_it_reads_once(conn: psycopg.Connection[Any]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        trace = Path(directory) / "trace"
        with trace.open("w") as out:
            conn.pgconn.trace(out.fileno())
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
            with one_pipeline.transaction(conn):
                read = conn.execute("INSERT INTO t VALUES (1) RETURNING n")
                assert read.fetchall() == [(1,)]  # BEGIN and the insert: one round trip
                conn.execute("INSERT INTO t VALUES (2)")  # not read: travels with the COMMIT
            conn.pgconn.untrace()
        sides = [side for side, *_ in messages(trace)]
    assert sum(1 for n in range(1, len(sides)) if sides[n - 1] == "F" and sides[n] == "B") == 2
    assert _rows(conn) == [1, 2] and conn.info.transaction_status == pq.TransactionStatus.IDLE


def test_a_statement_refused_at_the_end_writes_nothing_and_leaves_no_transaction(
    conn: psycopg.Connection[Any],
) -> None:
    with pytest.raises(psycopg.errors.CheckViolation), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        conn.execute("INSERT INTO t VALUES (100)")  # refused at the pipeline's end: the COMMIT is skipped
    assert conn.info.transaction_status == pq.TransactionStatus.IDLE
    assert _rows(conn) == []


def test_a_refusal_reported_under_the_pipelines_abort_is_raised_as_itself(conn: psycopg.Connection[Any]) -> None:
    # psycopg's exit fetches the results in two goes; where the refused statement's came in the first and the skipped
    # COMMIT's in the second, the second's PipelineAborted is raised over the refusal (its __context__). The same
    # chain, raised from the block: the caller is told of the refusal, and nothing is written.
    with pytest.raises(psycopg.errors.CheckViolation), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        try:
            raise psycopg.errors.CheckViolation("new row violates check constraint")
        except psycopg.Error:  # as psycopg's `finally` raises it: the refusal its __context__, not suppressed
            raise psycopg.errors.PipelineAborted("pipeline aborted")  # noqa: B904
    assert conn.info.transaction_status == pq.TransactionStatus.IDLE
    assert _rows(conn) == []


def test_an_abort_with_no_refusal_under_it_is_raised_as_it_is(conn: psycopg.Connection[Any]) -> None:
    with pytest.raises(psycopg.errors.PipelineAborted), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        raise psycopg.errors.PipelineAborted("pipeline aborted")
    assert conn.info.transaction_status == pq.TransactionStatus.IDLE
    assert _rows(conn) == []


def test_a_failure_in_the_block_writes_nothing_and_leaves_no_transaction(conn: psycopg.Connection[Any]) -> None:
    with pytest.raises(RuntimeError), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        raise RuntimeError("the command's own failure")
    assert conn.info.transaction_status == pq.TransactionStatus.IDLE
    assert _rows(conn) == []


def test_statements_prepared_before_are_still_prepared_after_a_rollback(conn: psycopg.Connection[Any]) -> None:
    name = f"q{uuid4().hex[:8]}"
    query = f"SELECT count(*) AS {name} FROM t"
    conn.execute(query, prepare=True)
    with pytest.raises(RuntimeError), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        raise RuntimeError("rolled back")
    prepared = conn.execute("SELECT count(*) FROM pg_prepared_statements").fetchone()
    assert prepared is not None and prepared[0] >= 1  # not deallocated by a "ROLLBACK" answer psycopg read
    assert conn.execute(query, prepare=True).fetchone() == (0,)


def test_a_rollback_that_fails_does_not_hide_the_failure(
    conn: psycopg.Connection[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    queue = one_pipeline.command

    def lost_at_rollback(connection: psycopg.Connection[Any], command: bytes) -> None:
        if command == b"ROLLBACK":
            raise psycopg.OperationalError("the connection was lost")
        queue(connection, command)

    monkeypatch.setattr(one_pipeline, "command", lost_at_rollback)
    with pytest.raises(RuntimeError, match="own failure"), one_pipeline.transaction(conn):
        conn.execute("INSERT INTO t VALUES (1) RETURNING n").fetchall()
        raise RuntimeError("the command's own failure")
