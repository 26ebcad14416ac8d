"""Issue 31, P4: a rebuild whose page PostgreSQL refuses a row of is folded again carefully, campaign by campaign
(projections/state.py `project`); where the rebuild hands its phase reports to a process of their own
(service/operations/rebuild_reports.py), the refused page's reports are dropped with it and handed over again by
the careful fold, so the rows left are the ones a rebuild whose runner keeps them leaves, and the refused campaign
alone is stopped."""

from __future__ import annotations

import uuid
from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from domain.commands import CreateCampaign
from domain.region import Region
from projections import jsonsafe
from service.bootstrap import Intrigue
from service.operations import rebuild_reports
from service.operations.worker import rebuild
from service.persistence.database import Database
from tests.service.operations.test_rebuild_reports import STATE, report_rows
from tests.service.persistence.test_poisoned_events import commit
from tests.service.persistence.test_standings_precomputed import current_generation
from tests.support.both_systems_world import play_both

REFUSED = "refused by PostgreSQL"


def refusing(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, in this process, the projection's jsonb holding REFUSED carries a NUL, which jsonb refuses: a
    data fault in one campaign's row (tests/service/persistence/test_poisoned_events.py does the same live)."""
    as_jsonb = jsonsafe.as_jsonb
    monkeypatch.setattr(jsonsafe, "as_jsonb", lambda encoded: as_jsonb(encoded.replace(REFUSED.encode(), b"\\u0000")))


def stopped(db: Database) -> list[tuple[Any, ...]]:
    """The campaigns the current generation stopped, with the topic each stopped at."""
    with psycopg.connect(db.conninfo) as conn:
        query = SQL("SELECT campaign_id, topic FROM {} WHERE generation = %s").format(Identifier("read_model_failures"))
        return conn.execute(query, (current_generation(db),)).fetchall()


def test_a_page_folded_again_carefully_hands_its_reports_over_once(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = Intrigue(fresh_db)
    try:
        victim = writer.campaigns.create_campaign(CreateCampaign(f"victim-{uuid.uuid4().hex[:6]}", ["factionturn"]))
        region = Region.map(victim.id, REFUSED, 0, 0)  # projected live; refused only once the fold is broken
        commit(writer, region)
        played = play_both(writer)
    finally:
        writer.close()
    refusing(monkeypatch)
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", "10000")  # the victim's row and every resolution in one page
    rows, handed, start = {}, [], rebuild_reports.start
    monkeypatch.setattr(rebuild_reports, "start", lambda *a: handed.append((s := start(*a))[1] is not None) or s)
    for reporter in ("0", "1"):
        handed.clear()
        monkeypatch.setenv(rebuild_reports.SETTING, reporter)
        rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
        assert handed == [reporter == "1"]
        assert stopped(fresh_db) == [(victim.id, "Region.Mapped")], "the refused campaign alone is stopped"
        rows[reporter] = report_rows(fresh_db)
    assert {row[2] for row in rows["0"]} == set(played.members) and {row[1] for row in rows["0"]} == {1, 2}
    assert rows["1"] == rows["0"], "handed over after the careful fold, once, as the runner keeps them"
