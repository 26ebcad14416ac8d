"""A transaction whose BEGIN travels with its first statement and whose COMMIT travels with its last batch, in one
pipeline (issue 31, P5: a small command's save cost four round trips, BEGIN and COMMIT each one of its own).

psycopg's `Connection.transaction()` runs BEGIN at once outside a pipeline, and inside one it syncs on entering and
leaving (nested pipelines); here BEGIN and COMMIT are queued as psycopg's own `Transaction` queues them
(`_exec_command`: not as a cursor's query, whose "ROLLBACK" answer would make psycopg forget the connection's
prepared statements). A failure anywhere, at the commit too, leaves the connection rolled back and raises: the
statement's own refusal, never the pipeline's abort reported over it (`refusal`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from psycopg import Connection
from psycopg.pq import ConnStatus, TransactionStatus

from projections.pipelined import command, refusal

log = logging.getLogger("intrigue.store")


@contextmanager
def transaction(conn: Connection[Any]) -> Iterator[Connection[Any]]:
    """The block's statements in one transaction on `conn` (in autocommit, outside any transaction), committed at
    the pipeline's end: what the block does not read travels with the COMMIT in the last round trip."""
    try:
        with conn.pipeline():
            command(conn, b"BEGIN")
            yield conn
            command(conn, b"COMMIT")
    except BaseException as failure:
        refused = refusal(failure)
        # Failed in the block (then the pipeline's sync ended its failed segment) or at the end (the COMMIT skipped
        # after a refused statement): what the transaction wrote is rolled back before the connection goes back.
        # A rollback that fails (the connection lost meanwhile) is logged, not raised over the failure itself, as
        # psycopg's `Transaction` does; the pool discards or resets the connection.
        if conn.pgconn.status == ConnStatus.OK and conn.info.transaction_status != TransactionStatus.IDLE:
            try:
                command(conn, b"ROLLBACK")
            except Exception as error:
                log.warning("rolling back a failed save failed: %s", type(error).__name__)
        if refused is not failure:
            raise refused from None
        raise
