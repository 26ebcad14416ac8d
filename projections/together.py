"""A page's rows of one statement sent as one JSON array, where the backend is plain PostgreSQL (issue 31, P6).

`executemany` in pipeline mode sends a statement per row, each row's parameters adapted in Python: at a big phase's
resolution some 800 rows (history rows and bases, state rows), about a tenth of the saving's own CPU. Here the rows
go as one `jsonb_to_recordset` parameter, encoded by orjson, a value already encoded for jsonb embedded as it is, with
the same `ON CONFLICT` clause. Not on Citus: it cannot see that every row names one campaign, so the statement would
leave the campaign's shard for the coordinator and a command's transaction would become a distributed one (the
session-13 version of this was reverted for that: docs/scaling.md, "Issue 31, item 3: the rebuild's writes in one
statement"); there, and for a careful page, a row each as before. The houses' knowledge and the phase reports do the
same (projections/knowledge.py, projections/phase_reports.py).
"""

from __future__ import annotations

import select
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from psycopg import Connection, Cursor
from psycopg.types.json import Jsonb

from projections import jsonsafe

# Each statement's rows as a record of the array (the per-row statements: projections/state_sql.py).
RECORD = """INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state, whole)
    SELECT campaign_id, phase, position, id, kind, state, whole FROM jsonb_to_recordset(%s) AS r(campaign_id uuid,
    phase integer, position bigint, id uuid, kind text, state jsonb, whole boolean) ON CONFLICT DO NOTHING"""
SET_BASE = """INSERT INTO {base} SELECT id, campaign_id, version, whole_state FROM jsonb_to_recordset(%s)
    AS r(id uuid, campaign_id uuid, version integer, whole_state jsonb)
    ON CONFLICT (aggregate_id, campaign_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state"""
# A resolution's history rows and their members' bases from one recordset (issue 31, P6: at a first phase every row is
# whole, and each whole state was sent and parsed twice, as the row and as its base): a row with `based` carries its
# member's base version, and its whole state only where the row is partial; a whole row's state is its base's (the
# same encoding). Each table's `ON CONFLICT` as RECORD's and SET_BASE's; the marker row has no base.
RECORD_BASES = """WITH r AS (SELECT * FROM jsonb_to_recordset(%s) AS r(campaign_id uuid, phase integer, position bigint,
    id uuid, kind text, state jsonb, whole boolean, version integer, whole_state jsonb, based boolean)),
    h AS (INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state, whole)
    SELECT campaign_id, phase, position, id, kind, state, whole FROM r ON CONFLICT DO NOTHING)
    INSERT INTO {base} SELECT id, campaign_id, version, CASE WHEN whole THEN state ELSE whole_state END
    FROM r WHERE based
    ON CONFLICT (aggregate_id, campaign_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state"""
UPSERT = """INSERT INTO {state} (id, campaign_id, kind, version, state, position)
    SELECT id, campaign_id, kind, version, state, position FROM jsonb_to_recordset(%s) AS r(id uuid, campaign_id uuid,
    kind text, version integer, state jsonb, position bigint)
    ON CONFLICT (id, campaign_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state,
    position = EXCLUDED.position, recent = '{{}}'"""
PATCH = """UPDATE {state} s SET version = r.version, recent = r.recent, position = r.position
    FROM jsonb_to_recordset(%s) AS r(id uuid, campaign_id uuid, version integer, recent jsonb, position bigint)
    WHERE s.id = r.id AND s.campaign_id = r.campaign_id"""
# Each as `{name}_together`.
STATEMENTS = {"record": RECORD, "set_base": SET_BASE, "record_bases": RECORD_BASES, "upsert": UPSERT, "patch": PATCH}


def write(curs: Cursor[Any], sql: Mapping[str, Any], name: str, rows: list[dict[str, Any]], together: bool) -> None:
    """The rows of statement `name`: in one statement (`{name}_together`) where `together`, else a statement each."""
    if not rows:
        return
    if together:
        curs.execute(sql[f"{name}_together"], (recordset(rows),))
        sent(curs.connection)
    else:
        curs.executemany(sql[name], rows)


def sent(conn: Connection[Any]) -> None:
    """Everything queued on `conn` handed to the server, reading what it answers meanwhile (libpq's non-blocking
    flush loop). In pipeline mode a statement whose parameter is larger than the socket takes (megabytes of states at
    a late big phase) is left half in libpq's buffer, and psycopg's next wait for results alone, a savepoint's
    (`conn.transaction()`, phase_reports.record), then waits for answers the server cannot give before it has read
    the whole message: both sides waited forever (`make bench`'s played campaign, session 20)."""
    pgconn = conn.pgconn
    while pgconn.flush():
        readable, _, _ = select.select([pgconn.socket], [pgconn.socket], [])
        if readable:
            pgconn.consume_input()  # the server's answers so far, kept for psycopg to take: the server writes on


def recordset(rows: Iterable[Mapping[str, Any]]) -> Jsonb:
    """Rows as one JSON array (ids as their text, as orjson writes a uuid); a jsonb value already encoded (a `Jsonb`
    of its bytes, `jsonsafe.as_jsonb`) goes in as it is, any other as `jsonsafe.dumps` writes it (text jsonb cannot
    hold escaped alike wherever it stands). The rows' other values are flat (ids, numbers, a kind): their text is
    escaped where it must be, and the array, megabytes of states at a big phase, is not searched again."""
    return jsonsafe.as_jsonb(orjson.dumps([{key: _embedded(value) for key, value in row.items()} for row in rows]))


def _embedded(value: Any) -> Any:
    kind = type(value)
    if kind is Jsonb:
        return orjson.Fragment(value.obj if type(value.obj) is bytes else jsonsafe.dumps(value.obj))
    if kind is str or kind is dict or kind is list or kind is tuple:
        return orjson.Fragment(jsonsafe.dumps(value))
    return value
