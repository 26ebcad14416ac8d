"""A test's websocket receive with a bound: a message that never comes fails the test in seconds with what it waited
for, not after the suite's 300 s timeout with a stack inside the test client (starlette's `receive_json` waits
without one)."""

from __future__ import annotations

import threading
from typing import Any

WITHIN = 60.0  # seconds: far beyond any wait of the server's own (PROJECTION_TIMEOUT, the listener's poll)


def received(ws: Any, waiting_for: str, within: float = WITHIN) -> dict[str, Any]:
    """The next JSON message on `ws`; its error if receiving raised; a failure naming `waiting_for` after `within`."""
    got: list[dict[str, Any]] = []
    failed: list[BaseException] = []

    def receive() -> None:
        try:
            got.append(ws.receive_json())
        except BaseException as error:  # a disconnect or a closed session: the test sees it as it would have
            failed.append(error)

    thread = threading.Thread(target=receive, name="bounded-receive", daemon=True)
    thread.start()
    thread.join(within)
    if failed:
        raise failed[0]
    assert got, f"no message within {within:.0f} s: waited for {waiting_for}"
    return got[0]
