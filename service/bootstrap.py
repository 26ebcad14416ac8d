"""The composition root: database, event store, projection runners, application services."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from domain.campaign import Campaign
from domain.dice import Dice, RandomDice
from projections.state import StateView
from service.operations import logs, metrics
from service.persistence import database, migrations, outcomes
from service.persistence.database import Database
from service.persistence.idempotency import IdempotencyKeys
from service.persistence.queries import CatalogQueries, StateQueries
from service.persistence.readmodels import ReadSide
from service.persistence.table_dice_drafts import TableDiceDrafts
from service.usecases.assistant import AssistantService
from service.usecases.audit import AuditLog
from service.usecases.campaigns import CampaignService
from service.usecases.chronicle import ChronicleService
from service.usecases.factionturn import FactionTurnService
from service.usecases.gameofbones import GameOfBonesService
from service.usecases.gm import GMService
from service.usecases.history import History
from service.usecases.orders import OrderService
from service.usecases.phase_reports import PhaseReports
from service.usecases.previews import Previews
from service.usecases.rewind import RewindService
from service.usecases.seats import SeatService
from service.usecases.table_dice import TableDiceService

PROJECTION_TIMEOUT = 10.0
log = logging.getLogger("intrigue.commands")


@dataclass(frozen=True)
class Settings:
    database_url: str | None = field(default_factory=lambda: os.environ.get("DATABASE_URL") or None)
    # A streaming replica the read models' rows are read from (service/persistence/replica.py); optional.
    database_url_read: str | None = field(default_factory=lambda: os.environ.get("DATABASE_URL_READ") or None)
    pgdata: Path = field(default_factory=lambda: Path(os.environ.get("INTRIGUE_PGDATA", database.DEFAULT_PGDATA)))
    pool_size: int = field(default_factory=lambda: int(os.environ.get("INTRIGUE_DB_POOL_SIZE", "5")))
    # Production splits the roles: API replicas with run_projections off, `intrigue worker`, `intrigue migrate`.
    run_projections: bool = field(default_factory=lambda: _flag("INTRIGUE_RUN_PROJECTIONS", True))
    migrate_on_start: bool = field(default_factory=lambda: _flag("INTRIGUE_MIGRATE_ON_START", True))


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
    ) -> None:
        self.db, self.read_db = db, read_db
        if migrate:
            migrations.migrate(db)
        env = {**db.eventsourcing_env(pool_size), "CREATE_TABLE": "n"}  # tables come from `migrations`
        # Commands project their own events in their transaction (projections/inline.py); off for comparison.
        self.read_side = ReadSide(env, run=run_projections, store_class=metrics.MeteredStore,
                                  inline=_flag("INTRIGUE_INLINE_PROJECTION", True))  # fmt: skip
        self.store = self.read_side.store
        self.campaigns = metrics.counted(CampaignService(self.store, self.wait_for_projections, dice))
        self.seats: SeatService = logs.SeatLogging(SeatService(self.store, self.campaigns))  # type: ignore[assignment]
        self.idempotency = IdempotencyKeys(db.conninfo)
        self.catalog = CatalogQueries(self.read_side.view(StateView))
        self.state = StateQueries(self.read_side.view(StateView))
        self.audit = AuditLog(self.store, db)
        self.history = History(self.store, db)
        self.rewind = RewindService(self.store, self.history, self.wait_for_projections)
        self.factionturn = FactionTurnService(self.store, self.wait_for_projections, dice, self.state.factions_in)
        self.gameofbones = GameOfBonesService(self.store, self.wait_for_projections, dice)
        self.previews = Previews(self.store)  # what a faction or house can do now (issue 17)
        self.campaigns.resolvers["factionturn"] = self.factionturn.resolve
        self.campaigns.resolvers["gameofbones"] = self.gameofbones.resolve
        self.gm = GMService(self.store, self.wait_for_projections, dice)
        self.orders = OrderService(self.store, self.wait_for_projections, self.gameofbones)
        self.chronicle = ChronicleService(self.store, self.audit, self.history, self.state, self.wait_for_projections)
        self.phase_reports = PhaseReports(self.store, self.audit, self.history, self.chronicle)
        self.campaigns.drafters.append(self.chronicle.draft_resolution)
        self.table_dice = TableDiceService(self.store, self.wait_for_projections, self.campaigns,
                                           TableDiceDrafts(self.store))  # fmt: skip
        self.assistant = AssistantService(self.store, self.wait_for_projections, self.campaigns, self.factionturn,
                                          self.gameofbones)  # fmt: skip

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
            log.warning("reads may lag: the read models have not reached a committed command",
                        extra={"position": notification_id, "reason": type(error).__name__})  # fmt: skip
            outcomes.lagged()

    def close(self) -> None:
        self.read_side.close()


def bootstrap(settings: Settings | None = None, db: Database | None = None) -> Intrigue:
    settings = settings or Settings()
    return Intrigue(
        db or database.resolve(settings.database_url, settings.pgdata), settings.pool_size,
        run_projections=settings.run_projections, migrate=settings.migrate_on_start,
        read_db=database.Database.from_url(settings.database_url_read) if settings.database_url_read else None,
    )  # fmt: skip
