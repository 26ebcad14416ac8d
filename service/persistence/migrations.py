"""Database objects created up front (`intrigue migrate`), and whether a database is current.

Step 1 is the baseline: the events table, its insert function and stored-event type, the snapshots table,
and every read model's tables and tracking table, all created by the recorders' own idempotent DDL. That DDL
runs again on every `migrate`, so a read model added to `READ_MODELS` gets its tables with the next step
that says so. A change the recorders cannot make (an ALTER, a backfill) is a new numbered step below.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from psycopg.sql import SQL

from projections import standings, state_tables, state_upgrades
from service.persistence import (
    citus,
    compression,
    idempotency,
    knowledge_fill,
    lanes,
    outbox,
    phase_report_fill,
    recorder,
    table_dice_drafts,
)
from service.persistence.app import IntrigueStore
from service.persistence.campaign_keys import campaign_keys
from service.persistence.database import Database, ping
from service.persistence.readmodels import READ_MODELS, close_view, open_view

log = logging.getLogger("intrigue.migrate")

_CREATE_HISTORY = """CREATE TABLE IF NOT EXISTS intrigue_schema (
    version integer PRIMARY KEY,
    description text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now())"""


@dataclass(frozen=True)
class Step:
    version: int
    description: str
    run: Callable[[psycopg.Connection[tuple[object, ...]]], None] = lambda conn: None


def _seats_and_idempotency_keys(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    for statement in (*SEATS_DDL, *idempotency.DDL):
        conn.execute(statement)


def _read_model_generations(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    """The state read model in generations: the tables of a database from before become generation 1
    (renamed, rows kept), a fresh one gets an empty generation 1; readers' names become views over it."""
    conn.execute(state_tables.GENERATIONS)
    if conn.execute("SELECT 1 FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone():
        return
    kind = conn.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass('aggregate_state')").fetchone()
    statements = state_upgrades.adopt_plain_tables() if kind == ("r",) else state_tables.create_generation(1)
    # Tables from before step 11 have no column `recent` (that step adds it, and the view over it).
    recent = conn.execute(
        "SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('aggregate_state') AND attname = 'recent'"
    ).fetchone() is not None or kind != ("r",)
    for statement in [*statements, *state_tables.point_views_at(1, recent=recent, standings=False)]:
        conn.execute(statement)
    conn.execute("INSERT INTO read_model_generation (name, current) VALUES (%s, 1)", (state_tables.MODEL,))


def _idempotency_sealing(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    for statement in idempotency.DDL_SEALING:
        conn.execute(statement)


def _idempotency_claims_with_events(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    for statement in idempotency.DDL_CLAIM_WITH_EVENTS:
        conn.execute(statement)


def _campaign_positions(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    """Each campaign's own read-model position, in the current generation, filled from its rows."""
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    assert row is not None, "step 3 made the generation"
    for statement in state_upgrades.add_campaign_positions(int(str(row[0]))):
        conn.execute(statement)


def _binary_insert_function(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    """The recorder's DDL (run by every `migrate` before the steps) creates `intrigue_insert_events`; this
    step records it, and refuses to if it is missing (service/persistence/insert_function.py)."""
    found = conn.execute("SELECT 1 FROM pg_proc WHERE proname = %s", (recorder.FUNCTION,)).fetchone()
    if found is None:
        raise RuntimeError(f"the insert function {recorder.FUNCTION} was not created")


def _bounded_history(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for statement in state_upgrades.bound_history(int(str(row[0]))):
            conn.execute(statement)


def _read_model_without_snapshots(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for statement in state_upgrades.drop_snapshots(int(str(row[0]))):
            conn.execute(statement)


def _recent_keys(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for statement in state_upgrades.keep_recent(int(str(row[0]))):
            conn.execute(statement)


def _stored_view(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for statement in state_upgrades.stored_view(int(str(row[0]))):
            conn.execute(statement)


def _precomputed_standings(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        for statement in state_upgrades.precompute_standings(int(str(row[0]))):
            conn.execute(statement)


def _standings_in_pieces(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    """Every generation's standings table (a rebuild's too), then the view over the current one's."""
    found = conn.execute(
        "SELECT relname FROM pg_class WHERE relkind IN ('r', 'p') AND relname ~ %s", (r"^standings_answer_g\d+$",)
    ).fetchall()
    for (name,) in found:
        for statement in state_upgrades.standings_in_pieces(int(str(name).removeprefix("standings_answer_g"))):
            conn.execute(statement)
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None and found:
        conn.execute(SQL(state_tables.STANDINGS_VIEW).format(standings=standings.table(int(str(row[0])))))


def _table_dice_drafts(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    for statement in table_dice_drafts.DDL:
        conn.execute(statement)


def _webhook_outbox(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    for statement in outbox.DDL:
        conn.execute(statement)


STEPS = (
    Step(1, "event store, snapshots, read models: " + ", ".join(m.name for m in READ_MODELS)),
    Step(2, "seats and their hashed tokens; idempotency keys", _seats_and_idempotency_keys),
    Step(
        3,
        "read model generations: state tables become generation 1, readers' names become views",
        _read_model_generations,
    ),
    Step(4, "idempotency answers sealed with AES-GCM (column sealing); index for their purge", _idempotency_sealing),
    Step(
        5,
        "idempotency claims committed with the command's events (column position; response NULL until answered)",
        _idempotency_claims_with_events,
    ),
    Step(
        6,
        "each campaign's own read-model position (campaign_position), the key of its kept answers",
        _campaign_positions,
    ),
    Step(
        7,
        "events inserted as parallel binary arrays, stale reads checked in the same call (intrigue_insert_events)",
        _binary_insert_function,
    ),
    Step(
        8,
        "phase history stores changes (column whole, table of bases); read-model tables tuned for autovacuum",
        _bounded_history,
    ),
    Step(
        9,
        "the state read model keeps no snapshot column: its writers restore from the event store",
        _read_model_without_snapshots,
    ),
    Step(
        10,
        "every campaign its own lane: events carry their campaign and position in it (campaign_heads);"
        " the state read model tracks each campaign",
        lanes.campaign_lanes,
    ),
    Step(
        11,
        "the state read model's rows keep the keys a command changed apart (column recent): a dice roll"
        " writes those, not the whole state",
        _recent_keys,
    ),
    Step(
        12,
        "the faces a GM enters for a phase played with the table's dice, kept until the last roll is in"
        " (table_dice_drafts)",
        _table_dice_drafts,
    ),
    Step(
        13,
        "every key of a campaign's table carries campaign_id (Citus distributes by it); seat tokens keep an"
        " index; idempotency claims name their campaign",
        campaign_keys,
    ),
    Step(
        14,
        "webhooks: the GM's endpoints, the outbox of deliveries written with the events that cause them, the"
        " announced due time of a phase's orders (webhook_endpoints, webhook_deliveries, webhook_orders_due)",
        _webhook_outbox,
    ),
    Step(
        15,
        "each campaign's standings answers precomputed per visibility class (standings_answer)",
        _precomputed_standings,
    ),
    Step(
        16,
        "what each house knows, a row per entry (house_knowledge), filled from the houses' intel events;"
        " a house's intel keeps only what the rules read",
        knowledge_fill.keep_knowledge,
    ),
    Step(
        17,
        "the standings are kept as each member's pieces, concatenated at read time: the campaign's row of"
        " whole answers keeps none (standings_answer: gm and public emptied, members and ends dropped)",
        _standings_in_pieces,
    ),
    Step(
        18,
        "each member's report of each resolved phase (phase_report), kept as the phase resolves and filled for"
        " the phases resolved before: a report is read, not rebuilt from the phase's events",
        phase_report_fill.keep_phase_reports,
    ),
    Step(
        19,
        "the columns a resolution writes whole (states, history, bases, standings, reports, knowledge, events,"
        " snapshots) compressed by lz4 where the server has it: the same values, a fraction of pglz's CPU",
        compression.lz4_written_columns,
    ),
    Step(
        20,
        "the state read model's rows as stored, each one's state as last written whole and its recent keys"
        " (aggregate_state_stored): a read of one key of a campaign's factions need not build their whole states",
        _stored_view,
    ),
)
SCHEMA_VERSION = STEPS[-1].version


def advisory_key(name: str) -> int:
    """A stable signed 64-bit key for pg_advisory_lock, from a name."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


def migrate(db: Database) -> list[int]:
    """Create or upgrade every database object; return the steps applied now. Safe to run concurrently."""
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (advisory_key("intrigue.migrate"),))
        try:
            conn.execute(_CREATE_HISTORY)
            done = {row[0] for row in conn.execute("SELECT version FROM intrigue_schema")}
            create_recorder_objects(db)
            applied = []
            for step in STEPS:
                if step.version in done:
                    continue
                with conn.transaction():
                    step.run(conn)
                    conn.execute(
                        "INSERT INTO intrigue_schema (version, description) VALUES (%s, %s)",
                        (step.version, step.description),
                    )
                log.info("migration applied", extra={"version": step.version, "description": step.description})
                applied.append(step.version)
            distributed = citus.distribute(conn)  # on a Citus coordinator only (docs/scaling.md, "Citus")
            if distributed:
                log.info("tables distributed", extra={"tables": distributed})
            return applied
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (advisory_key("intrigue.migrate"),))


def create_recorder_objects(db: Database) -> None:
    env = {**db.eventsourcing_env(pool_size=1), "CREATE_TABLE": "y"}
    IntrigueStore(env).close()
    for model in READ_MODELS:
        close_view(open_view(model, env))


def schema_version(db: Database) -> int | None:
    """The highest step applied, or None when `migrate` never ran (or the database does not answer)."""
    try:
        with psycopg.connect(db.conninfo, connect_timeout=3) as conn:
            row = conn.execute("SELECT max(version) FROM intrigue_schema").fetchone()
    except psycopg.errors.UndefinedTable:
        return None
    return None if row is None or row[0] is None else int(row[0])


def is_current(db: Database) -> bool:
    """True when every step this code knows is applied. A newer database (mid-upgrade) is current too."""
    version = schema_version(db)
    return version is not None and version >= SCHEMA_VERSION


def readiness(db: Database, store: IntrigueStore) -> dict[str, bool]:
    """What /readyz reports. Once current, the store learns the stored-event type `migrate` may have just made."""
    answers = ping(db)
    current = answers and is_current(db)
    if current:
        store.recorder.datastore.register_type_adapters()  # type: ignore[attr-defined]
    return {"database": answers, "migrations": current}


SEATS_DDL = [  # the seats table (service/usecases/seats.py)
    """CREATE TABLE IF NOT EXISTS seats (
        id uuid PRIMARY KEY,
        campaign_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('gm', 'player', 'observer')),
        name text NOT NULL,
        faction_id uuid,
        house_id uuid,
        token_sha256 bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now())""",
    "CREATE INDEX IF NOT EXISTS seats_campaign ON seats (campaign_id, created_at)",
]
