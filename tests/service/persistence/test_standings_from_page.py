"""Issue 31, P6 (sessions 21, 24): the standings' composer takes the changed factions' states from the page that
wrote their rows (projections/read_back.py: decoded from the page's JSON), not read back, and a change to a kind the
registered document does not show (a phase chronicle, for the console's standings, which select no narratives)
recomposes nothing; the answers stay the ones the rows give (tests/service/persistence/test_standings_precomputed.py
checks them against the copy)."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import orjson
import psycopg
import pytest
from psycopg.rows import dict_row

from projections import jsonsafe
from projections import standings as rows
from projections.public_states import PublicStates
from projections.state_sql import statements_of
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import FACTIONS, FactionStandings, precompute_standings
from service.persistence.database import Database
from service.usecases.interventions import By
from tests.service.persistence.test_standings_precomputed import current_generation, kept_rows, written_at
from tests.service.usecases.test_factionturn_play import played

SORTED = orjson.OPT_SORT_KEYS  # session 24: the page's states keep its key order (projections/read_back.py)


def test_the_composer_is_handed_the_states_the_page_wrote_as_their_rows_read_back(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed: dict[str, dict[str, Any]] = {}  # each faction's last state the page handed over
    held = PublicStates.read_back

    def handing(self: PublicStates, aggregate: Any) -> dict[str, Any] | None:
        state = held(self, aggregate)
        if state is not None:
            handed[str(aggregate.id)] = state
        return state

    monkeypatch.setattr(PublicStates, "read_back", handing)
    precompute_standings()
    intrigue = Intrigue(fresh_db)
    try:
        campaign = played(intrigue, "standings from the page", 2)
    finally:
        intrigue.close()
    generation = current_generation(fresh_db)
    with psycopg.connect(fresh_db.conninfo, row_factory=dict_row) as conn:
        found = conn.execute(
            f"SELECT id::text, (state || recent)::text AS state FROM aggregate_state_g{generation}"
            " WHERE campaign_id = %s AND kind = 'faction'",
            (campaign.id,),
        ).fetchall()
        assert found and {row["id"] for row in found} <= set(handed)  # every faction's last page handed it over
        for row in found:  # as its row reads back: values and number types (the keys in the page's order)
            sent, stored = handed[row["id"]], jsonsafe.loads(row["state"])
            assert orjson.dumps(sent, option=SORTED) == orjson.dumps(stored, option=SORTED), row["id"]
        # Recomposing every faction from the rows read back moves no member's elements.
        written: list[Any] = []
        monkeypatch.setattr(rows, "_write", lambda curs, sql, root, campaign_id, members: written.extend(members))
        every = {("faction", UUID(row["id"])) for row in found}
        rows.refresh(conn.cursor(), statements_of(generation), {campaign.id: every})
        assert written == []
        conn.rollback()


class Spy:
    """A composer of the console's root that records what it is asked to compose (nothing)."""

    root, kind, also, document = "factions", "faction", frozenset({"phasechronicle"}), FACTIONS

    def __init__(self, shown: frozenset[str]) -> None:
        self._shown = shown
        self.asked: list[list[UUID] | None] = []

    def shown(self) -> frozenset[str]:
        return self._shown

    def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: rows.Reader) -> list[rows.Member]:
        self.asked.append(ids)
        return []


@pytest.mark.parametrize("narrated", [False, True])
def test_a_chronicles_change_recomposes_the_factions_only_where_the_document_shows_the_narratives(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch, narrated: bool
) -> None:
    spy = Spy(Spy.also if narrated else frozenset())
    monkeypatch.setitem(rows.COMPOSERS, "factions", spy)
    campaign_id, chronicle, faction = uuid4(), ("phasechronicle", uuid4()), ("faction", uuid4())
    sql = statements_of(current_generation(intrigue.db))
    with psycopg.connect(intrigue.db.conninfo, row_factory=dict_row) as conn:
        curs = conn.cursor()
        rows.refresh(curs, sql, {campaign_id: {chronicle}})
        assert spy.asked == [None]  # not kept yet: every faction composed (and the answers marked whole)
        rows.refresh(curs, sql, {campaign_id: {chronicle}})
        rows.refresh(curs, sql, {campaign_id: {chronicle, faction}})
        assert spy.asked == ([None, None, None] if narrated else [None, [faction[1]]])
        conn.rollback()
    assert FactionStandings().shown() == frozenset()  # the console's standings select no narratives


def test_a_chronicle_written_leaves_the_kept_answers_unwritten_and_uncomposed(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    precompute_standings()
    intrigue = Intrigue(fresh_db)
    try:
        campaign = played(intrigue, "a chronicle written", 1)
        before, kept = written_at(fresh_db, campaign.id), kept_rows(fresh_db)
        changed: list[dict[UUID, set[tuple[str, UUID]]]] = []
        composed: list[Any] = []
        refresh, compose = rows.refresh, FactionStandings.compose

        def refreshing(curs: Any, sql: Any, members: Any, held: Any = None, prefetched: Any = None) -> None:
            changed.append(members)
            refresh(curs, sql, members, held, prefetched)

        def composing(*args: Any) -> Any:
            composed.append(args)
            return compose(*args)

        monkeypatch.setattr(rows, "refresh", refreshing)
        monkeypatch.setattr(FactionStandings, "compose", composing)
        actor = next(iter(intrigue.chronicle.gm_notes(campaign.id, 1)))
        intrigue.chronicle.write_summary(By(campaign.id, "gm", "a better line"), 1, actor, "Rewritten.")
        kinds = [{kind for kind, _ in c[campaign.id]} for c in changed if campaign.id in c]
        assert kinds == [{"phasechronicle"}]
        assert composed == []
        assert written_at(fresh_db, campaign.id) == before and kept_rows(fresh_db) == kept
    finally:
        intrigue.close()


def test_a_composer_reading_some_members_is_given_those_the_page_holds_and_no_other() -> None:
    a, b = uuid4(), uuid4()
    page = {a: {"id": str(a), "name": "A"}, b: {"id": str(b), "name": "B"}}
    given: list[list[dict[str, Any]]] = []

    class Reading(Spy):
        def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: rows.Reader) -> list[rows.Member]:
            given.extend([read(self.kind, [a]), read(self.kind, [b, a])])
            return []

    # Every member asked for is held: nothing is read (no cursor is needed), and the marker is kept.
    rows._recompose(None, {}, Reading(frozenset()), uuid4(), [a], True, page, {})  # type: ignore[arg-type]
    assert given == [[page[a]], [page[b], page[a]]]
