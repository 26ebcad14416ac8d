"""The GM's escape hatch: roll a campaign back to the start of a resolved phase, by appending events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from uuid import UUID

from domain.campaign import Campaign
from service.app import IntrigueStore, SavesAndWaits
from service.history import History, restore_all


@dataclass(frozen=True)
class RollBackPhase:
    campaign_id: UUID
    phase: int
    reason: str
    seat: str = "gm"


class RewindService(SavesAndWaits):
    def __init__(self, store: IntrigueStore, history: History, projected: Callable[[int | None], None]) -> None:
        self.store = store
        self.history = history
        self._projected = projected

    def roll_back(self, command: RollBackPhase) -> Campaign:
        """Every aggregate returns to how it stood when `phase` began resolving; that phase opens again."""
        self.store.load(command.campaign_id, Campaign).check_can_roll_back(command.phase, command.reason)
        _, versions = self.history.rewind_plan(command.campaign_id, command.phase)
        changed, reverted = restore_all(self.store, versions, command.phase, command.reason)
        campaign = next((a for a in changed if a.id == command.campaign_id), None)
        if not isinstance(campaign, Campaign):
            campaign = self.store.load(command.campaign_id, Campaign)
            changed.append(campaign)
        campaign.roll_back(command.phase, command.reason, command.seat, reverted)
        self._save(*changed)
        return campaign
