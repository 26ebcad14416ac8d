"""Structured logs: JSON lines with the request id, campaign id and seat when known; never a secret."""

from __future__ import annotations

import atexit
import json
import logging
import os
import queue
import re
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from functools import cache, lru_cache
from logging.handlers import QueueHandler, QueueListener
from typing import IO, Any

import structlog
from starlette.routing import Mount
from structlog.contextvars import bind_contextvars
from structlog.typing import EventDict, WrappedLogger

from service import metrics
from service.redaction import redact

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_CAMPAIGN_IN_PATH = re.compile(rf"/campaigns/({_UUID})")
_CAMPAIGN_IN_QUERY = re.compile(rf'\b(?:campaignId|id)\s*:\s*"({_UUID})"')
_REQUEST_ID = re.compile(r"^[\w.-]{1,64}$")
_QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def configure(fmt: str | None = None, level: str | None = None, background: bool = False,
              stream: IO[str] | None = None) -> None:  # fmt: skip
    """Route stdlib and structlog records through one renderer: JSON, or readable lines on a terminal.

    With `background` (what `intrigue serve` asks for), a record is only queued where it is logged: redaction,
    rendering and the write to stderr happen in a thread of their own, so the event loop never waits on them.
    """
    fmt = fmt or os.environ.get("INTRIGUE_LOG_FORMAT") or ("console" if sys.stderr.isatty() else "json")
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        add_request,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.ExtraAdder(),
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    renderer = structlog.dev.ConsoleRenderer() if fmt == "console" else structlog.processors.JSONRenderer()
    structlog.configure(
        processors=[structlog.stdlib.filter_by_level, *shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    writer = logging.StreamHandler(stream or sys.stderr)
    writer.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[add_captured, *shared],
            processors=[
                redact,
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                renderer,
            ],
        )
    )
    stop_background()
    handler: logging.Handler = writer
    if background:
        global _listener
        handler = _Enqueue(queue.Queue(maxsize=_QUEUED))
        _listener = QueueListener(handler.queue, writer)
        _listener.start()
    root = logging.getLogger()
    for previous in [h for h in root.handlers if getattr(h, "intrigue", False)]:
        root.removeHandler(previous)  # only our own: a test runner's capture handlers stay
    handler.intrigue = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel((level or os.environ.get("INTRIGUE_LOG_LEVEL") or "INFO").upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True


_QUEUED = 10_000  # records waiting for the log thread; past it a record is dropped, never waited for
_listener: QueueListener | None = None


class _Enqueue(QueueHandler):
    """Queue the record as it is, with the request's context as it is now (the log thread cannot see it)."""

    dropped = 0

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        context = {**structlog.contextvars.get_contextvars(), **(_request.get() or {})}
        if context:
            record.intrigue_context = context
        return record

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            self.queue.put_nowait(record)
        except queue.Full:
            _Enqueue.dropped += 1


def add_captured(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """The context `_Enqueue` captured where the record was logged."""
    record = event.get("_record")
    captured = record.__dict__.pop("intrigue_context", None) if record is not None else None
    for key, value in (captured or {}).items():
        event.setdefault(key, value)
    return event


def stop_background() -> None:
    """Write every queued record and stop the log thread (at exit, and before configuring again)."""
    global _listener
    if _listener is not None:
        _listener.stop()
        _listener = None


atexit.register(stop_background)


# One dict per request, shared by reference with the worker threads its blocking calls run in, so that a
# seat resolved in a thread still reaches the request's access line.
_request: ContextVar[dict[str, str] | None] = ContextVar("intrigue_request", default=None)


def add_request(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    for key, value in (_request.get() or {}).items():
        event.setdefault(key, value)
    return event


def request_id() -> str | None:
    """The id of the request being served (None outside one), as its log lines and X-Request-ID carry it."""
    state = _request.get()
    return state.get("request_id") if state else None


def bind_seat(seat: str) -> None:
    """For the code that authenticates a request: name the seat (never its token) on every later line."""
    state = _request.get()
    if state is None:
        bind_contextvars(seat=seat)
    else:
        state["seat"] = seat


class SeatLogging:
    """The seat service, naming each seat it resolves (role and id) on the request's log lines."""

    def __init__(self, seats: Any) -> None:
        self._seats = seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._seats, name)

    def resolve(self, authorization: str | None) -> Any:
        return _named(self._seats.resolve(authorization))

    async def resolve_on(self, reads: Any, authorization: str | None) -> Any:
        return _named(await self._seats.resolve_on(reads, authorization))


def _named(seat: Any) -> Any:
    if seat is not None:
        bind_seat(f"{getattr(seat.role, 'value', seat.role)}:{seat.id}")
    return seat


@cache
def _graphql_fields() -> frozenset[str]:
    from service.graphql.schema import schema

    types = (schema._schema.query_type, schema._schema.mutation_type, schema._schema.subscription_type)
    return frozenset(name for kind in types if kind is not None for name in kind.fields)


def graphql_facts(body: bytes) -> tuple[str, str | None]:
    """The operation label (type and root field the schema knows) and a campaign id, if one is named."""
    from service.limits import DEFAULTS

    try:
        request = json.loads(body or b"{}")
        if not isinstance(request, dict):
            return "invalid", None
        query, wanted = request.get("query") or "", request.get("operationName")
        if not isinstance(query, str) or len(query) > DEFAULTS.max_document_chars:
            return "invalid", None
        label, named = _operation_facts(query, wanted if isinstance(wanted, str) else None)
    except (ValueError, RecursionError):  # not JSON, or nested too deep for it: the view answers why
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
    from graphql import FieldNode, GraphQLError, OperationDefinitionNode, parse

    from service.graphql.guards import MAX_TOKENS

    try:
        document = parse(query, max_tokens=MAX_TOKENS)
    except (GraphQLError, RecursionError):
        return "invalid", None
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = next((o for o in operations if wanted and o.name and o.name.value == wanted), None)
    chosen = chosen or (operations[0] if operations else None)
    if chosen is None:
        return "invalid", None
    known = _graphql_fields()
    fields = {f.name.value if f.name.value in known else "other"
              for f in chosen.selection_set.selections if isinstance(f, FieldNode)}  # fmt: skip
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


def observe_graphql(body: bytes) -> None:
    """For the middleware that reads a GraphQL body (service/limits.py): its operation label and campaign id
    go on the request's later log lines, its access line and its latency metric."""
    state = _request.get()
    if state is not None:
        state["operation"], campaign = graphql_facts(body)
        if campaign:
            state.setdefault("campaign_id", campaign)


class RequestObserver:
    """ASGI middleware: a request id (X-Request-ID, echoed), context for every log line, an access line, latency."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.log = structlog.get_logger("intrigue.http")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        given = headers.get("x-request-id", "")
        request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
        found = _CAMPAIGN_IN_PATH.search(scope["path"])
        campaign = found.group(1) if found else None
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
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
            self.log.log(level, "request", method=scope["method"], route=route, operation=operation or None,
                         status=status, duration_ms=round(elapsed * 1000, 1))  # fmt: skip
            _request.reset(previous)
