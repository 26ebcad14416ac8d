"""The tables of `make bench`'s capacity section (bench/capacity.py): campaigns with their seats, and a round in
which each table plays its phases over HTTP against the real service, as a table plays them.

A table is a campaign of both rule systems built by bench/played.py, with its GM seat and a player seat for each
faction and house (tokens from the seat service). In a round each table starts at a random offset into the first
window and plays `phases` phases of `window` seconds: the GM opens the phase; each seat, at a moment drawn
uniformly over the first ORDERS_SHARE of the window, gives its orders (a faction its first candidate the rules
accept, bench/played.py's policy, else a narrative; a house an action for each free leader, the policy of
tests/service/gameofbones_world.py); at ORDERS_SHARE of the window, once every seat has its answers, the GM
resolves the phase; then each seat, within READS_SHARE of the window, reads the standings (the console's GraphQL
query) and its side's list (REST). A phase opens a window after the one before, or when that one ends if it ran
over: how late the last phase ended against that schedule is the table's lag.

The seats choose their orders from the board as the store holds it at the phase's opening (`Planner`, in this
process, with its own store connections): the seat's choice, not the service's work.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from bench.http_apps import STANDINGS
from bench.http_clients import Connection, http_request
from bench.played import Size, build
from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.rules.ordering import UNSET, Order
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.service.usecases.test_factionturn_play import candidate_orders
from tests.support.gameofbones_world import load_board

API = "/api/v1"
ORDERS_SHARE = 0.8  # of the window: the seats' orders come in over it, then the GM resolves
READS_SHARE = 0.1  # of the window: after the resolution, each seat reads within it
FACTION_TRIES, HOUSE_TRIES = 3, 7  # bench/played.py's and tests/service/gameofbones_world.py's
NARRATIVE = {"narrative": "the table's orders"}  # a faction's orders when no candidate is accepted


@dataclass(frozen=True)
class SeatAt:
    kind: str  # "faction" or "house"
    member_id: UUID
    token: str


@dataclass(frozen=True)
class Table:
    campaign_id: UUID
    gm: str  # the GM seat's token
    seats: tuple[SeatAt, ...]


def build_tables(
    intrigue: Intrigue, db: Database, count: int, factions: int, houses: int, first: int = 0
) -> list[Table]:
    """`count` campaigns of `factions` factions (4 assets each) and `houses` houses, each with its seats."""
    tables = []
    for number in range(first, first + count):
        played = build(intrigue, db, Size(factions, 4, houses, 1), seed=f"capacity table {number}")
        campaign = intrigue.store.load(played.campaign_id, Campaign)
        seats = [
            SeatAt(
                kind,
                member,
                intrigue.seats.create_seat(campaign.id, "player", f"{kind} {i + 1}", **{f"{kind}_id": member}).token,
            )
            for kind in ("faction", "house")
            for i, member in enumerate(campaign.member_ids(kind))
        ]
        tables.append(Table(campaign.id, intrigue.seats.seat_gm(campaign.id).token, tuple(seats)))
    return tables


def order_body(order: Order, actor: str) -> dict[str, Any]:
    """A house order in the REST body's form (domain/gameofbones/rules/ordering.py, `order_from_dict`)."""
    body: dict[str, Any] = {"action": order.action.value, "actor": actor, "start_week": order.start_week}
    for key, unset in UNSET.items():
        value = getattr(order, key)
        if value != unset:
            body[key] = list(value) if isinstance(value, tuple) else value
    return body


class Planner:
    """What each seat would order this phase, from the board at the phase's opening."""

    def __init__(self, intrigue: Intrigue) -> None:
        self.intrigue = intrigue

    def plan(self, table: Table) -> dict[UUID, Any]:
        store = self.intrigue.store
        campaign = store.load(table.campaign_id, Campaign)
        factions = [store.load(f, Faction) for f in campaign.member_ids("faction")]
        board = load_board(self.intrigue, table.campaign_id)
        plans: dict[UUID, Any] = {}
        for faction in factions:
            if not faction.wild and not faction.destroyed:
                plans[faction.id] = [*candidate_orders(faction, factions)[:FACTION_TRIES], NARRATIVE]
        for house in board.houses.values():
            if not house.destroyed:
                free = [c.name for c in house.characters if c.active][: len(house.action_bonuses(board.phase))]
                plans[house.id] = (free, board.candidates(house)[:HOUSE_TRIES])
        return plans


@dataclass
class Tally:
    """What one round counted: latencies in seconds."""

    commands: list[float] = field(default_factory=list)  # the seats' orders and the GM's openings, every answer
    accepted: int = 0
    refused: int = 0  # answered 4xx: a rule refused the order (the seat tries its next)
    failed: list[str] = field(default_factory=list)  # 5xx, a broken connection, a read answered in error
    resolutions: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)  # per table, seconds


class Client:
    """Keep-alive connections to the service, shared by every seat: one is borrowed for each request."""

    def __init__(self, port: int) -> None:
        self.port, self.idle = port, list[Connection]()

    async def warm(self, count: int) -> None:
        for _ in range(count):
            connection = Connection(self.port, b"")
            await connection.open()
            self.idle.append(connection)

    async def ask(self, method: str, path: str, token: str, body: object = None) -> tuple[int, bytes, float]:
        started = time.perf_counter()
        connection = self.idle.pop() if self.idle else Connection(self.port, b"")
        if not hasattr(connection, "writer"):
            await connection.open()
        payload = b"" if body is None else json.dumps(body).encode()
        try:
            status, answer = await connection.ask(http_request(method, path, payload, token))
        except (OSError, asyncio.IncompleteReadError) as error:
            return 0, str(error).encode(), time.perf_counter() - started
        self.idle.append(connection)
        return status, answer, time.perf_counter() - started

    async def close(self) -> None:
        for connection in self.idle:
            await connection.close()


class Round:
    """One round: every table plays `phases` phases of `window` seconds, started within the first window."""

    def __init__(self, client: Client, planner: Planner, window: float, phases: int, seed: int = 0) -> None:
        self.client, self.planner, self.window, self.phases = client, planner, window, phases
        self.rng, self.tally = random.Random(seed), Tally()

    async def play(self, tables: list[Table]) -> Tally:
        await asyncio.gather(*(self._table(t, self.rng.uniform(0, self.window)) for t in tables))
        return self.tally

    async def _command(self, method: str, path: str, token: str, body: object = None) -> bool:
        status, answer, seconds = await self.client.ask(method, path, token, body)
        self.tally.commands.append(seconds)
        if 200 <= status < 300:
            self.tally.accepted += 1
            return True
        if 400 <= status < 500 and status not in (401, 403):
            self.tally.refused += 1
        else:
            self.tally.failed.append(f"{method} {path}: {status} {answer[:200]!r}")
        return False

    async def _table(self, table: Table, offset: float) -> None:
        await asyncio.sleep(offset)
        start, base = time.perf_counter(), f"{API}/campaigns/{table.campaign_id}"
        for phase in range(self.phases):
            opens = start + phase * self.window
            await _until(opens)
            await self._command("POST", f"{base}/phases", table.gm)
            plans = await asyncio.to_thread(self.planner.plan, table)
            spread = ORDERS_SHARE * self.window
            await asyncio.gather(
                *(
                    self._orders(base, seat, plans.get(seat.member_id), opens + self.rng.uniform(0, spread))
                    for seat in table.seats
                )
            )
            await _until(opens + spread)
            status, answer, seconds = await self.client.ask("POST", f"{base}/phases/current/resolve", table.gm)
            self.tally.resolutions.append(seconds)
            if status != 200:
                self.tally.failed.append(f"resolve: {status} {answer[:200]!r}")
            now = time.perf_counter()
            await asyncio.gather(
                *(
                    self._reads(table, seat, now + self.rng.uniform(0, READS_SHARE * self.window))
                    for seat in table.seats
                )
            )
        self.tally.lags.append(max(0.0, time.perf_counter() - (start + self.phases * self.window)))

    async def _orders(self, base: str, seat: SeatAt, plan: Any, at: float) -> None:
        if plan is None:  # a wild or destroyed member gives no orders
            return
        await _until(at)
        if seat.kind == "faction":
            for orders in plan:
                if await self._command("PUT", f"{base}/factions/{seat.member_id}/orders", seat.token, orders):
                    return
            return
        free, candidates = list(plan[0]), plan[1]
        for order in candidates:
            if not free:
                return
            path = f"{base}/houses/{seat.member_id}/actions"
            if await self._command("POST", path, seat.token, order_body(order, free[0])):
                free.pop(0)

    async def _reads(self, table: Table, seat: SeatAt, at: float) -> None:
        await _until(at)
        standings = {"query": STANDINGS, "variables": {"campaignId": str(table.campaign_id)}}
        own = f"{API}/campaigns/{table.campaign_id}/{seat.kind}s"
        for method, path, body in (("POST", "/graphql", standings), ("GET", own, None)):
            status, answer, seconds = await self.client.ask(method, path, seat.token, body)
            self.tally.reads.append(seconds)
            if status != 200 or b'"errors"' in answer:
                self.tally.failed.append(f"read {path}: {status} {answer[:200]!r}")


async def _until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.perf_counter()))
