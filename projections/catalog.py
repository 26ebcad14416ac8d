"""Read model of campaigns and regions, kept in step with the event log (tracking in the same transaction)."""

from __future__ import annotations

from functools import singledispatchmethod
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.projection import Projection
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable
from psycopg.types.json import Jsonb

from domain.campaign import Campaign
from domain.region import Region

_TABLES = [
    """CREATE TABLE IF NOT EXISTS campaigns_view (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        rule_systems text[] NOT NULL,
        seeded boolean NOT NULL,
        phase integer NOT NULL,
        phase_status text NOT NULL,
        created_at timestamptz NOT NULL,
        position bigint NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS regions_view (
        id uuid PRIMARY KEY,
        campaign_id uuid NOT NULL,
        name text NOT NULL,
        q integer NOT NULL,
        r integer NOT NULL,
        arcana integer NOT NULL,
        population text NOT NULL,
        tags text[] NOT NULL,
        terrain_difficulty integer NOT NULL,
        wild boolean NOT NULL,
        governing_faction_id uuid,
        monthly_income integer NOT NULL,
        controlling_house_id uuid,
        troops jsonb NOT NULL DEFAULT '{}')""",
    "CREATE INDEX IF NOT EXISTS regions_view_campaign ON regions_view (campaign_id, r, q)",
]


class CatalogView(PostgresTrackingRecorder):
    """Tables `campaigns_view` and `regions_view`."""

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.sql_create_statements.extend(SQL(s) for s in _TABLES)  # type: ignore[arg-type]

    def write(self, tracking: Tracking, statement: str, params: dict[str, Any]) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL(statement), params)  # type: ignore[arg-type]
            self._insert_tracking(curs, tracking)

    def skip(self, tracking: Tracking) -> None:
        self.insert_tracking(tracking)

    def query(self, statement: str | Composable, params: Any = None) -> list[DictRow]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL(statement) if isinstance(statement, str) else statement, params)  # type: ignore[arg-type]
            return curs.fetchall()


class CatalogProjection(Projection[CatalogView]):
    name = "catalog"

    @singledispatchmethod
    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        self.view.skip(tracking)

    @process_event.register
    def _(self, e: Campaign.Created, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "INSERT INTO campaigns_view VALUES (%(id)s, %(name)s, %(systems)s, %(seeded)s, 0, 'setup', %(at)s, %(pos)s)"
            " ON CONFLICT (id) DO NOTHING",
            {"id": e.originator_id, "name": e.name, "systems": list(e.rule_systems),
             "seeded": e.dice_seed is not None, "at": e.timestamp, "pos": tracking.notification_id},
        )  # fmt: skip

    @process_event.register
    def _(self, e: Campaign.PhaseOpened, tracking: Tracking) -> None:
        self._set_phase(e.originator_id, e.phase, "open", tracking)

    @process_event.register
    def _(self, e: Campaign.PhaseResolutionBegan, tracking: Tracking) -> None:
        self._set_phase(e.originator_id, e.phase, "resolving", tracking)

    @process_event.register
    def _(self, e: Campaign.PhaseResolved, tracking: Tracking) -> None:
        self._set_phase(e.originator_id, e.phase, "resolved", tracking)

    def _set_phase(self, campaign_id: UUID, phase: int, status: str, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE campaigns_view SET phase = %(phase)s, phase_status = %(status)s, position = %(pos)s"
            " WHERE id = %(id)s",
            {"id": campaign_id, "phase": phase, "status": status, "pos": tracking.notification_id},
        )

    @process_event.register
    def _(self, e: Region.Mapped, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "INSERT INTO regions_view VALUES (%(id)s, %(campaign_id)s, %(name)s, %(q)s, %(r)s, %(arcana)s,"
            " %(population)s, %(tags)s, %(terrain)s, %(wild)s, NULL, %(income)s, NULL, '{}')"
            " ON CONFLICT (id) DO NOTHING",
            {"id": e.originator_id, "campaign_id": e.campaign_id, "name": e.name, "q": e.q, "r": e.r,
             "arcana": e.arcana, "population": e.population, "tags": list(e.tags),
             "terrain": e.terrain_difficulty, "wild": e.wild, "income": e.monthly_income},
        )  # fmt: skip

    @process_event.register
    def _(self, e: Region.Described, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE regions_view SET name = %(name)s, arcana = %(arcana)s, population = %(population)s,"
            " tags = %(tags)s, terrain_difficulty = %(terrain)s WHERE id = %(id)s",
            {"id": e.originator_id, "name": e.name, "arcana": e.arcana, "population": e.population,
             "tags": list(e.tags), "terrain": e.terrain_difficulty},
        )  # fmt: skip

    @process_event.register
    def _(self, e: Region.GovernmentChanged, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE regions_view SET governing_faction_id = %(f)s,"
            " wild = wild AND %(f)s::uuid IS NULL WHERE id = %(id)s",
            {"id": e.originator_id, "f": e.faction_id},
        )

    @process_event.register
    def _(self, e: Region.ControlChanged, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE regions_view SET controlling_house_id = %(h)s WHERE id = %(id)s",
            {"id": e.originator_id, "h": e.house_id},
        )

    @process_event.register
    def _(self, e: Region.IncomeSet, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE regions_view SET monthly_income = %(income)s WHERE id = %(id)s",
            {"id": e.originator_id, "income": e.monthly_income},
        )

    @process_event.register
    def _(self, e: Region.TroopsChanged, tracking: Tracking) -> None:
        self.view.write(
            tracking,
            "UPDATE regions_view SET troops = CASE"
            " WHEN COALESCE((troops->>%(h)s)::int, 0) + %(p)s = 0 THEN troops - %(h)s"
            " ELSE troops || jsonb_build_object(%(h)s, COALESCE((troops->>%(h)s)::int, 0) + %(p)s) END"
            " WHERE id = %(id)s",
            {"id": e.originator_id, "h": e.house_id, "p": e.power, "j": Jsonb({})},
        )
