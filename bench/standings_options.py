"""Ways to build the standings of a big campaign (100 factions of 20 assets), timed in process, the answer
cache off: `python -m bench.standings_options [ROUNDS] [PER_ROUND]` (figures in docs/scaling.md, "Reads").

Each option is timed in turn in every round, and the median of the rounds is printed, so the machine's load
falls on all alike. Not a test: timings never go into tests.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import psycopg
from psycopg_pool import AsyncConnectionPool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bench.http_apps import STANDINGS, _bare_app
from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from service.persistence import database

ASSETS = [
    "guardsmen",
    "thugs",
    "militia_unit",
    "smugglers",
    "informers",
    "franchise",
    "local_investments",
    "false_front",
    "indentured_workforce",
    "heavy_transports",
    "diplomats",
    "lawyers",
    "mob",
    "surveyors",
    "arsonists",
    "blackmail",
    "command_post",
    "guild_thugs",
    "enchanters",
    "barbarian_hordes",
]
BARE = "bare endpoint (same SQL, JSONResponse)"


def build(intrigue: Any) -> UUID:
    regions = [MapRegion(f"R{q}", q, 0, arcana=2, population="Thousands") for q in range(12)]
    campaign = intrigue.campaigns.create_campaign(CreateCampaign("big", ["factionturn"], "seed", regions))
    region_ids = campaign.member_ids("region")
    assets = [StartingAsset(k) for k in ASSETS]
    for i in range(100):
        found = FoundFaction(campaign.id, f"F{i:03}", 4, 4, 4, region_ids[i % 12], facgold=5, assets=assets)
        intrigue.factionturn.found_faction(found)
    return campaign.id  # type: ignore[no-any-return]


def stored_document_app(conninfo: str, pool: AsyncConnectionPool) -> Starlette:
    """The bound for a document precomputed per campaign and seat class: stored text, sent as it is."""

    async def document(request: Request) -> Response:
        async with pool.connection() as conn:
            cursor = await conn.execute(
                "SELECT doc FROM standings_options WHERE campaign_id = %s", (request.path_params["campaign_id"],)
            )
            row = await cursor.fetchone()
        assert row is not None
        return Response(row[0], media_type="application/json")

    return Starlette(routes=[Route("/document/{campaign_id}", document)])


async def measure(intrigue: Any, campaign_id: UUID, rounds: int, per: int) -> None:
    import service.entrypoints.http as http

    app = http.create_app(intrigue)
    graphql = next(r.app for r in app.routes if getattr(r, "path", "") == "/graphql" and hasattr(r, "methods"))
    graphql.answers.get = lambda *args: None  # the answer cache off
    faction_id = UUID(intrigue.state.of_kind(campaign_id, "faction")[0]["id"])
    tokens = {
        "gm": intrigue.seats.seat_gm(campaign_id).token,
        "player": intrigue.seats.create_seat(campaign_id, "player", "p", faction_id=faction_id).token,
        "observer": intrigue.seats.create_seat(campaign_id, "observer", "o").token,
    }
    body = {"query": STANDINGS, "variables": {"campaignId": str(campaign_id)}}
    copied = http.standings

    async def executed(*args: Any) -> None:
        return None

    bare, pool = _bare_app(intrigue.db), AsyncConnectionPool(intrigue.db.conninfo, min_size=2, open=False)
    stored = stored_document_app(intrigue.db.conninfo, pool)
    await pool.open()
    transport = httpx.ASGITransport
    async with (
        app.router.lifespan_context(app),
        bare.router.lifespan_context(bare),
        httpx.AsyncClient(transport=transport(app=app), base_url="http://t") as client,
        httpx.AsyncClient(transport=transport(app=bare), base_url="http://t") as bare_client,
        httpx.AsyncClient(transport=transport(app=stored), base_url="http://t") as stored_client,
    ):
        answer = await client.post("/graphql", json=body, headers={"Authorization": f"Bearer {tokens['gm']}"})
        with psycopg.connect(intrigue.db.conninfo, autocommit=True) as conn:
            conn.execute("CREATE TABLE standings_options (campaign_id uuid, doc text)")
            conn.execute("INSERT INTO standings_options VALUES (%s, %s)", (campaign_id, answer.text))

        def asking(way: Any, token: str) -> Callable[[], Awaitable[Any]]:
            async def ask() -> Any:
                http.standings = way
                return await client.post("/graphql", json=body, headers={"Authorization": f"Bearer {token}"})

            return ask

        options: dict[str, Callable[[], Awaitable[Any]]] = {BARE: lambda: bare_client.get(f"/factions/{campaign_id}")}
        for label, way in (("graphql-core, field by field", executed), ("selection copied", copied)):
            options |= {f"{label}: {who}": asking(way, token) for who, token in tokens.items()}
        options["precomputed document as stored text (bound)"] = lambda: stored_client.get(f"/document/{campaign_id}")
        times: dict[str, list[float]] = {label: [] for label in options}
        for _ in range(rounds):
            for label, ask in options.items():
                await ask()
                start = time.perf_counter()
                for _ in range(per):
                    await ask()
                times[label].append((time.perf_counter() - start) / per * 1000)
    await pool.close()
    base = statistics.median(times[BARE])
    print(f"answer {len(answer.content)} bytes")
    for label, found in times.items():
        print(f"{label:48} {statistics.median(found):7.1f} ms   against bare {base / statistics.median(found):5.2f}")


def main() -> None:
    from service.bootstrap import Intrigue

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        db = database.create_database(database.start_embedded(Path(tmp) / "pgdata"), "standings_options")
        intrigue = Intrigue(db)
        try:
            asyncio.run(measure(intrigue, build(intrigue), rounds, per))
        finally:
            intrigue.close()


if __name__ == "__main__":
    main()
