"""Issue 31, P6: an inline page's phase reports (projections/phase_reports.py `read_first`) are read before the
resolution's history rows are sent and built after them, while the server writes those rows, with no savepoint; a
runner's page sent in pipeline mode (issue 31, P4: projections/page_pipeline.py) reads them in a savepoint and writes
them in another, checked at its next statement; a page not pipelined keeps its savepoint (`record`). A reporter's
failure still leaves the fold alone; a report PostgreSQL refuses loses the inline fold, and the runner's page then
keeps everything else and logs the reports as not kept."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID

import psycopg
import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, FoundFaction, MapRegion
from projections import history, phase_reports
from projections.page import PageFold
from projections.page_history import PageHistory
from projections.state import StateView
from service.bootstrap import Intrigue
from service.operations import rebuild_reports
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.citus_pool import on_citus

Reporter = Callable[..., Any]
REFUSED = b'{"refused": "\\u0000"}'  # jsonb refuses the NUL escape (sqlstate 22P05)
REFUSED_READ = "SELECT 1 / (random() > 2)::int"  # division by zero (22012), known only when executed


@pytest.fixture
def intrigue(fresh_db: Database) -> Iterator[Intrigue]:
    served = Intrigue(fresh_db)
    yield served
    served.close()


def _campaign(intrigue: Intrigue) -> UUID:
    """A campaign of two factions with its first phase open."""
    regions = [MapRegion(f"Ward {i}", i, 0, monthly_income=2_000) for i in range(3)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"first-{uuid.uuid4().hex[:6]}", ["factionturn"], None, regions)
    )
    harbour = campaign.member_ids("region")[0]
    for name in ("Red", "Blue"):
        intrigue.factionturn.found_faction(FoundFaction(campaign.id, name, 3, 3, 4, harbour, facgold=10))
    intrigue.campaigns.open_phase(campaign.id)
    return campaign.id


def _wrapped(
    monkeypatch: pytest.MonkeyPatch, seen: list[str], built: Callable[[Any], Any] = lambda r: r, read: Any = None
) -> None:
    """The registered reporter, noting when it reads and when it builds; `built` changes what it builds, `read`
    what it reads."""
    real = phase_reports.REPORTERS[0]

    def reporter(*args: Any) -> Callable[[], Any]:
        seen.append("read")
        build = (read or real)(*args)

        def building() -> Any:
            seen.append("built")
            return built(build())

        return building

    monkeypatch.setattr(phase_reports, "REPORTERS", [reporter])


def _noted(monkeypatch: pytest.MonkeyPatch, seen: list[str]) -> None:
    """The history's rows sent, noted (an inline page's `history.record`, a runner's `PageHistory.record`)."""
    for owner, name in ((history, "record"), (PageHistory, "record")):
        real = getattr(owner, name)

        def noting(*args: Any, real: Any = real) -> Any:
            seen.append("history")
            return real(*args)

        monkeypatch.setattr(owner, name, noting)


def _one_refused(reports: tuple[int, dict[UUID, Any]]) -> tuple[int, dict[UUID, Any]]:
    end, built = reports
    return end, {**built, next(iter(built)): REFUSED}


def _raising(*args: Any) -> Any:
    raise RuntimeError("a reporter's bug")


def _count(db: Database, table: str, campaign_id: UUID) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(f"SELECT count(*) FROM {table} WHERE campaign_id = %s", (campaign_id,)).fetchone()  # type: ignore[arg-type]
    assert row is not None
    return int(row[0])


def _resolved_inline(intrigue: Intrigue, db: Database, campaign_id: UUID) -> bool:
    """Resolve the phase; whether the inline projection's fold of its last command committed with it."""
    inline = intrigue.read_side.inline
    assert inline is not None
    intrigue.campaigns.resolve_phase(campaign_id)
    with psycopg.connect(db.conninfo) as conn:
        head = conn.execute("SELECT position FROM campaign_heads WHERE campaign_id = %s", (campaign_id,)).fetchone()
    assert head is not None
    return inline.covers(campaign_id, int(head[0]))


def test_an_inline_pages_reports_are_read_before_the_history_and_built_after_it(
    intrigue: Intrigue, fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = _campaign(intrigue)
    seen: list[str] = []
    _wrapped(monkeypatch, seen)
    _noted(monkeypatch, seen)
    assert _resolved_inline(intrigue, fresh_db, campaign_id)  # folded inline
    assert seen == ["read", "history", "built"]
    assert _count(fresh_db, "phase_report", campaign_id) == 2
    seen.clear()  # a rebuild's page (a pipelined runner's that keeps them): read, history sent, built (issue 31, P4)
    _rebuilt(fresh_db)  # on Citus a page is not pipelined (projections/page_pipeline.py)
    assert seen == (["history", "read", "built"] if on_citus(fresh_db) else ["read", "history", "built"])
    seen.clear()  # a page not pipelined (a careful one's, or on Citus): the history, then the reports in a savepoint
    monkeypatch.setattr(StateView, "pipelined_pages", False)
    _rebuilt(fresh_db)
    assert seen == ["history", "read", "built"]


def _rebuilt(db: Database) -> None:
    """A rebuild whose runner keeps its reports (not handed to a reporting process: rebuild_reports.py)."""
    env = {**db.eventsourcing_env(2), "CREATE_TABLE": "n", rebuild_reports.SETTING: "0"}
    rebuild(db, env, READ_MODELS[0])


@pytest.mark.parametrize("failing", ["read", "build"])
def test_a_reporters_failure_inline_leaves_the_fold_and_logs_the_reports_not_kept(
    intrigue: Intrigue,
    fresh_db: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failing: str,
) -> None:
    campaign_id = _campaign(intrigue)
    if failing == "read":
        _wrapped(monkeypatch, [], read=_raising)
    else:
        _wrapped(monkeypatch, [], _raising)
    with caplog.at_level(logging.ERROR, logger="intrigue.projections"):
        assert _resolved_inline(intrigue, fresh_db, campaign_id)  # folded inline all the same
    assert [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()] == [
        f"phase 1 reports of campaign {campaign_id} not kept; readers build them"
    ]
    assert _count(fresh_db, "phase_report", campaign_id) == 0
    assert _count(fresh_db, "phase_history", campaign_id) > 0


def test_a_report_postgresql_refuses_leaves_the_resolution_to_the_runner_which_keeps_the_rest(
    intrigue: Intrigue, fresh_db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    campaign_id = _campaign(intrigue)
    seen: list[str] = []
    _wrapped(monkeypatch, seen, _one_refused)
    with caplog.at_level(logging.ERROR, logger="intrigue.projections"):
        # The inline fold lost with the refused write: the command committed without it.
        assert not _resolved_inline(intrigue, fresh_db, campaign_id)
    assert seen == ["read", "built", "read", "built"]  # inline, then the runner's page
    assert [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()] == [
        f"phase 1 reports of campaign {campaign_id} not kept; readers build them"
    ]
    assert _count(fresh_db, "phase_report", campaign_id) == 0
    assert _count(fresh_db, "phase_history", campaign_id) > 0  # the rest of the runner's page kept
    assert _count(fresh_db, "read_model_failures", campaign_id) == 0  # and the campaign not stopped
    with psycopg.connect(fresh_db.conninfo) as conn:
        row = conn.execute("SELECT version FROM aggregate_state WHERE id = %s", (campaign_id,)).fetchone()
    assert row is not None and row[0] == intrigue.store.load(campaign_id, Campaign).version


def test_a_rebuilds_page_is_sent_in_pipeline_mode(
    intrigue: Intrigue, fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    modes: list[bool] = []
    real = PageFold.write

    def writing(page: PageFold, statements: Any) -> None:
        modes.append(page.curs.connection._pipeline is not None)
        real(page, statements)

    campaign_id = _campaign(intrigue)
    assert _resolved_inline(intrigue, fresh_db, campaign_id)
    monkeypatch.setattr(PageFold, "write", writing)
    _rebuilt(fresh_db)
    assert modes == [not on_citus(fresh_db)], "pipelined off Citus only (projections/page_pipeline.py)"
    assert _count(fresh_db, "phase_report", campaign_id) == 2


def _refused_read(curs: Any, *args: Any) -> Any:
    return curs.execute(REFUSED_READ).fetchone()


@pytest.mark.parametrize("refused", ["read", "write"])
def test_a_report_postgresql_refuses_in_a_rebuilds_page_is_logged_once_and_the_rest_kept(
    intrigue: Intrigue,
    fresh_db: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    refused: str,
) -> None:
    campaign_id = _campaign(intrigue)
    assert _resolved_inline(intrigue, fresh_db, campaign_id)
    seen: list[str] = []
    if refused == "read":
        _wrapped(monkeypatch, seen, read=_refused_read)
    else:
        _wrapped(monkeypatch, seen, _one_refused)
    with caplog.at_level(logging.WARNING, logger="intrigue.projections"):
        _rebuilt(fresh_db)
    assert seen == (["read"] if refused == "read" else ["read", "built"])  # folded once: not again carefully
    assert [r.getMessage() for r in caplog.records] == [
        f"phase 1 reports of campaign {campaign_id} not kept; readers build them"
    ]
    assert _count(fresh_db, "phase_report", campaign_id) == 0
    assert _count(fresh_db, "phase_history", campaign_id) > 0
    assert _count(fresh_db, "read_model_failures", campaign_id) == 0
    with psycopg.connect(fresh_db.conninfo) as conn:
        row = conn.execute("SELECT version FROM aggregate_state WHERE id = %s", (campaign_id,)).fetchone()
    assert row is not None and row[0] == intrigue.store.load(campaign_id, Campaign).version


def test_a_refusal_sent_before_the_reports_savepoint_loses_the_page_not_the_reports(
    intrigue: Intrigue, fresh_db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A history statement PostgreSQL refuses, answered at the reports' check, is the page's refusal: the page is
    folded again carefully (not pipelined), as when a history row was refused before, and keeps its reports."""
    campaign_id = _campaign(intrigue)
    assert _resolved_inline(intrigue, fresh_db, campaign_id)
    real = PageHistory.flush

    def refused(history: PageHistory, curs: Any, sql: Any) -> None:
        sent = bool(history.rows)
        real(history, curs, sql)
        if sent:
            curs.execute(REFUSED_READ)

    monkeypatch.setattr(PageHistory, "flush", refused)
    with caplog.at_level(logging.WARNING, logger="intrigue.projections"):
        _rebuilt(fresh_db)
    messages = [r.getMessage() for r in caplog.records]
    assert [m for m in messages if "not kept" in m] == []
    assert [m for m in messages if "folding the page again" in m] == [
        "projection state: PostgreSQL refused a row; folding the page again, campaign by campaign: DataError"
    ]
    assert _count(fresh_db, "phase_report", campaign_id) == 2
    assert _count(fresh_db, "phase_history", campaign_id) > 0
    assert _count(fresh_db, "read_model_failures", campaign_id) == 0
