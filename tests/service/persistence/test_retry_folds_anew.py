"""A stopped campaign folded again by `intrigue projections retry` (projections/retry.py) has every row a campaign
never stopped has: its states, its phase history and the history's bases, its houses' knowledge, its reports and its
standings answers (issue 31, session 29: the retry kept the stopped fold's bases, and the history it folded again
took its changes against the bases of later phases, losing rows and garbling others)."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import pytest

from domain.region import Region
from projections import standings
from projections.retry import retry
from projections.state import StateView
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import FactionStandings
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from service.usecases.rewind import RollBackPhase
from tests.service.operations.test_rebuild_reports_careful import REFUSED, refusing, stopped
from tests.service.persistence.test_inline_equals_rebuild import generation_rows
from tests.service.persistence.test_poisoned_events import commit
from tests.support.paths_world import KINDS, play_phase


def rows_of(db: Database, campaign_id: UUID) -> dict[str, list[Any]]:
    """Every table of the current generation, the campaign's rows alone."""
    return {table: [row for row in found if campaign_id in row] for table, found in generation_rows(db)[1].items()}


@pytest.mark.single_node("the refused row is made by a patch of this process; Citus's workers write elsewhere")
def test_a_campaign_stopped_after_two_phases_and_retried_has_the_rows_of_one_never_stopped(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(standings.COMPOSERS, "factions", FactionStandings())
    writer = Intrigue(fresh_db)
    try:
        c = KINDS["both"](writer, random.Random(29))
        for _ in range(2):
            play_phase(writer, c)  # history and bases recorded before the row PostgreSQL will refuse
        commit(writer, Region.map(c, REFUSED, 9, 9))
        for _ in range(2):
            play_phase(writer, c)
        writer.rewind.roll_back(RollBackPhase(c, 3, "a disputed roll"))  # its orders stand
        writer.campaigns.resolve_phase(c)
    finally:
        writer.close()
    never_stopped = rows_of(fresh_db, c)
    assert all(never_stopped[t] for t in ("phase_history_g", "phase_history_g_base", "standings_answer_g"))
    with monkeypatch.context() as m:
        refusing(m)  # the rebuild's fold stops the campaign at its third phase: the first two recorded
        rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
    assert stopped(fresh_db) == [(c, "Campaign.PhaseResolved")]
    reader = Intrigue(fresh_db, run_projections=False)  # as `intrigue projections retry` makes it
    try:
        assert retry(reader.store, reader.read_side.view(StateView), c) is not None
    finally:
        reader.close()
    assert stopped(fresh_db) == []
    assert rows_of(fresh_db, c) == never_stopped
