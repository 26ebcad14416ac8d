"""Campaign setup: create campaigns, map their regions, run the phase clock."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.dice import Dice, DiceSpec, Roll
from domain.dice_source import RULE_TABLE_DICE
from domain.enums import DiceSource
from domain.errors import InvalidInputError, RuleViolationError
from domain.ids import region_id
from domain.region import Region
from projections.runner import collector_paused
from service.persistence.app import IntrigueStore, RollsSavesAndWaits, unit_of_work


@dataclass(frozen=True)
class Resolution:
    """What a rule system's resolution changed, and its GM-side summary for the campaign's `PhaseResolved`."""

    changed: list[Aggregate]
    summary: dict[str, Any] = field(default_factory=dict)
    # The events it triggered, in the order it played them (the initiative, then each turn with what it did to
    # other aggregates): saved in that order (service/persistence/play_order.py).
    played: list[Any] = field(default_factory=list)


@dataclass
class PlayedPhase:
    """A phase resolved in memory, not yet saved: what changed, the events in played order, the summaries."""

    changed: list[Aggregate] = field(default_factory=list)
    played: list[Any] = field(default_factory=list)
    summaries: dict[str, Any] = field(default_factory=dict)


# A rule system's phase resolution: given the campaign (its phase already resolving) and the dice for the
# phase, it decides every turn and returns the aggregates it changed, events pending, for one transaction;
# or a `Resolution`, whose summary is recorded under the system's name in the campaign's `PhaseResolved`.
PhaseResolver = Callable[[Campaign, Dice], "list[Aggregate] | Resolution"]


class CampaignService(RollsSavesAndWaits):
    """Application methods: get the aggregates, call them, save them in one transaction."""

    def __init__(
        self, store: IntrigueStore, projected: Callable[[int | None], None], dice_for: Callable[[Campaign, str], Dice]
    ) -> None:
        super().__init__(store, projected, dice_for)
        self.resolvers: dict[str, PhaseResolver] = {}
        # Called with the campaign and what the resolution changed, events pending, before it is saved: the
        # chronicle's drafts are written in the resolution's own transaction (service/usecases/chronicle.py).
        self.drafters: list[Callable[[Campaign, list[Aggregate]], None]] = []

    def create_campaign(self, command: CreateCampaign) -> Campaign:
        campaign = Campaign.start(command.name, command.rule_systems, command.dice_seed)
        regions = self._map(campaign, command.regions)
        self._save(campaign, *regions)
        return campaign

    def add_regions(self, command: AddRegions) -> list[Region]:
        campaign = self.store.load(command.campaign_id, Campaign)
        regions = self._map(campaign, command.regions)
        self._save(campaign, *regions)
        return regions

    def open_phase(self, campaign_id: UUID) -> Campaign:
        campaign = self.store.load(campaign_id, Campaign)
        campaign.open_phase()
        self._save(campaign)
        return campaign

    def roll_dice(self, command: RollDice) -> Roll:
        spec = DiceSpec.parse(command.expression)
        campaign = self.store.load(command.campaign_id, Campaign)
        roll = spec.roll(
            self._dice_for(campaign, "gm-roll"), purpose=command.purpose.strip(), actor="GM", rule="GM's ad hoc roll"
        )
        campaign.record_roll(roll)
        self._save(campaign)
        return roll

    @unit_of_work
    def resolve_phase(self, campaign_id: UUID) -> Campaign:
        """Every enabled rule system resolves the open phase with the server's dice; the phase then closes.

        Without cyclic garbage collection, as a projection page folds (projections/runner.py): what a resolution
        loads and triggers stays alive until it is saved, so the collector's passes over it find nothing, and at
        the issue's size they were a sixth of the resolution's CPU (one full pass 70-90 ms, 133 others 30 ms;
        issue 31, item 1)."""
        with collector_paused():
            return self._resolve_phase(campaign_id)

    def _resolve_phase(self, campaign_id: UUID) -> Campaign:
        campaign = self.store.load(campaign_id, Campaign)
        if campaign.phase_status in ("open", "resolving") and campaign.dice_source() == DiceSource.TABLE:
            raise RuleViolationError(
                f"phase {campaign.phase} is played with the table's dice: enter them (enterTableDice; tableDiceStep "
                "names the next roll), or set the phase's dice to the server's",
                RULE_TABLE_DICE,
            )
        if campaign.phase_status == "open":
            campaign.begin_resolving()
            self._save(campaign)
        played = self.play_phase(campaign, lambda system: self._dice_for(campaign, f"phase-{campaign.phase}-{system}"))
        # The members saved are kept as they are, not copied: nothing here holds or changes them after the save
        # (service/persistence/kept_aggregates.py `handed_over`; issue 31, P6), unless an enclosing unit of work
        # shares this one's identity map and so may go on changing them.
        shared = self.store.identity_map_shared()
        with nullcontext() if shared else self.store.kept.handed_over():
            self.commit_phase(campaign, played)
        return campaign

    def play_phase(self, campaign: Campaign, dice_of: Callable[[str], Dice]) -> PlayedPhase:
        """Resolve the phase in memory (the campaign's `PhaseResolved` pending), saving nothing: `dice_of(system)`
        is each rule system's dice. Inside a unit of work; `commit_phase` saves it."""
        if campaign.phase_status == "open":
            campaign.begin_resolving()
        played = PlayedPhase()
        summaries: dict[str, Any] = {}
        for system in campaign.rule_systems:
            resolver = self.resolvers.get(system)
            if resolver is not None:
                result = resolver(campaign, dice_of(system))
                if isinstance(result, Resolution):
                    played.changed.extend(result.changed)
                    played.played.extend(result.played)
                    summaries |= {system: result.summary} if result.summary else {}
                else:
                    played.changed.extend(result)
        for drafter in self.drafters if campaign.phase_status == "resolving" else ():  # else resolve_phase refuses
            drafter(campaign, played.changed)
        played.summaries = summaries
        return played

    def commit_phase(
        self,
        campaign: Campaign,
        played: PlayedPhase,
        table_rolls: list[dict[str, Any]] | None = None,
    ) -> None:
        """Close the phase and save what `play_phase` changed, in one transaction. `table_rolls`: the rolls the
        table entered, recorded before the `PhaseResolved` (domain/dice_source.py)."""
        if table_rolls is not None:
            campaign.record_table_dice(table_rolls)
        campaign.resolve_phase(played.summaries)
        # The campaign's PhaseResolved is written last, so its position closes the phase. A member the
        # resolution read but left as it was must not have moved either (an order submitted meanwhile).
        self._save(
            *[a for a in played.changed if a is not campaign],
            campaign,
            unchanged=self.store.loaded_unchanged(),
            played=played.played,
        )

    def _map(self, campaign: Campaign, requests: list[MapRegion]) -> list[Region]:
        seen: set[tuple[int, int]] = set()
        regions = []
        for request in requests:
            hex_ = (request.q, request.r)
            if hex_ in seen or str(region_id(campaign.id, *hex_)) in campaign.members:
                raise InvalidInputError(f"hex {hex_} already has a region in this campaign")
            seen.add(hex_)
            region = Region.map(
                campaign.id,
                request.name,
                request.q,
                request.r,
                arcana=request.arcana,
                population=request.population,
                tags=request.tags,
                terrain_difficulty=request.terrain_difficulty,
                wild=request.wild,
                monthly_income=request.monthly_income,
                monster=request.monster,
            )
            campaign.enrol(region.id, "region")
            regions.append(region)
        return regions
