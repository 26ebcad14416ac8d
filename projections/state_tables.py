"""The state read model's tables, in generations, and the views readers use.

The read model lives in generations: tables `aggregate_state_g{N}`, `phase_history_g{N}` and tracking table
`state_g{N}_tracking`. Readers use the views `aggregate_state`, `phase_history` and `state_tracking`, which
point at the current generation (`read_model_generation`); a rebuild fills generation N+1 beside it and
repoints the views in one transaction (service/operations/worker.py). What the migration steps do to a generation
made before them is projections/state_upgrades.py's.
"""

from __future__ import annotations

from psycopg.sql import SQL, Composed, Identifier, Literal

from projections import failures, knowledge, phase_reports, standings

MODEL = "state"
RELATIONS = (
    "aggregate_state",
    "phase_history",
    "campaign_position",
    "standings_answer",
    "house_knowledge",
    "phase_report",
    "state_tracking",
)  # tracking last
GENERATIONS = """CREATE TABLE IF NOT EXISTS read_model_generation (
    name text PRIMARY KEY,
    current integer NOT NULL)"""
# Each campaign's lane (issue 26): the campaign's last position folded into this generation and that event's
# notification id (the key of the campaign's kept answers, service/entrypoints/graphql/core/answers.py). A row per
# campaign, so no writer of one campaign waits for another's.
TRACKING = """CREATE TABLE IF NOT EXISTS {tracking} (
        campaign_id uuid PRIMARY KEY,
        position bigint NOT NULL,
        notification_id bigint NOT NULL)"""
# Each member's whole state as the history last recorded it, the base its next change is taken against.
# Keys carry the campaign (migration step 12, service/persistence/campaign_keys.py): Citus distributes by it.
BASE_TABLE = """CREATE TABLE IF NOT EXISTS {base} (
        aggregate_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        version integer NOT NULL,
        state jsonb NOT NULL,
        PRIMARY KEY (aggregate_id, campaign_id))"""
# Each campaign's standings answers as sent, per visibility class (projections/standings.py; migration step 15).
STANDINGS = standings.TABLE
STANDINGS_VIEW = "CREATE OR REPLACE VIEW standings_answer AS SELECT * FROM {standings}"
# What each house knows, a row per entry (projections/knowledge.py; migration step 16).
KNOWLEDGE = knowledge.TABLE
# Each member's report of each resolved phase (projections/phase_reports.py; migration step 18).
PHASE_REPORTS = phase_reports.TABLE
# Autovacuum fit for the churn (issue 16): every page rewrites its touched rows of `aggregate_state` and the
# tracking row, so they are vacuumed after a small share of dead rows (the default waits for 20%, which for a
# few hundred wide rows is megabytes of dead TOAST a phase), and leave room for HOT updates (the indexed
# columns never change). The history only grows: vacuumed for its inserts (visibility map) and analysed.
TUNING = [
    """ALTER TABLE {state} SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_vacuum_threshold = 200, autovacuum_analyze_scale_factor = 0.05,
        toast.autovacuum_vacuum_scale_factor = 0.02, toast.autovacuum_vacuum_threshold = 200)""",
    """ALTER TABLE {base} SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.05,
        autovacuum_vacuum_threshold = 200, toast.autovacuum_vacuum_scale_factor = 0.05)""",
    """ALTER TABLE {history} SET (autovacuum_vacuum_insert_scale_factor = 0.05,
        autovacuum_analyze_scale_factor = 0.05)""",
    """ALTER TABLE {tracking} SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0,
        autovacuum_vacuum_threshold = 1000)""",
]
# TOAST compression by lz4 (issue 31, P6, session 19; migration step 19): the columns a resolution writes whole, a
# few kilobytes each (states, history changes and bases, standings elements, reports, knowledge entries). pglz
# compressing them was about half of PostgreSQL's time in a big phase's save; lz4 does it in a fraction, and what is
# read back is the same. A server built without lz4 (the embedded one) keeps pglz: the DO block asks the server.
COMPRESSED = {
    "state": ("state", "recent"),
    "history": ("state",),
    "base": ("state",),
    "standings": ("gm", "public", "own"),
    "knowledge": ("entry",),
    "reports": ("report",),
}
HAS_LZ4 = "SELECT FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"


def compress(tables: list[tuple[Identifier, tuple[str, ...]]], method: str = "lz4") -> Composed:
    """One statement setting the TOAST compression of the tables' columns to `method` (`pglz` reverts step 19),
    where the server has lz4; only new values are compressed so, nothing is rewritten."""
    alters = SQL(";\n").join(
        SQL("ALTER TABLE {} {}").format(
            table,
            SQL(", ").join(
                SQL("ALTER COLUMN {} SET COMPRESSION {}").format(Identifier(c), SQL(method)) for c in columns
            ),
        )
        for table, columns in tables
    )
    return SQL("DO $$ BEGIN IF EXISTS (" + HAS_LZ4 + ") THEN\n{};\nEND IF; END $$").format(alters)


def compressed(generation: int) -> list[tuple[Identifier, tuple[str, ...]]]:
    """The generation's tables and their columns compressed by lz4 (`compress`)."""
    tables = names(generation)
    return [(tables[key], columns) for key, columns in COMPRESSED.items()]


_TABLES = [
    """CREATE TABLE {state} (
        id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        kind text NOT NULL,
        version integer NOT NULL,
        state jsonb NOT NULL,
        position bigint NOT NULL,
        recent jsonb NOT NULL DEFAULT '{{}}',
        PRIMARY KEY (id, campaign_id))""",
    "CREATE INDEX {state_index} ON {state} (campaign_id, kind)",
    # History series: what of each member changed as each phase resolved (projections/history.py).
    """CREATE TABLE {history} (
        campaign_id uuid NOT NULL,
        phase integer NOT NULL,
        position bigint NOT NULL,
        aggregate_id uuid NOT NULL,
        kind text NOT NULL,
        state jsonb NOT NULL,
        superseded boolean NOT NULL DEFAULT false,
        whole boolean NOT NULL DEFAULT true,
        PRIMARY KEY (campaign_id, position, aggregate_id))""",
    BASE_TABLE,
    STANDINGS,
    KNOWLEDGE,
    PHASE_REPORTS,
    TRACKING,
    *TUNING,
]


def names(generation: int) -> dict[str, Identifier]:
    """The physical tables of one generation."""
    return {
        "state": Identifier(f"aggregate_state_g{generation}"),
        "history": Identifier(f"phase_history_g{generation}"),
        "tracking": Identifier(f"{MODEL}_g{generation}_tracking"),
        "base": Identifier(f"phase_history_g{generation}_base"),
        "state_index": Identifier(f"aggregate_state_g{generation}_campaign"),
        "positions": Identifier(f"campaign_position_g{generation}"),
        "standings": standings.table(generation),
        "knowledge": knowledge.table(generation),
        "reports": phase_reports.table(generation),
    }


def create_generation(generation: int, keys_later: bool = False) -> list[Composed]:
    """DDL for one generation's (empty) tables, their written columns compressed by lz4 where the server has it
    (`compress`); they must not exist yet. `keys_later`: a rebuild's, the houses' knowledge without its key, which
    `keys` adds before the switch (projections/knowledge.py `UNKEYED`)."""
    made = [knowledge.UNKEYED if s is KNOWLEDGE and keys_later else s for s in _TABLES]
    return [*(SQL(s).format(**names(generation)) for s in made), compress(compressed(generation))]


def keys(generation: int) -> list[Composed]:
    """DDL adding what `create_generation(keys_later=True)` left out."""
    return [SQL(knowledge.ADD_KEY).format(**names(generation))]


# The tables a fold writes a campaign's rows to: what `intrigue projections retry` clears before folding a campaign
# again from nothing (projections/retry.py). A generation's other tables: its campaigns' tracking rows, and the
# positions of a generation made before migration step 10.
FOLDED = ("state", "history", "base", "knowledge", "reports", "standings")


def drop_generation(generation: int) -> list[Composed]:
    """DDL dropping one generation's tables, and forgetting its stopped campaigns (projections/failures.py):
    a rebuild that died may have recorded some under the number the next one reuses."""
    tables = names(generation)
    return [
        *(
            SQL("DROP TABLE IF EXISTS {}").format(tables[t])  # positions: a generation before step 10
            for t in (*FOLDED, "positions", "tracking")
        ),
        SQL(failures.DDL).format(),
        SQL("DELETE FROM {} WHERE generation = {}").format(Identifier(failures.TABLE), Literal(generation)),
    ]


# A row's state is its `state` as last written whole with its `recent` keys over it (issue 26, item 2): a command
# that changed a few keys (a dice roll: `version`, `rolls_recorded`) writes those alone, not the whole JSON.
# `||` with an empty `recent` returns `state` as it is (jsonb_concat's shortcut).
STATE_VIEW = (
    "VIEW aggregate_state AS SELECT id, campaign_id, kind, version, state || recent AS state, position FROM {state}"
)
# The same rows as stored (step 20), for a read of one top-level key of many rows (service/persistence/queries.py
# `_FACTIONS_IN`): `coalesce(recent->k, written->k)` is the state's `state->k` without building each whole state.
# How a row is split between the two is a writer's business (a rebuild writes it whole): readers read `state`.
STORED_VIEW = (
    "CREATE OR REPLACE VIEW aggregate_state_stored AS SELECT id, campaign_id, kind, state AS written, recent"
    " FROM {state}"
)


def point_views_at(generation: int, *, recent: bool = True, standings: bool = True) -> list[Composed]:
    """Repoint the names every reader uses at one generation (run in the transaction that sets `current`), the
    state's first. `recent=False`: for step 3, before the tables had the column `recent` (step 11);
    `standings=False`: for the steps before the standings' table (step 15), the houses' knowledge (step 16), the
    phase reports (step 18) and the stored rows' view (step 20)."""
    tables = names(generation)
    state_view = "CREATE OR REPLACE " + (STATE_VIEW if recent else "VIEW aggregate_state AS SELECT * FROM {state}")
    return [
        SQL(state_view).format(**tables),
        SQL("CREATE OR REPLACE VIEW phase_history AS SELECT * FROM {history}").format(**tables),
        SQL(POSITIONS_VIEW).format(**tables),
        SQL("CREATE OR REPLACE VIEW state_tracking AS SELECT * FROM {tracking}").format(**tables),
        *([SQL(STANDINGS_VIEW).format(**tables), SQL(knowledge.VIEW).format(**tables)] if standings else []),
        *([SQL(phase_reports.VIEW).format(**tables)] if standings else []),
        *([SQL(STORED_VIEW).format(**tables)] if recent and standings else []),
    ]


# Since step 10 each campaign's position for its kept answers is its tracking row's notification id.
POSITIONS_VIEW = (
    "CREATE OR REPLACE VIEW campaign_position AS SELECT campaign_id, notification_id AS position FROM {tracking}"
)
