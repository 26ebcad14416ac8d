"""The clients of `make test-ha` (bench/ha.py): writers that retry with one Idempotency-Key per write, and a
GraphQL subscription that records what it hears. Every answer is kept with its time, to measure recovery."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from bench.fault_game import ORDER

CHANGES = "subscription($id: UUID!, $after: Int) { campaignChanges(campaignId: $id, after: $after) { kind position } }"
ATTEMPTS = 400  # a write is retried (same key) until answered or refused; bounded
PAUSE = 0.2  # between retries of one write: short, so the first write after a failover is timed closely


@dataclass
class Answer:
    began: float
    ended: float
    kind: str  # ok, unavailable (a clean 503 with Retry-After), refused, cut, error
    lagging: bool = False  # the answer said reads may lag
    detail: str = ""


def sort(response: httpx.Response | None) -> Answer:
    """What one answer was, strictly: only a 503 with Retry-After is a clean refusal while the database is away."""
    now = time.monotonic()
    if response is None:
        return Answer(now, now, "cut")
    try:
        body = response.json()
    except ValueError:
        body = {}
    extensions = body.get("extensions") or {} if isinstance(body, dict) else {}
    lagging = bool(extensions.get("readsMayLag"))
    if response.status_code == 503 and "retry-after" in response.headers:
        return Answer(now, now, "unavailable", detail=response.text[:120])
    errors = body.get("errors") if isinstance(body, dict) else None
    if response.status_code == 200 and (not errors or extensions.get("committed")):
        return Answer(now, now, "ok", lagging)  # done, or committed though its answer was lost (said so)
    codes = {(e.get("extensions") or {}).get("code") for e in errors or [] if isinstance(e, dict)}
    kind = "refused" if response.status_code == 200 and codes and codes <= {"CONFLICT"} else "error"
    return Answer(now, now, kind, lagging, f"{response.status_code}: {response.text[:160]}")


@dataclass
class Writers:
    """Ten writers ordering for one campaign's factions, each write under its own Idempotency-Key."""

    base: str
    campaign: str
    token: str
    factions: list[str]
    answers: list[Answer] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)  # markers of writes answered done
    unanswered: list[str] = field(default_factory=list)  # markers whose retries ran out
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, count: int) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.writer, args=(w,), daemon=True) for w in range(count)]
        for thread in threads:
            thread.start()
        return threads

    def writer(self, w: int) -> None:
        with httpx.Client(timeout=30) as http:
            n = 0
            while not self.stop.is_set():
                n += 1
                self.write(http, f"ha {w}-{n}", self.factions[w % len(self.factions)])

    def write(self, http: httpx.Client, marker: str, faction: str) -> Answer:
        """One write, retried under the same key until it is answered done or refused: the last answer."""
        headers = {"Authorization": f"Bearer {self.token}", "Idempotency-Key": f"ha-{uuid4()}"}
        payload = {"query": ORDER, "variables": {"c": self.campaign, "f": faction, "o": {"narrative": marker}}}
        answer = Answer(0, 0, "cut")
        for _ in range(ATTEMPTS):
            began = time.monotonic()
            try:
                answer = sort(http.post(f"{self.base}/graphql", json=payload, headers=headers))
            except httpx.HTTPError:
                answer = sort(None)
            answer.began = began
            with self.lock:
                self.answers.append(answer)
                if answer.kind == "ok":
                    self.acked.append(marker)
            if answer.kind == "ok":
                return answer
            time.sleep(PAUSE)
        with self.lock:
            self.unanswered.append(marker)
        return answer

    def first_ok_after(self, moment: float) -> float | None:
        """Seconds from `moment` to the first answer done to a request sent after it."""
        with self.lock:
            done = [a.ended for a in self.answers if a.kind == "ok" and a.began >= moment]
        return min(done) - moment if done else None

    def count(self, kind: str, since: float = 0.0) -> int:
        with self.lock:
            return sum(1 for a in self.answers if a.kind == kind and a.began >= since)


class Listener:
    """A graphql-transport-ws subscription to the campaign's changes, kept across every failover as a console keeps
    it: a subscription the server ends with UNAVAILABLE is opened again after the last position heard."""

    def __init__(self, port: int, token: str, campaign: str, after: int) -> None:
        self.positions: list[int] = []
        self.resubscribed = 0  # ended cleanly (UNAVAILABLE) and opened again
        self.ended = ""  # why the subscription ended for good, if it did
        self.url, self.token, self.campaign, self.after = f"ws://127.0.0.1:{port}/graphql", token, campaign, after
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.follow, daemon=True)
        self.thread.start()

    def follow(self) -> None:
        while not self.stop.is_set() and not self.ended:
            if self.listen() == "UNAVAILABLE":
                self.resubscribed += 1
                time.sleep(PAUSE)

    def listen(self) -> str:
        """One subscription, until the server ends it: the error code it ended with ("" once ended for good)."""
        after = max(self.positions, default=self.after)
        try:
            with connect(self.url, subprotocols=[Subprotocol("graphql-transport-ws")], open_timeout=30) as ws:
                ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {self.token}"}}))
                ws.recv(timeout=30)
                variables = {"id": self.campaign, "after": after}
                ws.send(
                    json.dumps({"id": "1", "type": "subscribe", "payload": {"query": CHANGES, "variables": variables}})
                )
                while not self.stop.is_set():
                    message: dict[str, Any] = json.loads(ws.recv())
                    errors = message.get("payload", {}).get("errors") if message.get("type") == "next" else None
                    if errors and all((e.get("extensions") or {}).get("code") == "UNAVAILABLE" for e in errors):
                        return "UNAVAILABLE"
                    if message.get("type") != "next" or errors:
                        self.ended = json.dumps(message)[:300]
                        return ""
                    self.positions.append(int(message["payload"]["data"]["campaignChanges"]["position"]))
        except (WebSocketException, OSError, TimeoutError) as error:
            self.ended = repr(error)[:300]
        return ""

    def heard(self, position: int) -> bool:
        return bool(self.positions) and max(self.positions) >= position
