"""Issue 31, P6 and P4 (session 24): the rows a movement seen adds name each observer by its id parsed once
(`knowledge.house_id`), not once a row: the same ids, each row's own entry."""

from __future__ import annotations

from types import SimpleNamespace
from uuid import UUID

from projections import knowledge


class HouseIntel:
    class MovementSeen:  # its qualified name is the event's (`knowledge_given` reads it)
        def __init__(self, observers: dict[str, str]) -> None:
            self.knowledge = {"kind": "movement", "phase": 3, "week": 2}
            self.observers = observers
            self.originator_version = 5


def test_a_sightings_rows_name_each_observer_parsed_once() -> None:
    observers = {str(UUID(int=100 + n)): f"entry {n}" for n in range(40)}
    intel = SimpleNamespace(house_id=UUID(int=1), campaign_id=UUID(int=2))
    knowledge.house_id.cache_clear()
    for _ in range(3):  # three sightings seen by the same forty houses
        given = knowledge.given_of(intel, HouseIntel.MovementSeen(observers))  # type: ignore[arg-type]
        assert given is not None
        rows = given.rows()
        assert [(r["house_id"], r["entry"]["id"]) for r in rows] == [(UUID(o), e) for o, e in observers.items()]
        assert {(r["source_id"], r["campaign_id"], r["phase"], r["week"]) for r in rows} == {
            (UUID(int=1), UUID(int=2), 3, 2)
        }
    assert knowledge.house_id.cache_info().misses == 40
