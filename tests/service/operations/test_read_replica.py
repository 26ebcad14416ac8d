"""Reads from a streaming replica (`DATABASE_URL_READ`); a client's `Intrigue-Position` keeps read-your-writes
(issue 27, item 6). A primary and its standby of the test's own: one applying commits 2 s late (wide of a loaded
machine's request time), so that only the wait and the fallback to the primary can keep read-your-writes, and one
streaming as fast as it can."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence import migrations
from service.persistence.replica import ReplicaReads
from tests.service.operations.pgcluster import own_primary
from tests.support.processes import eventually

WRITERS, WRITES_EACH = 4, 8
CAMPAIGNS = "/api/v1/campaigns"


@contextmanager
def replicated_with(apply_delay_ms: int) -> Iterator[tuple[TestClient, ReplicaReads]]:
    with own_primary() as primary:
        migrations.migrate(primary.db)  # the standby starts with the schema
        standby = primary.standby(apply_delay_ms=apply_delay_ms)
        system = Intrigue(primary.db, pool_size=2, read_db=standby.db)
        try:
            with TestClient(create_app(system)) as client:
                rest = next(r.app for r in client.app.routes if getattr(r, "path", "") == "/api/v1")  # type: ignore[attr-defined]
                replica = rest.state.reads.reads
                assert isinstance(replica, ReplicaReads)
                yield client, replica
        finally:
            system.close()


@pytest.fixture
def replicated() -> Iterator[tuple[TestClient, ReplicaReads]]:
    with replicated_with(apply_delay_ms=2000) as found:
        yield found


def write_then_read(client: TestClient, name: str, position: str | None) -> bool:
    """Create a campaign, then read it at once, naming `position` ("given": the one the write was answered with;
    None: none): whether the read saw the write."""
    created = client.post(CAMPAIGNS, json={"name": name, "rule_systems": ["factionturn"]})
    assert created.status_code == 201, created.text
    if position == "given":  # the answer names its position only when reads may lag; any position asks for
        position = created.headers.get("Intrigue-Position", "1")  # read-your-writes (docs/scaling.md)
    headers = {"Intrigue-Position": position} if position is not None else {}
    read = client.get(f"{CAMPAIGNS}/{created.json()['campaign']['id']}", headers=headers)
    assert read.status_code in (200, 404), read.text
    return read.status_code == 200 and bool(read.json()["name"] == name)


def under_load(client: TestClient, prefix: str) -> list[bool]:
    """WRITERS clients at once, each writing then reading back with the position it was given, WRITES_EACH times."""
    names = [f"{prefix} {w}-{n}" for w in range(WRITERS) for n in range(WRITES_EACH)]
    with ThreadPoolExecutor(WRITERS) as pool:
        return list(pool.map(lambda name: write_then_read(client, name, "given"), names))


def test_a_client_naming_its_position_reads_its_writes_under_load(replicated: tuple[TestClient, ReplicaReads]) -> None:
    client, replica = replicated
    seen = under_load(client, "ryw")
    assert seen == [True] * WRITERS * WRITES_EACH  # every read saw its own write
    assert replica.sent["primary"] >= len(seen)  # the replica, 2 s behind, was not waited for past ~50 ms
    assert replica.waits["miss"] >= len(seen)


def test_read_your_writes_holds_on_a_streaming_replica_under_load() -> None:
    with replicated_with(apply_delay_ms=0) as (client, replica):
        seen = under_load(client, "streamed")
        assert seen == [True] * WRITERS * WRITES_EACH  # whichever server each read went to, it saw its write
        assert replica.waits["hit"] + replica.waits["miss"] >= len(seen)  # every read named its position


def test_reads_naming_no_position_go_to_the_replica(replicated: tuple[TestClient, ReplicaReads]) -> None:
    client, replica = replicated
    seen = [write_then_read(client, f"any {n}", None) for n in range(5)]
    assert seen == [False] * 5  # read from the replica, which applies the commits later
    assert replica.sent["replica"] >= 5  # (the commands' own answers read the primary)


def test_a_position_the_replica_has_reached_is_read_there(replicated: tuple[TestClient, ReplicaReads]) -> None:
    client, replica = replicated
    write_then_read(client, "caught up", "1")
    before = replica.sent["replica"]

    def read_on_replica() -> bool:
        assert client.get(CAMPAIGNS, headers={"Intrigue-Position": "1"}).status_code == 200
        return replica.sent["replica"] > before

    eventually(read_on_replica, "a read naming a position to go to the replica once it has caught up", limit=30)
