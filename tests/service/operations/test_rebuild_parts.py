"""Issue 31: a rebuild folds the log in worker processes, each owning a part of the campaigns, and the generation
it switches to is the one a sequential rebuild makes, row for row (history and its bases included)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from service.bootstrap import Intrigue
from service.operations import rebuild_parts
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_ops import play, read_models
from tests.service.usecases.test_factionturn_play import played

STATE = READ_MODELS[0]


def generation_rows(db: Database) -> dict[str, Any]:
    """Every row the readers see, and the current generation's history bases and tracking rows."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert row is not None
        found = {}
        for table in (f"phase_history_g{row[0]}_base", f"state_g{row[0]}_tracking"):
            rows = conn.execute(SQL("SELECT * FROM {}").format(Identifier(table))).fetchall()
            found[table.replace(f"_g{row[0]}", "")] = sorted(rows, key=repr)
    return read_models(db) | found


def rebuilt(db: Database, workers: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    parts: list[int] = []
    monkeypatch.setenv(rebuild_parts.WORKERS, str(workers))
    monkeypatch.setenv(rebuild_parts.PARALLEL_FROM, "1")  # a test's log is small
    monkeypatch.setattr(rebuild_parts, "fold_in_parts", counting(parts, rebuild_parts.fold_in_parts))
    rebuild(db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    assert parts == ([] if workers == 1 else [workers])  # in parts, or all in the rebuild's own runner
    return generation_rows(db)


def counting(parts: list[int], fold_in_parts: Any) -> Any:
    def counted(model: Any, generation: int, env: dict[str, str], workers: int, report: Any) -> int:
        parts.append(workers)
        heard: list[tuple[int, int]] = []
        read = fold_in_parts(model, generation, env, workers, lambda *p: heard.append(p) or report(*p))
        done, at_head = heard[-1]
        assert read == done == at_head > 0, "the parts folded the whole log, the rebuild's runner nothing"
        return read

    return counted


def test_a_rebuild_in_parts_makes_the_generation_a_sequential_rebuild_makes(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = Intrigue(fresh_db)
    try:
        for seed in ("parts one", "parts two", "parts three"):
            played(writer, seed, 3)  # resolved phases: history rows and their bases
        for number in range(3):
            play(writer.campaigns, number, regions=12)
    finally:
        writer.close()
    sequential = rebuilt(fresh_db, 1, monkeypatch)
    assert sequential["phase_history"] and sequential["phase_history_base"]
    monkeypatch.undo()
    with monkeypatch.context() as m:
        in_parts = rebuilt(fresh_db, 3, m)
    assert in_parts == sequential


def test_a_small_log_is_rebuilt_in_one_process_and_a_big_one_by_as_many_as_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(rebuild_parts.WORKERS, raising=False)
    monkeypatch.delenv(rebuild_parts.PARALLEL_FROM, raising=False)
    assert rebuild_parts.rebuild_workers({}, rebuild_parts.SMALL_LOG - 1) == 1
    monkeypatch.setattr(rebuild_parts.os, "cpu_count", lambda: 4)
    assert rebuild_parts.rebuild_workers({}, rebuild_parts.SMALL_LOG) == 4
    assert rebuild_parts.rebuild_workers({rebuild_parts.WORKERS: "3"}, rebuild_parts.SMALL_LOG) == 3
    assert rebuild_parts.rebuild_workers({rebuild_parts.PARALLEL_FROM: "10"}, 10) == 4
