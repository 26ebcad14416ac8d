"""A page folded inside a command's pipeline reads its own results (projections/pipelined.py): the server's answers
to the page's unread writes may arrive while a read is being sent, and psycopg then took them as the read's, so the
inline projection failed and left a big phase to the runner in about half the resolutions (session 18)."""

from __future__ import annotations

import select
from typing import Any

import psycopg
from psycopg.rows import dict_row

from domain.factionturn.aggregate.faction import Faction
from projections import standings
from projections.pipelined import statement_cursors
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.persistence.database import Database
from tests.support.service import campaign_with_hidden_spies


def answers_arrived(connection: Any) -> None:
    """Ask the server to send what it has answered so far (a flush request), and wait until it is here to read."""
    connection.pgconn.send_flush_request()
    connection.pgconn.flush()
    readable, _, _ = select.select([connection.fileno()], [], [], 60)  # a bound, not a timing: it is readable at once
    assert readable, "the server sent nothing after a flush request"


def test_a_read_after_unread_writes_gets_its_own_rows_though_the_writes_answers_are_in(db: Database) -> None:
    with psycopg.connect(db.conninfo, row_factory=dict_row) as conn:
        conn.execute("CREATE TEMP TABLE pipelined_rows (n int)")
        for _ in range(5):
            with conn.transaction(), conn.pipeline():
                curs = statement_cursors(conn.cursor())
                curs.executemany("INSERT INTO pipelined_rows VALUES (%s)", [(n,) for n in range(500)])
                answers_arrived(conn)
                assert curs.execute("SELECT count(*) AS n FROM pipelined_rows").fetchone() is not None
                assert curs.execute("SELECT 42 AS answer").fetchone() == {"answer": 42}
        assert conn.execute("SELECT count(*) AS n FROM pipelined_rows").fetchone() == {"n": 2500}


def test_the_inline_projection_holds_when_its_writes_are_answered_before_its_standings_are_read(
    fresh_db: Database, monkeypatch: Any
) -> None:
    precompute_standings()  # the standings' read follows the page's writes, as in a served process
    intrigue = Intrigue(fresh_db)
    try:
        campaign_id, _, spies_id = campaign_with_hidden_spies(intrigue, "pipelined")
        inline = intrigue.read_side.inline
        assert inline is not None
        refresh, refreshed = standings.refresh, []

        def answered_first(curs: Any, sql: Any, changed: Any, held: Any = None, prefetched: Any = None) -> None:
            answers_arrived(curs.connection)  # the page's writes answered before the first read is fetched
            refreshed.append(changed)
            refresh(curs, sql, changed, held, prefetched)

        monkeypatch.setattr(standings, "refresh", answered_first)
        for gold in (3, 4):
            before = inline.reached.get(campaign_id, 0)
            spies = intrigue.store.load(spies_id, Faction)
            spies.gain_facgold(gold, "a tithe")
            intrigue.store.commit(spies)
            assert inline.reached.get(campaign_id, 0) > before, "the inline projection left the command's events"
        assert len(refreshed) == 2
        assert intrigue.state.one(spies_id, "faction")["facgold"] == 7 + 3 + 4
    finally:
        intrigue.close()
