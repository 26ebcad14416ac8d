"""A cursor for a page folded inside a command's pipeline (projections/inline.py): each statement on a cursor of
its own.

In pipeline mode psycopg hands a statement's results to the cursor that sent it when they arrive, and a new
`execute` on a cursor forgets only the results it already holds. A page sends many statements whose answers it
never reads (its rows, `executemany`) and then reads on the same cursor (`standings.refresh`'s `answer_stored`, the
reports' window): when the server's answers to the earlier writes arrive while the read is being sent, psycopg
takes them as the read's, and `fetchone` fails ("the last operation didn't produce records (command status:
INSERT 0 1)"). The inline projection then left the command's events to the runner: in about half of a big
phase's resolutions (docs/scaling.md, "Issue 31, session 18 (lead)"). With a cursor per statement a read's
results can only be its own; the rows are no different, and no round trip is added.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from psycopg import Cursor
from psycopg.rows import DictRow


class StatementCursors(Cursor[DictRow]):
    """Sends each `execute` and `executemany` on a new cursor of the same connection, and returns it: chain the
    fetch (`curs.execute(...).fetchone()`), never fetch from this one."""

    def execute(  # type: ignore[override]  # returns the statement's own cursor, not this one
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: bool | None = None
    ) -> Cursor[DictRow]:
        own = self.connection.cursor(row_factory=self.row_factory)
        return own.execute(query, params, prepare=prepare, binary=binary)

    def executemany(self, query: Any, params_seq: Iterable[Any], *, returning: bool = False) -> None:
        own = self.connection.cursor(row_factory=self.row_factory)
        own.executemany(query, params_seq, returning=returning)


def statement_cursors(curs: Cursor[DictRow]) -> StatementCursors:
    """A `StatementCursors` on `curs`'s connection, its rows as `curs` makes them."""
    return StatementCursors(curs.connection, row_factory=curs.row_factory)
