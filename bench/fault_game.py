"""The campaign `bench.faults` plays over GraphQL, and the checks of its answers against the event log."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID, uuid4

import psycopg

from bench.fault_rig import Client, Server, Tally, events, marker_counts
from domain.campaign import Campaign
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.audit import AuditEntry
from tests.service.persistence.race_log import serial_violations

CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"
FOUND = "mutation($c: UUID!, $input: FoundFactionInput!) { foundFaction(campaignId: $c, input: $input) { id } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase phaseStatus } }"
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase phaseStatus } }"
ROLLBACK = (
    "mutation($c: UUID!, $p: Int!, $r: String!) { rollBackPhase(campaignId: $c, phase: $p, reason: $r) { phase } }"
)
ORDER = (
    "mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!)"
    " { submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"
)
FACTIONS = "query($c: UUID!) { factions(campaignId: $c) { id name facgold } }"
KINDS = ("order", "rollback", "open", "resolve")


@dataclass
class Row:
    scenario: str
    tally: Tally = field(default_factory=Tally)
    acked: int = 0
    found: int = 0
    lost: int = 0
    duplicates: int = 0
    lies: int = 0  # refused (or failed) answers whose write is in the log after all
    replay: int = 0
    notes: list[str] = field(default_factory=list)
    kills: bool = False  # the scenario kills the server, so requests it cuts are expected

    @property
    def failed(self) -> bool:
        cut = 0 if self.kills else self.tally.cut  # a live server that drops a request failed it
        return bool(self.lost or self.duplicates or self.lies or self.tally.server_errors or self.replay or cut)


class Campaigning:
    """One campaign of three factions, driven over GraphQL as its GM; records what each write was answered."""

    def __init__(self, server: Server, row: Row) -> None:
        self.setup = setup = Client(server, Tally())
        regions = [{"name": "Harbour", "q": 0, "r": 0}, {"name": "Hills", "q": 1, "r": 0}]
        name = f"faults-{uuid4().hex[:6]}"
        _, body = setup.gql(CREATE, input={"name": name, "ruleSystems": ["FACTION_TURN"], "regions": regions})
        created = body["data"]["createCampaign"]
        self.id, self.token, self.row, self.server = UUID(created["id"]), created["gmToken"], row, server
        setup.token, home = self.token, created["regions"][0]["id"]
        self.factions = [
            _data(
                setup.gql(
                    FOUND,
                    c=str(self.id),
                    input={"name": n, "force": 3, "cunning": 3, "wealth": 3, "homeRegionId": home},
                )
            )["foundFaction"]["id"]
            for n in ("Gulls", "Crows", "Owls")
        ]
        self.lock = threading.Lock()
        # Per kind, the markers of writes answered done, refused with a code (nothing written, they say), or
        # left unknown (no answer, a 5xx, a 503: the write may or may not have happened).
        self.acked: dict[str, list[str]] = {k: [] for k in KINDS}
        self.refused: dict[str, list[str]] = {k: [] for k in KINDS}
        self.unknown: dict[str, list[str]] = {k: [] for k in KINDS}

    def client(self) -> Client:
        return Client(self.server, self.row.tally, self.token)

    def prepare(self, *kinds: str) -> None:
        """Setup steps (openPhase, resolvePhase) that must succeed and are not counted."""
        for kind in kinds:
            _data(self.setup.gql(OPEN if kind == "open" else RESOLVE, c=str(self.id)))

    def send(self, client: Client, kind: str, faction: int = 0) -> str:
        marker = f"{kind} {uuid4().hex[:10]}"
        c = str(self.id)
        queries: dict[str, Callable[[], tuple[str, Any]]] = {
            "order": lambda: client.gql(ORDER, c=c, f=self.factions[faction % 3], o={"narrative": marker}),
            "rollback": lambda: client.gql(ROLLBACK, c=c, p=1, r=marker),
            "open": lambda: client.gql(OPEN, c=c),
            "resolve": lambda: client.gql(RESOLVE, c=c),
        }
        outcome, _ = queries[kind]()
        answered = {"ok": self.acked, "refused": self.refused}.get(outcome, self.unknown)
        with self.lock:
            answered[kind].append(marker)
        return outcome

    def check(self, db: Database, since: int) -> None:
        """Acknowledged writes against the log: found once, never lost, duplicated or written when refused."""
        log = events(db, self.id)
        entries = [e for e in log if e.position > since]
        counts, row = marker_counts(entries), self.row
        row.acked = sum(len(v) for v in self.acked.values())
        marked = self.acked["order"] + self.acked["rollback"]
        row.found = sum(1 for m in marked if counts[m])
        row.duplicates = sum(n - 1 for n in counts.values() if n > 1) + len(twice_resolved(entries))
        row.lies = sum(1 for m in self.refused["order"] + self.refused["rollback"] if counts[m])
        for kind, topic in (("open", ".PhaseOpened"), ("resolve", ".PhaseResolved")):
            written = sum(1 for e in entries if e.topic.endswith(topic))
            row.found += min(written, len(self.acked[kind]))
            row.lies += max(0, written - len(self.acked[kind]) - len(self.unknown[kind]))
        serial = serial_violations(log, self.id, since)
        row.lost = row.acked - row.found + len(serial)
        row.notes += serial[:2] + [f"phase {p} resolved twice, no rollback between" for p in twice_resolved(entries)]


def twice_resolved(entries: list[AuditEntry]) -> list[int]:
    """Phases whose `PhaseResolved` is in the log twice with no `PhaseRolledBack` to or before them between."""
    resolved: set[int] = set()
    twice: list[int] = []
    for entry in entries:
        if entry.topic.endswith(".PhaseResolved"):
            phase = int(entry.payload["phase"])
            twice += [phase] if phase in resolved else []
            resolved.add(phase)
        elif entry.topic.endswith(".PhaseRolledBack"):
            resolved = {p for p in resolved if p < int(entry.payload["to_phase"])}
    return twice


def _data(answer: tuple[str, Any]) -> Any:
    outcome, body = answer
    if outcome != "ok":
        raise RuntimeError(f"setup request failed: {outcome} {body}")
    return body["data"]


def head(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT coalesce(max(notification_id), 0) FROM intrigue_events").fetchone()
    return int(row[0]) if row else 0


def wait_projected(db: Database, limit: float = 60.0) -> bool:
    """Until the state projection has caught up with the log (bounded); False if it never did."""
    deadline, target = time.monotonic() + limit, head(db)
    while time.monotonic() < deadline:
        with psycopg.connect(db.conninfo) as conn:
            row = conn.execute("SELECT max(notification_id) FROM state_tracking").fetchone()
        if row and row[0] is not None and int(row[0]) >= target:
            return True
        time.sleep(0.2)
    return False


def status(db: Database, campaign_id: UUID) -> str:
    store = IntrigueStore(env=db.eventsourcing_env(pool_size=1) | {"CREATE_TABLE": "n"})
    try:
        return str(store.load(campaign_id, Campaign).phase_status)
    finally:
        store.close()
