"""The two apps the HTTP sections compare: the real one as `intrigue serve` builds it, and a bare Starlette endpoint
reading the same rows from `aggregate_state` and encoding the standings' fields with orjson, as the answer is."""

from __future__ import annotations

import json
import math
import os
from typing import Any, NamedTuple

import orjson

from service.persistence.database import Database

# The console's standings (web/src/features/standings/api/standings.graphql), whose answers the projection keeps
# (service/entrypoints/graphql/precomputed.py; tests/service/persistence/test_standings_precomputed.py checks they
# are one).
STANDINGS = """query Standings($campaignId: UUID!) { factions(campaignId: $campaignId) {
    id name force cunning wealth hp maxHp facgold xp tags homeRegionId destroyed wild
    assets { id typeKey name attribute regionId hp maxHp stealthed } } }"""
BARE_SQL = "SELECT state FROM aggregate_state WHERE campaign_id = %s AND kind = 'faction' ORDER BY state->>'name', id"
DB_ENV = "INTRIGUE_BENCH_DB"  # the database, as JSON, for an app built in each of several processes
PROCESSES_ENV = "INTRIGUE_BENCH_PROCESSES"


class Pools(NamedTuple):
    """The connections of each process of a server: the app's store pool size (its overflow as many again), read
    pool and idempotency pool, and the bare endpoint's pool."""

    store: int
    reads: int
    claims: int
    bare: int


ONE_PROCESS = Pools(store=5, reads=10, claims=10, bare=10)  # `intrigue serve`'s defaults, and the bare endpoint's


def pools(processes: int) -> Pools:
    """One process's pools divided among `processes` (rounded up), so N processes open about what one did and the
    load's clients have as many connections per process in flight as with one (docs/scaling.md, session 19)."""
    return Pools(*(math.ceil(size / processes) for size in ONE_PROCESS))


def _intrigue_app(db: Database) -> Any:
    from service.bootstrap import Intrigue
    from service.entrypoints.http import create_app
    from service.operations import logs

    logs.configure("json", background=True)  # as `intrigue serve` logs (service/entrypoints/cli.py)
    return create_app(Intrigue(db))


def intrigue_from_environment() -> Any:
    """The app of one of several processes (uvicorn's factory), as `intrigue serve --processes` builds it
    (service/entrypoints/serve_processes.py `app`: its settings from the environment the parent set), with the
    pools of `pools(INTRIGUE_BENCH_PROCESSES)`; the store's pool size comes from that environment too."""
    from service.bootstrap import Settings, bootstrap
    from service.entrypoints.http import create_app
    from service.operations import logs

    logs.configure(background=True)
    sized = pools(int(os.environ[PROCESSES_ENV]))
    return create_app(bootstrap(Settings.load()), read_connections=sized.reads, claim_connections=sized.claims)


def _bare_app(db: Database, connections: int = ONE_PROCESS.bare) -> Any:
    from contextlib import asynccontextmanager

    from psycopg_pool import AsyncConnectionPool
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    pool = AsyncConnectionPool(db.conninfo, min_size=min(5, connections), max_size=connections, open=False)

    async def factions(request: Request) -> JSONResponse:
        async with pool.connection() as conn:
            cursor = await conn.execute(BARE_SQL, (request.path_params["campaign_id"],))
            rows = await cursor.fetchall()
        return JSONResponse({"data": {"factions": [row[0] for row in rows]}})

    async def standings(request: Request) -> Response:
        """The standings query's fields from the same rows, encoded with orjson as the GraphQL answer is."""
        async with pool.connection() as conn:
            cursor = await conn.execute(BARE_SQL, (request.path_params["campaign_id"],))
            rows = await cursor.fetchall()
        body = {"data": {"factions": [_standing(row[0]) for row in rows]}}
        return Response(orjson.dumps(body), media_type="application/json")

    async def healthz(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        await pool.open()
        yield
        await pool.close()

    routes = [
        Route("/healthz", healthz),
        Route("/factions/{campaign_id}", factions),
        Route("/standings/{campaign_id}", standings),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    return app


FACTION_FIELDS = (
    "id",
    "name",
    "force",
    "cunning",
    "wealth",
    "hp",
    "max_hp",
    "facgold",
    "xp",
    "tags",
    "home_region_id",
    "destroyed",
    "wild",
)
ASSET_FIELDS = ("id", "type_key", "name", "attribute", "region_id", "hp", "max_hp", "stealthed")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _standing(state: dict[str, Any]) -> dict[str, Any]:
    """`STANDINGS`' fields of a faction's stored state, named as GraphQL names them."""
    assets = state.get("assets") or {}
    listed = assets.values() if isinstance(assets, dict) else assets
    row = {_camel(k): state.get(k) for k in FACTION_FIELDS}
    row["assets"] = [{_camel(k): a.get(k) for k in ASSET_FIELDS} for a in listed]
    return row


def bare_from_environment() -> Any:
    """The bare app of one of several processes (uvicorn's factory): its database from `DB_ENV`, its pool from
    `pools(INTRIGUE_BENCH_PROCESSES)`."""
    return _bare_app(Database(**json.loads(os.environ[DB_ENV])), pools(int(os.environ[PROCESSES_ENV])).bare)
