"""Where the backends' time of one resolution goes, statement by statement (issue 31, P6, session 19): the same run
as `bench/phase_run.py resolve`, on a server with `pg_stat_statements` loaded (shared_preload_libraries; the
extension is created in the server's `postgres` database if missing), its counters reset once the process is warm
and read before the raw executemany; the WAL written by the resolution (pg_current_wal_lsn before and after) and by
one raw executemany of the same rows.

`DATABASE_URL=... python -m bench.phase_statements TEMPLATE LABEL`: prints `STATEMENTS {json}` (each statement's
calls, rows, total and mean ms, shared blocks hit/dirtied/written, WAL records and bytes; the costliest first),
`WAL {json}`, then phase_run's RESULT line. A shared server's other databases count too: use a server of your own.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import psycopg

from bench import phase_run

_STATEMENTS = """SELECT calls, rows, round(total_exec_time::numeric, 2), round(mean_exec_time::numeric, 3),
    shared_blks_hit, shared_blks_dirtied, shared_blks_written, wal_records, wal_fpi, wal_bytes, query
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = %s)
    ORDER BY total_exec_time DESC"""
_MARK: dict[str, Any] = {}


def _admin() -> psycopg.Connection[Any]:
    return psycopg.connect(phase_run.admin().conninfo, autocommit=True)


def _after_warm() -> None:
    with _admin() as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        conn.execute("SELECT pg_stat_statements_reset()")
        _MARK["lsn"] = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]


def _statements(dbname: str) -> list[dict[str, Any]]:
    with _admin() as conn:
        rows = conn.execute(_STATEMENTS, (dbname,)).fetchall()
    keys = ("calls", "rows", "total_ms", "mean_ms", "hit", "dirtied", "written", "wal_records", "wal_fpi", "wal_bytes")
    return [
        dict(zip(keys, (float(v) for v in r[:10]), strict=True)) | {"query": " ".join(r[10].split())[:160]}
        for r in rows
    ]


def main(template: str, label: str) -> None:
    phase_run.after_warm = _after_warm
    ensure = phase_run.ensure_raw_table
    raw = phase_run.raw_executemany

    def ensure_then_mark(conninfo: str) -> None:
        with _admin() as conn:
            lsn = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
            _MARK["resolution_wal"] = int(
                conn.execute("SELECT %s::pg_lsn - %s::pg_lsn", (lsn, _MARK["lsn"])).fetchone()[0]  # type: ignore[index]
            )
        dbname = psycopg.conninfo.conninfo_to_dict(conninfo)["dbname"]
        print("STATEMENTS " + json.dumps(_statements(str(dbname))), flush=True)
        ensure(conninfo)

    def raw_marked(conninfo: str, rows: Any, repeats: int = 5) -> Any:
        with _admin() as conn:
            start = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
        out = raw(conninfo, rows, repeats=1)
        with _admin() as conn:
            end = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
            raw_wal = int(conn.execute("SELECT %s::pg_lsn - %s::pg_lsn", (end, start)).fetchone()[0])  # type: ignore[index]
        print("WAL " + json.dumps({"resolution": _MARK["resolution_wal"], "raw_executemany": raw_wal}), flush=True)
        return raw(conninfo, rows, repeats=repeats) if repeats > 1 else out

    phase_run.ensure_raw_table = ensure_then_mark  # type: ignore[assignment]
    phase_run.raw_executemany = raw_marked  # type: ignore[assignment]
    phase_run.resolve(template, label, None)


if __name__ == "__main__":
    os.environ.setdefault("DATABASE_URL", "postgresql://postgres@127.0.0.1:5442/postgres")
    main(sys.argv[1], sys.argv[2])
