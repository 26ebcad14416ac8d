"""Issue 31, P4 (session 28): a page's knowledge rows go, on plain PostgreSQL, as each intel event's entries kept
together (`knowledge.Given`, `_INSERT_GIVEN`): a movement seen by many houses sent once, each observer's entry made
by the server. The rows are the ones a statement per row writes: the house's own entries, a movement's observers (the
mover among them), a movement whose keys hold an `id` of their own (theirs wins, as in the dict), an observer's entry
id that is null, a movement nobody saw, an entry text jsonb cannot hold as it is and one nested beyond orjson's limit
(those pages go as rows, `_together`), and a rollback's undoing of an intel's later events."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg.sql import SQL

from projections import knowledge
from projections.knowledge import PageKnowledge
from service.persistence.database import Database

CAMPAIGN, MOVER, OTHER = UUID(int=7), UUID(int=100), UUID(int=101)
SEEN = {str(UUID(int=200 + n)): f"entry {n}" for n in range(5)}


class HouseIntel:  # the events' qualified names are the intel's (`knowledge_given` reads them)
    class KnowledgeGained:
        def __init__(self, version: int, knowledge: dict[str, Any]) -> None:
            self.originator_version, self.knowledge = version, knowledge

    class MovementSeen:
        def __init__(self, version: int, observers: dict[str, Any], knowledge: dict[str, Any]) -> None:
            self.originator_version, self.observers, self.knowledge = version, observers, knowledge

    class StateRestored:
        def __init__(self, version: int, restored: int) -> None:
            self.originator_version, self.restored_version = version, restored


class Intel:
    def __init__(self, house_id: UUID) -> None:
        self.house_id, self.campaign_id = str(house_id), CAMPAIGN


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


def movement(phase: int, **more: Any) -> dict[str, Any]:
    return {"kind": "movement", "phase": phase, "week": 2, "area": "north"} | more


PAGES: dict[str, list[tuple[UUID, Any]]] = {
    "plain": [
        (MOVER, HouseIntel.KnowledgeGained(2, {"kind": "plot", "phase": 1, "week": 3, "text": "found"})),
        (MOVER, HouseIntel.MovementSeen(3, SEEN | {str(MOVER): "its own"}, movement(1))),
        (OTHER, HouseIntel.MovementSeen(2, SEEN, movement(1, id="the movement's own"))),
        (OTHER, HouseIntel.MovementSeen(3, {str(MOVER): None, str(UUID(int=201)): "x"}, movement(2))),
        (OTHER, HouseIntel.MovementSeen(4, {}, movement(2))),
        (MOVER, HouseIntel.MovementSeen(4, SEEN, movement(2))),
        (MOVER, HouseIntel.StateRestored(5, 3)),  # undoes the mover's version 4, not 2 and 3
        (MOVER, HouseIntel.KnowledgeGained(6, {"kind": "hunt", "phase": 2})),
    ],
    "unsafe": [
        (MOVER, HouseIntel.MovementSeen(2, SEEN, movement(1, text="a \x00 in it"))),
        (OTHER, HouseIntel.KnowledgeGained(2, {"kind": "plot", "\uffffmarked": "the marker"})),
    ],
    "deep": [
        (MOVER, HouseIntel.MovementSeen(2, SEEN, movement(1, deep=deep(300)))),
        (OTHER, HouseIntel.KnowledgeGained(2, {"kind": "plot", "phase": 1})),
    ],
}


def written(conn: psycopg.Connection[Any], page: list[tuple[UUID, Any]], generation: int, together: bool) -> Any:
    statements = knowledge.statements(generation)
    conn.execute(SQL(knowledge.TABLE).format(knowledge=knowledge.table(generation)))
    folded = PageKnowledge()
    for house, event in page:
        folded.fold(CAMPAIGN.int, Intel(house), event)  # type: ignore[arg-type]
    with conn.cursor() as curs:
        folded.write(curs, statements, None, together=together)
    table = knowledge.table(generation)
    return conn.execute(SQL("SELECT * FROM {} ORDER BY 1, 2, 3, 4").format(table)).fetchall()


@pytest.mark.parametrize("page", list(PAGES))
def test_the_rows_of_events_kept_together_are_the_rows_a_statement_per_row_writes(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    sent: list[str] = []
    given = knowledge._given
    monkeypatch.setattr(knowledge, "_given", lambda g: sent.append("given") or given(g))  # type: ignore[func-returns-value]
    with psycopg.connect(fresh_db.conninfo) as conn:
        for generation in (98, 99):
            conn.execute(SQL("DROP TABLE IF EXISTS {}").format(knowledge.table(generation)))
        together, row_by_row = written(conn, PAGES[page], 98, True), written(conn, PAGES[page], 99, False)
        conn.rollback()
    assert together == row_by_row
    assert sent == ["given"]
    if page == "plain":  # 1 own + 6 and 5 seen, 2 seen and the own entry after the rollback
        assert len(together) == 15
        ids = {(r[1], r[2], r[3]): r[6].get("id") for r in together}
        assert ids[(UUID(int=200), OTHER, 2)] == ids[(UUID(int=204), OTHER, 2)] == "the movement's own"
        assert ids[(MOVER, OTHER, 3)] is None and (MOVER, MOVER, 4) not in ids
