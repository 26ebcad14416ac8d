"""Issue 31, P6 (session 20): a page's rows sent as one JSON array (projections/together.py `recordset`) carry each
value as a row's own parameter would: a jsonb value already encoded as it is, any other jsonb value and any text as
`jsonsafe.dumps` writes it (text jsonb cannot hold escaped, whatever other rows hold), ids as their text; and
`jsonsafe.unsafe` still finds the marker in JSON that is not all ASCII, and U+0000 in any."""

from __future__ import annotations

import threading
import uuid
from typing import Any
from uuid import UUID

import orjson
import psycopg
import pytest
from psycopg.types.json import Jsonb

from projections import jsonsafe, together
from projections.together import recordset
from service.persistence.database import Database

COUNTED = "SELECT count(*) FROM jsonb_to_recordset(%s) AS r(id uuid, state jsonb)"

ROWS: list[dict[str, Any]] = [
    {"id": UUID(int=1), "kind": "faction", "version": 3, "whole": True, "state": jsonsafe.as_jsonb(b'{"hp":1}')},
    {"id": UUID(int=2), "kind": "a \x00 kind", "version": 4, "whole": False, "state": Jsonb({"x": "\ud800"})},
    {"id": UUID(int=3), "kind": "\ufffffaction", "version": None, "whole": False, "state": Jsonb(["\x00"])},
    {"id": UUID(int=4), "kind": "lone \udc00", "version": 5, "whole": True, "state": Jsonb({"ok": "ü"})},
]


def as_its_own_row(value: Any) -> Any:
    """What the row's own parameter would have sent, read back."""
    if isinstance(value, Jsonb):
        return orjson.loads(value.obj if isinstance(value.obj, bytes) else jsonsafe.dumps(value.obj))
    return orjson.loads(jsonsafe.dumps(value)) if isinstance(value, str) else value


@pytest.mark.parametrize("rows", [ROWS[:1], ROWS, ROWS[1:], ROWS[::-1]])
def test_each_value_goes_in_as_its_own_row_would_send_it(rows: list[dict[str, Any]]) -> None:
    sent = orjson.loads(recordset(rows).obj)
    expected = [{k: str(v) if isinstance(v, UUID) else as_its_own_row(v) for k, v in row.items()} for row in rows]
    assert sent == expected
    assert jsonsafe.loads(orjson.dumps(sent[0]["kind"])) == rows[0]["kind"]


def test_the_marker_is_found_where_the_json_is_not_all_ascii() -> None:
    assert jsonsafe.unsafe(orjson.dumps({"a": "ü", "b": "\uffffx"}))
    assert jsonsafe.unsafe(orjson.dumps(["\x00"]))
    assert not jsonsafe.unsafe(orjson.dumps({"a": "ü ß 東", "b": "plain"}))
    assert not jsonsafe.unsafe(orjson.dumps({"a": "plain"}))


def test_a_statement_larger_than_the_socket_takes_is_sent_whole_before_a_savepoint_waits(db: Database) -> None:
    """In pipeline mode, a one-statement write of megabytes (a late big phase's history or reports) followed by a
    savepoint (phase_reports.record's) waited forever on both sides: `make bench` hung in its played campaign. The
    statement is sent whole (`together.sent`), so the savepoint's wait gets its answer."""
    finished: list[int] = []

    def write_then_savepoint() -> None:
        with psycopg.connect(db.conninfo, autocommit=True) as conn, conn.transaction(), conn.pipeline():
            curs = conn.cursor()
            rows = [{"id": str(uuid.uuid4()), "state": jsonsafe.as_jsonb(b'"' + b"x" * 1000 + b'"')}] * 20_000
            together.write(curs, {"count_together": COUNTED}, "count", rows, together=True)
            with conn.transaction():
                curs.execute("SELECT 1")
            finished.append(curs.fetchall()[0][0])

    thread = threading.Thread(target=write_then_savepoint, daemon=True)
    thread.start()
    thread.join(60)  # far beyond the second it takes; a hang never ends
    assert finished == [1], "the savepoint after a 20 MB statement in a pipeline never got its answer"
