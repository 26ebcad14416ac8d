"""A rebuild's knowledge table gets its key after its rows are in (issue 31, P4, session 28: `keys_later`), and a row
sharing another's key fails the rebuild before its switch (a fold that wrote an intel event's rows twice is a bug to
see, tests/service/operations/test_rebuild_writes.py). The live writers insert `ON CONFLICT DO NOTHING`. So an intel
event naming one house twice among the observers of a movement (two spellings of its id: the store takes such an
event, and an imported log can carry one) was kept live as the event's first row for that house, and failed every
rebuild of the store. An event's rows are now made once a house, its first entry (`knowledge._firsts`): the rebuild
switches, and its knowledge is the live writers'. Since session 30 neither `record_sighting` nor an import takes such
an event (domain/ids.py), but a store written before may hold one: the test records it by the event's own method."""

from __future__ import annotations

from typing import Any

import psycopg

from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.rules.view import intel_id
from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_rebuild_parts import generation_rows
from tests.support.both_systems_world import play_both

STATE = READ_MODELS[0]


def _knowledge(db: Database) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute("SELECT house_id, source_id, version, entry FROM house_knowledge").fetchall()
    return sorted(rows, key=repr)


def test_an_event_naming_a_house_twice_gives_it_its_first_row_live_and_in_a_rebuild(fresh_db: Database) -> None:
    writer = Intrigue(fresh_db)
    try:
        played = play_both(writer)
        mover, seer = played.members[2], played.members[3]  # two of the houses
        intel = writer.store.load(intel_id(mover), HouseIntel)
        lower, upper = str(seer), str(seer).upper()
        seen = {"kind": "movement", "phase": 3, "week": 1}
        observers = dict(sorted({lower: "seen-lower", upper: "seen-upper"}.items()))
        intel._movement_seen(observers, seen)  # as a store from before the guard did
        writer.wait_for_projections(writer.store.commit(intel))  # its rows read below, by whichever writer folds it
    finally:
        writer.close()
    first = "seen-lower" if min(lower, upper) == lower else "seen-upper"  # the event holds its observers sorted
    live = _knowledge(fresh_db)
    assert [r[3]["id"] for r in live if (r[0], r[1], r[2]) == (seer, mover, intel.version)] == [first]
    before = generation_rows(fresh_db)

    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)  # on Citus, keyed from the start

    assert _knowledge(fresh_db) == live
    assert generation_rows(fresh_db) == before
