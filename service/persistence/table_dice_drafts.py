"""The faces a GM has entered for a phase played with the table's dice, kept until the last roll is in (issue 28).

A draft is no event: nothing of the phase is committed while it grows. It is one row per campaign, naming the
phase it is for; a row for another phase than the campaign's current one is stale and read as no draft.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from uuid import UUID

from eventsourcing.postgres import PostgresDatastore
from psycopg.sql import SQL

from service.persistence import outcomes
from service.persistence.app import IntrigueStore

DDL = [
    """CREATE TABLE IF NOT EXISTS table_dice_drafts (
        campaign_id uuid PRIMARY KEY,
        phase integer NOT NULL,
        rolls jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now())""",
]


class TableDiceDrafts:
    """Read and write the drafts, in the event store's database."""

    def __init__(self, store: IntrigueStore) -> None:
        self.datastore: PostgresDatastore = store.recorder.datastore  # type: ignore[attr-defined]

    def rolls(self, campaign_id: UUID, phase: int) -> list[list[int]]:
        """The faces entered so far for `phase`, grouped by roll ([] when none, or when the row is another phase's)."""
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(SQL("SELECT phase, rolls FROM table_dice_drafts WHERE campaign_id = %s"), (campaign_id,))
            row = cursor.fetchone()
        if row is None or int(row["phase"]) != phase:
            return []
        loaded = row["rolls"] if not isinstance(row["rolls"], str) else json.loads(row["rolls"])
        return [[int(face) for face in faces] for faces in loaded]

    def keep(self, campaign_id: UUID, phase: int, rolls: Sequence[Sequence[int]]) -> None:
        self._write(
            "INSERT INTO table_dice_drafts (campaign_id, phase, rolls) VALUES (%s, %s, %s::jsonb)"
            " ON CONFLICT (campaign_id) DO UPDATE SET phase = EXCLUDED.phase, rolls = EXCLUDED.rolls,"
            " updated_at = EXCLUDED.updated_at",  # the column's default, now(): Citus refuses now() here
            (campaign_id, phase, json.dumps([list(r) for r in rolls])),
        )

    def drop(self, campaign_id: UUID, claim: bool = True) -> None:
        """`claim`: a keyed request's idempotency claim commits with it (not when the request's events held it)."""
        self._write("DELETE FROM table_dice_drafts WHERE campaign_id = %s", (campaign_id,), claim)

    def _write(self, statement: str, params: tuple[UUID, *tuple[object, ...]], claim: bool = True) -> None:
        """`params` name the campaign first: the claim is written in that campaign's lane (its shard on Citus)."""
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL(statement), params)
            if claim:
                outcomes.writing(cursor, None, params[0])  # a keyed request's idempotency claim commits with the draft
        if claim:
            outcomes.written(None)
