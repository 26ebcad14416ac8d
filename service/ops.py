"""Routes for operators: /readyz (database answers, migrations current) and /metrics (Prometheus)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from service import metrics, migrations

if TYPE_CHECKING:
    from service.bootstrap import Intrigue


def ops_routes(intrigue: Intrigue) -> list[Route]:
    registry = metrics.registry_for(intrigue)

    async def readyz(request: Request) -> Response:
        checks = await run_in_threadpool(migrations.readiness, intrigue.db, intrigue.store)
        ready = all(checks.values())
        body: dict[str, object] = {"status": "ready" if ready else "not ready", **checks}
        if ready:  # a stopped campaign leaves the server ready for the others; it is listed (docs/operations.md)
            stopped = await run_in_threadpool(intrigue.read_side.stopped_campaigns)
            body["stopped_campaigns"] = [failure.to_json() for failure in stopped]
        return JSONResponse(body, status_code=200 if ready else 503)

    async def metrics_text(request: Request) -> Response:
        body, content_type = await run_in_threadpool(metrics.exposition, registry)
        return Response(body, headers={"content-type": content_type})

    return [Route("/readyz", readyz), Route("/metrics", metrics_text)]
