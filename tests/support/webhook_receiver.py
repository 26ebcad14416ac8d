"""A real HTTP receiver for webhook deliveries (issue 32): a threaded http.server on 127.0.0.1, never a mock.

It records every request it is sent (headers and body); it can answer a status other than 204, hold each request
until told to let it go or for `delay` seconds (a slow receiver), and verify a delivery's signature the way
docs/webhooks.md tells a receiver to.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

WAIT = 90.0  # a generous limit for a wait that would otherwise never end; never an assertion on speed


@dataclass(frozen=True)
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.body)
        return found

    @property
    def delivery(self) -> str:
        return self.headers["x-intrigue-delivery"]

    def verifies(self, secret: str) -> bool:
        """docs/webhooks.md, Verifying a delivery: HMAC-SHA256 of `timestamp.body` with the secret."""
        signed = self.headers["x-intrigue-timestamp"].encode() + b"." + self.body
        expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, self.headers["x-intrigue-signature"])


class Receiver:
    def __init__(self, port: int = 0) -> None:
        self.received: list[Received] = []
        self.status = 204
        self.delay = 0.0  # seconds each request is held before it is recorded and answered
        self.release = threading.Event()
        self.release.set()  # not holding
        self.entered = threading.Event()  # a request has arrived (and, while holding, is being held)
        self.changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.entered.set()
                receiver.release.wait(WAIT)
                time.sleep(receiver.delay)
                with receiver.changed:
                    receiver.received.append(Received({k.lower(): v for k, v in self.headers.items()}, body))
                    receiver.changed.notify_all()
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        ThreadingHTTPServer.allow_reuse_address = True
        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, check: Callable[[list[Received]], bool], what: str) -> list[Received]:
        """Wait until `check` holds on what was received; fail (naming `what`) only past a generous limit."""
        deadline = time.monotonic() + WAIT
        with self.changed:
            while not check(self.received):
                if not self.changed.wait(timeout=max(0.0, deadline - time.monotonic())):
                    raise AssertionError(f"the receiver never got {what}; got {[r.json for r in self.received]}")
            return list(self.received)


@contextmanager
def receiving(port: int = 0) -> Iterator[Receiver]:
    receiver = Receiver(port)
    try:
        yield receiver
    finally:
        receiver.close()
