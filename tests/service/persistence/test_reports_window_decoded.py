"""Issue 31, item 1: a resolution's phase reports, built by the inline projection in the command's transaction, read
the command's own events from the events the projection decoded (projections/phase_reports.py `Decoded`) instead of
reading them back from the store and decoding them again. Each window so made must be the one read back whole: the
same entries, payloads included, after the projection folded those very events (a fold that changed an event's
values in place would show here), on both rule systems, through rollbacks."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from projections.phase_reports import Decoded
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases import phase_report_kept
from service.usecases.audit import AuditEntry
from tests.support.both_systems_world import play_both


def test_each_resolutions_window_from_its_decoded_events_is_the_window_read_back(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    window_at = phase_report_kept.window_at
    windows: list[tuple[Decoded | None, list[AuditEntry], list[AuditEntry]]] = []

    def both(curs: Any, campaign_id: UUID, phase: int, end: int, decoded: Decoded | None = None) -> list[AuditEntry]:
        made = window_at(curs, campaign_id, phase, end, decoded)
        windows.append((decoded, made, window_at(curs, campaign_id, phase, end)))
        return made

    monkeypatch.setattr(phase_report_kept, "window_at", both)
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)
    finally:
        intrigue.close()
    assert len(windows) >= 5  # every resolution, those played again after the rollbacks among them
    for decoded, made, read_back in windows:
        assert decoded is not None  # each was folded inline, with its command's events at hand
        assert made == read_back
        assert {entry.position for entry in made} & set(range(decoded.first, decoded.end))  # some came from them
