"""A shard move under load (issue 27, item 4; docs/scaling.md, "Citus"): while ten clients
roll dice in one campaign through the service, each request under its own idempotency key and retried with that
key until answered, the campaign's shard group moves to the other worker (`citus_move_shard_placement`,
`force_logical`). No acknowledged roll is lost, none is written twice, no answer is a 500; a subscription to the
campaign's events and reads go on. Runs where TEST_DATABASE_URL is a Citus coordinator (`make test-citus`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from domain.commands import CreateCampaign
from domain.seats import gm_seat_id
from service.bootstrap import Intrigue
from service.persistence import citus, idempotency
from service.persistence.database import Database
from tests.support.processes import Api, eventually
from tests.support.rest_support import API, bearer

CLIENTS = 10
EVENTS = "subscription($id: UUID!, $after: Int!) { campaignEvents(campaignId: $id, after: $after) { topic } }"
ROLLED = "%DiceRolled"


def placement(db: Database, campaign_id: UUID) -> tuple[int, str, int]:
    """The campaign's events shard and the worker holding it."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT shardid, nodename, nodeport FROM citus_shards WHERE shardid ="
            " get_shard_id_for_distribution_column('intrigue_events', %s)",
            (campaign_id,),
        ).fetchone()
    assert row is not None
    return int(row[0]), str(row[1]), int(row[2])


MOVE_TRIES = 3


def move(db: Database, campaign_id: UUID) -> tuple[float, int]:
    """Move the campaign's shard group to the other worker; the seconds it took and the tries. Citus's distributed
    deadlock detection may cancel the move (its final lock on the shards queued between a writer's statements,
    which then waits behind it): a move cancelled so changed nothing, and is run again, as an operator or the
    rebalancer would (docs/scaling.md, "A shard move under load"). The writers' guarantees are what is checked."""
    shard, host, port = placement(db, campaign_id)
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        (target,) = [w for w in citus.workers(conn) if w != (host, port)]
        started = time.monotonic()
        for attempt in range(1, MOVE_TRIES + 1):
            try:
                conn.execute(
                    "SELECT citus_move_shard_placement(%s, %s, %s, %s, %s, shard_transfer_mode => 'force_logical')",
                    (shard, host, port, *target),
                )
                return time.monotonic() - started, attempt
            except (psycopg.errors.DeadlockDetected, psycopg.errors.InternalError) as error:
                if attempt == MOVE_TRIES or not retried(error):
                    raise
                eventually(lambda: cleaned_up(conn), "Citus to clean up what the cancelled move left")
        raise AssertionError("unreachable")


def retried(error: psycopg.Error) -> bool:
    """A move cancelled as a deadlock's victim, or refused because what such a move left still stands (Citus drops
    a cancelled move's new placement once nothing holds it; a move of the same shard will not start before)."""
    return isinstance(error, psycopg.errors.DeadlockDetected) or "could not be cleaned up" in str(error)


def cleaned_up(conn: psycopg.Connection[Any]) -> bool:
    """Asks Citus to drop the leftovers of cancelled moves, and whether none is left (`pg_dist_cleanup` empty)."""
    conn.execute("CALL citus_cleanup_orphaned_resources()")
    row = conn.execute("SELECT count(*) FROM pg_dist_cleanup").fetchone()
    return row is not None and row[0] == 0


class Clients:
    """Ten writers: each roll under a new key, sent again under that key until it is answered: 201, or 409 (another
    roll changed the campaign first; nothing was written)."""

    def __init__(self, base: str, campaign_id: UUID, token: str) -> None:
        self.url, self.token = f"{base}{API}/campaigns/{campaign_id}/rolls", token
        self.acknowledged: list[str] = []
        self.statuses: dict[int, int] = {}
        self.bodies: list[str] = []  # the first few answers other than 201, to show
        self.stop, self.lock = threading.Event(), threading.Lock()
        self.threads = [threading.Thread(target=self._write, daemon=True) for _ in range(CLIENTS)]

    def _write(self) -> None:
        with httpx.Client(timeout=60) as client:
            while not self.stop.is_set():
                key = str(uuid4())
                while True:
                    try:
                        answer = client.post(
                            self.url,
                            json={"expression": "1d6", "purpose": "omen"},
                            headers={"Idempotency-Key": key, **bearer(self.token)},
                        )
                        status = answer.status_code
                    except httpx.HTTPError:
                        status = 0  # no answer: sent again under the same key
                    with self.lock:
                        self.statuses[status] = self.statuses.get(status, 0) + 1
                        if status not in (0, 201, 409) and len(self.bodies) < 5:
                            self.bodies.append(answer.text)
                    if status == 201:
                        with self.lock:
                            self.acknowledged.append(key)
                        break
                    if status == 409:
                        break  # refused (another roll changed the campaign first): nothing written; a new key
                    if status not in (0, 503):
                        return  # anything else is counted, and fails the test
                    time.sleep(0.05)

    def __enter__(self) -> Clients:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=120)


def listen(receive: Callable[[], dict[str, Any]], received: list[Any]) -> None:
    """Each payload of the subscription into `received` until its connection closes (the test leaves the
    subscription's block), a quiet half-minute waited through."""
    while True:
        try:
            received.append(receive())
        except TimeoutError:
            continue
        except ConnectionClosed:
            return


def rolled(db: Database, campaign_id: UUID) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT count(*) FROM intrigue_events WHERE campaign_id = %s AND topic LIKE %s", (campaign_id, ROLLED)
        ).fetchone()
    return int(row[0]) if row else 0


def claimed(db: Database, campaign_id: UUID) -> set[bytes]:
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT key_sha256 FROM idempotency_keys WHERE campaign_id = %s AND position IS NOT NULL", (campaign_id,)
        ).fetchall()
    return {bytes(row[0]) for row in rows}


def test_a_campaign_moves_to_the_other_worker_under_ten_writers(fresh_db: Database, tmp_path: Path) -> None:
    with psycopg.connect(fresh_db.conninfo) as conn:
        if not citus.enabled(conn):
            pytest.skip("TEST_DATABASE_URL is not a Citus coordinator (make test-citus)")
    system = Intrigue(fresh_db)
    try:
        started = system.seats.start_campaign(CreateCampaign(f"moved {uuid4().hex[:6]}", ["factionturn"], None, []))
    finally:
        system.close()
    campaign_id, token = started.campaign.id, started.gm.token
    api = Api(fresh_db, tmp_path, "api", "--no-migrate", env={"INTRIGUE_RUN_PROJECTIONS": "1"})
    received: list[Any] = []
    try:
        eventually(api.ready, "the server", api)
        with (
            api.subscription(token, EVENTS, id=str(campaign_id), after=0) as receive,
            Clients(api.base, campaign_id, token) as clients,
        ):
            listening = threading.Thread(target=listen, args=(receive, received), daemon=True)
            listening.start()
            eventually(lambda: len(clients.acknowledged) >= 20, "rolls before the move", api)
            before, source = len(clients.acknowledged), placement(fresh_db, campaign_id)
            seconds, tries = move(fresh_db, campaign_id)
            assert placement(fresh_db, campaign_id)[1:] != source[1:]  # on the other worker now
            heard = len(received)
            eventually(
                lambda: len(clients.acknowledged) >= before + 40 and len(received) > heard + 10,
                f"rolls and events after the move (had {before} acknowledged, {heard} events)",
                api,
            )
            read = httpx.get(f"{api.base}{API}/campaigns/{campaign_id}", headers=bearer(token), timeout=30)
        listening.join(timeout=30)  # the subscription's connection closed with its block: the listener ends
        acknowledged, statuses = list(clients.acknowledged), dict(clients.statuses)
    finally:
        api.stop()
    print("\n".join(clients.bodies))
    print("\n".join(line for line in api.output().splitlines() if '"error"' in line or "Traceback" in line)[-6000:])
    assert read.status_code == 200
    assert 500 not in statuses and set(statuses) <= {0, 201, 409, 503}, statuses
    # No acknowledged roll lost, none written twice: each acknowledged key has its claim, which commits with its
    # command's events, and there are as many rolls as claims (a key sent again after a lost answer is answered
    # from its claim, not rolled again). At most one roll per client was in flight, unanswered, at the stop.
    claims, stored = claimed(fresh_db, campaign_id), rolled(fresh_db, campaign_id)
    scope = idempotency.scope_of(gm_seat_id(campaign_id), str(uuid4()))
    assert len(set(acknowledged)) == len(acknowledged)
    assert {idempotency._key_digest(scope, key) for key in acknowledged} <= claims
    assert stored == len(claims) and len(claims) - len(acknowledged) <= CLIENTS
    print(f"\nshard move: {seconds:.2f} s in {tries} tries; {len(acknowledged)} acknowledged, {stored} stored")
    print(f"statuses {statuses}")
