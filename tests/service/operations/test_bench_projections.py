"""The projections section of `make bench` (bench/projections.py) runs at a tiny size: its backlog is saved one
campaign a save, as the store requires, and its catch-up and full rebuild print their rows. Timings are printed,
never asserted."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import psycopg
import pytest

from bench import projections
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from tests.service.persistence.test_read_model_restore import store  # noqa: F401 - the fixture: a migrated store


def _events(db: Database) -> list[tuple[str, int, int]]:
    """Each event's campaign, its position in the campaign and its notification id, in the log's order."""
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT campaign_id::text, campaign_position, notification_id FROM intrigue_events ORDER BY notification_id"
        ).fetchall()
    return [(str(c), int(p), int(n)) for c, p, n in rows]


def test_the_backlog_is_the_events_asked_for_saved_fifty_at_most_and_one_campaign_a_save(
    store: IntrigueStore,  # noqa: F811
    fresh_db: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saves: list[tuple[list[str], int]] = []  # each save's campaigns and its events, as the store was asked
    commit = store.commit

    def recorded(*aggregates: Any) -> Any:
        saves.append(([str(a.id) for a in aggregates], sum(len(a.pending_events) for a in aggregates)))
        return commit(*aggregates)

    monkeypatch.setattr(store, "commit", recorded)
    projections.append_backlog(store, 380, aggregates=4)
    events = _events(fresh_db)
    assert len(events) == 380
    per_campaign = Counter(campaign for campaign, _, _ in events)
    assert sorted(per_campaign.values()) == [77, 101, 101, 101]  # 4 starts, then 376 rolls in turns of 50
    starts, rolls = saves[:4], saves[4:]
    assert all(len(campaigns) == 1 and count == 1 for campaigns, count in starts)
    assert all(len(campaigns) == 1 for campaigns, _ in rolls)  # one campaign a save: one lane
    assert [count for _, count in rolls] == [50] * 7 + [26]
    turns = [campaigns[0] for campaigns, _ in rolls]
    assert turns == [campaigns[0] for campaigns, _ in starts] * 2  # the campaigns in turn


def test_the_catch_up_and_the_full_rebuild_print_their_rows(
    store: IntrigueStore,  # noqa: F811
    fresh_db: Database,
    capsys: pytest.CaptureFixture[str],
) -> None:
    projections.catch_up(store, fresh_db, 300, rounds=1)
    env = {**fresh_db.eventsourcing_env(), "CREATE_TABLE": "n"}
    assert projections._tracked(env) == _events(fresh_db)[-1][2]  # the next round's backlog is read from there
    projections.full_rebuild(fresh_db, rounds=1)
    assert projections._tracked(env) == _events(fresh_db)[-1][2]
    out = capsys.readouterr().out
    for title in ("Projection catch-up on a backlog (events/s)", "Full projection rebuild (events/s)"):
        assert title in out, out
    assert re.search(r"the whole log of 300 events, best of 1", out), out
    assert len(re.findall(r"ratio +: +[\d.e+-]+ +target >= 0\.25: (meets|misses)", out)) == 2, out
