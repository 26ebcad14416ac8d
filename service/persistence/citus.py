"""The store on a Citus cluster, distributed by campaign (issue 27, item 1; docs/scaling.md, "Citus").

`intrigue migrate` on a database where the `citus` extension is installed (a coordinator) ends with
`distribute`: every table that holds one campaign's rows becomes a distributed table on `campaign_id`, all
co-located with the events, so that a command's transaction (its events, its campaign's head row, its
idempotency claim, the inline projection's rows) touches one shard group on one worker; the insert function
becomes a distributed function delegated to that worker by its `campaign` argument. The few store-wide tables
are reference tables (copied to every node) or distributed by their own key. On plain PostgreSQL nothing here
runs: the same numbered steps made the keys fit both (migration step 12, `campaign_keys`).
"""

from __future__ import annotations

import re
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo
from psycopg.sql import SQL, Identifier

from projections import failures
from service.persistence import outbox
from service.persistence.recorder import FUNCTION, HEADS

EVENTS = "intrigue_events"  # the table every campaign-scoped table is co-located with
SNAPSHOTS = "intrigue_snapshots"  # an aggregate's snapshots: distributed by their own key (see REFERENCE)
# Store-wide and small, read in the statement that locks a read model's generation row (projections/state_sql.py
# CURRENT_AND_FAILED): the generations and the campaigns a read model stopped for. On every node.
REFERENCE = ("read_model_generation", failures.TABLE)
# Per campaign: the lane's head row, the seats (a seat is issued in its campaign's transaction), the
# idempotency claims (written in the command's transaction), the table dice a GM has entered for the phase (one
# row per campaign, issue 28), the webhooks' endpoints and outbox (issue 32), and every read-model generation's
# tables (the precomputed standings answers among them, issue 31; what each house knows, issue 26; the phase
# reports, issue 30).
CAMPAIGN_TABLES = (HEADS, "seats", "idempotency_keys", "table_dice_drafts", *outbox.TABLES)
GENERATION_TABLE = re.compile(
    r"^(aggregate_state|phase_history|state|standings_answer|house_knowledge|phase_report)_g\d+(_base|_tracking)?$"
)
SIGNATURE = "(uuid, uuid[], bigint[], text[], bytea[], uuid[], bigint[], uuid[], bigint[], text[])"


def enabled(conn: psycopg.Connection[Any]) -> bool:
    """True on a Citus coordinator: the extension is installed in this database."""
    return conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'citus'").fetchone() is not None


def distribute(conn: psycopg.Connection[Any]) -> list[str]:
    """Distribute every table not distributed yet (safe to run again: `migrate` runs it each time, and a
    rebuild's new generation gets its turn from the worker); return the tables distributed now."""
    if not enabled(conn):
        return []
    done = {row[0] for row in conn.execute("SELECT logicalrelid::regclass::text FROM pg_dist_partition")}
    tables = [
        row[0]
        for row in conn.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        )
    ]
    now: list[str] = []
    if EVENTS in tables and EVENTS not in done:
        conn.execute("SELECT create_distributed_table(%s, 'campaign_id')", (EVENTS,))
        now.append(EVENTS)
    for table in sorted(tables):
        if table in done or table in now:
            continue
        if table in CAMPAIGN_TABLES or GENERATION_TABLE.match(table):
            conn.execute("SELECT create_distributed_table(%s, 'campaign_id', colocate_with => %s)", (table, EVENTS))
        elif table == SNAPSHOTS:
            conn.execute("SELECT create_distributed_table(%s, 'originator_id')", (table,))
        elif table in REFERENCE:
            conn.execute("SELECT create_reference_table(%s)", (table,))
        else:
            continue  # intrigue_schema: the coordinator's own record of the steps
        now.append(table)
    delegate_insert_function(conn)
    return now


def delegate_insert_function(conn: psycopg.Connection[Any]) -> None:
    """The insert function runs on the worker holding its campaign's shard, in the caller's transaction
    (`force_delegation`): the coordinator forwards the call, and the rest of the transaction follows it there."""
    if not enabled(conn):
        return
    known = conn.execute(
        "SELECT 1 FROM pg_catalog.pg_dist_object WHERE classid = 'pg_proc'::regclass"
        " AND objid = %s::regprocedure::oid AND distribution_argument_index IS NOT NULL"
        " AND force_delegation",
        (f"{FUNCTION}{SIGNATURE}",),
    ).fetchone()
    if known:  # delegated already; a rebuild's transaction, which has just made tables, may not do it again
        return
    conn.execute(
        "SELECT create_distributed_function(%s::regprocedure, distribution_arg_name => 'campaign',"
        " colocate_with => %s, force_delegation => true)",
        (f"{FUNCTION}{SIGNATURE}", EVENTS),
    )


def distributed(conn: psycopg.Connection[Any]) -> dict[str, str]:
    """Each Citus table and how it is placed ('distributed by campaign_id', 'reference', ...): for docs and tests."""
    rows = conn.execute(
        "SELECT logicalrelid::regclass::text, partmethod, column_to_column_name(logicalrelid, partkey)"
        " FROM pg_dist_partition"
    ).fetchall()
    return {t: "reference" if m == "n" else f"distributed by {c}" for t, m, c in rows}


def workers(conn: psycopg.Connection[Any]) -> list[tuple[str, int]]:
    """The worker nodes this coordinator's database knows (empty off Citus)."""
    if not enabled(conn):
        return []
    rows = conn.execute(
        "SELECT nodename, nodeport FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' ORDER BY 1, 2"
    ).fetchall()
    return [(str(h), int(p)) for h, p in rows]


def create_database(admin_conninfo: str, dbname: str) -> None:
    """A new database as a Citus cluster's: made on every worker and the coordinator, the extension in each,
    the workers registered (a database's Citus metadata is its own). Called after the coordinator's CREATE
    DATABASE when the admin database has Citus (tests' fresh databases, service/persistence/database.py).

    Makers take turns, under an advisory lock on the coordinator's admin database: `citus_add_node` syncs the
    cluster's roles to each worker, and two databases registering their workers at once updated the same row of a
    worker's shared catalog ("tuple concurrently updated", the later one failed)."""
    with psycopg.connect(admin_conninfo, autocommit=True) as admin:
        admin.execute("SELECT pg_advisory_lock(hashtext('intrigue: a Citus database made'))")
        nodes = workers(admin)
        host, port = admin.info.host, admin.info.port
        _made_on_nodes(admin_conninfo, dbname, nodes, host, port)  # the lock ends with this session


def _made_on_nodes(admin_conninfo: str, dbname: str, nodes: list[tuple[str, int]], host: Any, port: Any) -> None:
    for node_host, node_port in nodes:
        with psycopg.connect(make_conninfo(admin_conninfo, host=node_host, port=node_port), autocommit=True) as w:
            if w.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone() is None:
                w.execute(SQL("CREATE DATABASE {}").format(Identifier(dbname)))
        with psycopg.connect(
            make_conninfo(admin_conninfo, host=node_host, port=node_port, dbname=dbname), autocommit=True
        ) as w:
            w.execute("CREATE EXTENSION IF NOT EXISTS citus")
    with psycopg.connect(make_conninfo(admin_conninfo, dbname=dbname), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
        if not workers(conn):
            conn.execute("SELECT citus_set_coordinator_host(%s, %s)", (host, port))
            for node_host, node_port in nodes:
                conn.execute("SELECT citus_add_node(%s, %s)", (node_host, node_port))


def drop_database(admin_conninfo: str, dbname: str) -> None:
    """Drop a database made by `create_database` on the workers too (the coordinator's is dropped by the caller)."""
    with psycopg.connect(admin_conninfo, autocommit=True) as admin:
        nodes = workers(admin)
    for node_host, node_port in nodes:
        with psycopg.connect(make_conninfo(admin_conninfo, host=node_host, port=node_port), autocommit=True) as w:
            w.execute(SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(Identifier(dbname)))
