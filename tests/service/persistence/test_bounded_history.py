"""Phase history stores what changed: a phase's rows do not grow with the phase number, and the series the
readers fold is each member whole, as it stood when each phase resolved (issue 16)."""

from __future__ import annotations

import uuid
from typing import Any

import psycopg

from domain.commands import CreateCampaign
from projections.history import apply, change, series_of
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.analytics import Analytics
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import play_phase, world_map

PHASES = 8
STORED = """SELECT phase, count(*) AS rows, sum(pg_column_size(state)) AS bytes FROM phase_history
    WHERE campaign_id = %s AND NOT superseded GROUP BY phase ORDER BY phase"""
# A phase's chronicle is its own stream, not a member the history records (domain/phase_chronicle.py), nor is a
# house's intel (domain/gameofbones/aggregate/intel.py).
MEMBERS = "kind NOT IN ('campaign', 'phasechronicle', 'houseintel')"
WHOLE = f"""SELECT sum(pg_column_size(state)) AS bytes, count(*) AS members FROM aggregate_state
    WHERE campaign_id = %s AND {MEMBERS}"""


def played(intrigue: Intrigue, phases: int) -> Any:
    command = CreateCampaign(f"hist-{uuid.uuid4().hex[:6]}", ["factionturn"], "history", world_map())
    campaign = intrigue.campaigns.create_campaign(command)
    intrigue.factionturn.generate_factions(campaign.id, 4)
    for _ in range(phases):
        play_phase(intrigue, campaign.id)
    return campaign


def latest(intrigue: Intrigue, campaign_id: uuid.UUID) -> dict[str, dict[str, Any]]:
    series = Analytics(intrigue.state.view).series(campaign_id)
    last = max(row["phase"] for row in series)
    return {str(row["aggregate_id"]): row["state"] for row in series if row["phase"] == last}


def current(intrigue: Intrigue, campaign_id: uuid.UUID) -> dict[str, dict[str, Any]]:
    rows = intrigue.state.view.query(
        f"SELECT id, state FROM aggregate_state WHERE campaign_id = %s AND {MEMBERS}", (campaign_id,)
    )
    return {str(row["id"]): row["state"] for row in rows}


def test_a_late_phase_stores_no_more_than_an_early_one_and_less_than_every_member_whole(intrigue: Intrigue) -> None:
    campaign = played(intrigue, PHASES)
    stored = {row["phase"]: row for row in intrigue.state.view.query(STORED, (campaign.id,))}
    whole = intrigue.state.view.query(WHOLE, (campaign.id,))[0]
    assert sorted(stored) == list(range(1, PHASES + 1))
    assert all(stored[p]["rows"] <= whole["members"] + 1 for p in stored)  # each member at most, and the marker
    assert stored[PHASES]["bytes"] <= 1.5 * stored[2]["bytes"]
    assert stored[PHASES]["bytes"] < whole["bytes"]
    assert latest(intrigue, campaign.id) == current(intrigue, campaign.id)


def test_the_series_after_a_rollback_and_a_new_resolution_is_the_members_as_they_stand(intrigue: Intrigue) -> None:
    campaign = played(intrigue, 3)
    before = Analytics(intrigue.state.view).series(campaign.id)
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "disputed"))
    intrigue.campaigns.resolve_phase(campaign.id)
    after = Analytics(intrigue.state.view).series(campaign.id)
    assert sorted({row["phase"] for row in after}) == [1, 2]
    assert [r for r in after if r["phase"] == 1] == [r for r in before if r["phase"] == 1]
    assert latest(intrigue, campaign.id) == current(intrigue, campaign.id)


def test_a_change_keeps_only_the_fields_that_moved_and_a_lost_field_makes_the_row_whole() -> None:
    assert change(None, {"a": 1}) == (True, {"a": 1})
    assert change({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 4}) == (False, {"b": 3, "c": 4})
    assert change({"a": 1}, {"a": 1}) is None
    assert change({"a": 1, "b": 2}, {"a": 1}) == (True, {"a": 1})


def test_a_mapping_stores_its_changed_entries_and_a_list_its_new_items() -> None:
    before = {"assets": {"x": 1, "y": 2}, "narratives": ["one"], "tags": ["a", "b"]}
    after = {"assets": {"x": 1, "y": 3, "z": 4}, "narratives": ["one", "two"], "tags": ["b"]}
    stored = {"tags": ["b"], "~merge": {"assets": {"y": 3, "z": 4}}, "~append": {"narratives": ["two"]}}
    assert change(before, after) == (False, stored)
    assert apply(before, stored) == after
    assert change({"assets": {"x": 1}}, {"assets": {}}) == (False, {"assets": {}})  # an entry gone: the whole mapping


def test_the_series_carries_a_member_that_did_not_change_into_each_later_phase() -> None:
    member, other, campaign = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    rows = [
        {"phase": 1, "aggregate_id": member, "kind": "region", "whole": True, "state": {"name": "A", "gold": 1}},
        {"phase": 1, "aggregate_id": campaign, "kind": "phase", "whole": True, "state": {}},
        {"phase": 2, "aggregate_id": other, "kind": "region", "whole": True, "state": {"name": "B", "gold": 5}},
        {"phase": 2, "aggregate_id": campaign, "kind": "phase", "whole": True, "state": {}},
        {"phase": 3, "aggregate_id": member, "kind": "region", "whole": False, "state": {"gold": 2}},
        {"phase": 3, "aggregate_id": campaign, "kind": "phase", "whole": True, "state": {}},
    ]
    assert [(r["phase"], r["state"]) for r in series_of(rows)] == [
        (1, {"name": "A", "gold": 1}),
        (2, {"name": "A", "gold": 1}),
        (2, {"name": "B", "gold": 5}),
        (3, {"name": "A", "gold": 2}),
        (3, {"name": "B", "gold": 5}),
    ]


def test_migrate_upgrades_a_history_of_whole_rows_and_tunes_the_tables(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = played(intrigue, 2)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to the layout before step 8
        for statement in (
            "DROP VIEW phase_history",
            "ALTER TABLE phase_history_g1 DROP COLUMN whole",
            "DROP TABLE phase_history_g1_base",
            "ALTER TABLE aggregate_state_g1 RESET (fillfactor)",
            "CREATE VIEW phase_history AS SELECT * FROM phase_history_g1",
            "DELETE FROM intrigue_schema WHERE version = 8",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start
    try:
        with psycopg.connect(fresh_db.conninfo) as conn:
            options = conn.execute("SELECT reloptions FROM pg_class WHERE relname = 'aggregate_state_g1'").fetchone()
        assert options is not None and "fillfactor=70" in options[0]
        play_phase(intrigue, campaign.id)  # no base yet: each member's row is whole again
        assert latest(intrigue, campaign.id) == current(intrigue, campaign.id)
        assert sorted({row["phase"] for row in Analytics(intrigue.state.view).series(campaign.id)}) == [1, 2, 3]
    finally:
        intrigue.close()
