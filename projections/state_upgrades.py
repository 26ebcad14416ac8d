"""The migration steps' DDL on one generation of the state read model made before them (service/persistence/
migrations.py): what each step adds to, renames in or drops from a generation that exists, where
projections/state_tables.py makes a new generation whole as it is now.
"""

from __future__ import annotations

from psycopg.sql import SQL, Composed, Identifier, Literal

from projections import knowledge, phase_reports, standings
from projections.state_tables import (
    BASE_TABLE,
    KNOWLEDGE,
    MODEL,
    PHASE_REPORTS,
    STANDINGS,
    STANDINGS_VIEW,
    STATE_VIEW,
    STORED_VIEW,
    TRACKING,
    TUNING,
    names,
    point_views_at,
)

# Each campaign's own position: the last of its events written to this generation (the kept answers' key,
# service/entrypoints/graphql/core/answers.py). IF NOT EXISTS: migration step 6 adds it to an existing generation.
CAMPAIGN_POSITION = """CREATE TABLE IF NOT EXISTS {positions} (
        campaign_id uuid PRIMARY KEY,
        position bigint NOT NULL)"""
# Step 11's column: a command's changed keys, laid over `state` by the view (`STATE_VIEW`, issue 26, item 2).
RECENT = "ALTER TABLE {state} ADD COLUMN IF NOT EXISTS recent jsonb NOT NULL DEFAULT '{{}}'"


def lanes(generation: int) -> list[Composed]:
    """Step 10 on one generation: its one tracking row becomes a row per campaign (every campaign's events up
    to the old row's notification id were folded), and the positions table gives way to those rows."""
    tables = names(generation)
    old = Identifier(f"{MODEL}_g{generation}_tracking_before_lanes")
    fill = """INSERT INTO {tracking} (campaign_id, position, notification_id)
        SELECT campaign_id, max(campaign_position), max(notification_id) FROM intrigue_events
        WHERE notification_id <= (SELECT coalesce(max(notification_id), 0) FROM {old}) GROUP BY campaign_id"""
    return [
        SQL("DROP VIEW IF EXISTS state_tracking").format(),
        SQL("DROP VIEW IF EXISTS campaign_position").format(),
        SQL("ALTER TABLE {tracking} RENAME TO {old}").format(old=old, **tables),
        SQL(TRACKING).format(**tables),
        SQL(fill).format(old=old, **tables),
        SQL("DROP TABLE {old}").format(old=old),
        SQL("DROP TABLE IF EXISTS {positions}").format(**tables),
        *point_views_at(generation, standings=False)[1:],  # the state's view stays as it is
        SQL(TUNING[-1]).format(**tables),
    ]


def add_campaign_positions(generation: int) -> list[Composed]:
    """The positions table of a generation made before it existed, filled from the rows, and its view."""
    tables = names(generation)
    fill = (
        "INSERT INTO {positions} SELECT campaign_id, max(position) FROM {state} GROUP BY campaign_id"
        " ON CONFLICT (campaign_id) DO NOTHING"
    )
    view = SQL("CREATE OR REPLACE VIEW campaign_position AS SELECT * FROM {positions}").format(**tables)
    return [SQL(CAMPAIGN_POSITION).format(**tables), SQL(fill).format(**tables), view]


def bound_history(generation: int) -> list[Composed]:
    """Upgrade one generation made before its history stored changes (whole rows, no base) and before its
    tables were tuned; the rows already written stay whole."""
    tables = names(generation)
    return [
        SQL("ALTER TABLE {history} ADD COLUMN IF NOT EXISTS whole boolean NOT NULL DEFAULT true").format(**tables),
        SQL(BASE_TABLE).format(**tables),
        *(SQL(s).format(**tables) for s in TUNING),
        *point_views_at(generation, standings=False)[1:],  # the state's view stays as it is
    ]


def drop_snapshots(generation: int) -> list[Composed]:
    """Upgrade one generation whose rows kept each aggregate's snapshot: the columns go (a writer restores
    from the event store, projections/restore.py), and the view over them is made again without them."""
    tables = names(generation)
    return [
        SQL("DROP VIEW IF EXISTS aggregate_state").format(),
        SQL("ALTER TABLE {state} DROP COLUMN IF EXISTS snapshot_topic, DROP COLUMN IF EXISTS snapshot").format(
            **tables
        ),
        SQL("CREATE VIEW aggregate_state AS SELECT * FROM {state}").format(**tables),
    ]


def adopt_plain_tables() -> list[Composed]:
    """Turn the tables of the layout before generations (plain `aggregate_state`…) into generation 1."""
    tables = names(1)
    return [
        SQL("ALTER TABLE aggregate_state RENAME TO {}").format(tables["state"]),
        SQL("ALTER INDEX IF EXISTS aggregate_state_campaign RENAME TO {}").format(tables["state_index"]),
        SQL("ALTER TABLE phase_history RENAME TO {}").format(tables["history"]),
        SQL("ALTER TABLE state_tracking RENAME TO {}").format(tables["tracking"]),
    ]


def keep_recent(generation: int) -> list[Composed]:
    """Step 11 on one generation: the column `recent`, and the view that lays it over `state`."""
    tables = names(generation)
    return [
        SQL(RECENT).format(**tables),
        SQL("DROP VIEW IF EXISTS aggregate_state").format(),
        SQL("CREATE " + STATE_VIEW).format(**tables),
    ]


def stored_view(generation: int) -> list[Composed]:
    """Step 20 on the current generation: the view of its rows as stored (`STORED_VIEW`)."""
    return [SQL(STORED_VIEW).format(**names(generation))]


def precompute_standings(generation: int) -> list[Composed]:
    """Step 15 on one generation: the table of precomputed standings answers (empty: each campaign's page that
    next changes its standings fills it, a rebuild fills it whole) and its view."""
    tables = names(generation)
    return [SQL(STANDINGS).format(**tables), SQL(STANDINGS_VIEW).format(**tables)]


def standings_in_pieces(generation: int) -> list[Composed]:
    """Step 17 on one generation's standings (projections/standings.py): the campaign's row keeps no whole answer
    (a read concatenates the members' pieces), only marks them whole; its columns of answer order go."""
    tables = names(generation)
    return [
        SQL("DROP VIEW IF EXISTS standings_answer").format(),
        SQL("ALTER TABLE {standings} DROP COLUMN IF EXISTS members, DROP COLUMN IF EXISTS ends").format(**tables),
        SQL("UPDATE {standings} SET gm = '', public = '' WHERE member_id = {zero}").format(
            zero=Literal(str(standings.ZERO)), **tables
        ),
    ]


def keep_knowledge(generation: int) -> list[Composed]:
    """Step 16 on one generation: the table of what each house knows, a row per entry, and its view (filled by
    the step from the intel events the generation's rows folded: service/persistence/knowledge_fill.py)."""
    tables = names(generation)
    return [SQL(KNOWLEDGE).format(**tables), SQL(knowledge.VIEW).format(**tables)]


def keep_phase_reports(generation: int) -> list[Composed]:
    """Step 18 on one generation: the table of each member's phase reports and its view (filled by the step for
    the phases already resolved: service/persistence/phase_report_fill.py)."""
    tables = names(generation)
    return [SQL(PHASE_REPORTS).format(**tables), SQL(phase_reports.VIEW).format(**tables)]
