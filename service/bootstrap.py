"""The composition root: database, event store, projection runners, application services."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from domain.campaign import Campaign
from domain.dice import Dice, RandomDice
from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import GAME_OF_BONES
from projections.state import StateView
from service.operations import logs, metrics
from service.operations.deliveries import DeliverySettings, DeliveryWorker
from service.persistence import database, migrations, outcomes
from service.persistence.aggregate_cache import budget_bytes
from service.persistence.database import Database
from service.persistence.idempotency import IdempotencyKeys
from service.persistence.queries import CatalogQueries, StateQueries
from service.persistence.readmodels import ReadSide
from service.persistence.table_dice_drafts import TableDiceDrafts
from service.persistence.webhooks import WebhookRows
from service.usecases.assistant import AssistantService
from service.usecases.audit import AuditLog
from service.usecases.campaigns import CampaignService
from service.usecases.chronicle import ChronicleService
from service.usecases.factionturn import FactionTurnService
from service.usecases.forks import ForkService
from service.usecases.gameofbones import GameOfBonesService
from service.usecases.gm import GMService
from service.usecases.history import History
from service.usecases.news import NewsReader
from service.usecases.orders import OrderService
from service.usecases.phase_reports import PhaseReports
from service.usecases.previews import Previews
from service.usecases.rewind import RewindService
from service.usecases.seats import SeatService
from service.usecases.table_dice import TableDiceService
from service.usecases.webhooks import WebhookService

PROJECTION_TIMEOUT = 10.0
DAY = 86400.0  # seconds
log = logging.getLogger("intrigue.commands")


class ConfigurationError(ValueError):
    """A configuration value that cannot be used, named with its environment variable."""


class Settings(BaseSettings):
    """One running Intrigue's configuration, read from the environment and typed: a bad value (`INTRIGUE_PORT=abc`)
    is refused by name before anything starts (issue 32, item 5). docs/operations.md lists every variable."""

    model_config = SettingsConfigDict(env_ignore_empty=True, frozen=True, extra="ignore", populate_by_name=True)

    database_url: str | None = Field(
        None, validation_alias="DATABASE_URL", description="PostgreSQL to use; unset: the embedded server"
    )
    # A streaming replica the read models' rows are read from (service/persistence/replica.py); optional.
    database_url_read: str | None = Field(
        None, validation_alias="DATABASE_URL_READ", description="a streaming replica to read the read models from"
    )
    pgdata: Path = Field(
        Path(database.DEFAULT_PGDATA),
        validation_alias="INTRIGUE_PGDATA",
        description="the embedded server's data directory",
    )
    pool_size: int = Field(5, ge=1, validation_alias="INTRIGUE_DB_POOL_SIZE", description="connections per pool")
    # Production splits the roles: API replicas with run_projections off, `intrigue worker`, `intrigue migrate`.
    run_projections: bool = Field(
        True, validation_alias="INTRIGUE_RUN_PROJECTIONS", description="run the projections in this process"
    )
    migrate_on_start: bool = Field(
        True, validation_alias="INTRIGUE_MIGRATE_ON_START", description="create or upgrade the tables on start"
    )
    host: str = Field("127.0.0.1", validation_alias="INTRIGUE_HOST", description="the address `serve` listens on")
    port: int = Field(8000, ge=1, le=65535, validation_alias="INTRIGUE_PORT", description="the port `serve` listens on")
    processes: int = Field(1, ge=1, validation_alias="INTRIGUE_PROCESSES", description="processes `serve` answers from")
    metrics_port: int = Field(
        0,
        ge=0,
        le=65535,
        validation_alias="INTRIGUE_METRICS_PORT",
        description="the port of a worker's /metrics (0: none)",
    )
    # Issue 32: the webhooks' delivery worker, a thread of each `serve` and `worker` process (docs/webhooks.md).
    webhooks: bool = Field(
        True,
        validation_alias="INTRIGUE_WEBHOOKS",
        description="send webhook deliveries from this process (serve and worker)",
    )
    webhook_timeout: float = Field(
        10.0, gt=0, validation_alias="INTRIGUE_WEBHOOK_TIMEOUT", description="seconds one delivery attempt may take"
    )
    webhook_backoff: float = Field(
        30.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_BACKOFF",
        description="seconds: the first retry's longest wait, doubled after",
    )
    webhook_backoff_max: float = Field(
        3600.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_BACKOFF_MAX",
        description="the longest wait between two attempts, seconds",
    )
    webhook_give_up: float = Field(
        90000.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_GIVE_UP",
        description="seconds a failing delivery is retried, then given up",
    )
    webhook_lease: float = Field(
        60.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_LEASE",
        description="seconds a claimed delivery stays its worker's",
    )
    webhook_poll: float = Field(
        5.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_POLL",
        description="seconds between looks for deliveries other processes queued",
    )
    webhook_keep_delivered_days: float = Field(
        30.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_KEEP_DELIVERED_DAYS",
        description="days a delivered row is kept, then purged",
    )
    webhook_keep_given_up_days: float = Field(
        90.0,
        gt=0,
        validation_alias="INTRIGUE_WEBHOOK_KEEP_GIVEN_UP_DAYS",
        description="days a given-up row is kept, then purged",
    )

    def deliveries(self) -> DeliverySettings | None:
        """The delivery worker's settings, or None where this process sends no webhooks."""
        if not self.webhooks:
            return None
        return DeliverySettings(
            timeout=self.webhook_timeout,
            lease=self.webhook_lease,
            backoff=self.webhook_backoff,
            backoff_max=self.webhook_backoff_max,
            give_up=self.webhook_give_up,
            poll=self.webhook_poll,
            keep_delivered=self.webhook_keep_delivered_days * DAY,
            keep_given_up=self.webhook_keep_given_up_days * DAY,
        )

    @classmethod
    def env(cls, name: str) -> str:
        """The environment variable a setting is read from."""
        return str(cls.model_fields[name].validation_alias)

    @classmethod
    def load(cls) -> Settings:
        """The settings from the environment; a value that cannot be used raises `ConfigurationError`, naming it."""
        try:
            settings = cls()
        except ValidationError as error:
            first = error.errors()[0]
            name = str(first["loc"][0]) if first["loc"] else "?"
            variable = cls.env(name) if name in cls.model_fields else name
            raise ConfigurationError(f"{variable}={first.get('input')!r}: {first['msg']}") from None
        try:  # the kept aggregates' budget, which each store reads from the environment (aggregate_cache.py)
            budget_bytes(os.environ)
        except ValueError as error:
            raise ConfigurationError(str(error)) from None
        return settings


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    return default if not value else value in ("1", "true", "yes", "on")


DiceFactory = Callable[[Campaign, str], Dice]


def campaign_dice(campaign: Campaign, stream: str) -> Dice:
    """Seeded campaigns draw from a stream keyed by seed, purpose and campaign version; others from the OS."""
    if campaign.dice_seed is None:
        return RandomDice.system()
    return RandomDice.seeded(campaign.dice_seed, stream, campaign.version)


class Intrigue:
    """One running Intrigue: every port a caller needs, wired to one PostgreSQL database."""

    def __init__(
        self,
        db: Database,
        pool_size: int = 5,
        dice: DiceFactory = campaign_dice,
        run_projections: bool = True,
        migrate: bool = True,
        read_db: Database | None = None,
        deliveries: DeliverySettings | None = None,
    ) -> None:
        self.db, self.read_db = db, read_db
        self.deliveries = deliveries  # `delivery_worker` runs with these (None: no worker here)
        if migrate:
            migrations.migrate(db)
        env = {**db.eventsourcing_env(pool_size), "CREATE_TABLE": "n"}  # tables come from `migrations`
        # Commands project their own events in their transaction (projections/inline.py); off for comparison.
        self.read_side = ReadSide(
            env, run=run_projections, store_class=metrics.MeteredStore, inline=_flag("INTRIGUE_INLINE_PROJECTION", True)
        )
        self.store = self.read_side.store
        self.campaigns = metrics.counted(CampaignService(self.store, self.wait_for_projections, dice))
        self.seats: SeatService = logs.SeatLogging(SeatService(self.store, self.campaigns))  # type: ignore[assignment]
        self.idempotency = IdempotencyKeys(db.conninfo)
        self.catalog = CatalogQueries(self.read_side.view(StateView))
        self.state = StateQueries(self.read_side.view(StateView))
        self.audit = AuditLog(self.store, db)
        self.history = History(self.store, db)
        self.rewind = RewindService(self.store, self.history, self.wait_for_projections)
        self.forks = ForkService(self.store, db, self.history, self.seats, self.wait_for_projections)  # issue 32
        self.factionturn = FactionTurnService(self.store, self.wait_for_projections, dice, self.state.factions_in)
        self.gameofbones = GameOfBonesService(self.store, self.wait_for_projections, dice)
        self.previews = Previews(self.store)  # what a faction or house can do now (issue 17)
        self.campaigns.resolvers[FACTION_TURN.name] = self.factionturn.resolve
        self.campaigns.resolvers[GAME_OF_BONES.name] = self.gameofbones.resolve
        self.gm = GMService(self.store, self.wait_for_projections, dice)
        self.orders = OrderService(self.store, self.wait_for_projections, self.gameofbones)
        self.chronicle = ChronicleService(self.store, self.audit, self.history, self.state, self.wait_for_projections)
        self.phase_reports = PhaseReports(self.store, self.audit, self.history, self.chronicle)
        self.campaigns.drafters.append(self.chronicle.draft_resolution)
        self.table_dice = TableDiceService(
            self.store, self.wait_for_projections, self.campaigns, TableDiceDrafts(self.store)
        )
        self.webhook_rows = WebhookRows(self.store)
        self.webhooks = WebhookService(self.store, self.webhook_rows)  # issue 32: the GM's endpoints
        self.news = NewsReader(self.catalog, self.state, self.audit)  # what a delivery says
        self.assistant = AssistantService(
            self.store, self.wait_for_projections, self.campaigns, self.factionturn, self.gameofbones
        )

    def delivery_worker(self) -> DeliveryWorker | None:
        """The webhooks' delivery worker of this process (not started), or None where it sends none: the app's
        lifespan runs it in `serve` (service/entrypoints/http.py), `intrigue worker` beside its projections."""
        return DeliveryWorker(self.webhook_rows, self.news, self.deliveries) if self.deliveries else None

    def wait_for_projections(self, notification_id: int | None) -> None:
        """Read your writes: return once the read models have processed `notification_id`, or when they cannot.

        The events are committed by now, so the command has happened whatever the read side does: a timeout or
        a stopped projection is logged, the request's outcome notes that reads may lag
        (`service/persistence/outcomes.py`),
        and the caller answers success with the position. It never raises.
        """
        if notification_id is None:
            return
        try:
            self.read_side.wait(notification_id, timeout=PROJECTION_TIMEOUT)
        except Exception as error:  # whatever the read side raised, the write stands
            log.warning(
                "reads may lag: the read models have not reached a committed command",
                extra={"position": notification_id, "reason": type(error).__name__},
            )
            outcomes.lagged()

    def wait_for_reads(self, campaign_id: UUID, position: int, timeout: float = PROJECTION_TIMEOUT) -> bool:
        """Whether the read models have folded the campaign up to its `position` within `timeout`: what a live
        change waits for before it is told, so a client re-reading on it reads the change (issue 18, Live)."""
        try:
            self.read_side.wait_lane(campaign_id, position, timeout)
        except Exception:  # a stopped or slow projection: the change is told anyway, reads may lag
            return False
        return True

    def folded_position(self, campaign_id: UUID) -> int:
        """How far the state read model has folded the campaign (its campaign position)."""
        return self.read_side.view(StateView).lane_position(campaign_id)

    def close(self) -> None:
        self.read_side.close()


def bootstrap(settings: Settings | None = None, db: Database | None = None) -> Intrigue:
    settings = settings or Settings.load()
    return Intrigue(
        db or database.resolve(settings.database_url, settings.pgdata),
        settings.pool_size,
        run_projections=settings.run_projections,
        migrate=settings.migrate_on_start,
        read_db=database.Database.from_url(settings.database_url_read) if settings.database_url_read else None,
        deliveries=settings.deliveries(),
    )
