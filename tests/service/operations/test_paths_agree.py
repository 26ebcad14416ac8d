"""Issue 31: the five writers of the state read model write the same rows for the same log (session 29).

A seeded script (tests/support/paths_world.py) plays a campaign of each kind (both rule systems; the Faction Turn
alone; the Game of Bones alone) interleaved in one log: phases resolved, rolled back and resolved again, forks played
on, runs of dice and GM edits past a small snapshot interval, factions and houses destroyed, the Game of Bones'
intelligence with its true and false plots. Then every table of the state read model's generation
(tests/service/persistence/test_inline_equals_rebuild.py `generation_rows`: every column, the members' states as
readers see them; the standings answers kept by the composer the app registers) is compared, as written by
1. the inline projection, in each command's transaction (projections/inline.py), as the campaigns were played;
2. the live runner alone (inline off), folding the whole log again from an emptied generation, in small pages that
   cut resolutions in two (projections/runner.py, lane_reader.py, page.py);
3. a rebuild whose phase reports are built by the reporting process (service/operations/rebuild_reports.py);
4. a rebuild folded in two parts by worker processes (service/operations/rebuild_parts.py);
5. a rebuild whose one page PostgreSQL refuses a row of, folded again carefully, campaign by campaign
   (`StateView.project` with `again`, the others' snapshot starts in the page): one campaign, mapped half-way with a
   region that is refused, stopped, every other one's rows the same.
No column is left out: none of these tables holds a time of writing (the states' `created_on` and `modified_on` are
the events'), and `notification_id`s and positions are the log's. What differs by path is only where a state row
keeps its JSON (whole in `state`, or its changed keys in `recent`), which the readers' view joins
(projections/state_tables.py `STATE_VIEW`), as `generation_rows` does. docs/scaling.md, "Issue 31, the five writers
of the state read model agree (session 29)"."""

from __future__ import annotations

import random
import uuid
from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg.sql import SQL

from domain.commands import CreateCampaign
from domain.region import Region
from projections import standings
from projections.state_tables import names
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import FactionStandings
from service.operations import rebuild_parts, rebuild_reports
from service.operations.worker import rebuild
from service.persistence import app
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_rebuild_reports_careful import REFUSED, refusing, stopped
from tests.service.persistence.test_inline_equals_rebuild import generation_rows
from tests.service.persistence.test_poisoned_events import commit
from tests.service.persistence.test_standings_precomputed import current_generation
from tests.support.paths_world import play_interleaved

STATE = READ_MODELS[0]
Rows = dict[str, list[Any]]


DESTROYED = "SELECT count(*) FROM aggregate_state WHERE kind = '{}' AND state->>'destroyed' = 'true'"
# What the log of a fast example holds, each asked of the log or of the rows the inline projection wrote.
HOLDS = {
    "a phase rolled back": "SELECT count(*) FROM intrigue_events WHERE topic LIKE '%:Campaign.PhaseRolledBack'",
    "a fork": "SELECT count(*) FROM intrigue_events WHERE topic LIKE '%:Campaign.Forked'",
    "a false plot": "SELECT count(*) FROM intrigue_events WHERE position("
    "'\"phantom_orders\":[{' IN convert_from(state, 'UTF8')) > 0",
    "a faction destroyed": DESTROYED.format("faction"),
    "a house destroyed": DESTROYED.format("house"),
}


def played(db: Database, seed: int, interval: int) -> UUID:
    """The seed's campaigns, played with the inline projection on and snapshots every `interval` events; returns the
    campaign whose region PostgreSQL refuses once `refusing` (mapped half-way, projected live meanwhile)."""
    victims: list[UUID] = []

    def victim() -> None:
        made = writer.campaigns.create_campaign(CreateCampaign(f"victim-{uuid.uuid4().hex[:6]}", ["factionturn"]))
        commit(writer, Region.map(made.id, REFUSED, 0, 0))
        victims.append(made.id)

    intervals = dict.fromkeys(app.IntrigueStore.snapshotting_intervals, interval)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(app.IntrigueStore, "snapshotting_intervals", intervals)
        writer = Intrigue(db)
        try:
            play_interleaved(writer, seed, between=victim)
        finally:
            writer.close()
    return victims[0]


def folded_by_runner_alone(db: Database, monkeypatch: pytest.MonkeyPatch, stopped: tuple[UUID, ...] = ()) -> Rows:
    """The live generation emptied and folded again by a live runner alone (no command projects inline), up to each
    campaign's head but the `stopped` ones'."""
    generation = current_generation(db)
    with psycopg.connect(db.conninfo) as conn:
        tables = [names(generation)[t] for t in ("state", "history", "base", "standings", "knowledge", "reports")]
        conn.execute(SQL("TRUNCATE {}").format(SQL(", ").join([*tables, names(generation)["tracking"]])))
        heads = conn.execute("SELECT campaign_id, position FROM campaign_heads").fetchall()
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")
    reader = Intrigue(db)
    try:
        for campaign_id, position in (h for h in heads if h[0] not in stopped):
            reader.read_side.wait_lane(campaign_id, position, timeout=120)
    finally:
        reader.close()
        monkeypatch.delenv("INTRIGUE_INLINE_PROJECTION")
    assert current_generation(db) == generation
    return generation_rows(db)[1]


def rebuilt(db: Database, monkeypatch: pytest.MonkeyPatch, reporter: str, workers: int) -> Rows:
    """A rebuild with its reporting process forced on or off, folded in `workers` parts; that it took those paths."""
    handed, parts = [], []
    start, fold_in_parts = rebuild_reports.start, rebuild_parts.fold_in_parts
    with monkeypatch.context() as m:
        m.setattr(rebuild_reports, "start", lambda *a: handed.append((s := start(*a))[1] is not None) or s)
        m.setattr(rebuild_parts, "fold_in_parts", lambda *a: parts.append(a[3]) or fold_in_parts(*a))
        settings = {rebuild_reports.SETTING: reporter, rebuild_parts.WORKERS: str(workers)}
        before = current_generation(db)
        rebuild(
            db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n", rebuild_parts.PARALLEL_FROM: "1", **settings}, STATE
        )
    assert handed == [reporter == "1"] and parts == ([workers] if workers > 1 else [])
    assert current_generation(db) == before + 1
    return generation_rows(db)[1]


def without(rows: Rows, campaign_id: UUID) -> Rows:
    """Every table's rows but the campaign's (each row names its campaign)."""
    return {table: [row for row in found if campaign_id not in row] for table, found in rows.items()}


def assert_same(expected: Rows, found: Rows, path: str) -> None:
    assert set(found) == set(expected), path
    for table in sorted(expected):
        missing = [row for row in expected[table] if row not in found[table]]
        extra = [row for row in found[table] if row not in expected[table]]
        assert not missing and not extra, (
            f"{path}: {table} differs: {len(missing)} missing, {len(extra)} extra;"
            f" first missing {repr(missing[:1])[:400]}, first extra {repr(extra[:1])[:400]}"
        )


def holds(db: Database) -> set[str]:
    with psycopg.connect(db.conninfo) as conn:
        return {name for name, query in HOLDS.items() if conn.execute(query).fetchone() != (0,)}


def compare(db: Database, monkeypatch: pytest.MonkeyPatch, seed: int) -> set[str]:
    """Play the seed's campaigns and compare what each writer writes of them; returns what the log holds."""
    rng = random.Random(seed)
    interval, page = rng.choice([2, 3, 5]), rng.choice([7, 23, 61, 400])
    monkeypatch.setitem(standings.COMPOSERS, "factions", FactionStandings())  # the answers the app's writers keep
    victim = played(db, seed, interval)
    inline, held = generation_rows(db)[1], holds(db)
    kept = ("aggregate_state_g", "phase_history_g", "phase_history_g_base", "phase_report_g", "standings_answer_g")
    assert all(inline[t] for t in kept)
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))  # the runners' pages cut resolutions in two
    assert_same(inline, folded_by_runner_alone(db, monkeypatch), "the runner alone")
    assert_same(inline, rebuilt(db, monkeypatch, "1", 1), "a rebuild with its reporting process")
    assert_same(inline, rebuilt(db, monkeypatch, "0", 2), "a rebuild in two parts")
    refusing(monkeypatch)
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", "10000")  # the victim's row in a page with the others' snapshots
    carefully = rebuilt(db, monkeypatch, "1", 1)
    assert stopped(db) == [(victim, "Region.Mapped")], "the refused campaign alone is stopped"
    assert_same(without(inline, victim), without(carefully, victim), "a rebuild folded again carefully")
    return held


@pytest.mark.single_node("empties the live generation's tables to fold them again; Citus's are distributed")
@pytest.mark.parametrize(
    ("seed", "holding"),
    [  # between them every awkward thing of HOLDS; pages of 61 and 7 events, snapshots every 2 and 3
        (8, {"a phase rolled back", "a false plot", "a house destroyed"}),
        (23, {"a phase rolled back", "a fork", "a faction destroyed"}),
    ],
)
def test_the_five_writers_of_the_state_read_model_write_the_same_rows(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, seed: int, holding: set[str]
) -> None:
    assert compare(fresh_db, monkeypatch, seed) >= holding, "the seed plays what the comparison is about"


@pytest.mark.slow
@pytest.mark.single_node("empties the live generation's tables to fold them again; Citus's are distributed")
@pytest.mark.parametrize("seed", range(100, 110))
def test_the_five_writers_agree_on_more_plays(fresh_db: Database, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    compare(fresh_db, monkeypatch, seed)
