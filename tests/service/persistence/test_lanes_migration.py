"""Migration step 10 (issue 26): a store from before the lanes gets each event's campaign and its position in the
campaign, numbered in the old global order, a head row per campaign, and a tracking row per campaign from its
one global tracking row; writers then append in each lane, and an export still imports into its lane."""

from __future__ import annotations

from uuid import UUID, uuid4

import psycopg
import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, RollDice
from service.bootstrap import Intrigue
from service.persistence import database, migrations, outcomes
from service.persistence.database import Database
from service.usecases import transfer

# The layout before step 10: no lane columns, no heads, one tracking row, a table of campaign positions.
_BEFORE_LANES = [
    "DROP VIEW state_tracking",
    "DROP VIEW campaign_position",
    "ALTER TABLE intrigue_events DROP COLUMN campaign_id, DROP COLUMN campaign_position",
    "DROP TABLE campaign_heads",
    "DROP TABLE state_g1_tracking",
    "CREATE TABLE state_g1_tracking (application_name text PRIMARY KEY, notification_id bigint)",
    "INSERT INTO state_g1_tracking VALUES ('Intrigue', %(tracked)s)",
    "CREATE VIEW state_tracking AS SELECT * FROM state_g1_tracking",
    "DELETE FROM intrigue_schema WHERE version = 10",
]
_POSITIONS = [  # step 6's table, which step 10 replaces by the tracking rows
    "CREATE TABLE campaign_position_g1 (campaign_id uuid PRIMARY KEY, position bigint NOT NULL)",
    "CREATE VIEW campaign_position AS SELECT * FROM campaign_position_g1",
]


def to_layout_before_lanes(db: Database, tracked: int, with_positions: bool = True) -> None:
    """The database as step 9 left it (and, without positions, as step 5 did), every event up to `tracked` folded."""
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        for statement in [
            *_BEFORE_LANES,
            *(_POSITIONS if with_positions else ["DELETE FROM intrigue_schema WHERE version = 6"]),
        ]:
            conn.execute(statement, {"tracked": tracked})  # type: ignore[arg-type]


def in_order(db: Database) -> list[tuple[int, UUID, int]]:
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT notification_id, campaign_id, campaign_position FROM intrigue_events ORDER BY notification_id"
        ).fetchall()
    return [(int(n), c, int(p)) for n, c, p in rows]


@pytest.mark.single_node(
    reason="rewinds a current database to the layout before lanes by dropping campaign_id,"
    " which Citus distributes by; an old database is migrated on one server, then distributed"
)
def test_migrate_numbers_each_campaigns_events_in_the_old_order_and_tracks_each_campaign(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        first = intrigue.campaigns.create_campaign(CreateCampaign(f"a {uuid4().hex[:6]}", ["factionturn"], None, []))
        second = intrigue.campaigns.create_campaign(CreateCampaign(f"b {uuid4().hex[:6]}", ["gameofbones"], None, []))
        for n in range(3):
            intrigue.campaigns.roll_dice(RollDice(first.id, "1d6", f"a {n}"))
            intrigue.campaigns.roll_dice(RollDice(second.id, "1d6", f"b {n}"))
        before = in_order(fresh_db)
    finally:
        intrigue.close()
    tracked = before[-3][0]  # the old runner had not projected the last two events
    to_layout_before_lanes(fresh_db, tracked)
    assert migrations.migrate(fresh_db) == [10]
    assert in_order(fresh_db) == before  # each event back in its campaign, numbered in the old order
    with psycopg.connect(fresh_db.conninfo) as conn:
        heads = dict(conn.execute("SELECT campaign_id, position FROM campaign_heads").fetchall())
        tracking = {c: (p, n) for c, p, n in conn.execute("SELECT * FROM state_tracking").fetchall()}
        old_function = conn.execute(
            "SELECT count(*) FROM pg_proc WHERE proname = 'intrigue_insert_events' AND pronargs = 6"
        ).fetchone()
    assert old_function == (0,)  # code from before the lanes can no longer write
    for campaign in (first, second):
        lane = [(n, p) for n, c, p in before if c == campaign.id]
        assert heads[campaign.id] == len(lane)
        folded = [(n, p) for n, p in lane if n <= tracked]
        assert tracking[campaign.id] == (folded[-1][1], folded[-1][0])
    upgraded = Intrigue(fresh_db, migrate=False)  # the runner folds the rest, each lane from its row
    try:
        upgraded.read_side.wait(before[-1][0], timeout=30)
        upgraded.read_side.wait(before[-2][0], timeout=30)
        with outcomes.tracking() as outcome:
            upgraded.campaigns.roll_dice(RollDice(first.id, "1d6", "after the upgrade"))
        assert outcome.committed and not outcome.lagging  # at its lane's head: folded in its transaction
        assert in_order(fresh_db)[-1][1:] == (first.id, heads[first.id] + 1)
        assert upgraded.catalog.campaign(second.id)["version"] == upgraded.store.load(second.id, Campaign).version
    finally:
        upgraded.close()


def test_an_export_imports_into_its_campaigns_lane_in_the_file_order(fresh_db: Database, admin_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"x {uuid4().hex[:6]}", ["factionturn"], None, []))
        for n in range(3):
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", f"x {n}"))
        lines = list(transfer.export_lines(intrigue.store, fresh_db, campaign.id))
        exported = [(n, p) for n, c, p in in_order(fresh_db) if c == campaign.id]
    finally:
        intrigue.close()
    # The export format has no positions (it is the format from before the lanes): the lane numbers the
    # events in the file's order, which is the exporting store's.
    target = database.create_database(admin_db, f"intrigue_fresh_{uuid4().hex[:12]}")
    into = Intrigue(target)
    try:
        assert transfer.import_lines(into.store, lambda: iter(lines)) == campaign.id
        imported = [(n, p) for n, c, p in in_order(target) if c == campaign.id]
        assert [p for _, p in imported] == [p for _, p in exported] == list(range(1, len(exported) + 1))
        with outcomes.tracking() as outcome:  # the imported lane goes on from its head
            into.campaigns.roll_dice(RollDice(campaign.id, "1d6", "after the import"))
        assert outcome.committed
        assert in_order(target)[-1][1:] == (campaign.id, len(exported) + 1)
    finally:
        into.close()
        database.drop_database(admin_db, target.dbname)
