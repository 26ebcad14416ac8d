"""Campaign setup: create campaigns, map their regions, run the phase clock."""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.dice import Dice, DiceSpec, Roll
from domain.errors import InvalidInputError
from domain.ids import region_id
from domain.region import Region
from service.app import IntrigueStore


class CampaignService:
    """Application methods: get the aggregates, call them, save them in one transaction."""

    def __init__(
        self,
        store: IntrigueStore,
        projected: Callable[[int | None], None],
        dice_for: Callable[[Campaign, str], Dice],
    ) -> None:
        self.store = store
        self._projected = projected
        self._dice_for = dice_for

    def create_campaign(self, command: CreateCampaign) -> Campaign:
        campaign = Campaign.start(command.name, command.rule_systems, command.dice_seed)
        regions = self._map(campaign, command.regions)
        self._projected(self.store.commit(campaign, *regions))
        return campaign

    def add_regions(self, command: AddRegions) -> list[Region]:
        campaign = self.store.load(command.campaign_id, Campaign)
        regions = self._map(campaign, command.regions)
        self._projected(self.store.commit(campaign, *regions))
        return regions

    def open_phase(self, campaign_id: UUID) -> Campaign:
        campaign = self.store.load(campaign_id, Campaign)
        campaign.open_phase()
        self._projected(self.store.commit(campaign))
        return campaign

    def roll_dice(self, command: RollDice) -> Roll:
        spec = DiceSpec.parse(command.expression)
        campaign = self.store.load(command.campaign_id, Campaign)
        roll = spec.roll(self._dice_for(campaign, "gm-roll"), purpose=command.purpose.strip(), actor="GM",
                         rule="GM's ad hoc roll")  # fmt: skip
        campaign.record_roll(roll)
        self._projected(self.store.commit(campaign))
        return roll

    def _map(self, campaign: Campaign, requests: list[MapRegion]) -> list[Region]:
        seen: set[tuple[int, int]] = set()
        regions = []
        for request in requests:
            hex_ = (request.q, request.r)
            if hex_ in seen or str(region_id(campaign.id, *hex_)) in campaign.members:
                raise InvalidInputError(f"hex {hex_} already has a region in this campaign")
            seen.add(hex_)
            region = Region.map(
                campaign.id, request.name, request.q, request.r, arcana=request.arcana,
                population=request.population, tags=request.tags, terrain_difficulty=request.terrain_difficulty,
                wild=request.wild, monthly_income=request.monthly_income, monster=request.monster,
            )  # fmt: skip
            campaign.enrol(region.id, "region")
            regions.append(region)
        return regions
