"""One access line per HTTP request: route, GraphQL operation, campaign, seat, status and time."""

from __future__ import annotations

import itertools
import logging
import os
import re
import time
from functools import cache, lru_cache

from starlette.routing import Mount

from service.operations import metrics
from service.operations.logs import _UUID, ASGIApp, Message, Receive, Scope, Send, _request

_CAMPAIGN_IN_PATH = re.compile(rf"/campaigns/({_UUID})")

_CAMPAIGN_IN_QUERY = re.compile(rf'\b(?:campaignId|id)\s*:\s*"({_UUID})"')

_REQUEST_ID = re.compile(r"^[\w.-]{1,64}$")

_QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})

# What logging records for the caller when it does not look (`logging._srcfile` None): file, line, function.
_UNKNOWN_CALLER = ("(unknown file)", 0, "(unknown function)")

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

# A request id is this process's random half and a count: 32 hex digits as uuid4().hex gave, unique across processes
# and restarts alike, without uuid4's 20 µs of urandom and UUID per request (docs/scaling.md, session 13).
_PROCESS_HALF = os.urandom(8).hex()
_COUNT = itertools.count()


def _new_request_id() -> str:
    return f"{_PROCESS_HALF}{next(_COUNT) % 2**64:016x}"


def _request_id_of(headers: list[tuple[bytes, bytes]]) -> str:
    """The client's X-Request-ID (the last one sent) if it is a fit one, else a new id; one pass over the raw headers
    rather than a dict of them all decoded (docs/scaling.md, "The standings' request path, session 14")."""
    given = b""
    for name, value in headers:
        if name.lower() == b"x-request-id":
            given = value
    text = given.decode("latin-1")
    return text if _REQUEST_ID.match(text) else _new_request_id()


def _forked() -> None:
    global _PROCESS_HALF
    _PROCESS_HALF = os.urandom(8).hex()  # a forked worker is another process: its own half


os.register_at_fork(after_in_child=_forked)


@cache
def _graphql_fields() -> frozenset[str]:
    from service.entrypoints.graphql.schema import schema

    types = (schema._schema.query_type, schema._schema.mutation_type, schema._schema.subscription_type)
    return frozenset(name for kind in types if kind is not None for name in kind.fields)


def graphql_facts(request: object) -> tuple[str, str | None]:
    """The operation label (type and root field the schema knows) and a campaign id, if one is named, of a GraphQL
    body as RequestLimits decoded it (service/entrypoints/limits.py: one decode for both; not JSON: not a dict)."""
    from service.entrypoints.limits import DEFAULTS

    try:
        if not isinstance(request, dict):
            return "invalid", None
        query, wanted = request.get("query") or "", request.get("operationName")
        if not isinstance(query, str) or len(query) > DEFAULTS.max_document_chars:
            return "invalid", None
        label, named = _operation_facts(query, wanted if isinstance(wanted, str) else None)
    except RecursionError:  # nested too deep to parse: the view answers why
        return "invalid", None
    variables = request.get("variables") or {}
    campaign = variables.get("campaignId") or variables.get("id") if isinstance(variables, dict) else None
    if not (isinstance(campaign, str) and len(campaign) == 36 and re.fullmatch(_UUID, campaign)):
        campaign = named
    return label, campaign


@lru_cache(maxsize=256)  # clients send the same few documents again and again; parsing one costs more than its request
def _operation_facts(query: str, wanted: str | None) -> tuple[str, str | None]:
    """The operation label of a document, and a campaign id written in it.

    The label is bounded by the schema, so that /metrics stays small whatever clients send: the operation type
    and its one root field, or `multiple` or `other` (a set of root fields as label grew /metrics to 3.4 MB).
    """
    from graphql import FieldNode, GraphQLError, OperationDefinitionNode

    from service.entrypoints.graphql.core.parsing import parsed

    try:
        document = parsed(query)  # the one parse strawberry and the kept answers use too
    except (GraphQLError, RecursionError):
        return "invalid", None
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = next((o for o in operations if wanted and o.name and o.name.value == wanted), None)
    chosen = chosen or (operations[0] if operations else None)
    if chosen is None:
        return "invalid", None
    known = _graphql_fields()
    fields = {
        f.name.value if f.name.value in known else "other"
        for f in chosen.selection_set.selections
        if isinstance(f, FieldNode)
    }
    field = fields.pop() if len(fields) == 1 else "multiple" if fields else "other"
    found = _CAMPAIGN_IN_QUERY.search(query)
    return f"{chosen.operation.value} {field}", found.group(1) if found else None


def route_template(scope: Scope, root_path: str) -> str:
    """The matched route as a template (`/api/v1/campaigns/{campaign_id}`), prefixed by the mounts it is under."""
    route = scope.get("route")
    if route is None:
        return "unmatched"
    mounted = str(scope.get("root_path", ""))[len(root_path) :]
    return mounted if isinstance(route, Mount) else mounted + str(getattr(route, "path", ""))


def observe_graphql(request: object) -> None:
    """For the middleware that reads a GraphQL body (service/entrypoints/limits.py), which hands it over decoded: its
    operation label and campaign id go on the request's later log lines, its access line and its latency metric."""
    state = _request.get()
    if state is not None:
        state["operation"], campaign = graphql_facts(request)
        if campaign:
            state.setdefault("campaign_id", campaign)


class RequestObserver:
    """ASGI middleware: a request id (X-Request-ID, echoed), context for every log line, an access line, latency."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # A stdlib record, not structlog's: the processor chain (contextvars, level, name, time, wrapping) cost a
        # tenth of a small standings answer on the event loop; the formatter's chain for such records gives the same
        # fields, in the log thread when serving (service/operations/logs.py; docs/scaling.md, session 13).
        self.log = logging.getLogger("intrigue.http")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id_of(scope["headers"])
        echoed = (b"x-request-id", request_id.encode())
        found = _CAMPAIGN_IN_PATH.search(scope["path"])
        campaign = found.group(1) if found else None
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), echoed]
            await send(message)

        root_path = scope.get("root_path", "")
        context = {"request_id": request_id, **({"campaign_id": campaign} if campaign else {})}
        started = time.perf_counter()
        previous = _request.set(context)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = route_template(scope, root_path)
            operation = context.get("operation", "")
            method = scope["method"] if scope["method"] in _METHODS else "other"  # a label of bounded cardinality
            metrics.HTTP_LATENCY.labels(method, route, operation, str(status)).observe(elapsed)
            level = logging.DEBUG if route in _QUIET_ROUTES and status < 500 else logging.INFO
            if self.log.isEnabledFor(level):
                fields = {
                    "method": scope["method"],
                    "route": route,
                    "operation": operation or None,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 1),
                }
                # makeRecord and handle, as Logger.log does, less its walk of the stack for the caller's file and
                # line, which the line does not carry (docs/scaling.md, "The standings' request path, session 14").
                file, line, function = _UNKNOWN_CALLER
                record = self.log.makeRecord(self.log.name, level, file, line, "request", (), None, function, fields)
                self.log.handle(record)
            _request.reset(previous)
