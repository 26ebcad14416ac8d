"""Answers to read-only GraphQL queries, reused while the read models they were computed from have not moved.

An answer is kept under who asked (the seat, which decides what is visible), the document, operation and
variables, and tagged with the read models' position read *before* it was computed: the position of the campaigns
it reads where its root fields name them (service/entrypoints/graphql/core/answer_scope.py), so a write in another
campaign leaves it valid, else of the whole read model. It is reused only while the position read for the new
request is still that tag, so it is never staler than a fresh one would be; a seat is
still resolved on every request, so a revoked token fails at once. Only queries whose every root field reads
the read models and the seat alone are kept (`CACHEABLE`); mutations, subscriptions and errors never are.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import orjson
from graphql import ExecutionResult, GraphQLError, OperationType, get_operation_ast

from domain.seats import Seat
from service.entrypoints.graphql.core.guards import POLICY, Access, root_fields
from service.entrypoints.graphql.core.parsing import parsed

# Root fields answered from `aggregate_state` (and the seat) only. A field that reads the event log, history or
# seats table must not be added: the position below does not move when those change.
CACHEABLE = frozenset({"campaigns", "campaign", "factions", "faction", "houses", "house", "areas", "me", "__typename"})
assert all(POLICY[OperationType.QUERY][f] is Access.ANYONE for f in CACHEABLE - {"__typename"}), (
    "a kept answer skips the POLICY check: open fields only"
)
MAX_ANSWERS = 512
MAX_BYTES = 64 * 2**20
Key = tuple[Any, ...]


@lru_cache(maxsize=256)
def cacheable(query: str, operation_name: str | None) -> bool:
    """A query operation whose every root field, fragments included, is in `CACHEABLE`."""
    try:
        document = parsed(query)
    except GraphQLError:
        return False
    operation = get_operation_ast(document, operation_name)
    if operation is None or operation.operation is not OperationType.QUERY:
        return False
    # `campaign(id, asOf: ...)` rebuilds the past from the event log, which the position below does not follow.
    return all(
        node.name.value in CACHEABLE and not any(a.name.value == "asOf" for a in node.arguments or ())
        for node in root_fields(document, operation)
    )


def key_of(seat: Seat | None, query: str, operation_name: str | None, variables: dict[str, Any] | None) -> Key:
    scope = None if seat is None else (seat.id, seat.role, seat.campaign_id, seat.faction_id, seat.house_id)
    return scope, query, operation_name, json.dumps(variables or {}, sort_keys=True, default=str)


def encode(data: object) -> bytes:
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # a lone surrogate (only an import can have stored one) has no UTF-8 form: \uXXXX it
        return json.dumps(data, default=str).encode()


@dataclass(frozen=True)
class _Kept:
    position: tuple[Any, ...]
    result: ExecutionResult
    size: int


class Answers:
    """A bounded LRU of answers, each tagged with the read-model position it was computed at."""

    def __init__(self, max_answers: int = MAX_ANSWERS, max_bytes: int = MAX_BYTES) -> None:
        self.max_answers, self.max_bytes = max_answers, max_bytes
        self._kept: OrderedDict[Key, _Kept] = OrderedDict()
        self._bytes = 0
        self._computing: dict[tuple[Key, tuple[Any, ...]], asyncio.Future[ExecutionResult | None]] = {}

    async def answer(
        self, key: Key, position: tuple[Any, ...], compute: Callable[[], Awaitable[ExecutionResult]]
    ) -> ExecutionResult:
        """The kept answer; else the one being computed for the same key and position, awaited rather than
        computed again (right after a change, every client in flight asks at once); else computed here."""
        kept = self.get(key, position)
        if kept is not None:
            return kept
        flight = self._computing.get((key, position))
        if flight is not None:
            shared = await asyncio.shield(flight)
            return shared if shared is not None and not shared.errors else await compute()
        flight = asyncio.get_running_loop().create_future()
        self._computing[(key, position)] = flight
        result = None
        try:
            result = await compute()
            self.keep(key, position, result)
            return result
        finally:
            del self._computing[(key, position)]
            flight.set_result(result)  # None when it raised: each waiter then computes its own

    def get(self, key: Key, position: tuple[Any, ...]) -> ExecutionResult | None:
        kept = self._kept.get(key)
        if kept is None or kept.position != position:
            return None
        self._kept.move_to_end(key)
        return kept.result

    def keep(self, key: Key, position: tuple[Any, ...], result: ExecutionResult) -> None:
        if result.errors or result.extensions:
            return
        # Kept encoded: no re-encoding per answer, and one bytes object instead of a tree the collector walks.
        encoded = encode(result.data)
        if len(encoded) > self.max_bytes:
            return
        self._forget(key)
        self._kept[key] = _Kept(position, ExecutionResult(data=orjson.Fragment(encoded)), len(encoded))  # type: ignore[arg-type]
        self._bytes += len(encoded)
        while len(self._kept) > self.max_answers or self._bytes > self.max_bytes:
            self._forget(next(iter(self._kept)))

    def _forget(self, key: Key) -> None:
        kept = self._kept.pop(key, None)
        if kept is not None:
            self._bytes -= kept.size
