"""Seats and their bearer tokens, in the table `seats`; a token is stored only as its SHA-256."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.postgres import PostgresDatastore
from psycopg.sql import SQL

from domain.campaign import Campaign
from domain.commands import CreateCampaign
from domain.errors import (
    DomainError,
    InvalidInputError,
    NotFoundError,
)
from domain.seats import Role, Seat, gm_seat_id, plan_seat
from service.persistence import outcomes
from service.persistence.app import IntrigueStore
from service.persistence.listener import SEATS_CHANGED
from service.persistence.readpool import ReadPool
from service.usecases.campaigns import CampaignService

TOKEN_PREFIX = "itg_"
_COLUMNS = "id, campaign_id, role, name, faction_id, house_id"
# A seat, or its new token (a reissue rotates it): `_row`'s values.
_INSERT = (
    f"INSERT INTO seats ({_COLUMNS}, token_sha256) VALUES (%s, %s, %s, %s, %s, %s, %s)"
    " ON CONFLICT (id, campaign_id) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256"
)
_BY_TOKEN = f"SELECT {_COLUMNS} FROM seats WHERE token_sha256 = %s"
# A token names its campaign (`token_for`), so the lookup goes to that campaign's shard on Citus, a router query
# (docs/scaling.md, "Citus"); a token issued before it did is looked up by its digest alone, on every shard.
_BY_CAMPAIGN_TOKEN = f"{_BY_TOKEN} AND campaign_id = %s"
# A revoked seat keeps its row (the GM still lists it) but holds 16 random bytes where a token's 32-byte SHA-256
# would be: no token hashes to it, and its length says "revoked" without a schema change.
_REVOKED_BYTES = 16
_LISTED = f"SELECT {_COLUMNS}, octet_length(token_sha256) <> 32 AS revoked FROM seats"


@dataclass(frozen=True)
class IssuedSeat:
    """A seat and its token, as answered once to the GM who asked; the token is not stored."""

    seat: Seat
    token: str


@dataclass(frozen=True)
class StartedCampaign:
    campaign: Campaign
    gm: IssuedSeat


def digest(token: str) -> bytes:
    # Tokens carry 256 random bits, so a plain hash resists guessing; a slow KDF would only slow lookups.
    return hashlib.sha256(token.encode()).digest()


def token_for(campaign_id: UUID) -> str:
    """A new bearer token of a seat of the campaign: the prefix, the campaign's id in hex, `_`, 256 random bits.
    The id is no secret (the token's holder is told it anyway); the digest covers the whole token, so a token
    whose campaign was changed names no seat."""
    return f"{TOKEN_PREFIX}{campaign_id.hex}_{secrets.token_urlsafe(32)}"


def token_campaign(token: str) -> UUID | None:
    """The campaign a token names (`token_for`); None for a token of before, or one that is no token of ours."""
    head, sep, _ = token.removeprefix(TOKEN_PREFIX).partition("_")
    if not token.startswith(TOKEN_PREFIX) or not sep or len(head) != 32:
        return None
    try:
        return UUID(hex=head)
    except ValueError:
        return None


def _by_token(token: str) -> tuple[str, tuple[Any, ...]]:
    campaign_id = token_campaign(token)
    if campaign_id is None:
        return _BY_TOKEN, (digest(token),)
    return _BY_CAMPAIGN_TOKEN, (digest(token), campaign_id)


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer …` header (RFC 6750, section 2.1), or None when absent."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise UnauthenticatedError("the Authorization header must be 'Bearer <token>'")
    return token.strip()


class SeatService:
    """Application methods for seats. Who may call them is checked by the adapters with `domain.seats`."""

    def __init__(self, store: IntrigueStore, campaigns: CampaignService) -> None:
        self.datastore: PostgresDatastore = store.recorder.datastore  # type: ignore[attr-defined]
        self.store = store
        self.campaigns = campaigns

    def start_campaign(self, command: CreateCampaign) -> StartedCampaign:
        """Anyone may create a campaign; its creator is seated as its GM."""
        campaign = self.campaigns.create_campaign(command)
        return StartedCampaign(campaign, self._seat(Seat(gm_seat_id(campaign.id), campaign.id, Role.GM, "GM")))

    def seat_gm(self, campaign_id: UUID) -> IssuedSeat:
        """A new GM token for a campaign made outside the API (the demo, a script); any earlier one stops working.

        This is an operator's tool, for whoever can reach the database: no seat is checked.
        """
        self.store.load(campaign_id, Campaign)
        return self._seat(Seat(gm_seat_id(campaign_id), campaign_id, Role.GM, "GM"))

    def create_seat(
        self, campaign_id: UUID, role: str, name: str, faction_id: UUID | None = None, house_id: UUID | None = None
    ) -> IssuedSeat:
        campaign = self.store.load(campaign_id, Campaign)
        parsed, clean = plan_seat(role, name, faction_id, house_id, campaign.members)
        return self._seat(Seat(uuid4(), campaign_id, parsed, clean, faction_id, house_id))

    def seats(self, campaign_id: UUID) -> list[Seat]:
        return [seat for seat, _ in self.listed(campaign_id)]

    def listed(self, campaign_id: UUID) -> list[tuple[Seat, bool]]:
        """The campaign's seats, oldest first, each with whether its token was revoked."""
        rows = self._query(f"{_LISTED} WHERE campaign_id = %s ORDER BY created_at, id", (campaign_id,))
        return [(_seat_of(row), bool(row["revoked"])) for row in rows]

    def revoke(self, campaign_id: UUID, seat_id: UUID) -> Seat:
        """The seat's token stops working at once, open subscriptions included; the seat stays listed, revoked."""
        found = self._one(campaign_id, seat_id)
        if found.role is Role.GM:
            raise InvalidInputError("the GM seat cannot be revoked (nobody could run the campaign); reissue its token")
        self._write(
            "UPDATE seats SET token_sha256 = %s WHERE id = %s AND campaign_id = %s",
            (secrets.token_bytes(_REVOKED_BYTES), seat_id, campaign_id),
            campaign_id,
        )
        return found

    def reissue(self, campaign_id: UUID, seat_id: UUID) -> IssuedSeat:
        """A new token for the seat (revoked or not); its old token stops working at once."""
        return self._seat(self._one(campaign_id, seat_id))

    def _one(self, campaign_id: UUID, seat_id: UUID) -> Seat:
        rows = self._query(f"{_LISTED} WHERE campaign_id = %s AND id = %s", (campaign_id, seat_id))
        if not rows:
            raise NotFoundError(f"no seat with id {seat_id} in this campaign")
        return _seat_of(rows[0])

    def resolve(self, authorization: str | None) -> Seat | None:
        """The seat an Authorization header names; None without one. An unknown token is refused."""
        token = bearer_token(authorization)
        return None if token is None else _named(self._query(*_by_token(token)))

    async def resolve_on(self, reads: ReadPool, authorization: str | None) -> Seat | None:
        """`resolve` on the async read pool."""
        token = bearer_token(authorization)
        return None if token is None else _named(await reads.rows(*_by_token(token)))

    async def listed_on(self, reads: ReadPool, seat_id: UUID) -> tuple[Seat | None, bool]:
        """One seat by its id (None when no seat has it), with whether its token was revoked, on the read pool."""
        rows = await reads.rows(f"{_LISTED} WHERE id = %s", (seat_id,))
        if not rows:
            return None, False
        return _seat_of(rows[0]), bool(rows[0]["revoked"])

    async def held_on(self, reads: ReadPool, digests: list[bytes]) -> set[bytes]:
        """Which of these token digests still name a seat, in one query (open subscriptions, after a seat change)."""
        rows = await reads.rows("SELECT token_sha256 FROM seats WHERE token_sha256 = ANY(%s)", (digests,))
        return {bytes(row["token_sha256"]) for row in rows}

    def gm_of_new(self, campaign_id: UUID) -> tuple[IssuedSeat, Callable[[Any], None]]:
        """The GM seat of a campaign made in the caller's transaction (a fork, service/persistence/whole_saves.py):
        its token, and the write to run in that transaction. No notification: no subscription holds a seat of a
        campaign that did not exist."""
        issued = IssuedSeat(Seat(gm_seat_id(campaign_id), campaign_id, Role.GM, "GM"), token_for(campaign_id))
        return issued, lambda cursor: cursor.execute(SQL(_INSERT), _row(issued))

    def _seat(self, seat: Seat) -> IssuedSeat:
        issued = IssuedSeat(seat, token_for(seat.campaign_id))
        self._write(_INSERT, _row(issued), seat.campaign_id)
        return issued

    def _write(self, statement: str, params: tuple[Any, ...], campaign_id: UUID) -> None:
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(statement), params)
            # Delivered at commit to every process's listener: open subscriptions check their seat again.
            cursor.execute(SQL("SELECT pg_notify(%s, %s)"), (self.store.recorder.channel_name, SEATS_CHANGED))  # type: ignore[attr-defined]
            outcomes.writing(cursor, None, campaign_id)  # a keyed request's idempotency claim commits with the seat
        outcomes.written(None)

    def _query(self, statement: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(SQL(statement), params)
            return [dict(row) for row in cursor.fetchall()]


def _row(issued: IssuedSeat) -> tuple[Any, ...]:
    seat = issued.seat
    return (seat.id, seat.campaign_id, seat.role.value, seat.name, seat.faction_id, seat.house_id, digest(issued.token))


def _named(rows: list[dict[str, Any]]) -> Seat:
    if not rows:
        raise UnauthenticatedError("this bearer token names no seat")
    return _seat_of(rows[0])


def _seat_of(row: dict[str, Any]) -> Seat:
    return Seat(row["id"], row["campaign_id"], Role(row["role"]), row["name"], row["faction_id"], row["house_id"])


class UnauthenticatedError(DomainError):
    """A bearer token that names no seat. (A missing token is no error: the request is simply unseated.)"""

    code = "UNAUTHENTICATED"
