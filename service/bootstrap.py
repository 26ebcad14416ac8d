"""The composition root: database, event store, projection runners, application services."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventsourcing.projection import ProjectionRunner

from domain.campaign import Campaign
from domain.dice import Dice, RandomDice
from projections.catalog import CatalogProjection, CatalogView
from projections.state import StateProjection, StateView
from service import database
from service.app import IntrigueStore
from service.audit import AuditLog
from service.campaigns import CampaignService
from service.database import Database
from service.queries import CatalogQueries, StateQueries

PROJECTION_TIMEOUT = 10.0


@dataclass(frozen=True)
class Settings:
    database_url: str | None = field(default_factory=lambda: os.environ.get("DATABASE_URL") or None)
    pgdata: Path = field(default_factory=lambda: Path(os.environ.get("INTRIGUE_PGDATA", database.DEFAULT_PGDATA)))
    pool_size: int = 5


DiceFactory = Callable[[Campaign, str], Dice]


def campaign_dice(campaign: Campaign, stream: str) -> Dice:
    """Seeded campaigns draw from a stream keyed by seed, purpose and campaign version; others from the OS."""
    if campaign.dice_seed is None:
        return RandomDice.system()
    return RandomDice.seeded(campaign.dice_seed, stream, campaign.version)


class Intrigue:
    """One running Intrigue: every port a caller needs, wired to one PostgreSQL database."""

    def __init__(self, db: Database, pool_size: int = 5, dice: DiceFactory = campaign_dice) -> None:
        self.db = db
        env = db.eventsourcing_env(pool_size)
        self._catalog = ProjectionRunner(
            application_class=IntrigueStore, projection_class=CatalogProjection, view_class=CatalogView, env=env
        ).__enter__()
        self._state = ProjectionRunner(
            application_class=IntrigueStore, projection_class=StateProjection, view_class=StateView, env=env
        ).__enter__()
        self.store: IntrigueStore = self._catalog.app
        self.campaigns = CampaignService(self.store, self.wait_for_projections, dice)
        self.catalog = CatalogQueries(self._catalog.view)
        self.state = StateQueries(self._state.view)
        self.audit = AuditLog(self.store, db)

    def wait_for_projections(self, notification_id: int | None) -> None:
        """Read your writes: return once the read models have processed `notification_id`."""
        if notification_id is not None:
            for runner in self._runners:
                runner.wait(notification_id, timeout=PROJECTION_TIMEOUT)

    @property
    def _runners(self) -> tuple[ProjectionRunner[IntrigueStore, Any], ...]:
        return self._catalog, self._state

    def close(self) -> None:
        for runner in self._runners:
            runner.__exit__(None, None, None)


def bootstrap(settings: Settings | None = None, db: Database | None = None) -> Intrigue:
    settings = settings or Settings()
    return Intrigue(db or database.resolve(settings.database_url, settings.pgdata), settings.pool_size)
