"""Idempotency keys: a retried command answers its first result and writes nothing new.

A key is scoped to the seat that sent it (or to unseated callers), and stored with a fingerprint of the
request and the response, in the table `idempotency_keys`. Racing requests with one key are serialised by
a PostgreSQL advisory lock held while the first one runs, so the second one reads the first one's answer.
Answers are kept `RETENTION` (the worker purges older ones): a retry is expected within minutes.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from domain.errors import ConflictError, InvalidInputError

MAX_KEY_LENGTH = 255
LOCK_TIMEOUT_SECONDS = 30
DDL = [  # run by `service.migrations`
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
RETENTION = "7 days"


@dataclass
class Claim:
    """The right to run a command under a key; `stored` is the first answer when there was one."""

    conn: psycopg.AsyncConnection[Any]
    scope: str
    key: str
    fingerprint: bytes
    stored: dict[str, Any] | None

    async def save(self, response: dict[str, Any]) -> None:
        """Record the answer in its own small transaction (the connection autocommits)."""
        plain = json.dumps(response, default=str).encode()
        await self.conn.execute(
            "INSERT INTO idempotency_keys (scope, key_sha256, fingerprint, response, sealing)"
            " VALUES (%s, %s, %s, %s, 2) ON CONFLICT DO NOTHING",
            (self.scope, _key_digest(self.scope, self.key), self.fingerprint, _seal(self.scope, self.key, plain)),
        )


def check_key(key: str) -> str:
    if not 0 < len(key) <= MAX_KEY_LENGTH or not key.isprintable():
        raise InvalidInputError(f"an idempotency key is 1-{MAX_KEY_LENGTH} printable characters")
    return key


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
    async def claim(self, scope: str, key: str, print_: bytes) -> AsyncIterator[Claim]:
        """Hold the key for the length of the block; a racer with the same key waits, then reads the answer."""
        check_key(key)
        # A connection of its own, outside the event store's pool: a waiter must never starve the command
        # it is waiting for of connections. Closing it releases the session-level advisory lock.
        async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
            key_digest = _key_digest(scope, key)
            await conn.execute(f"SET lock_timeout = '{LOCK_TIMEOUT_SECONDS}s'")  # type: ignore[arg-type]
            try:
                await conn.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", (key_digest.hex(),))
            except psycopg.errors.LockNotAvailable:
                raise ConflictError("a request with this idempotency key is still running; retry later") from None
            cursor = await conn.execute(
                "SELECT fingerprint, response, sealing FROM idempotency_keys WHERE scope = %s AND key_sha256 = %s",
                (scope, key_digest),
            )
            row = await cursor.fetchone()
            if row is not None and bytes(row[0]) != print_:
                raise InvalidInputError("this idempotency key was first used for a different request")
            stored = json.loads(_open(scope, key, bytes(row[1]), row[2])) if row else None
            yield Claim(conn, scope, key, print_, stored)


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
