"""The events table's insert function (migration step 10): each save in its campaign's lane (issue 26).

Its DDL and the names of what it makes, used by the recorder (service/persistence/recorder.py), which runs them on
every `migrate`, by migration step 10 (service/persistence/lanes.py) and by the Citus layout (citus.py).
"""

from __future__ import annotations

from typing import NamedTuple
from uuid import UUID

from eventsourcing.postgres import PostgresDatastore
from psycopg.sql import SQL, Composed, Identifier

FUNCTION = "intrigue_insert_events"
HEADS = "campaign_heads"  # each campaign's last position: the one row its writers serialise on
LANE_COLUMNS = """ALTER TABLE {schema}.{table} ADD COLUMN IF NOT EXISTS campaign_id uuid,
    ADD COLUMN IF NOT EXISTS campaign_position bigint"""
LANE_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS {index} ON {schema}.{table} (campaign_id, campaign_position)"
HEADS_DDL = "CREATE TABLE IF NOT EXISTS {schema}.{heads} (campaign_id uuid PRIMARY KEY, position bigint NOT NULL)"
MOVED = "an aggregate read by this command changed before it saved"


class Lane(NamedTuple):
    """Where a save's events went: their campaign, and their first and last positions in it."""

    campaign_id: UUID
    first: int
    last: int


def insert_function(datastore: PostgresDatastore, table: str) -> Composed:
    """The insert function (migration step 10): one campaign's lane. Moving the campaign's head row takes its
    lock, which serialises the writers of that campaign alone and makes the check race-free that every
    aggregate in (`read_ids`, `read_versions`), all of the campaign (a command reads its own campaign only; on
    Citus the check stays on the campaign's shard), is still at that version (SQLSTATE 23000, the library's
    IntegrityError, when one moved); the insert gives each event the campaign's next positions, returning
    them with the notification ids. The aggregates in (`loose_ids`, `loose_versions`) were read for less: only an
    event appended since whose topic is not in `unread` conflicts (a campaign's dice and chronicle lines, which no
    command on a member decides on). No table lock and no NOTIFY: PostgreSQL takes a database-wide lock at
    the commit of a transaction that notified (service/persistence/notifier.py notifies after the commit)."""
    return SQL(
        "CREATE OR REPLACE FUNCTION {schema}.{function}(campaign uuid, ids uuid[], versions bigint[],"
        " topics text[], states bytea[], read_ids uuid[], read_versions bigint[], loose_ids uuid[],"
        " loose_versions bigint[], unread text[])"
        " RETURNS TABLE (notification_id bigint, campaign_position bigint) LANGUAGE plpgsql AS $BODY$"
        " DECLARE head bigint; count bigint := cardinality(ids); BEGIN"
        "    SET LOCAL lock_timeout = '{lock_timeout}s';"
        "    INSERT INTO {schema}.{heads} AS h (campaign_id, position) VALUES (campaign, count)"
        "    ON CONFLICT (campaign_id) DO UPDATE SET position = h.position + count RETURNING h.position INTO head;"
        "    IF EXISTS (SELECT FROM unnest(read_ids, read_versions) AS r(id, version) WHERE r.version"
        "        IS DISTINCT FROM (SELECT max(originator_version) FROM {schema}.{table}"
        "        WHERE campaign_id = campaign AND originator_id = r.id))"
        "    THEN RAISE EXCEPTION {moved} USING ERRCODE = '23000'; END IF;"
        "    IF EXISTS (SELECT FROM unnest(loose_ids, loose_versions) AS r(id, version) JOIN {schema}.{table} e"
        "        ON e.campaign_id = campaign AND e.originator_id = r.id AND e.originator_version > r.version"
        "        WHERE e.topic <> ALL(unread))"
        "    THEN RAISE EXCEPTION {moved} USING ERRCODE = '23000'; END IF;"
        "    RETURN QUERY INSERT INTO {schema}.{table} AS t"
        "    (originator_id, originator_version, topic, state, campaign_id, campaign_position)"
        "    SELECT u.id, u.version, u.topic, u.state, campaign, head - count + u.n"
        "    FROM unnest(ids, versions, topics, states) WITH ORDINALITY AS u(id, version, topic, state, n)"
        "    ORDER BY u.n RETURNING t.notification_id, t.campaign_position;"
        " END; $BODY$"
    ).format(
        function=Identifier(FUNCTION),
        lock_timeout=datastore.lock_timeout,
        moved=MOVED,
        schema=Identifier(datastore.schema),
        table=Identifier(table),
        heads=Identifier(HEADS),
    )
