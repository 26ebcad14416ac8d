"""Issue 31, item 1: a resolution's phase reports, built by the inline projection in the command's transaction, read
the command's own events from the events the projection decoded (projections/page_decoded.py `Decoded`) instead of
reading them back from the store and decoding them again. Each window so made must be the one read back whole: the
same entries, payloads included, after the projection folded those very events (a fold that changed an event's
values in place would show here), on both rule systems, through rollbacks.

Issue 31, P4: a rebuild's runner does the same with its page's events (`PageDecoded`): a resolution's window taken
from the page where it lies in it, read back before the page where it starts earlier (pages of a few events)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg import pq
from psycopg.rows import tuple_row

from projections.page_decoded import Decoded
from service.bootstrap import Intrigue
from service.operations import rebuild_reports
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from service.usecases import phase_report_kept
from service.usecases.audit import AuditEntry
from tests.support.both_systems_world import play_both

ROWS = "SELECT campaign_id, phase, member_id, resolved_at, report FROM phase_report ORDER BY 1, 2, 3"
Windows = list[tuple[Decoded | None, int, list[AuditEntry], list[AuditEntry]]]  # decoded, end, made, read back


class Asking:
    """A cursor that keeps the statements it is given."""

    def __init__(self, curs: Any) -> None:
        self.curs, self.asked = curs, []

    def execute(self, statement: Any, *args: Any, **kwargs: Any) -> Any:
        self.asked.append(statement)
        return self.curs.execute(statement, *args, **kwargs)


def _both(windows: Windows, asked: list[list[Any]] | None = None) -> Any:
    """`window_read` as the reporter calls it, keeping each window made beside the same one read back whole (and the
    statements it asked, in `asked`); both leave out the events the reporter leaves out (`read_by_any`)."""
    window_read = phase_report_kept.window_read

    def both(
        curs: Any, campaign_id: UUID, phase: int, end: int, decoded: Decoded | None = None, reads: Any = None
    ) -> Any:
        asking = Asking(curs)
        made = window_read(asking, campaign_id, phase, end, decoded, reads)
        whole = window_read(curs, campaign_id, phase, end, None, reads)
        if asked is not None:
            asked.append(asking.asked)

        def window() -> list[AuditEntry]:
            windows.append((decoded, end, made(), whole()))
            return windows[-1][2]

        return window

    return both


def test_each_resolutions_window_from_its_decoded_events_is_the_window_read_back(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    windows: Windows = []
    monkeypatch.setattr(phase_report_kept, "window_read", _both(windows))
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)
    finally:
        intrigue.close()
    assert len(windows) >= 5  # every resolution, those played again after the rollbacks among them
    for decoded, _, made, read_back in windows:
        assert decoded is not None  # each was folded inline, with its command's events at hand
        assert made == read_back
        assert {entry.position for entry in made} & set(range(decoded.first, decoded.end))  # some came from them


def report_rows(db: Database) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute(ROWS).fetchall()


def played_reports(db: Database) -> list[tuple[Any, ...]]:
    """Both rule systems played through two rollbacks, each resolution's reports kept inline: their rows."""
    intrigue = Intrigue(db)
    try:
        play_both(intrigue)
    finally:
        intrigue.close()
    return report_rows(db)


@pytest.mark.parametrize("page", [None, 7])
def test_each_resolutions_window_from_a_rebuilds_page_is_the_window_read_back(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: int | None
) -> None:
    rows = played_reports(fresh_db)
    windows: Windows = []
    asked: list[list[Any]] = []
    monkeypatch.setattr(phase_report_kept, "window_read", _both(windows, asked))
    monkeypatch.setenv(rebuild_reports.SETTING, "0")  # the reports in the runner, from its pages' events
    if page is not None:  # pages of a few events: windows that start in an earlier page
        monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
    assert report_rows(fresh_db) == rows
    assert len(windows) >= 5  # every resolution, those played again after the rollbacks among them
    starts = []
    for decoded, end, made, read_back in windows:
        assert decoded is not None and decoded.end == end  # the page's run of the campaign's events up to it
        assert made == read_back
        starts.append((decoded.first, min(entry.position for entry in made)))
    if page is None:  # the whole log in one page: each window taken from it whole, the store asked nothing
        assert all(first <= start for first, start in starts)
        assert asked == [[] for _ in windows]
    else:  # a window starting before its resolution's page: its start read back, the rest from the page
        assert any(first > start for first, start in starts)


def test_a_reporters_window_read_back_comes_in_binary_as_the_text_read_has_it(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, P4 (session 28): the events a reporter reads back come in binary (their bytes, not the hex the server
    would write and the client read back): the same window as read in text."""
    rows = played_reports(fresh_db)
    formats: list[pq.Format] = []
    windows: list[tuple[list[AuditEntry], list[AuditEntry]]] = []
    window_read = phase_report_kept.window_read

    def also_in_text(
        curs: Any, campaign_id: UUID, phase: int, end: int, decoded: Decoded | None = None, reads: Any = None
    ) -> Any:
        formats.append(curs.format)
        with curs.connection.cursor(row_factory=tuple_row) as text:
            in_text = window_read(text, campaign_id, phase, end, None, reads)
        made = window_read(curs, campaign_id, phase, end, decoded, reads)

        def window() -> list[AuditEntry]:
            windows.append((made(), in_text()))
            return windows[-1][0]

        return window

    monkeypatch.setattr(phase_report_kept, "window_read", also_in_text)
    monkeypatch.setenv(rebuild_reports.SETTING, "0")  # the reports in the runner, read back where a page starts late
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", "7")
    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
    assert report_rows(fresh_db) == rows
    assert len(windows) >= 5 and set(formats) == {pq.Format.BINARY}
    assert all(made == in_text for made, in_text in windows)
