"""Idempotency keys: a retried command answers its first result and never writes twice.

A key is scoped to the seat that sent it; an unseated caller's key is its own scope, honoured only when random enough
to be a secret (`scope_of`, `key_randomness`), refused otherwise. The record is committed in the same transaction as
the command's writes: the request runs its command inside `Claim.running()`, and the event store's writer
(`service/persistence/recorder.py`; `service/usecases/seats.py` for a seat) writes the claim (scope, key digest,
fingerprint, the position appended) in the transaction that appends the events. The full answer needs the read models,
so it is stored afterwards (`Claim.save`). Decision: a retry that finds the claim without an answer (`unanswered`: the
server stopped between the commit and the answer) does not run the command again; it is answered that the command was
committed at `committed_at`, without the first answer's body, which may have held a token that must not be shown again
and which cannot be rebuilt without running the command.

Racing requests with one key are serialised by a PostgreSQL advisory lock, taken on a connection of the app's
idempotency pool and held while the first one runs; a waiter polls for it without holding a connection.
A command that writes no events (a refusal) stores its answer alone. Answers are kept `RETENTION` (the worker
purges older ones): a retry is expected within minutes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import psycopg
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from psycopg import AsyncConnection
from psycopg.rows import DictRow

from domain.errors import ConflictError, InvalidInputError
from service.persistence import key_randomness, outcomes
from service.persistence.campaign_keys import NIL
from service.persistence.outcomes import Outcome
from service.persistence.readpool import ReadPool

MAX_KEY_LENGTH = 255
LOCK_TIMEOUT_SECONDS = 30
DDL = [  # run by `service.persistence.migrations`
    """CREATE TABLE IF NOT EXISTS idempotency_keys (
        scope text NOT NULL,
        key_sha256 bytea NOT NULL,
        fingerprint bytea NOT NULL,
        response bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key_sha256))""",
]
# Migration step 4: how each answer is sealed (1: the XOR keystream of before, 2: AES-GCM), and the purge.
DDL_SEALING = [
    "ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS sealing smallint NOT NULL DEFAULT 1",
    "CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at)",
]
# Migration step 5: the claim is written with the command's events (position set, response NULL until answered).
DDL_CLAIM_WITH_EVENTS = [
    "ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS position bigint",
    "ALTER TABLE idempotency_keys ALTER COLUMN response DROP NOT NULL",
]
RETENTION = "7 days"
REFUSED = (
    "without a bearer token, the Idempotency-Key is the caller's only secret and must carry at least"
    " {required} random bits; this one carries about {credited} (too short, or a pattern): send a random UUID,"
    " or 16 random bytes in hex or base64url. Nothing was run"
)
ANSWER_LOST = (
    "this command was committed at the position given; its answer was not kept (the server stopped"
    " before sending it), so it is not run again: read the state it changed"
)


@dataclass
class Claim:
    """The right to run a command under a key, or what a first request with the key left behind.

    `stored` is the first answer when one was kept. `unanswered` is true when the first request's command
    committed (its claim was written with its writes) but no answer was kept: the server stopped in between;
    `committed_at` is then the last event position it appended (None for a write that appends no events).
    """

    conn: AsyncConnection[DictRow]
    scope: str
    key: str
    fingerprint: bytes
    stored: dict[str, Any] | None
    unanswered: bool = False
    committed_at: int | None = None
    outcome: Outcome = field(default_factory=Outcome)
    campaign: UUID = NIL  # the campaign its command wrote to (`record`); an answer kept alone: the one named

    @property
    def digest(self) -> bytes:
        return _key_digest(self.scope, self.key)

    def record(self, cursor: Any, position: int | None, campaign: UUID) -> None:
        """Write the claim in the caller's transaction (the one appending the command's events), in the
        command's campaign: on Citus, the shard its events go to (a single-shard transaction, docs/scaling.md)."""
        self.campaign = campaign
        cursor.execute(
            "INSERT INTO idempotency_keys (campaign_id, scope, key_sha256, fingerprint, response, sealing, position)"
            " VALUES (%s, %s, %s, %s, NULL, 2, %s)"
            " ON CONFLICT (scope, key_sha256, campaign_id)"
            " DO UPDATE SET position = coalesce(EXCLUDED.position, idempotency_keys.position)",
            (campaign, self.scope, self.digest, self.fingerprint, position),
        )

    @contextmanager
    def running(self) -> Iterator[Outcome]:
        """Run the command in this block: its first write commits the claim with it."""
        with outcomes.tracking(self.record) as outcome:
            self.outcome = outcome
            yield outcome

    async def save(self, response: dict[str, Any]) -> None:
        """Keep the answer: beside the claim its command committed, or alone (a refusal wrote nothing)."""
        sealed = _seal(self.scope, self.key, json.dumps(response, default=str).encode())
        if self.outcome.committed:
            await self.conn.execute(
                "UPDATE idempotency_keys SET response = %s, sealing = 2"
                " WHERE campaign_id = %s AND scope = %s AND key_sha256 = %s",
                (sealed, self.campaign, self.scope, self.digest),
            )
            return
        await self.conn.execute(  # under the campaign the request named (NIL: none), where a retry looks
            "INSERT INTO idempotency_keys (campaign_id, scope, key_sha256, fingerprint, response, sealing)"
            " VALUES (%s, %s, %s, %s, %s, 2) ON CONFLICT DO NOTHING",
            (self.campaign, self.scope, self.digest, self.fingerprint, sealed),
        )


def check_key(key: str) -> str:
    if not 0 < len(key) <= MAX_KEY_LENGTH or not key.isprintable():
        raise InvalidInputError(f"an idempotency key is 1-{MAX_KEY_LENGTH} printable characters")
    return key


def scope_of(seat_id: UUID | None, key: str) -> str:
    """Whose keys these are: the seat's; for an unseated caller, its own key, if random enough to be its secret.

    An unseated caller has nothing else that tells its retries from another client's, so its key must be
    unguessable: one credited fewer random bits than `key_randomness` requires is refused before anything runs,
    so that no answer, nor the token it may hold, is ever replayed to someone else, and the caller, told so,
    does not retry believing it is safe.
    """
    check_key(key)
    if seat_id is not None:
        return f"seat:{seat_id}"
    credited, required = key_randomness.random_bits(key), key_randomness.required_bits(key)
    if credited < required:
        raise InvalidInputError(REFUSED.format(credited=int(credited), required=required))
    return "unseated"


def fingerprint(*parts: str | bytes) -> bytes:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.digest()


class IdempotencyKeys:
    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo

    @asynccontextmanager
    async def claim(
        self, pool: ReadPool, scope: str, key: str, print_: bytes, campaign: UUID | None = None
    ) -> AsyncIterator[Claim]:
        """Hold the key for the length of the block; a racer with the same key waits, then reads the answer.

        `campaign`: the one campaign the request names, which its command writes to (a command writes one
        campaign, the one it names), so its claim is there: the lookup names it and, on Citus, goes to that
        campaign's shard alone (docs/scaling.md, "Citus"). Without one (creating a campaign), every shard is read.
        """
        check_key(key)
        lookup = (
            "SELECT fingerprint, response, sealing, position FROM idempotency_keys WHERE scope = %s AND key_sha256 = %s"
        )
        params: tuple[Any, ...] = (scope, _key_digest(scope, key))
        if campaign is not None:
            lookup, params = f"{lookup} AND campaign_id = %s", (*params, campaign)
        async with _locked(pool, _key_digest(scope, key)) as conn:
            cursor = await conn.execute(lookup, params)
            row = await cursor.fetchone()
            if row is not None and bytes(row["fingerprint"]) != print_:
                raise InvalidInputError("this idempotency key was first used for a different request")
            stored = None
            if row is not None and row["response"] is not None:
                stored = json.loads(_open(scope, key, bytes(row["response"]), row["sealing"]))
            unanswered = row is not None and row["response"] is None
            yield Claim(
                conn, scope, key, print_, stored, unanswered, row["position"] if row else None, campaign=campaign or NIL
            )


@asynccontextmanager
async def _locked(pool: ReadPool, key_digest: bytes) -> AsyncIterator[AsyncConnection[DictRow]]:
    """A pooled connection holding the key's advisory lock.

    A waiter polls with `pg_try_advisory_lock` and gives its connection back between tries, so racers never
    hold the pool's connections while they wait, and never starve the command they wait for. The lock is
    released before the connection goes back to the pool (a broken connection is discarded, ending its session).
    """
    lock = ("SELECT pg_try_advisory_lock(hashtextextended(%s, 0)) AS held", (key_digest.hex(),))
    deadline, pause = time.monotonic() + LOCK_TIMEOUT_SECONDS, 0.005
    while True:
        async with pool.connection() as conn:
            held = await (await conn.execute(*lock)).fetchone()
            if held and held["held"]:
                try:
                    yield conn
                finally:
                    await _unlock(conn, key_digest)
                return
        if time.monotonic() > deadline:
            raise ConflictError("a request with this idempotency key is still running; retry later")
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.2)


async def _unlock(conn: AsyncConnection[DictRow], key_digest: bytes) -> None:
    try:
        await conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (key_digest.hex(),))
    except psycopg.Error:
        await conn.close()  # the pool discards a closed connection; ending its session frees the lock


def _key_digest(scope: str, key: str) -> bytes:
    return hashlib.sha256(f"{scope}\0{key}".encode()).digest()


def _cipher(scope: str, key: str) -> AESGCM:
    """AES-256-GCM under a key derived from the idempotency key itself (HKDF-SHA256).

    Answers hold secrets (a new seat's bearer token), and the table stores only the key's hash, so a
    stored answer reveals nothing without the key the client sent: tokens stay unrecoverable at rest.
    """
    derive = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"intrigue idempotency v2", info=scope.encode())
    return AESGCM(derive.derive(key.encode()))


def _seal(scope: str, key: str, data: bytes) -> bytes:
    nonce = os.urandom(12)
    return nonce + _cipher(scope, key).encrypt(nonce, data, _key_digest(scope, key))


def _open(scope: str, key: str, sealed: bytes, sealing: int) -> bytes:
    if sealing == 1:  # written before step 4 (XOR with a SHAKE-256 keystream); purged within RETENTION
        stream = hashlib.shake_256(f"intrigue idempotency v1\0{scope}\0{key}".encode()).digest(len(sealed))
        return (int.from_bytes(sealed, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(sealed), "big")
    return _cipher(scope, key).decrypt(sealed[:12], sealed[12:], _key_digest(scope, key))


def purge(conn: psycopg.Connection[Any]) -> int:
    """Forget answers older than `RETENTION`; returns how many."""
    cursor = conn.execute("DELETE FROM idempotency_keys WHERE created_at < now() - %s::interval", (RETENTION,))
    return cursor.rowcount
