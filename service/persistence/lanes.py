"""Migration step 10: every campaign its own lane (issue 26; docs/architecture.md, Persistence).

Each event gets its campaign and its position in that campaign, numbered in the old global order (so a
campaign's positions are what "as of position" always counted); each campaign a head row, the one row its
writers serialise on; the state read model's one tracking row becomes a row per campaign.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Composed, Identifier

from projections import state_tables, state_upgrades
from projections.codec import domain_mapper
from service.persistence.recorder import FUNCTION, HEADS, HEADS_DDL, LANE_COLUMNS, LANE_INDEX

_COLUMNS = SQL(LANE_COLUMNS).format(schema=Identifier("public"), table=Identifier("intrigue_events"))
_CREATIONS = """SELECT originator_id, originator_version, topic, state FROM intrigue_events
    WHERE originator_version = 1 AND campaign_id IS NULL"""
_ORIGINS = "CREATE TEMPORARY TABLE intrigue_origins (id uuid PRIMARY KEY, campaign_id uuid NOT NULL) ON COMMIT DROP"
_OF_ORIGINS = """UPDATE intrigue_events e SET campaign_id = o.campaign_id FROM intrigue_origins o
    WHERE e.originator_id = o.id AND e.campaign_id IS NULL"""
_POSITIONS = """UPDATE intrigue_events e SET campaign_position = n.position FROM (SELECT notification_id,
    row_number() OVER (PARTITION BY campaign_id ORDER BY notification_id) AS position FROM intrigue_events) n
    WHERE e.notification_id = n.notification_id"""
_AFTER: list[str | Composed] = [
    # An aggregate whose creation is not in this store (none should be) is a lane of its own.
    "UPDATE intrigue_events SET campaign_id = originator_id WHERE campaign_id IS NULL",
    _POSITIONS,
    "ALTER TABLE intrigue_events ALTER COLUMN campaign_id SET NOT NULL, ALTER COLUMN campaign_position SET NOT NULL",
    SQL(LANE_INDEX).format(
        schema=Identifier("public"), table=Identifier("intrigue_events"), index=Identifier("intrigue_events_lane")
    ),
    SQL(HEADS_DDL).format(schema=Identifier("public"), heads=Identifier(HEADS)),
    f"""INSERT INTO {HEADS} (campaign_id, position) SELECT campaign_id, max(campaign_position)
        FROM intrigue_events GROUP BY campaign_id ON CONFLICT (campaign_id) DO NOTHING""",
    # Step 7's function (no campaign): code from before this step can no longer write.
    f"DROP FUNCTION IF EXISTS {FUNCTION}(uuid[], bigint[], text[], bytea[], uuid[], bigint[])",
]


def campaign_lanes(conn: psycopg.Connection[Any]) -> None:
    conn.execute(_COLUMNS)
    origins = _origins(conn)
    conn.execute(_ORIGINS)
    with conn.cursor().copy("COPY intrigue_origins (id, campaign_id) FROM STDIN") as copy:
        for origin in origins.items():
            copy.write_row(origin)
    conn.execute(_OF_ORIGINS)
    for statement in _AFTER:
        conn.execute(statement)
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for composed in state_upgrades.lanes(int(str(row[0]))):
            conn.execute(composed)


def _origins(conn: psycopg.Connection[Any]) -> dict[UUID, UUID]:
    """Each aggregate's campaign, from its creating event (a campaign is its own)."""
    mapper = domain_mapper()
    origins: dict[UUID, UUID] = {}
    with conn.cursor(name="intrigue_creations") as cursor:
        cursor.execute(_CREATIONS)
        for originator_id, version, topic, state in cursor:
            created = mapper.to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))
            campaign_id = getattr(created, "campaign_id", None) or originator_id
            origins[originator_id] = campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id))
    return origins
