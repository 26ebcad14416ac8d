"""What a faction or house can do now (issue 17, item 4), with the exact odds of each order the dice decide
(issue 19): the campaign loaded, the domain's preview and odds asked.

The preview is the domain's (domain/factionturn/forms/preview.py, domain/gameofbones/rules/preview.py), judged by the
checks that refuse orders; the odds are domain/odds/, for the GM from the truth and for a player seat from
what it may know (`viewer`). Who may ask is the entrypoints' guard (the GM, or the seat bound to the member).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from uuid import UUID

from domain.campaign import Campaign, RuleSystemName
from domain.errors import DomainError, NotFoundError
from domain.factionturn.face import AssetType, Attack, Faction, FactionPreview, World, preview_faction
from domain.gameofbones.face import House, HouseOption, preview_house
from domain.odds import AttackOdds, HouseOdds, assault_odds_by_power, attack_odds, house_odds, seen_world
from domain.region import Region
from service.persistence.app import IntrigueStore
from service.usecases.orders import AMENDED


@dataclass(frozen=True)
class FactionPreviewOdds:
    """The preview and, for each option (same order), its odds: an allowed attack's, else None."""

    preview: FactionPreview
    odds: tuple[AttackOdds | None, ...]


@dataclass(frozen=True)
class HousePreviewOdds:
    options: tuple[HouseOption, ...]
    odds: tuple[HouseOdds | None, ...]  # an allowed option's, else None
    # an allowed Assault's odds for each power it may commit (domain/odds/assault_power.py); () for the others
    by_power: tuple[tuple[tuple[int, HouseOdds], ...], ...] = ()


class Previews:
    def __init__(self, store: IntrigueStore) -> None:
        self.store = store

    def faction(self, campaign_id: UUID, faction_id: UUID, *, gm: bool) -> FactionPreviewOdds:
        """The faction's options this turn; the GM's custom actions are offered only to the GM, who orders them.
        Each allowed strike's odds: the GM's from the truth, the faction's seat's from what it may know."""
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.FACTION_TURN)
        if campaign.members.get(str(faction_id)) != "faction":
            raise NotFoundError(f"no faction {faction_id} in this campaign")
        world = World(
            self.store.members(campaign, Faction),
            self.store.members(campaign, Region),
            phase=campaign.phase,
            custom_types=campaign.custom_asset_rows(),
        )
        custom = campaign.custom_actions() if gm else []
        preview = preview_faction(world, str(faction_id), custom)
        viewer = None if gm else str(faction_id)
        seen = world if viewer is None else seen_world(world, viewer)
        odds = tuple(
            attack_odds(seen, str(faction_id), o.action.strikes[0], viewer=viewer, already_seen=True)
            if o.verdict.allowed and isinstance(o.action, Attack)
            else None
            for o in preview.options
        )
        return FactionPreviewOdds(preview, odds)

    def house(
        self, campaign_id: UUID, house_id: UUID, actor: str = "", replacing: str | None = None, *, gm: bool = False
    ) -> HousePreviewOdds:
        """The house's options and their odds; with `replacing`, judged as `amend_house_action` judges the new
        order: with that pending action withdrawn first (on a copy, never saved), its influence, power, gold and
        place freed."""
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
        options = preview_house(house, phase=campaign.phase, houses=houses, areas=areas, actor=actor)
        viewer = None if gm else str(house_id)
        odds = tuple(_house_odds(house, o, campaign.phase, houses, areas, viewer) for o in options)
        # Every Assault target gets its odds for each power the house may commit, whether or not all of it may.
        by_power = tuple(
            assault_odds_by_power(house, o.order, phase=campaign.phase, houses=houses, areas=areas, viewer=viewer)
            for o in options
        )
        return HousePreviewOdds(options, odds, by_power)

    def custom_types(self, campaign_id: UUID) -> list[AssetType]:
        return list(self.store.load(campaign_id, Campaign).custom_asset_rows().values())


def _house_odds(
    house: House,
    option: HouseOption,
    phase: int,
    houses: dict[str, House],
    areas: dict[str, Region],
    viewer: str | None,
) -> HouseOdds | None:
    if not option.allowed:
        return None
    try:
        return house_odds(house, option.order, phase=phase, houses=houses, areas=areas, viewer=viewer)
    except DomainError:  # planned by `judge` a moment ago; a refusal here means there is nothing to roll
        return None
