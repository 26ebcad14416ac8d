"""Migration step 16: what each house knows, a row per entry (projections/knowledge.py), for a store from before.

The step makes the table of the current generation and fills it from the intel events that generation's rows had
folded (each `houseintel` row's events up to its version), exactly as the projection would have written them; the
events after are folded by the projection as they come. A rebuild fills a new generation from every event.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL

from projections import knowledge, state_tables, state_upgrades
from projections.codec import domain_mapper
from projections.knowledge import PageKnowledge

BATCH = 200  # intel streams read and written at a time
_INTEL = "SELECT id, version FROM {state} WHERE kind = 'houseintel' ORDER BY id"
_EVENTS = """SELECT e.originator_id, e.originator_version, e.topic, e.state
    FROM unnest(%s::uuid[], %s::integer[]) AS r(id, hi)
    JOIN intrigue_events e ON e.originator_id = r.id AND e.originator_version <= r.hi
    ORDER BY 1, 2"""


def keep_knowledge(conn: psycopg.Connection[Any]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is None:
        return
    generation = int(str(row[0]))
    for statement in state_upgrades.keep_knowledge(generation):
        conn.execute(statement)
    fill(conn, generation)


def fill(conn: psycopg.Connection[Any], generation: int) -> int:
    """Write the rows of every intel event the generation's rows folded; return how many intel streams."""
    tables = state_tables.names(generation)
    intel = [(r[0], r[1]) for r in conn.execute(SQL(_INTEL).format(**tables)).fetchall()]
    to_domain_event = domain_mapper().to_domain_event
    writes = knowledge.statements(generation)
    for start in range(0, len(intel), BATCH):
        batch = intel[start : start + BATCH]
        with conn.cursor(binary=True) as reading:
            stored = reading.execute(_EVENTS, ([i for i, _ in batch], [v for _, v in batch])).fetchall()
        folded, aggregates = PageKnowledge(), dict[UUID, Any]()
        for originator_id, version, topic, state in stored:
            event: Any = to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))
            aggregate = aggregates[originator_id] = event.mutate(aggregates.get(originator_id))
            folded.fold(UUID(str(aggregate.campaign_id)).int, aggregate, event)
        with conn.cursor() as writing:
            folded.write(writing, writes, None)
    return len(intel)
