"""The standings' composer alone, on a kept database's campaign (issue 31, P6; docs/scaling.md, "Issue 31, P6: the
save side (session 18)"): the factions' states read once as the projection reads them, then every faction's three
elements composed N times from them; prints the best CPU seconds of a composition, the read's, and a digest of the
elements, so two trees' runs on the same database can be compared for identical bytes.

`python -m bench.standings_compose NAME [N]`: NAME a database on the server at DATABASE_URL's host (a copy of a
`phase_run` template; it is only read). Run it from each tree in turn (ABAB) with the same interpreter.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from typing import Any
from uuid import UUID

import psycopg
from psycopg.rows import dict_row
from psycopg.sql import Identifier

from projections import standings
from service.entrypoints.graphql.precomputed import FactionStandings


def main(name: str, times: int) -> None:
    server = os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres").rsplit("/", 1)[0]
    with psycopg.connect(f"{server}/{name}", row_factory=dict_row) as conn:
        curs = conn.cursor()
        sql = standings.statements(1, Identifier("aggregate_state_g1"))
        found = curs.execute("SELECT campaign_id FROM aggregate_state_g1 WHERE kind = 'faction' LIMIT 1").fetchone()
        assert found is not None, "no faction in this database"
        campaign_id = found["campaign_id"]

        def read(kind: str, only: list[UUID] | None) -> list[dict[str, Any]]:
            return [row["state"] for row in curs.execute(sql["answer_states"], (campaign_id, kind, only, only, []))]

        started = time.process_time()
        kept = {kind: read(kind, None) for kind in ("faction", "phasechronicle")}
        read_seconds = time.process_time() - started
    composer, best = FactionStandings(), float("inf")
    members = composer.compose(campaign_id, None, lambda kind, _: kept[kind])
    for _ in range(times):
        started = time.process_time()
        composer.compose(campaign_id, None, lambda kind, _: kept[kind])
        best = min(best, time.process_time() - started)
    digest = hashlib.sha256()
    for m in members:
        digest.update(b"%s|%s|%s|%s|%s" % (m.id.bytes, str(m.sort_name).encode(), m.gm, m.public, m.own))
    print(f"COMPOSE members={len(members)} best={best:.4f} read={read_seconds:.4f} digest={digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7)
