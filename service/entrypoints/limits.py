"""Limits on what one request can make the server read, parse and wait for: body size, JSON nesting, time.

Each is set by an environment variable (docs/operations.md); the defaults are generous for every client we know.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from domain.errors import DomainError, InvalidInputError
from service.bootstrap import ConfigurationError
from service.entrypoints.failures import is_graphql, refusal
from service.entrypoints.shared.codings import decoded
from service.entrypoints.shared.errors import PayloadTooLargeError, RequestTimeoutError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def env_number(name: str, default: float) -> float:
    """A number setting from the environment (`default` when unset); one that is no number is refused by name."""
    raw = os.environ.get(name, "").strip()
    try:
        return float(raw) if raw else default
    except ValueError:  # refused by name, not with a traceback (issue 32, item 5)
        raise ConfigurationError(f"{name}={raw!r}: not a number") from None


@dataclass(frozen=True)
class Limits:
    """What one request may cost; read from the environment when not given."""

    max_body_bytes: int = field(default_factory=lambda: int(env_number("INTRIGUE_MAX_BODY_BYTES", 2**20)))
    max_document_chars: int = field(default_factory=lambda: int(env_number("INTRIGUE_MAX_DOCUMENT_CHARS", 100_000)))
    max_json_depth: int = field(default_factory=lambda: int(env_number("INTRIGUE_MAX_JSON_DEPTH", 64)))
    body_timeout: float = field(default_factory=lambda: env_number("INTRIGUE_BODY_TIMEOUT", 30.0))


DEFAULTS = Limits()


def json_depth(value: Any, stop_above: int) -> int:
    """How deep arrays and objects nest in a decoded JSON value (a scalar is 0); counting stops past `stop_above`."""
    if not isinstance(value, dict | list):
        return 0
    deepest, stack = 0, [(value, 1)]
    while stack:  # only arrays and objects are stacked: a scalar nests nothing (docs/scaling.md, session 14)
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > stop_above:
                return deepest
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
    return deepest


NOT_JSON = object()  # what `check_json` returns for a body that is not JSON (the endpoint reports it)


def check_json(body: bytes, max_depth: int) -> object:
    """Refuse JSON nested deeper than `max_depth`; the decoded value, or `NOT_JSON` for text that is not JSON, which
    is left for the endpoint to report."""
    try:
        value = json.loads(body)
    except RecursionError:  # deeper than the decoder's own recursion limit
        raise InvalidInputError(f"the body nests arrays and objects deeper than {max_depth} levels") from None
    except ValueError:
        return NOT_JSON
    if json_depth(value, max_depth) > max_depth:
        raise InvalidInputError(f"the body nests arrays and objects deeper than {max_depth} levels")
    return value


class RequestLimits:
    """ASGI middleware: bodies bounded in size and time, and, when they are JSON, in nesting, before any endpoint
    parses them; a GraphQL body is handed to `observe` (the request's log facts) once read, decoded: the one decode
    of the limits and the log's (`NOT_JSON` when it is not JSON)."""

    def __init__(
        self, app: ASGIApp, limits: Limits | None = None, observe: Callable[[object], None] | None = None
    ) -> None:
        self.app, self.limits, self.observe = app, limits or Limits(), observe

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            scope, receive = await self._checked(scope, receive)
        except DomainError as error:
            await refusal(scope, error)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _checked(self, scope: Scope, receive: Receive) -> tuple[Scope, Receive]:
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"").strip()
        if declared.isdigit() and int(declared) > self.limits.max_body_bytes:
            raise self._too_large()
        # Every body is read here, whatever its declared type: an endpoint may parse JSON sent as text/plain.
        bounded, body, more = self._bounded(receive), bytearray(), True
        while more:
            message = await bounded()
            if message["type"] != "http.request":
                return scope, _replaying(bytes(body), receive, message)
            body += message.get("body", b"")
            more = message.get("more_body", False)
        coding = headers.get(b"content-encoding")
        if body and coding is not None:  # decoded here, so the limits below hold for what the endpoint reads
            body = bytearray(decoded(bytes(body), coding.decode("latin-1"), self.limits.max_body_bytes))
            scope = _plain(scope, len(body))
        value: object = check_json(bytes(body), self.limits.max_json_depth) if body else {}
        if self.observe is not None and is_graphql(scope) and scope.get("method") == "POST":
            self.observe(value)
        return scope, _replaying(bytes(body), receive)

    def _bounded(self, receive: Receive) -> Receive:
        limits, received, done = self.limits, 0, False

        async def bounded() -> Message:
            nonlocal received, done
            if done:  # the body is in: what follows is a disconnect, which may come whenever it comes
                return await receive()
            try:  # a timer on this task, not wait_for's task per message (docs/scaling.md, session 14)
                async with asyncio.timeout(limits.body_timeout):
                    message = await receive()
            except TimeoutError:
                raise RequestTimeoutError(f"the body did not arrive within {limits.body_timeout:g} s") from None
            received += len(message.get("body", b""))
            if received > limits.max_body_bytes:
                raise self._too_large()
            done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return bounded

    def _too_large(self) -> PayloadTooLargeError:
        return PayloadTooLargeError(f"the body is larger than {self.limits.max_body_bytes} bytes")


def _plain(scope: Scope, length: int) -> Scope:
    """The scope of a decoded body: no Content-Encoding, and the decoded Content-Length."""
    kept = [(k, v) for k, v in scope.get("headers") or [] if k not in (b"content-encoding", b"content-length")]
    return {**scope, "headers": [*kept, (b"content-length", str(length).encode())]}


def _replaying(body: bytes, receive: Receive, last: Message | None = None) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return last if last is not None else {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
