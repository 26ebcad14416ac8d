"""Rate limits on writes (issue 25): counted per seat for a request whose bearer token names one, per client address
for any other; an address without a token also creates at most so many campaigns an hour.

The `limits` library counts, with a moving window, in this process's memory unless `INTRIGUE_RATE_STORAGE_URI` names
a shared storage (docs/operations.md, "Limits and error answers").
"""

from __future__ import annotations

import ipaddress
import logging
import math
import os
import time
from dataclasses import dataclass, field
from typing import Any

from limits import RateLimitItem, parse
from limits.errors import StorageError
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool

from domain.seats import Seat
from service.entrypoints.shared.errors import RateLimitedError

# The app's limiter travels in each ASGI scope under this key (service/entrypoints/rates.py puts it there), so that
# the GraphQL extension counting mutations (service/entrypoints/graphql/core/rates.py) shares REST's counts.
SCOPE_KEY = "intrigue.rates"
IPV6_PREFIX = 64  # one IPv6 subscriber usually holds a whole /64: its addresses share one count
UNLIMITED = "unlimited"
log = logging.getLogger("intrigue.http")


def _env(name: str, default: str) -> str:
    return os.environ.get(name, "").strip() or default


@dataclass(frozen=True)
class Rates:
    """How many writes a caller may make, in the `limits` library's notation (`10/hour`, `20 per second`, `5/2 minutes`)
    or `unlimited`; read from the environment when not given."""

    campaigns: str = field(default_factory=lambda: _env("INTRIGUE_RATE_CAMPAIGNS", "10/hour"))
    mutations: str = field(default_factory=lambda: _env("INTRIGUE_RATE_MUTATIONS", "20/second"))
    storage_uri: str = field(default_factory=lambda: _env("INTRIGUE_RATE_STORAGE_URI", "memory://"))


def rate(text: str, what: str) -> RateLimitItem | None:
    """The rate `text` names, None when `unlimited`; a ValueError naming `what` when it reads as no rate."""
    if text.strip().lower() == UNLIMITED:
        return None
    try:
        return parse(text)
    except ValueError:
        raise ValueError(f"{what} must read like `10/hour` or `{UNLIMITED}`, not {text!r}") from None


@dataclass(frozen=True)
class Caller:
    """Whom a write is counted against: `seat:<id>`, or `address:<host>` for a request without a valid token."""

    key: str
    anonymous: bool


def caller_of(scope: Any, seat: Seat | None) -> Caller:
    """The seat, else the client address (as uvicorn sets it, from X-Forwarded-For only behind a trusted proxy)."""
    if seat is not None:
        return Caller(f"seat:{seat.id}", anonymous=False)
    client = scope.get("client")
    return Caller(f"address:{_address(str(client[0]) if client else 'unknown')}", anonymous=True)


def _address(host: str) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # no IP address: a test client's name
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False))
    return str(address)


class RateLimiter:
    """Counts writes against `Rates`; one per app, shared by REST and GraphQL."""

    def __init__(self, rates: Rates | None = None) -> None:
        self.rates = rates or Rates()
        # Remote storages' errors come wrapped in StorageError, which `check` lets through (fails open).
        self.storage: Storage = storage_from_string(self.rates.storage_uri, wrap_exceptions=True)  # type: ignore[assignment]
        self.window = MovingWindowRateLimiter(self.storage)
        self.in_process = self.rates.storage_uri.startswith("memory://")
        self.mutations = rate(self.rates.mutations, "INTRIGUE_RATE_MUTATIONS")
        self.campaigns = rate(self.rates.campaigns, "INTRIGUE_RATE_CAMPAIGNS")

    async def check(self, caller: Caller, campaigns: int = 0) -> None:
        """Count one write creating `campaigns` campaigns; past a limit, RateLimitedError and nothing more counted."""
        if self.in_process:  # a lock and a list in memory: no reason to leave the event loop
            self._check(caller, campaigns)
            return
        try:
            await run_in_threadpool(self._check, caller, campaigns)
        except StorageError as error:  # a shared storage that cannot answer never stops the game: writes go on
            log.warning(
                "rate limits not counted: their storage failed", extra={"reason": type(error.storage_error).__name__}
            )

    def _check(self, caller: Caller, campaigns: int) -> None:
        # The short window first: a write refused by it leaves the hourly count of campaigns untouched.
        self._hit(self.mutations, caller.key, 1, "writes by one caller")
        if campaigns and caller.anonymous:
            self._hit(self.campaigns, caller.key, campaigns, "new campaigns from one address without a token")

    def _hit(self, item: RateLimitItem | None, key: str, cost: int, what: str) -> None:
        if item is None or self.window.hit(item, key, cost=cost):
            return
        reset, _ = self.window.get_window_stats(item, key)
        retry_after = max(1, math.ceil(reset - time.time()))
        raise RateLimitedError(f"{what} are limited to {item}; try again in {retry_after} s", retry_after)
