"""Routes for operators: /readyz (database answers, migrations current) and /metrics (Prometheus)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from service.operations import metrics
from service.operations.metrics import IntrigueCollector
from service.persistence import migrations
from service.persistence.readmodels import READ_MODELS

if TYPE_CHECKING:
    from service.bootstrap import Intrigue


def ops_routes(intrigue: Intrigue) -> list[Route]:
    registry = registry_for(intrigue)

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


def registry_for(intrigue: Intrigue) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    views = {m.name: intrigue.read_side.views[m.view] for m in READ_MODELS}
    registry.register(IntrigueCollector(intrigue.db, intrigue.store, views))
    return registry
