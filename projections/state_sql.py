"""The SQL of the state read model's writer (projections/state.py), per generation of its tables."""

from __future__ import annotations

from psycopg.sql import SQL, Composed

from projections import knowledge, phase_reports, standings, together
from projections.state_tables import names

# A phase's history (projections/history.py): the members the page holds in memory as they stand at its
# resolution, the others as their rows have them (the page did not touch them, so the rows are current) where
# their version moved past the base, and each changed member's base. A phase's chronicle is no member (its own
# stream: domain/phase_chronicle.py), nor is a house's intel
# (`HouseIntel.in_history`, domain/gameofbones/aggregate/intel.py).
_MOVED = """SELECT s.id, s.kind, s.state || s.recent AS state FROM {state} s
    LEFT JOIN {base} b ON b.aggregate_id = s.id AND b.campaign_id = s.campaign_id
    WHERE s.campaign_id = %(campaign_id)s AND s.kind NOT IN ('campaign', 'phasechronicle', 'houseintel')
    AND s.id <> ALL(%(in_memory)s)
    AND (b.version IS NULL OR b.version <> s.version)"""
# Each statement names its campaigns beside the ids: on Citus it then goes to their shards alone, and a row lock
# (FOR UPDATE) is refused on any other (docs/scaling.md, "Citus").
_BASES = "SELECT aggregate_id, state FROM {base} WHERE aggregate_id = ANY(%s) AND campaign_id = %s"
_SET_BASE = """INSERT INTO {base} VALUES (%(id)s, %(campaign_id)s, %(version)s, %(whole_state)s)
    ON CONFLICT (aggregate_id, campaign_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state"""
_RECORD = """INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state, whole)
    VALUES (%(campaign_id)s, %(phase)s, %(position)s, %(id)s, %(kind)s, %(state)s, %(whole)s) ON CONFLICT DO NOTHING"""
_DROP_BASES = "DELETE FROM {base} WHERE campaign_id = %s"
_STANDING = """SELECT phase, position, aggregate_id, kind, whole, state FROM {history}
    WHERE campaign_id = %s AND NOT superseded ORDER BY position, aggregate_id"""
_SUPERSEDE = """UPDATE {history} SET superseded = true
    WHERE campaign_id = %(campaign_id)s AND phase >= %(phase)s AND position < %(position)s"""
_VERSIONS = """SELECT id, campaign_id, version FROM {state} WHERE id = ANY(%s) AND campaign_id = ANY(%s)
    ORDER BY id FOR UPDATE"""
# No snapshot column (issue 16): a writer without the state in memory restores it from the event store
# (projections/restore.py).
_UPSERT = """INSERT INTO {state} (id, campaign_id, kind, version, state, position)
    VALUES (%(id)s, %(campaign_id)s, %(kind)s, %(version)s, %(state)s, %(position)s)
    ON CONFLICT (id, campaign_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state,
    position = EXCLUDED.position, recent = '{{}}'"""
# A row whose state this writer knows as stored, changed in a few keys: those keys (every one changed since its
# `state` was written whole) in `recent`; `state`, and its TOAST, untouched (projections/state_rows.py `_row`).
_PATCH = """UPDATE {state} SET version = %(version)s, recent = %(recent)s, position = %(position)s
    WHERE id = %(id)s AND campaign_id = %(campaign_id)s"""
# Each campaign's lane (issue 26): its row made where missing, then locked by the page's writer, skipping rows
# an inline projection holds in a command's transaction; moved to the page's last event of the campaign.
_OPEN_LANES = """INSERT INTO {tracking} (campaign_id, position, notification_id)
    SELECT unnest(%s::uuid[]), 0, 0 ON CONFLICT (campaign_id) DO NOTHING"""
_LOCK_LANES = """SELECT campaign_id, position FROM {tracking} WHERE campaign_id = ANY(%s)
    ORDER BY campaign_id FOR UPDATE SKIP LOCKED"""
_TRACK = """UPDATE {tracking} SET position = %(position)s, notification_id = %(notification_id)s
    WHERE campaign_id = %(campaign_id)s"""
_LANE = "SELECT position FROM {tracking} WHERE campaign_id = %s"
_PROGRESS = """SELECT (SELECT coalesce(sum(position), 0) FROM {tracking}) AS done,
    (SELECT coalesce(sum(position), 0) FROM campaign_heads) AS head"""
# Every write of the live writer holds the generation's advisory lock shared (`WRITING`, for its transaction),
# then reads the generation in a later statement (so after any switch that held it committed); a rebuild's switch
# and a retry hold it exclusive (`SWITCHING`): the switch waits for the writes in flight and every later write
# sees the new generation. Not a row lock on `read_model_generation`: on Citus that table is a reference table,
# where a row lock takes locks on its one shard that conflict across transactions, so every campaign's writes
# would queue there (docs/scaling.md, "`make test-citus`'s scope"). An advisory lock is the server's own (on
# Citus, the coordinator's: every session of the service is the coordinator's), shared locks never wait on each
# other, and no worker is asked.
GENERATION_KEY = "hashtext('intrigue.generation.' || %(model)s)"
WRITING = f"SELECT pg_advisory_xact_lock_shared({GENERATION_KEY})"
SWITCHING = f"SELECT pg_advisory_xact_lock({GENERATION_KEY})"
CURRENT = "SELECT current FROM read_model_generation WHERE name = %(model)s"
# Whether the database is a Citus coordinator (a row) or plain PostgreSQL (none): as service/persistence/citus.py asks.
ON_CITUS = "SELECT 1 FROM pg_extension WHERE extname = 'citus'"
# The same, with the generation's stopped campaigns: one statement per page.
CURRENT_AND_FAILED = """SELECT current,
    ARRAY(SELECT campaign_id FROM read_model_failures f WHERE f.generation = g.current) AS failed
    FROM read_model_generation g WHERE name = %(model)s"""
FAILED = "SELECT campaign_id FROM read_model_failures WHERE generation = %s"


def statements_of(generation: int) -> dict[str, Composed]:
    """The statements of one generation's writer, its tables named."""
    return (
        {
            name: SQL(text).format(**names(generation))
            for name, text in (
                ("versions", _VERSIONS),
                ("upsert", _UPSERT),
                ("patch", _PATCH),
                ("moved", _MOVED),
                ("bases", _BASES),
                ("set_base", _SET_BASE),
                ("record", _RECORD),
                ("drop_bases", _DROP_BASES),
                ("standing", _STANDING),
                ("supersede", _SUPERSEDE),
                ("track", _TRACK),
                ("lane", _LANE),
                ("open_lanes", _OPEN_LANES),
                ("lock_lanes", _LOCK_LANES),
                ("progress", _PROGRESS),
            )
        }
        | {f"{name}_together": SQL(text).format(**names(generation)) for name, text in together.STATEMENTS.items()}
        | standings.statements(generation, names(generation)["state"])
        | knowledge.statements(generation)
        | phase_reports.statements(generation, names(generation)["state"])
    )
