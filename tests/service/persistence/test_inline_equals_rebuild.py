"""Issue 31, item 1: what the inline projection writes as phases of both rule systems resolve (projections/inline.py,
in each command's transaction) is what a rebuild of the read model folds from the events: every table of the state
read model's generation, row for row and column for column, through rollbacks. A resolution's cuts (the month
decided on the loaded aggregates, the phase reports from one index of their window) must leave it so."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.sql import SQL, Composed, Identifier

from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.support.both_systems_world import play_both


def generation_rows(db: Database) -> tuple[int, dict[str, list[Any]]]:
    """The current generation and every one of its tables' rows (every column), sorted, by the table's name less
    the generation (`aggregate_state_g1` as `aggregate_state_g`)."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert row is not None
        generation = int(row[0])
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename ~ %s ORDER BY 1",
                (f"_g{generation}($|_)",),
            )
        ]
        return generation, {
            name.replace(f"_g{generation}", "_g"): sorted(conn.execute(_read(name, generation)).fetchall(), key=repr)
            for name in tables
        }


def _read(table: str, generation: int) -> Composed:
    """A table's rows; the members' states as readers see them: the state last written whole with its `recent` keys
    over it (projections/state_tables.py `STATE_VIEW`: a writer that knows a row's state writes its changed keys
    alone, a rebuild writes it whole)."""
    if table == f"aggregate_state_g{generation}":
        return SQL("SELECT id, campaign_id, kind, version, state || recent, position FROM {}").format(Identifier(table))
    return SQL("SELECT * FROM {}").format(Identifier(table))


def test_the_inline_projection_writes_what_a_rebuild_folds_after_both_rule_systems_play(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)  # each command waits for its own events' rows
    finally:
        intrigue.close()
    live, inline = generation_rows(fresh_db)
    assert {"aggregate_state_g", "phase_history_g", "phase_history_g_base", "phase_report_g"} <= set(inline)
    assert all(inline[name] for name in ("aggregate_state_g", "phase_history_g", "phase_report_g"))
    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
    rebuilt_generation, rebuilt = generation_rows(fresh_db)
    assert rebuilt_generation != live
    assert rebuilt == inline
