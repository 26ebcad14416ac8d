"""`DATABASE_URL` in libpq's multi-host form, with its parameters, reaches every connection (issue 27, item 5)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from domain.commands import CreateCampaign, MapRegion
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.service.operations.pgcluster import own_primary
from tests.support.processes import Process


def test_a_multi_host_url_keeps_every_host_port_and_parameter() -> None:
    url = "postgresql://gm:s%40cret@db1:5433,db2:5434/intrigue?target_session_attrs=read-write&connect_timeout=4"
    db = Database.from_url(url)
    assert (db.host, db.port, db.user, db.password, db.dbname) == ("db1,db2", "5433,5434", "gm", "s@cret", "intrigue")
    options = psycopg.conninfo.conninfo_to_dict(db.options)
    assert options == {"target_session_attrs": "read-write", "connect_timeout": "4"}
    assert psycopg.conninfo.conninfo_to_dict(db.conninfo)["target_session_attrs"] == "read-write"
    assert Database.from_url(db.url) == db


def test_a_url_libpq_refuses_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="DATABASE_URL"):
        Database.from_url("postgresql://h1:5432/db?no_such_parameter=1")
    with pytest.raises(ValueError, match="postgresql://"):
        Database.from_url("mysql://h1/db")


def two_hosts_first_down(db: Database) -> Database:
    """`db` behind a first host that refuses connections (port 1), asking for a server that accepts writes."""
    return replace(db, host=f"127.0.0.1,{db.host}", port=f"1,{db.port}", options="target_session_attrs=read-write")


@pytest.fixture
def own_db() -> Iterator[Database]:
    with own_primary() as server:
        yield server.db


def test_the_service_runs_through_a_multi_host_url_whose_first_host_is_down(own_db: Database, tmp_path: Path) -> None:
    db = two_hosts_first_down(own_db)
    migrate = Process(db, tmp_path, "migrate", "migrate")  # `intrigue migrate` reads the URL as the server does
    assert migrate.popen.wait(timeout=120) == 0, migrate.output()
    system = Intrigue(db, pool_size=2, migrate=False)
    try:
        command = CreateCampaign("Two hosts", ["factionturn"], None, [MapRegion("A", 0, 0, arcana=2)])
        campaign = system.campaigns.create_campaign(command)  # written through eventsourcing's pool, read back
        assert system.state.one(campaign.id, "campaign")["name"] == "Two hosts"  # the read side
        datastore = system.store.recorder.datastore  # type: ignore[attr-defined]
        with datastore.get_connection() as conn:
            assert conn.info.get_parameters()["target_session_attrs"] == "read-write"
    finally:
        system.close()
