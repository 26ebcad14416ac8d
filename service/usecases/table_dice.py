"""A phase resolved with the table's own dice (issue 28, item 3): the GM enters the faces, one named roll at a time.

The resolution is deterministic given its faces, so every step runs it from the start, in memory, with the
faces entered so far (`TableDice`); it stops at the first roll they do not cover and names it. Those faces are
kept as a draft (service/persistence/table_dice_drafts.py), no event: nothing of the phase is committed until
the last roll is in, when the same run is saved in one transaction with the rolls as entered
(`TableDiceRecorded`, then `PhaseResolved`). Bad faces are refused before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from uuid import UUID

from domain.campaign import Campaign
from domain.dice import RollRequest
from domain.dice_source import RULE_TABLE_DICE
from domain.enums import DiceSource
from domain.errors import RuleViolationError
from domain.factionturn.face import Faction
from domain.gameofbones.face import House
from domain.table_dice import EnteredRoll, TableDice, TableDiceNeeded, check_faces
from projections.runner import collector_paused
from service.persistence.app import IntrigueStore, SavesAndWaits, unit_of_work
from service.persistence.table_dice_drafts import TableDiceDrafts
from service.usecases.campaigns import CampaignService


@dataclass(frozen=True)
class TableDiceStep:
    """Where a table-dice resolution stands: the rolls entered, and the next roll wanted (None once resolved)."""

    campaign_id: UUID
    phase: int
    entered: tuple[EnteredRoll, ...]
    next: RollRequest | None
    resolved: bool
    names: dict[str, str]  # member id -> name, to say who rolls

    def who(self, actor: str) -> str:
        """Who rolls, by name: a member's, or the actor as the rules named it (`GM`, a house character)."""
        return self.names.get(actor, actor)

    def member_of(self, actor: str) -> UUID | None:
        """The faction or house that rolls; None for the GM's own rolls or a character named by the rules."""
        return UUID(actor) if actor in self.names else None


class TableDiceService(SavesAndWaits):
    """Set whose dice resolve a phase; step through a table-dice resolution; enter faces; abandon it."""

    def __init__(
        self,
        store: IntrigueStore,
        projected: Callable[[int | None], None],
        campaigns: CampaignService,
        drafts: TableDiceDrafts,
    ) -> None:
        self.store = store
        self._projected = projected
        self._campaigns = campaigns
        self._drafts = drafts

    def set_dice_source(self, campaign_id: UUID, source: str, phase: int | None, seat: str) -> Campaign:
        """The GM's choice, for the campaign or one phase; any faces entered for the current phase are dropped."""
        campaign = self.store.load(campaign_id, Campaign)
        campaign.set_dice_source(source, phase, seat)
        self._save(campaign)
        self._drafts.drop(campaign_id, claim=False)
        return campaign

    def setting(self, campaign_id: UUID, phase: int | None = None) -> tuple[int, DiceSource]:
        """A phase (the current one when None) and whose dice resolve it."""
        campaign = self.store.load(campaign_id, Campaign)
        at = campaign.phase if phase is None else phase
        return at, campaign.dice_source(at)

    def step(self, campaign_id: UUID) -> TableDiceStep:
        """The rolls entered so far for the current phase and the next one its resolution needs."""
        phase = self._playable(campaign_id)
        return self._run(campaign_id, self._drafts.rolls(campaign_id, phase), commit=False)

    def enter(self, campaign_id: UUID, faces: Sequence[int]) -> TableDiceStep:
        """The faces of the next roll: kept, or, when they are the last the phase needs, the phase resolved with
        them all. `faces` empty finishes a phase that needs no roll (or no more)."""
        phase = self._playable(campaign_id)
        rolls = self._drafts.rolls(campaign_id, phase)
        entered = [*rolls, [*faces]] if faces else rolls
        step = self._run(campaign_id, entered, commit=True)  # refuses bad faces: nothing saved, nothing kept
        if not faces and step.next is not None:  # no faces while a roll is wanted: the wrong count, refused
            check_faces(step.next, faces, f"roll {len(step.entered) + 1}")
        if step.resolved:
            self._drafts.drop(campaign_id, claim=False)  # the resolution's transaction held the request's claim
        else:
            self._drafts.keep(campaign_id, phase, entered)
        return step

    def abandon(self, campaign_id: UUID) -> TableDiceStep:
        """Drop the faces entered for the current phase; it stays open, as before the step-through began."""
        self._playable(campaign_id)
        self._drafts.drop(campaign_id)
        return self.step(campaign_id)

    @unit_of_work
    def _run(self, campaign_id: UUID, rolls: Sequence[Sequence[int]], commit: bool) -> TableDiceStep:
        campaign = self.store.load(campaign_id, Campaign)
        names = self._names(campaign)
        dice = TableDice(rolls)
        with collector_paused():  # as a resolution with the server's dice (service/usecases/campaigns.py)
            try:
                played = self._campaigns.play_phase(campaign, lambda system: dice)
            except TableDiceNeeded as needed:  # the run is dropped with the unit of work: nothing of it is saved
                return TableDiceStep(campaign_id, campaign.phase, needed.entered, needed.request, False, names)
            entered = dice.finish()
            if not commit:  # every roll is in (or none is needed): entering no faces resolves the phase
                return TableDiceStep(campaign_id, campaign.phase, entered, None, False, names)
            self._campaigns.commit_phase(campaign, played, [e.to_dict() for e in entered])
        return TableDiceStep(campaign_id, campaign.phase, entered, None, True, names)

    def _playable(self, campaign_id: UUID) -> int:
        campaign = self.store.load(campaign_id, Campaign)
        if campaign.phase_status not in ("open", "resolving"):
            raise RuleViolationError(
                f"phase {campaign.phase} is {campaign.phase_status}: there is no phase to "
                "resolve with the table's dice",
                "design: phase lifecycle",
            )
        if campaign.dice_source() != DiceSource.TABLE:
            raise RuleViolationError(
                f"phase {campaign.phase} is resolved with the server's dice; set the campaign's"
                " or the phase's dice to the table's first",
                RULE_TABLE_DICE,
            )
        return campaign.phase

    def _names(self, campaign: Campaign) -> dict[str, str]:
        names = {str(f.id): f.name for f in self.store.members(campaign, Faction)}
        return names | {str(h.id): h.name for h in self.store.members(campaign, House)}
