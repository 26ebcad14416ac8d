"""A page PostgreSQL refuses a row of is folded again carefully, campaign by campaign (projections/state.py
`project`); a page that started aggregates from stored snapshots folds them in place, so the careful fold takes the
page decoded anew from its rows (projections/lane_reader.py `_decoded`): the other campaigns' rows are the ones
folding every event one by one writes, and the refused campaign alone is stopped."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from domain.campaign import Campaign
from domain.region import Region
from projections import state_tables
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from tests.service.operations.test_rebuild_reports_careful import REFUSED, refusing
from tests.service.persistence.test_paged_runner import logged, play, project, rows

__all__ = ["logged"]  # the fixture, used here


def test_a_page_started_from_snapshots_and_folded_again_carefully_writes_what_every_event_folded_writes(
    fresh_db: Database,
    logged: tuple[IntrigueStore, Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store, view = logged
    play(store, phases=4, events_per_phase=60)
    victim = Campaign.start("victim", ["factionturn"])
    refused = Region.map(victim.id, REFUSED, 0, 0)
    victim.enrol(refused.id, "region")
    store.commit(victim, refused)  # the log's last page: with the long tail that starts from a snapshot
    head, _ = project(fresh_db, 1, page=1)  # every event folded one by one, nothing refused
    one_by_one = rows(view, 1)
    with view.datastore.transaction(commit=True) as curs:
        for statement in state_tables.create_generation(2):
            curs.execute(statement)
    refusing(monkeypatch)  # from now on the victim's region is refused
    with caplog.at_level(logging.WARNING, "intrigue.projections"):
        paged_head, spared = project(fresh_db, 2, page=400)
    paged = rows(view, 2)
    assert paged_head == head and spared > 100, "no page started from a stored snapshot: the test does not exercise it"
    assert any("folding the page again" in r.getMessage() for r in caplog.records), "no page was folded again"
    victims = {refused.id}  # the campaign's own events came before its refused row: written
    assert [r for r in one_by_one["state"] if r[0] in victims], "generation 1 has the victim's rows"
    assert paged["state"] == [r for r in one_by_one["state"] if r[0] not in victims]
    assert paged["history"] == one_by_one["history"] and paged["series"] == one_by_one["series"]
