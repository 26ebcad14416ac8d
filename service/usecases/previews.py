"""What a faction or house can do now (issue 17, item 4): the campaign loaded, the domain's preview asked.

The preview is the domain's (domain/factionturn/preview.py, domain/gameofbones/preview.py), judged by the
checks that refuse orders; here the campaign's members are loaded as a submission loads them. Who may ask is
the entrypoints' guard (the GM, or the seat bound to the faction or house).
"""

from __future__ import annotations

import copy
from uuid import UUID

from domain.campaign import Campaign, RuleSystemName
from domain.errors import NotFoundError
from domain.factionturn.assets import AssetType
from domain.factionturn.faction import Faction
from domain.factionturn.preview import FactionPreview, preview_faction
from domain.factionturn.world import World
from domain.gameofbones.house import House
from domain.gameofbones.preview import HouseOption, preview_house
from domain.region import Region
from service.persistence.app import IntrigueStore
from service.usecases.orders import AMENDED


class Previews:
    def __init__(self, store: IntrigueStore) -> None:
        self.store = store

    def faction(self, campaign_id: UUID, faction_id: UUID, *, gm: bool) -> FactionPreview:
        """The faction's options this turn; the GM's custom actions are offered only to the GM, who orders them."""
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.FACTION_TURN)
        if campaign.members.get(str(faction_id)) != "faction":
            raise NotFoundError(f"no faction {faction_id} in this campaign")
        world = World(self.store.members(campaign, Faction), self.store.members(campaign, Region),
                      phase=campaign.phase, custom_types=campaign.custom_asset_rows())  # fmt: skip
        custom = campaign.custom_actions() if gm else []
        return preview_faction(world, str(faction_id), custom)

    def house(self, campaign_id: UUID, house_id: UUID, actor: str = "", replacing: str | None = None
              ) -> tuple[HouseOption, ...]:  # fmt: skip
        """The house's options; with `replacing`, judged as `amend_house_action` judges the new order: with that
        pending action withdrawn first (on a copy, never saved), its influence, power, gold and place freed."""
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.GAME_OF_BONES)
        if campaign.members.get(str(house_id)) != "house":
            raise NotFoundError(f"no house {house_id} in this campaign")
        houses = {str(h.id): h for h in self.store.members(campaign, House)}
        areas = {str(r.id): r for r in self.store.members(campaign, Region)}
        house = houses[str(house_id)]
        if replacing is not None:
            campaign.check_phase_open()
            house = copy.deepcopy(house)
            house.withdraw_action(replacing, campaign.phase, AMENDED)
            houses[str(house_id)] = house
        return preview_house(house, phase=campaign.phase, houses=houses, areas=areas, actor=actor)

    def custom_types(self, campaign_id: UUID) -> list[AssetType]:
        return list(self.store.load(campaign_id, Campaign).custom_asset_rows().values())
