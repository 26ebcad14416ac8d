"""Issue 31, P6 (session 26): a page's standings reads are sent before its rows and read without waiting for them
(projections/standings.py `prefetch`, projections/pipelined.py `answered`): in a pipeline the server answers the read
first and writes the rows while this process composes the standings."""

from __future__ import annotations

from uuid import uuid4

import psycopg
import pytest
from psycopg.rows import dict_row

from projections import standings as rows
from projections.pipelined import answered, flush_request, statement_cursors
from projections.state_sql import statements_of
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.service.persistence.test_standings_from_page import Spy
from tests.service.persistence.test_standings_precomputed import current_generation

KEY = 31_26  # the advisory lock the statement sent after the read waits for


def test_a_read_is_answered_while_a_statement_sent_after_it_still_waits(db: Database) -> None:
    unread = []  # whether the read's answer was still to be read when `answered` was asked for it
    with (
        psycopg.connect(db.conninfo, autocommit=True) as holder,
        psycopg.connect(db.conninfo, row_factory=dict_row) as conn,
    ):
        # Psycopg takes the answers that have arrived whenever it sends: the read's answer is held back a little in
        # the server (pg_sleep) so that the statement after it is sent first, and tried again until one finds the
        # answer not yet taken (else `answered` is not what got it; without the delay 2 tries in 6 found none of 5).
        while len(unread) < 20 and not any(unread):
            holder.execute("SELECT pg_advisory_lock(%s)", (KEY,))
            try:
                with conn.transaction(), conn.pipeline():
                    curs = statement_cursors(conn.cursor())
                    curs.execute("SET LOCAL lock_timeout = '20s'")  # a bound: a wait for the lock fails, never hangs
                    read = curs.execute("SELECT 42 AS answer FROM pg_sleep(0.1)")
                    flush_request(conn)
                    curs.execute("SELECT pg_advisory_xact_lock(%s)", (KEY,))  # waits until the holder lets go
                    unread.append(read.pgresult is None)
                    assert answered(read).fetchone() == {"answer": 42}  # the lock still held: not waited for
                    holder.execute("SELECT pg_advisory_unlock(%s)", (KEY,))
            finally:
                holder.execute("SELECT pg_advisory_unlock_all()")
    assert any(unread)


def test_a_prefetched_read_is_the_one_the_refresh_takes_unless_it_asked_for_other_members(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(frozenset())  # the console's: a faction's change recomposes that faction alone, where kept
    monkeypatch.setitem(rows.COMPOSERS, "factions", spy)
    campaign_id, faction, other = uuid4(), ("faction", uuid4()), ("faction", uuid4())
    sql = statements_of(current_generation(intrigue.db))
    mark = {"campaign_id": campaign_id, "root": "factions", "zero": rows.ZERO}
    with psycopg.connect(intrigue.db.conninfo, row_factory=dict_row) as conn:
        curs = conn.cursor()
        curs.execute(sql["answer_mark"], mark)  # the campaign's answers kept whole
        asked = rows.prefetch(curs, sql, {campaign_id: {faction}})
        curs.execute(sql["answer_drop"], (campaign_id, "factions"))  # after the read: it still saw them kept
        rows.refresh(curs, sql, {campaign_id: {faction}}, None, asked)
        assert spy.asked == [[faction[1]]]  # the prefetched answer: kept, the changed faction alone composed
        curs.execute(sql["answer_mark"], mark)
        asked = rows.prefetch(curs, sql, {campaign_id: {faction}})
        curs.execute(sql["answer_drop"], (campaign_id, "factions"))
        rows.refresh(curs, sql, {campaign_id: {other}}, None, asked)  # another member: read again
        assert spy.asked == [[faction[1]], None]  # not kept (dropped): every faction composed
        conn.rollback()
