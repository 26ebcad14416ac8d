"""The GM's escape hatch: roll a campaign back to the start of a resolved phase, by appending events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from uuid import UUID

from domain.campaign import Campaign
from domain.errors import ConflictError, NotFoundError
from domain.phase_chronicle import PhaseChronicle, chronicle_id
from service.persistence.app import IntrigueStore, SavesAndWaits
from service.usecases.history import History, restore_all


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
        campaign = self.store.load(command.campaign_id, Campaign)
        campaign.check_can_roll_back(command.phase, command.reason)
        _, versions = self.history.rewind_plan(command.campaign_id, command.phase)
        if versions.get(campaign.id, 0) > campaign.version:  # the plan read marks written after the check
            raise ConflictError("another command changed the campaign while this rollback was planned; try again")
        # The campaign restored and saved is the one just checked, never a fresher copy, and the members left
        # as they were must still be so at the save: a racing command that moved either makes this conflict.
        chronicles = self._withdrawn(campaign, command.phase, command.reason)  # up to the phase it is in now
        reached = campaign.phases_reached()  # before the restore takes the campaign back
        changed, reverted = restore_all(self.store, versions, command.phase, command.reason, {campaign.id: campaign})
        campaign.roll_back(command.phase, command.reason, command.seat, reverted, reached)
        restored = {a.id for a in changed}
        self._save(*changed, *chronicles, campaign, unchanged={i: v for i, v in versions.items() if i not in restored})
        return campaign

    def _withdrawn(self, campaign: Campaign, to_phase: int, reason: str) -> list[PhaseChronicle]:
        """The chronicles of the phases rolled back, emptied (domain/phase_chronicle.py): they are not members,
        so the restore above leaves them as they are."""
        withdrawn = []
        for phase in range(to_phase, campaign.phases_reached() + 1):
            try:
                chronicle = self.store.load(chronicle_id(campaign.id, phase), PhaseChronicle)
            except NotFoundError:
                continue
            if not chronicle.is_empty():
                chronicle.withdraw(to_phase, reason)
                withdrawn.append(chronicle)
        return withdrawn
