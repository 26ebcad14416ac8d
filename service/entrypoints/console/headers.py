"""The security headers every answer carries (issue 25, item 6): the console's page, its assets and GraphiQL load
scripts and styles from this service's own origin only, and no page of it may be framed (docs/console.md)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",  # no inline script, no eval: an injected <script> or onclick= does not run
        # No <style> element or style= attribute in markup; React's style props are set through the CSSOM, which
        # style-src does not govern, so neither the console nor GraphiQL needs 'unsafe-inline'.
        "style-src 'self'",
        "img-src 'self' data:",  # GraphiQL's empty icon is a data: URL
        "font-src 'self' data:",  # GraphiQL's stylesheet carries its fonts as data: URLs
        "connect-src 'self'",  # /graphql over HTTP and its WebSocket (CSP 3: 'self' matches ws: to this host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",  # no clickjacking: no page of this service in another's frame
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a page's URL (a campaign's id) never leaves with a request
}
# As they go out (lower-case names, latin-1), built once: not a MutableHeaders and three scans of an answer's headers
# per request (docs/scaling.md, "The standings' request path, session 14").
_RAW = tuple((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items())


def secured(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """`headers` with each of `SECURITY_HEADERS` that the endpoint did not set itself appended, in their order."""
    present = {name for name, _ in headers}  # as MutableHeaders.setdefault compares them: raw
    missing = [header for header in _RAW if header[0] not in present]
    return [*headers, *missing] if missing else list(headers)


class SecurityHeaders:
    """ASGI middleware: `SECURITY_HEADERS` on every HTTP answer, unless the endpoint set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def securing(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secured(message.get("headers") or [])
            await send(message)

        await self.app(scope, receive, securing)
