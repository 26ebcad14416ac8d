"""The migration steps of the precomputed standings (projections/standings.py): step 15 gives a generation made
before it the table, step 17 keeps a campaign's pieces and leaves its row of whole answers a marker; what the
standings answer is test_standings_precomputed.py's."""

from __future__ import annotations

import asyncio

import psycopg

from projections import standings as rows
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.persistence.database import Database
from service.persistence.queries import ReadModelReads
from service.persistence.readpool import ReadPool
from tests.service.persistence.test_standings_precomputed import Built, answer, kept_rows
from tests.service.usecases.test_factionturn_play import played


def test_step_15_gives_a_generation_made_before_it_the_table_of_precomputed_standings(fresh_db: Database) -> None:
    Intrigue(fresh_db).close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to a database before step 15
        for statement in (
            "DROP VIEW standings_answer",
            "DROP TABLE standings_answer_g1",
            "DELETE FROM intrigue_schema WHERE version = 15",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start
    precompute_standings()
    try:
        campaign = played(intrigue, "after step 15", 1)
        assert {row[0] for row in kept_rows(fresh_db)} == {campaign.id}
    finally:
        intrigue.close()


def test_step_17_keeps_a_campaigns_pieces_and_leaves_its_row_of_whole_answers_a_marker(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    precompute_standings()
    try:
        campaign = played(intrigue, "before step 17", 1)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to step 15's rows: whole answers
        for statement in (
            "DROP VIEW standings_answer",
            "ALTER TABLE standings_answer_g1 ADD COLUMN members uuid[], ADD COLUMN ends integer[]",
            "UPDATE standings_answer_g1 SET gm = 'a whole answer', public = 'a whole answer',"
            f" members = '{{}}', ends = '{{}}' WHERE member_id = '{rows.ZERO}'",
            "CREATE VIEW standings_answer AS SELECT * FROM standings_answer_g1",
            "DELETE FROM intrigue_schema WHERE version = 17",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start
    try:
        with psycopg.connect(fresh_db.conninfo) as conn:
            columns = {
                r[0]
                for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = 'standings_answer'"
                )
            }
            marker = conn.execute(
                "SELECT gm, public FROM standings_answer WHERE member_id = %s", (rows.ZERO,)
            ).fetchall()
        assert columns == {"campaign_id", "root", "member_id", "sort_name", "gm", "public", "own"}
        assert marker == [(b"", b"")]
        pool = ReadPool(intrigue.db.conninfo)
        assert asyncio.run(ReadModelReads(pool).standings_answer(campaign.id, "factions", True, ())) is not None
        for seat in (None, intrigue.seats.resolve(f"Bearer {intrigue.seats.seat_gm(campaign.id).token}")):
            assert answer(ReadModelReads(pool), seat, campaign.id) == answer(Built(pool), seat, campaign.id)
    finally:
        intrigue.close()
