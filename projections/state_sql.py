"""The SQL of the state read model's writer (projections/state.py), per generation of its tables."""

from __future__ import annotations

from psycopg.sql import SQL, Composed

from projections.state_tables import names

# A phase's history: the members the page holds in memory as they stand at its resolution, the others as
# their rows have them (the page did not touch them, so the rows are current).
_RECORD_PHASE = """INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state)
    SELECT campaign_id, %(phase)s, %(position)s, id, kind, state FROM {state}
    WHERE campaign_id = %(campaign_id)s AND kind <> 'campaign' AND id <> ALL(%(in_memory)s) ON CONFLICT DO NOTHING"""
_RECORD_MEMBER = """INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state)
    VALUES (%(campaign_id)s, %(phase)s, %(position)s, %(id)s, %(kind)s, %(state)s) ON CONFLICT DO NOTHING"""
_SUPERSEDE = """UPDATE {history} SET superseded = true
    WHERE campaign_id = %(campaign_id)s AND phase >= %(phase)s AND position < %(position)s"""
_VERSIONS = "SELECT id, version FROM {state} WHERE id = ANY(%s) ORDER BY id FOR UPDATE"
_SNAPSHOTS = "SELECT id, campaign_id, version, snapshot_topic, snapshot FROM {state} WHERE id = ANY(%s)"
_UPSERT = """INSERT INTO {state} VALUES (%(id)s, %(campaign_id)s, %(kind)s, %(version)s, %(topic)s, %(snapshot)s,
    %(state)s, %(position)s) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version,
    snapshot_topic = EXCLUDED.snapshot_topic, snapshot = EXCLUDED.snapshot, state = EXCLUDED.state,
    position = EXCLUDED.position"""
_TRACK = """INSERT INTO {tracking} VALUES (%(application_name)s, %(notification_id)s)
    ON CONFLICT (application_name) DO UPDATE SET notification_id = EXCLUDED.notification_id
    WHERE {tracking}.notification_id < EXCLUDED.notification_id RETURNING notification_id"""
_CAMPAIGN_POSITION = """INSERT INTO {positions} (campaign_id, position) VALUES (%(campaign_id)s, %(position)s)
    ON CONFLICT (campaign_id) DO UPDATE SET position = EXCLUDED.position
    WHERE {positions}.position < EXCLUDED.position"""
_POSITION = "SELECT notification_id FROM {tracking} WHERE application_name = %s"
_CAMPAIGNS = "SELECT id, campaign_id FROM {state} WHERE id = ANY(%s)"
# The live writer locks the generation row (FOR KEY SHARE) in every write, so a rebuild's switch (FOR UPDATE
# on that row) waits for the write in flight and every later write sees the new generation.
CURRENT = "SELECT current FROM read_model_generation WHERE name = %(model)s FOR KEY SHARE"
# The same, with the generation's stopped campaigns: one round trip per page, as before there were any.
CURRENT_AND_FAILED = """SELECT current,
    ARRAY(SELECT campaign_id FROM read_model_failures f WHERE f.generation = g.current) AS failed
    FROM read_model_generation g WHERE name = %(model)s FOR KEY SHARE OF g"""
FAILED = "SELECT campaign_id FROM read_model_failures WHERE generation = %s"


def statements_of(generation: int) -> dict[str, Composed]:
    """The statements of one generation's writer, its tables named."""
    return {
        name: SQL(text).format(**names(generation))
        for name, text in (("versions", _VERSIONS), ("snapshots", _SNAPSHOTS), ("upsert", _UPSERT),
                           ("record_phase", _RECORD_PHASE), ("record_member", _RECORD_MEMBER),
                           ("supersede", _SUPERSEDE), ("track", _TRACK),
                           ("position", _POSITION), ("campaigns", _CAMPAIGNS),
                           ("campaign_position", _CAMPAIGN_POSITION))
    }  # fmt: skip
