"""The state writer's generation and its campaigns' tracking rows: which generation it writes to (a rebuild's switch
noticed), each campaign's position folded there, and the page's lanes claimed (projections/state.py writes the page)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.postgres import PostgresTrackingRecorder
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Composed

from projections.failures import CURRENT as CURRENT_FAILURES
from projections.failures import DDL as FAILURES_DDL
from projections.failures import OF_GENERATION
from projections.state_sql import CURRENT, CURRENT_AND_FAILED, FAILED, WRITING, statements_of
from projections.state_tables import MODEL

Lanes = dict[int, tuple[UUID, int]]  # by notification id: the event's campaign and its position there
_NOT_HELD = 1 << 62  # a campaign whose tracking row another writer holds: none of its events is written


def _tracks(lanes: Lanes, held: dict[UUID, int]) -> list[dict[str, Any]]:
    """Each held campaign's last event of the page past its row: its new tracking row. Keyed by the ids' integers
    (hashed in C; a UUID hashes in Python, and a page has an entry per event)."""
    at = {c.int: p for c, p in held.items()}
    last: dict[int, tuple[int, int, UUID]] = {}
    for notification_id, (campaign_id, position) in lanes.items():
        key = campaign_id.int
        if position > at.get(key, _NOT_HELD) and position > last.get(key, (0, 0, campaign_id))[0]:
            last[key] = (position, notification_id, campaign_id)
    return [{"campaign_id": c, "position": p, "notification_id": n} for _, (p, n, c) in sorted(last.items())]


class _GenerationChangedError(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(current)
        self.current = current


class StateTracking(PostgresTrackingRecorder):
    """The generation a state writer writes to, and its campaigns' tracking rows there (projections/state.py)."""

    generation: int | None = None
    _sql: dict[str, Composed]
    _aimed: int | None
    _campaigns: list[UUID]

    def create_table(self) -> None:
        """Generations are created by `intrigue migrate` and by rebuilds, not by the recorder; the failures
        of every generation are kept in one table, created here (every `migrate` runs this)."""
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL(FAILURES_DDL))

    def _statements(self) -> dict[str, Composed]:
        """The statements of the generation this writer writes to, or, before its first page has aimed it, of
        the current one: a fresh runner whose first page holds a resolution asks for rows before that (issue
        12). The first page still aims it, and learns what a rebuild already projected there."""
        if self._aimed is None:
            rows = self.query(SQL(CURRENT), {"model": MODEL})
            if not rows:
                raise RuntimeError("no read_model_generation row for 'state': run `intrigue migrate`")
            self._sql = statements_of(int(rows[0]["current"]))
        return self._sql

    @property
    def folded_inline(self) -> bool:
        """Whether commands' inline projections (projections/inline.py) fold into the tracking this writer's runner
        reads: the live writer's (`state_tracking`, the current generation's), not a rebuild's generation."""
        return self.generation is None

    def read_failures(self) -> list[DictRow]:
        """The rows of `read_model_failures` for the generation readers see (or this rebuild writes)."""
        if self.generation is None:
            return self.query(CURRENT_FAILURES)
        return self.query(OF_GENERATION, (self.generation,))

    def lane_position(self, campaign_id: UUID) -> int:
        """The campaign's last position folded into this writer's generation (0 for none)."""
        rows = self.query(self._statements()["lane"], (campaign_id,))
        return int(rows[0]["position"]) if rows else 0

    def read_position(self, campaign_id: UUID) -> int:
        """The campaign's last position folded into the generation readers see (`state_tracking`), whoever folded it;
        for a rebuild's writer (a generation of its own), what it folded there."""
        if self.generation is not None:
            return self.lane_position(campaign_id)
        rows = self.query(SQL("SELECT position FROM state_tracking WHERE campaign_id = %s"), (campaign_id,))
        return int(rows[0]["position"]) if rows else 0

    def progress(self) -> tuple[int, int]:
        """Events folded into this writer's generation, and events in the store (positions are gap-free counts)."""
        rows = self.query(self._statements()["progress"])
        return int(rows[0]["done"]), int(rows[0]["head"])

    def _claim(self, curs: Cursor[DictRow], lanes: Lanes) -> dict[UUID, int]:
        """Lock the tracking rows of the page's campaigns (made where missing), skipping those another writer
        holds (an inline projection in a command's transaction): each held campaign's position."""
        by_int = {campaign_id.int: campaign_id for campaign_id, _ in lanes.values()}  # hashed in C, in UUID order
        campaigns = self._campaigns = [by_int[key] for key in sorted(by_int)]
        if not campaigns:
            return {}
        curs.execute(self._sql["open_lanes"], (campaigns,))
        return {row["campaign_id"]: row["position"] for row in curs.execute(self._sql["lock_lanes"], (campaigns,))}

    def _check_generation(self, curs: Cursor[DictRow]) -> set[int]:
        """The generation still current (else `_GenerationChangedError`), and its stopped campaigns."""
        if self.generation is not None:  # a rebuild's writer never touches the generation row
            return {row["campaign_id"].int for row in curs.execute(SQL(FAILED), (self._aimed,))}
        curs.execute(SQL(WRITING), {"model": MODEL})  # a switch in flight: until it commits (state_sql.py)
        current = curs.execute(SQL(CURRENT_AND_FAILED), {"model": MODEL}).fetchone()
        if current is None:
            raise RuntimeError("no read_model_generation row for 'state': run `intrigue migrate`")
        if current["current"] != self._aimed:
            raise _GenerationChangedError(current["current"])
        return {campaign_id.int for campaign_id in current["failed"]}

    def query(self, statement: str | Composable, params: Any = None) -> list[DictRow]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL(statement) if isinstance(statement, str) else statement, params)  # type: ignore[arg-type,call-overload,unused-ignore]
            return curs.fetchall()
