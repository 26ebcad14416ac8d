"""The GM's hand: adventure outcomes, adjustments, custom asset types and actions (`gm_custom.py`), The Wild's
monsters (`gm_monsters.py`), mergers (`mergers.py`) (docs/rules-notes/gm.md).

Each method is get → call → save in one transaction, and every event it writes carries the seat and reason in
`By`. Who may call these is checked by the adapters (only the campaign's GM).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.face import (
    REGIONAL_GOVERNMENT,
    Faction,
    World,
    adventures,
)
from domain.gameofbones.face import (
    CUSTOM,
    ActionName,
    Fate,
    GoldChange,
    House,
    InfluenceChange,
    PowerChange,
    Status,
    effects_of,
    gm_circumstance,
    is_custom,
)
from domain.gm import CustomActionDef
from domain.region import Region
from domain.systems import of_kind
from service.persistence.app import RollsSavesAndWaits
from service.usecases.gm_custom import CustomHand
from service.usecases.gm_monsters import MonsterHand
from service.usecases.interventions import By
from service.usecases.mergers import MergerHand

A = TypeVar("A", bound=Aggregate)


class GMService(CustomHand, MonsterHand, MergerHand, RollsSavesAndWaits):
    # ---- adventure outcomes on assets (seed 002, Players & The Faction Turn) -----------------------------------
    def destroy_asset(self, by: By, faction_id: UUID, asset_id: str) -> Faction:
        return self._asset(by, faction_id, lambda f: adventures.destroy(f, asset_id))

    def damage_asset(self, by: By, faction_id: UUID, asset_id: str, amount: int) -> Faction:
        return self._asset(by, faction_id, lambda f: adventures.damage(f, asset_id, amount))

    def heal_asset(self, by: By, faction_id: UUID, asset_id: str, amount: int) -> Faction:
        return self._asset(by, faction_id, lambda f: adventures.heal(f, asset_id, amount))

    def set_asset_stealth(self, by: By, faction_id: UUID, asset_id: str, stealthed: bool) -> Faction:
        return self._asset(by, faction_id, lambda f: adventures.set_stealth(f, asset_id, stealthed))

    def create_asset(
        self, by: By, faction_id: UUID, type_key: str, region_id: UUID, stealthed: bool = False
    ) -> Faction:
        campaign = self._campaign(by)
        self._member(campaign, region_id, "region")
        row = World([], [], custom_types=campaign.custom_asset_rows()).asset_type(type_key)
        return self._asset(by, faction_id, lambda f: adventures.create(f, row, str(region_id), stealthed=stealthed))

    def grant_base(self, by: By, faction_id: UUID, region_id: UUID, hp: int) -> Faction:
        self._member(self._campaign(by), region_id, "region")
        return self._asset(by, faction_id, lambda f: adventures.grant_base(f, str(region_id), hp))

    def remove_base(self, by: By, faction_id: UUID, region_id: UUID) -> Faction:
        return self._asset(by, faction_id, lambda f: adventures.remove_base(f, str(region_id)))

    def transfer_asset(self, by: By, from_faction_id: UUID, asset_id: str, to_faction_id: UUID) -> Faction:
        campaign = self._campaign(by)
        giver = self._load(campaign, from_faction_id, Faction)
        taker = self._load(campaign, to_faction_id, Faction)
        for outcome, faction in zip(adventures.transfer(giver, taker, asset_id), (giver, taker), strict=True):
            self._record(faction, outcome, by)
        self._save(giver, taker)
        return taker

    def _asset(self, by: By, faction_id: UUID, plan: Callable[[Faction], adventures.AssetOutcome]) -> Faction:
        faction = self._load(self._campaign(by), faction_id, Faction)
        self._record(faction, plan(faction), by)
        self._save(faction)
        return faction

    @staticmethod
    def _record(faction: Faction, outcome: adventures.AssetOutcome, by: By) -> None:
        faction.resolve_adventure(outcome.outcome, outcome.asset_id, outcome.asset, by.seat, by.reason)

    def foil_faction_plan(self, by: By, faction_id: UUID) -> Faction:
        """The PCs stop a faction's ordered action, or its custom action, move or seizure under way."""
        faction = self._load(self._campaign(by), faction_id, Faction)
        faction.foil_plan(by.seat, by.reason)
        self._save(faction)
        return faction

    # ---- government and control ---------------------------------------------------------------------------------
    def set_government(self, by: By, region_id: UUID, faction_id: UUID | None) -> Region:
        """Grant (or with None remove) a region's Regional Government; the tag follows (seed 002, Seize Region)."""
        campaign = self._campaign(by)
        region = self._load(campaign, region_id, Region)
        previous = region.governing_faction_id
        region.appoint_ruler("government", str(faction_id) if faction_id else None, by.seat, by.reason)
        changed: list[Aggregate] = [region]
        if faction_id is not None:
            faction = self._load(campaign, faction_id, Faction)
            faction.change_tags([REGIONAL_GOVERNMENT], [], f"GM: {by.reason}")
            changed.append(faction)
        if previous and not self._governs_elsewhere(campaign, previous, region_id):
            former = self._load(campaign, UUID(previous), Faction)
            former.change_tags([], [REGIONAL_GOVERNMENT], f"GM: {by.reason}")
            changed.append(former)
        self._save(*changed)
        return region

    def set_control(self, by: By, region_id: UUID, house_id: UUID | None) -> Region:
        """Grant (or with None remove) control of a city area (seed 000); the houses' area lists follow."""
        campaign = self._campaign(by)
        region = self._load(campaign, region_id, Region)
        changed = self._hand_over(campaign, region, house_id, by, {})
        self._save(*changed)
        return region

    def _hand_over(
        self, campaign: Campaign, region: Region, house_id: UUID | None, by: By, houses: dict[str, House]
    ) -> list[Aggregate]:
        """Region and houses change together; `houses` holds those already loaded by this command."""

        def house(hid: str) -> House:
            if hid not in houses:
                houses[hid] = self._load(campaign, UUID(hid), House)
            return houses[hid]

        previous = region.controlling_house_id
        region.appoint_ruler("control", str(house_id) if house_id else None, by.seat, by.reason)
        changed: list[Aggregate] = [region]
        if previous:
            house(previous).lose_area(str(region.id), f"GM: {by.reason}")
            changed.append(house(previous))
        if house_id is not None:
            house(str(house_id)).gain_area(str(region.id), f"GM: {by.reason}")
            changed.append(house(str(house_id)))
        return changed

    def _governs_elsewhere(self, campaign: Campaign, faction_id: str, region_id: UUID) -> bool:
        regions = (self.store.load(i, Region) for i in campaign.member_ids("region") if i != region_id)
        return any(r.governing_faction_id == faction_id for r in regions)

    # ---- houses: people and pending actions (seed 000, The Game of Bones and Player Characters) ---------------
    def decide_fate(self, by: By, house_id: UUID, name: str, status: str) -> House:
        """Kill (dead), capture (captured) or save (active) a house's leader or lieutenant."""
        house = self._load(self._campaign(by), house_id, House)
        house.decide_fate(name, Status(_status(status)), by.seat, by.reason)
        self._save(house)
        return house

    def impose_circumstance(
        self, by: By, house_id: UUID, hook: str, value: int, applies: str, months: int, actions: tuple[str, ...] = ()
    ) -> House:
        """Throwing Rank around or a lieutenant's assistance: a circumstance from this phase, with its source."""
        campaign = self._campaign(by)
        house = self._load(campaign, house_id, House)
        house.add_circumstance(
            gm_circumstance(house, hook, value, applies, max(1, campaign.phase), months, by.seat, by.reason, actions)
        )
        self._save(house)
        return house

    def settle_action(self, by: By, house_id: UUID, action_id: str, result: str) -> House:
        """Foil a pending action, or let it succeed with its consequence (an assassination kills its target;
        Wrest Control hands over its areas). Other actions' success effects are the GM's adjustments."""
        campaign = self._campaign(by)
        house = self._load(campaign, house_id, House)
        pending = house.pending_action(action_id)
        house.settle_action(action_id, result, by.seat, by.reason)
        changed: list[Aggregate] = [house]
        if result == "succeeded" and pending.action == ActionName.ASSASSINATION and pending.target_house_id:
            victim = self._load(campaign, UUID(pending.target_house_id), House)
            victim.decide_fate(pending.target_character or "", Status.DEAD, by.seat, by.reason)
            changed.append(victim)
        if result == "succeeded" and is_custom(pending):
            action = CustomActionDef.from_dict(pending.params[CUSTOM])
            houses = {
                str(h.id): h
                for h in (
                    house,
                    *(self._load(campaign, i, House) for i in campaign.member_ids("house") if i != house.id),
                )
            }
            for effect in effects_of(houses, str(house.id), action.on_success, f"{action.name}: success"):
                assert isinstance(effect, (InfluenceChange, PowerChange, GoldChange))  # what effects_of makes
                target = houses[str(effect.house_id)]
                target.adjust(_FIELDS[type(effect)], "adjust", effect.amount, by.seat, by.reason)
                changed.append(target)
        if result == "succeeded" and pending.action == ActionName.WREST_CONTROL:
            houses = {str(house.id): house}
            for area_id in pending.area_ids:
                area = self._load(campaign, UUID(area_id), Region)
                changed += self._hand_over(campaign, area, house.id, by, houses)
        self._save(*changed)
        return house

    # ---- adjustments ----------------------------------------------------------------------------------------------
    def adjust(self, by: By, target_id: UUID, field: str, value: int, mode: str = "adjust") -> Faction | House:
        """Set or adjust a faction's rating, HP, FacGold or XP, or a house's influence, power or gold."""
        campaign = self._campaign(by)
        system = of_kind(campaign.members.get(str(target_id)))
        if system is None:
            raise NotFoundError(f"no faction or house {target_id} in this campaign")
        target: Faction | House = self._load(campaign, target_id, system.member)
        target.adjust(field, mode, value, by.seat, by.reason)
        self._save(target)
        return target

    # ---- loading ------------------------------------------------------------------------------------------------
    def _campaign(self, by: By) -> Campaign:
        if not by.reason.strip():
            raise InvalidInputError("an intervention needs a reason")
        return self.store.load(by.campaign_id, Campaign)

    @staticmethod
    def _member(campaign: Campaign, member_id: UUID, kind: str) -> None:
        if campaign.members.get(str(member_id)) != kind:
            raise NotFoundError(f"no {kind} {member_id} in this campaign")

    def _load(self, campaign: Campaign, member_id: UUID, kind: type[A]) -> A:
        self._member(campaign, member_id, kind.__name__.lower())
        return self.store.load(member_id, kind)


_FIELDS: dict[type, str] = {InfluenceChange: "influence", PowerChange: "power", GoldChange: "gold"}


def _status(word: str) -> str:
    """kill/capture/save, or the status itself."""
    status = Fate(word).status.value if word in {f.value for f in Fate} else word
    if status not in {s.value for s in Status}:
        raise InvalidInputError(f"a fate is kill, capture or save, not {word!r}")
    return status
