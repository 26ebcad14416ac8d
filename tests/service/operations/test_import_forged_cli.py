"""`intrigue import` of a forged or raced export (issue 25, item 2), end to end: two imports of one campaign racing
(the second appends nothing), and the CLI refusing each forged file by its line, with no traceback, appending
nothing. The checks of each forgery: test_import_forged.py."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import psycopg
import pytest

from domain.errors import ConflictError
from service.persistence import database
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.transfer import import_lines
from tests.service.operations.forged_exports import (
    first_of,
    index_of,
    rows_of,
    stream,
    text,
)
from tests.service.operations.test_import_forged import FILE, TARGET, forged
from tests.support.processes import run


def test_an_import_racing_another_of_the_same_campaign_appends_nothing(admin_db: Database) -> None:
    """Both pass the check; the one that appends second finds, under the table lock, its first batch's ids taken."""
    db = database.create_database(admin_db, f"intrigue_race_{uuid.uuid4().hex[:12]}")
    store = IntrigueStore(env=db.eventsourcing_env(1))
    try:
        lines = text(rows_of(FILE))
        reads = []

        def source() -> list[str]:
            reads.append(len(reads))
            if len(reads) == 2:  # checked, not yet appended: the other import goes first
                import_lines(store, lambda: lines)
            return lines

        with pytest.raises(ConflictError):
            import_lines(store, source)
        assert store.recorder.max_notification_id() == len(lines) - 1
    finally:
        store.close()
        database.drop_database(admin_db, db.dbname)


def test_the_cli_refuses_each_forged_file_by_its_line_with_no_traceback_and_appends_nothing(
    fresh_db: Database, tmp_path: Path
) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    assert run(fresh_db, tmp_path, "target", "import", str(TARGET)).returncode == 0
    target = rows_of(TARGET)
    history = stream(target, first_of(target, "Faction"))
    house = first_of(forged(), "House")
    files = {
        "foreign": ([*forged(), {**history[-1], "v": len(history) + 1}], len(forged()) + 1, "starts at version"),
        "os": ([*forged()[:5], {**forged()[5], "topic": "os:system"}, *forged()[6:]], 6, "is not an Intrigue event"),
        "unknown": (
            [*forged()[:5], {**forged()[5], "topic": "domain.campaign:Campaign.Nope"}, *forged()[6:]],
            6,
            "is not an Intrigue event",
        ),
        "gap": (
            [r for r in forged() if (r.get("id"), r.get("v")) != (str(house), 5)],
            index_of(forged(), house, 6),
            "skips to version 6",
        ),
    }
    before = events_in(fresh_db)
    for name, (rows, line, reason) in files.items():
        path = tmp_path / f"{name}.ndjson"
        path.write_text("".join(text(rows)))
        result = run(fresh_db, tmp_path, name, "import", str(path))
        assert result.returncode == 2, result.stdout
        assert re.search(rf"intrigue: line {line}: .*{reason}", result.stdout), result.stdout
        assert "Traceback" not in result.stdout
        assert events_in(fresh_db) == before


def events_in(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT count(*) FROM intrigue_events").fetchone()
    assert row is not None
    return int(row[0])
