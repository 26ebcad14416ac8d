"""The webhooks' rows (issue 32; docs/webhooks.md): the GM's endpoints, the deliveries in the outbox, and a phase's
announced due time. Every statement names its campaign, so on Citus each is one shard's (service/persistence/
citus.py); the only statements across campaigns are the delivery worker's look for campaigns with work due.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.postgres import PostgresDatastore
from psycopg.sql import SQL

from service.persistence import outcomes
from service.persistence.app import IntrigueStore
from service.persistence.outbox import DELIVERIES, ENDPOINTS, ORDERS_DUE

_ENDPOINT_COLUMNS = "id, campaign_id, url, secret, kinds, format, created_at"
_DELIVERY_COLUMNS = (
    "id, campaign_id, endpoint_id, kind, position, detail, created_at, attempts, next_attempt_at,"
    " delivered_at, gave_up_at, last_status, last_error"
)
# The worker's claim: due rows of one campaign, locked by no other worker (SKIP LOCKED), leased for `lease` seconds
# (a process killed while sending leaves them to be sent again once the lease ends) and counted as an attempt.
_CLAIM = f"""UPDATE {DELIVERIES} d SET next_attempt_at = now() + make_interval(secs => %(lease)s),
        attempts = d.attempts + 1
    FROM {ENDPOINTS} e
    WHERE d.campaign_id = %(campaign)s AND e.campaign_id = d.campaign_id AND e.id = d.endpoint_id
      AND d.id IN (SELECT id FROM {DELIVERIES} WHERE campaign_id = %(campaign)s AND delivered_at IS NULL
          AND gave_up_at IS NULL AND next_attempt_at <= now() ORDER BY created_at, position, id
          LIMIT %(limit)s FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.campaign_id, d.endpoint_id, d.kind, d.position, d.detail, d.body, d.created_at, d.attempts,
        d.next_attempt_at AS lease_end, e.url, e.secret, e.format"""
# A claim's rows are fenced by their lease's end (`lease_end`, the same for every row of one claim): a worker whose
# lease ran out, the row claimed again by another, neither reschedules nor releases it.
_FENCE = "AND next_attempt_at = %(lease_end)s AND delivered_at IS NULL AND gave_up_at IS NULL"
_FAILED = f"""UPDATE {DELIVERIES} SET last_status = %(status)s, last_error = %(error)s,
        next_attempt_at = now() + make_interval(secs => %(delay)s)
    WHERE campaign_id = %(campaign)s AND id = %(id)s {_FENCE}"""
# Given up once it has been tried for `give_up` seconds. A statement of its own, the column compared with a value
# computed without it: Citus refuses now() in a CASE, and a STABLE function called with a column in an UPDATE.
_GIVE_UP = f"""UPDATE {DELIVERIES} SET gave_up_at = now()
    WHERE campaign_id = %(campaign)s AND id = %(id)s AND created_at <= now() - make_interval(secs => %(give_up)s)
    RETURNING gave_up_at"""
# Claimed rows its worker will not send before its lease ends: due again at once, the attempt not counted.
_RELEASE = f"""UPDATE {DELIVERIES} SET next_attempt_at = now(), attempts = attempts - 1
    WHERE campaign_id = %(campaign)s AND id = ANY(%(ids)s) {_FENCE}"""
# The retention (docs/webhooks.md, Retention): a delivered row goes `keep_delivered` seconds after its delivery, a
# given-up one `keep_given_up` seconds after it was given up; a row still to be sent has neither time and stays.
# Across campaigns, each cut-off computed first (Citus evaluates no function of a column in a multi-shard write).
_CUT_OFFS = """SELECT now() - make_interval(secs => %(delivered)s) AS delivered,
    now() - make_interval(secs => %(given_up)s) AS given_up"""
_PURGE = (
    f"DELETE FROM {DELIVERIES} WHERE delivered_at < %(delivered)s",
    f"DELETE FROM {DELIVERIES} WHERE gave_up_at < %(given_up)s",
)
# Announce a phase's orders once, at its notice time, to every endpoint that wants it (one transaction).
_ANNOUNCE = f"""WITH due AS (UPDATE {ORDERS_DUE} SET announced_at = now() WHERE campaign_id = %(campaign)s
        AND announced_at IS NULL AND notice_at <= now() RETURNING campaign_id, phase, due_at)
    INSERT INTO {DELIVERIES} (id, campaign_id, endpoint_id, kind, detail)
    SELECT md5(e.id::text || ':orders_due_soon:' || due.phase || ':' || due.due_at)::uuid, e.campaign_id, e.id,
        'orders_due_soon', jsonb_build_object('phase', due.phase, 'due_at', due.due_at)
    FROM due JOIN {ENDPOINTS} e ON e.campaign_id = due.campaign_id AND e.removed_at IS NULL
        AND 'orders_due_soon' = ANY(e.kinds)
    ON CONFLICT DO NOTHING"""


class WebhookRows:
    """Read and write the webhooks' tables, in the event store's database."""

    def __init__(self, store: IntrigueStore) -> None:
        self.datastore: PostgresDatastore = store.recorder.datastore  # type: ignore[attr-defined]

    # ---- the GM's side --------------------------------------------------------------------------------------------
    def add_endpoint(
        self, endpoint_id: UUID, campaign_id: UUID, url: str, secret: str, kinds: Sequence[str], format: str
    ) -> None:
        self._write(
            f"INSERT INTO {ENDPOINTS} (id, campaign_id, url, secret, kinds, format) VALUES (%s, %s, %s, %s, %s, %s)",
            campaign_id,
            (endpoint_id, campaign_id, url, secret, list(kinds), format),
        )

    def remove_endpoint(self, campaign_id: UUID, endpoint_id: UUID) -> bool:
        """Remove it; its deliveries still due are given up. False when the campaign has no such endpoint."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(
                SQL(
                    f"UPDATE {ENDPOINTS} SET removed_at = now() WHERE campaign_id = %s AND id = %s"
                    " AND removed_at IS NULL"
                ),
                (campaign_id, endpoint_id),
            )
            removed = cursor.rowcount == 1
            cursor.execute(
                SQL(
                    f"UPDATE {DELIVERIES} SET gave_up_at = now(), last_error = 'the endpoint was removed'"
                    " WHERE campaign_id = %s AND endpoint_id = %s AND delivered_at IS NULL"
                    " AND gave_up_at IS NULL"
                ),
                (campaign_id, endpoint_id),
            )
            outcomes.writing(cursor, None, campaign_id)
        outcomes.written(None)
        return removed

    def endpoints(self, campaign_id: UUID) -> list[dict[str, Any]]:
        return self._read(
            f"SELECT {_ENDPOINT_COLUMNS} FROM {ENDPOINTS} WHERE campaign_id = %s"
            " AND removed_at IS NULL ORDER BY created_at, id",
            (campaign_id,),
        )

    def deliveries(self, campaign_id: UUID, endpoint_id: UUID, limit: int) -> list[dict[str, Any]]:
        """An endpoint's latest deliveries, newest first."""
        return self._read(
            f"SELECT {_DELIVERY_COLUMNS} FROM {DELIVERIES} WHERE campaign_id = %s"
            " AND endpoint_id = %s ORDER BY created_at DESC, position DESC NULLS FIRST, id LIMIT %s",
            (campaign_id, endpoint_id, limit),
        )

    def queue(self, delivery_id: UUID, campaign_id: UUID, endpoint_id: UUID, kind: str, detail: str) -> None:
        """A delivery the GM asked for (a test), queued at once."""
        self._write(
            f"INSERT INTO {DELIVERIES} (id, campaign_id, endpoint_id, kind, detail) VALUES (%s, %s, %s, %s, %s::jsonb)",
            campaign_id,
            (delivery_id, campaign_id, endpoint_id, kind, detail),
        )

    def set_orders_due(self, campaign_id: UUID, phase: int, due_at: datetime, notice_at: datetime) -> None:
        self._write(
            f"INSERT INTO {ORDERS_DUE} (campaign_id, phase, due_at, notice_at) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (campaign_id) DO UPDATE SET phase = EXCLUDED.phase, due_at = EXCLUDED.due_at,"
            " notice_at = EXCLUDED.notice_at, announced_at = NULL",
            campaign_id,
            (campaign_id, phase, due_at, notice_at),
        )

    def orders_due(self, campaign_id: UUID) -> dict[str, Any] | None:
        found = self._read(
            f"SELECT phase, due_at, notice_at, announced_at FROM {ORDERS_DUE} WHERE campaign_id = %s", (campaign_id,)
        )
        return found[0] if found else None

    # ---- the delivery worker's side -------------------------------------------------------------------------------
    def campaigns_due(self) -> list[UUID]:
        """The campaigns with a delivery due now or a due time to announce (across campaigns: no lock taken)."""
        rows = self._read(
            f"SELECT DISTINCT campaign_id FROM {DELIVERIES} WHERE delivered_at IS NULL"
            " AND gave_up_at IS NULL AND next_attempt_at <= now()"
            f" UNION SELECT campaign_id FROM {ORDERS_DUE} WHERE announced_at IS NULL"
            " AND notice_at <= now()",
            (),
        )
        return [UUID(str(row["campaign_id"])) for row in rows]

    def seconds_to_next(self) -> float | None:
        """Seconds until the next delivery or announcement falls due (None: nothing waits)."""
        rows = self._read(
            f"SELECT extract(epoch FROM least((SELECT min(next_attempt_at) FROM {DELIVERIES}"
            " WHERE delivered_at IS NULL AND gave_up_at IS NULL),"
            f" (SELECT min(notice_at) FROM {ORDERS_DUE} WHERE announced_at IS NULL)) - now()) AS s",
            (),
        )
        seconds = rows[0]["s"] if rows else None
        return None if seconds is None else float(seconds)

    def announce_orders_due(self, campaign_id: UUID) -> None:
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(_ANNOUNCE), {"campaign": campaign_id})

    def claim(self, campaign_id: UUID, limit: int, lease: float) -> list[dict[str, Any]]:
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(_CLAIM), {"campaign": campaign_id, "limit": limit, "lease": lease})
            return list(cursor.fetchall())

    def keep_body(self, campaign_id: UUID, delivery_id: UUID, body: bytes) -> None:
        """The body built for a delivery's first attempt, sent the same on every later one."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(
                SQL(f"UPDATE {DELIVERIES} SET body = %s WHERE campaign_id = %s AND id = %s AND body IS NULL"),
                (body, campaign_id, delivery_id),
            )

    def delivered(self, campaign_id: UUID, delivery_id: UUID, status: int) -> None:
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(
                SQL(
                    f"UPDATE {DELIVERIES} SET delivered_at = now(), last_status = %s, last_error = NULL"
                    " WHERE campaign_id = %s AND id = %s"
                ),
                (status, campaign_id, delivery_id),
            )

    def failed(
        self,
        campaign_id: UUID,
        delivery_id: UUID,
        lease_end: datetime,
        status: int | None,
        error: str,
        delay: float,
        give_up: float,
    ) -> bool:
        """Record a failed attempt and when to try again, if the claim is still this worker's; True when the
        delivery has now been given up."""
        with self.datastore.transaction(commit=True) as cursor:
            params = {
                "campaign": campaign_id,
                "id": delivery_id,
                "status": status,
                "error": error[:500],
                "delay": delay,
                "give_up": give_up,
                "lease_end": lease_end,
            }
            cursor.execute(SQL(_FAILED), params)
            if cursor.rowcount != 1:  # the lease ran out and another worker has it: its attempt will tell
                return False
            cursor.execute(SQL(_GIVE_UP), params)
            return cursor.fetchone() is not None

    def release(self, campaign_id: UUID, delivery_ids: Sequence[UUID], lease_end: datetime) -> None:
        """Claimed rows this worker will not send (too little of its lease is left): due again for any worker."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(_RELEASE), {"campaign": campaign_id, "ids": list(delivery_ids), "lease_end": lease_end})

    def purge(self, keep_delivered: float, keep_given_up: float) -> int:
        """Delete the deliveries delivered more than `keep_delivered` seconds ago and those given up more than
        `keep_given_up` seconds ago; how many went. Never one still to be sent."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(_CUT_OFFS), {"delivered": keep_delivered, "given_up": keep_given_up})
            cut_offs = cursor.fetchone()
            purged = 0
            for statement in _PURGE:
                cursor.execute(SQL(statement), cut_offs)
                purged += cursor.rowcount
            return purged

    def _read(self, statement: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(SQL(statement), params)
            return list(cursor.fetchall())

    def _write(self, statement: str, campaign_id: UUID, params: tuple[Any, ...]) -> None:
        """A keyed request's idempotency claim commits with the row, in the campaign's lane (its shard on Citus)."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(statement), params)
            outcomes.writing(cursor, None, campaign_id)
        outcomes.written(None)
