"""A real PostgreSQL for the tests: TEST_DATABASE_URL, else a Docker container, else the embedded server.

Each test session works in a fresh database of its own and drops it at the end. Under pytest-xdist (`make test`
runs `pytest -n`) each worker is a session of its own: its own databases and, on the embedded server, its own
server, started in the worker's own temporary folder (one server for all workers ran out of its 100 connections).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

# The suite runs every server as the embedded demo does, whichever PostgreSQL it is on: the campaign list open
# (service/entrypoints/shared/campaign_list.py). Tests of the closed list set the variable themselves.
os.environ.setdefault("INTRIGUE_OPEN_CAMPAIGN_LIST", "1")
# Its servers, in process and `intrigue serve` alike, create campaigns and write far faster than a caller may
# (service/entrypoints/shared/rates.py): the limits are raised, still counted. Tests of the limits set their own.
os.environ.setdefault("INTRIGUE_RATE_CAMPAIGNS", "1000000/second")
os.environ.setdefault("INTRIGUE_RATE_MUTATIONS", "1000000/second")

from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence import database
from service.persistence.database import Database
from tests import citus_pool


def _docker_postgres() -> Iterator[Database] | None:
    try:
        import docker

        docker.from_env(timeout=3).ping()
    except Exception:
        return None
    from testcontainers.postgres import PostgresContainer

    def run() -> Iterator[Database]:
        with PostgresContainer("postgres:16-alpine", driver=None) as container:
            yield Database.from_url(container.get_connection_url())

    return run()


@pytest.fixture(scope="session")
def admin_db() -> Iterator[Database]:
    """A server to create test databases on, and how it was chosen."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        yield Database.from_url(url)
        return
    container = None if os.environ.get("INTRIGUE_TEST_NO_DOCKER") else _docker_postgres()
    if container is not None:
        yield from container
        return
    # Not under pytest's own temporary root: each new pytest session as root takes the others' access to it
    # (mode 0700), and the embedded server runs as another user, so a second suite on the machine cut the first's
    # servers off their sockets. A folder of the session's own, removed at exit after the server has stopped (the
    # server's own exit hook, registered later, runs first).
    folder = Path(tempfile.mkdtemp(prefix="intrigue-tests-pg-"))
    folder.chmod(0o755)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    yield database.start_embedded(folder / "pgdata")


@pytest.fixture(scope="session")
def cluster_pool(admin_db: Database) -> Iterator[citus_pool.Pool | None]:
    """On a Citus cluster (`make test-citus`), the session's one database for `fresh_db` (tests/citus_pool.py)."""
    if not citus_pool.on_citus(admin_db):
        yield None
        return
    pool = citus_pool.Pool(admin_db)
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def db(admin_db: Database, cluster_pool: citus_pool.Pool | None) -> Iterator[Database]:
    if cluster_pool is not None:
        made = citus_pool.create(admin_db, "intrigue_test")
    else:
        made = database.create_database(admin_db, f"intrigue_test_{uuid.uuid4().hex[:12]}")
    yield made
    database.drop_database(admin_db, made.dbname)


@pytest.fixture
def fresh_db(admin_db: Database, cluster_pool: citus_pool.Pool | None) -> Iterator[Database]:
    """An empty store of this test's own, which may or may not be migrated yet: on one server a new database; on a
    Citus cluster the session's one database, migrated, emptied after each test (tests/citus_pool.py)."""
    if cluster_pool is not None:
        yield cluster_pool.take()
        cluster_pool.give_back()
        return
    yield from blank(admin_db)


@pytest.fixture
def blank_db(admin_db: Database, cluster_pool: citus_pool.Pool | None) -> Iterator[Database]:
    """A database of this test's own with nothing in it, not even the migrations: for tests of the migrations
    themselves and of older databases."""
    if cluster_pool is not None:
        made = citus_pool.create(admin_db, "intrigue_blank")
        yield made
        database.drop_database(admin_db, made.dbname)
        return
    yield from blank(admin_db)


def blank(admin_db: Database) -> Iterator[Database]:
    name = f"intrigue_fresh_{uuid.uuid4().hex[:12]}"
    yield database.create_database(admin_db, name)
    database.drop_database(admin_db, name)


# One service and one ASGI client per session, shared by tests/service/ and tests/entrypoints/ (their helpers are in
# tests/support/service.py).
@pytest.fixture(scope="session")
def intrigue(db: Database) -> Iterator[Intrigue]:
    system = Intrigue(db)
    yield system
    system.close()


@pytest.fixture(scope="session")
def client(intrigue: Intrigue) -> Iterator[TestClient]:
    with TestClient(create_app(intrigue)) as test_client:
        yield test_client


# `make test-citus` (INTRIGUE_TEST_CITUS=1): a test marked `single_node` is about one PostgreSQL server's own
# behaviour (its reason says which), and is left out on the cluster.
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "single_node(reason): holds on one PostgreSQL server only, not on Citus")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("INTRIGUE_TEST_CITUS"):
        return
    for item in items:
        mark = item.get_closest_marker("single_node")
        if mark is not None:
            item.add_marker(pytest.mark.skip(reason=f"single node: {mark.kwargs.get('reason', '')}"))
