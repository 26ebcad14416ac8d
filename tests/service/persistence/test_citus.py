"""The store on Citus (issue 27, items 1 and 2; docs/scaling.md, "Citus"): `migrate` distributes every campaign's
table by `campaign_id`, co-located with the events, and a played phase (orders, a resolution) commits without
a single two-phase commit, while the campaign list, a multi-shard read, stays whole. Runs where TEST_DATABASE_URL
is a Citus coordinator (`make test-citus`); on plain PostgreSQL there is nothing distributed to look at."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.persistence import citus, database
from service.persistence.database import Database
from tests.support.gameofbones_world import city, give_orders, register_five

EXPECTED = {  # docs/scaling.md, "Citus": which table is what
    "intrigue_events": "distributed by campaign_id",
    "campaign_heads": "distributed by campaign_id",
    "seats": "distributed by campaign_id",
    "idempotency_keys": "distributed by campaign_id",
    "table_dice_drafts": "distributed by campaign_id",
    "webhook_endpoints": "distributed by campaign_id",
    "webhook_deliveries": "distributed by campaign_id",
    "webhook_orders_due": "distributed by campaign_id",
    "aggregate_state_g1": "distributed by campaign_id",
    "phase_history_g1": "distributed by campaign_id",
    "phase_history_g1_base": "distributed by campaign_id",
    "state_g1_tracking": "distributed by campaign_id",
    "standings_answer_g1": "distributed by campaign_id",
    "house_knowledge_g1": "distributed by campaign_id",
    "phase_report_g1": "distributed by campaign_id",
    "intrigue_snapshots": "distributed by originator_id",
    "read_model_generation": "reference",
    "read_model_failures": "reference",
}


@pytest.fixture
def cluster_db(fresh_db: Database) -> Database:
    with psycopg.connect(fresh_db.conninfo) as conn:
        if not citus.enabled(conn):
            pytest.skip("TEST_DATABASE_URL is not a Citus coordinator (make test-citus)")
    return fresh_db


def test_migrate_distributes_every_campaign_table_with_the_events(cluster_db: Database) -> None:
    intrigue = Intrigue(cluster_db, run_projections=False)
    intrigue.read_side.close()
    with psycopg.connect(cluster_db.conninfo) as conn:
        assert citus.distributed(conn) == EXPECTED
        colocated = conn.execute(
            "SELECT count(DISTINCT colocationid) FROM pg_dist_partition WHERE partmethod = 'h'"
            " AND column_to_column_name(logicalrelid, partkey) = 'campaign_id'"
        ).fetchone()
        assert colocated == (1,)  # one shard group per campaign: every campaign table with the events
        delegated = conn.execute(
            "SELECT distribution_argument_index, force_delegation FROM pg_dist_object"
            " WHERE objid = 'intrigue_insert_events'::regproc"
        ).fetchone()
        assert delegated == (0, True)


def test_databases_made_at_once_each_register_every_worker(admin_db: Database, cluster_db: Database) -> None:
    """`make test-citus`'s processes each make databases on the one cluster; made at the same moment, each must
    end with the extension and every worker registered (two `citus_add_node`s at once once failed one of them with
    "tuple concurrently updated", and every test of that process with it)."""
    names = [f"intrigue_at_once_{uuid4().hex[:10]}" for _ in range(4)]
    start, failures = threading.Barrier(len(names)), []

    def make(name: str) -> None:
        start.wait()
        try:
            database.create_database(admin_db, name)
        except Exception as error:  # reported below, with the name
            failures.append(f"{name}: {error!r}")

    makers = [threading.Thread(target=make, args=(name,)) for name in names]
    try:
        for maker in makers:
            maker.start()
        for maker in makers:
            maker.join()
        assert failures == []
        with psycopg.connect(admin_db.conninfo) as conn:
            expected = citus.workers(conn)
        assert len(expected) == 2
        for name in names:
            with psycopg.connect(admin_db.with_dbname(name).conninfo) as conn:
                assert citus.workers(conn) == expected, name
    finally:
        for name in names:
            database.drop_database(admin_db, name)


class TwoPhaseWatch:
    """Samples, every few milliseconds, the coordinator's record of two-phase commits and every worker's prepared
    transactions in this database: the most of each seen."""

    def __init__(self, db: Database) -> None:
        with psycopg.connect(db.conninfo) as conn:  # two-phase commits from before (the setup's DDL): not counted
            self.before = [str(row[0]) for row in conn.execute("SELECT gid FROM pg_dist_transaction")]
        self.db, self.most, self.done = db, {"pg_dist_transaction": 0, "pg_prepared_xacts": 0}, threading.Event()
        self.by: dict[str, str] = {}  # each two-phase commit seen: who made it
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        with psycopg.connect(self.db.conninfo, autocommit=True) as coordinator:
            nodes = [
                psycopg.connect(make_conninfo(self.db.conninfo, host=h, port=p), autocommit=True)
                for h, p in citus.workers(coordinator)
            ]
            try:
                while not self.done.wait(0.005):
                    two_pc = coordinator.execute(
                        "SELECT count(*) FROM pg_dist_transaction WHERE gid <> ALL(%s)", (self.before,)
                    ).fetchone()
                    prepared = [
                        n.execute(
                            "SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()"
                        ).fetchone()
                        for n in nodes
                    ]
                    self._see("pg_dist_transaction", int(two_pc[0]) if two_pc else 0)
                    if two_pc and two_pc[0]:
                        self._who(coordinator)
                    self._see("pg_prepared_xacts", sum(int(row[0]) for row in prepared if row))
            finally:
                for node in nodes:
                    node.close()

    def _who(self, coordinator: psycopg.Connection[Any]) -> None:
        """Which session made each new two-phase commit: its gid (citus_<group>_<pid>_<number>_<connection>)
        names the coordinator's backend, whose name and last statement say what it is (a command, a runner)."""
        for (gid,) in coordinator.execute(
            "SELECT gid FROM pg_dist_transaction WHERE gid <> ALL(%s)", ([*self.before, *self.by],)
        ):
            pid = int(str(gid).split("_")[2])
            row = coordinator.execute(
                "SELECT application_name, left(query, 200) FROM pg_stat_activity WHERE pid = %s", (pid,)
            ).fetchone()
            self.by[str(gid)] = f"{row[0]}: {row[1]}" if row else f"backend {pid}, gone"

    def _see(self, what: str, count: int) -> None:
        self.most[what] = max(self.most[what], count)

    def __enter__(self) -> TwoPhaseWatch:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.done.set()
        self.thread.join()


@pytest.fixture
def intrigue_on_cluster(cluster_db: Database) -> Iterator[Intrigue]:
    intrigue = Intrigue(cluster_db)
    yield intrigue
    intrigue.read_side.close()


def test_a_played_phase_commits_without_two_phase_commit(cluster_db: Database, intrigue_on_cluster: Intrigue) -> None:
    intrigue = intrigue_on_cluster
    cities = [intrigue.campaigns.create_campaign(city(f"citus {n}")).id for n in range(3)]
    for campaign_id in cities:
        register_five(intrigue, intrigue.store.load(campaign_id, Campaign))
    with TwoPhaseWatch(cluster_db) as watch:
        for campaign_id in cities:
            intrigue.campaigns.open_phase(campaign_id)
            accepted, _ = give_orders(intrigue, campaign_id)
            assert accepted, "the houses gave orders"
            intrigue.campaigns.resolve_phase(campaign_id)
    assert watch.most == {"pg_dist_transaction": 0, "pg_prepared_xacts": 0}, watch.by
    listed = {UUID(str(c["id"])) for c in intrigue.catalog.campaigns(limit=1000)}  # a multi-shard read
    assert set(cities) <= listed
    for campaign_id in cities:  # each campaign's events in its own lane, gap-free, on one shard
        with psycopg.connect(cluster_db.conninfo) as conn:
            rows = conn.execute(
                "SELECT campaign_position FROM intrigue_events WHERE campaign_id = %s ORDER BY 1", (campaign_id,)
            ).fetchall()
            positions = [int(row[0]) for row in rows]
        assert positions == list(range(1, len(positions) + 1))
