"""Game of Bones application methods (seed 000): register and build houses, order actions, resolve the month."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign, RuleSystemName
from domain.commands import RegisterHouse
from domain.dice import Dice
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.face import (
    INFLUENCE_RULE,
    Character,
    House,
    HouseIntel,
    MonthReport,
    Order,
    PendingAction,
    SourceHunt,
    attempt_influence_gain,
    check_stationing,
    decode_order,
    hunt_source,
    intel_id,
    order_action,
    plan_open_move,
    record_hunt,
    resolve_month_in_place,
    stationed_power,
)
from domain.region import Region
from service.persistence.app import RollsSavesAndWaits
from service.usecases.campaigns import Resolution

RULE = RuleSystemName.GAME_OF_BONES
M = TypeVar("M", bound=Aggregate)
SETUP = "setup"


@dataclass(frozen=True)
class GainAttemptResult:
    house: House
    succeeded: bool
    roll: dict[str, Any] | None


class GameOfBonesService(RollsSavesAndWaits):
    """Get → decide → apply → save, for the Game of Bones."""

    # ---- setup ------------------------------------------------------------------------------------------------
    def register_house(self, command: RegisterHouse) -> House:
        campaign = self._campaign(command.campaign_id)
        if command.influence < 0 or command.power < 0:
            raise InvalidInputError("a house starts with no less than zero granted influence and power")
        house = House.register(campaign.id, command.name, command.leader, command.gold, secrets.token_hex(16))
        if str(house.id) in campaign.members:
            raise InvalidInputError(f"this campaign already has a house named {house.name!r}")
        for lieutenant in command.lieutenants:
            house.appoint_lieutenant(lieutenant)
        for priest in command.priests:  # before the members: a priest adds influence only before entry
            house.add_priest(priest.name, priest.level, priest.fatespinner_priestess)
        if command.influence:
            house.change_influence(command.influence, SETUP)
        for member in command.members:
            house.enlist_member(member.name, dict(member.classes))
        if command.power:
            house.change_power(command.power, SETUP)
        changed: list[Aggregate] = [campaign, house]
        regions = self._regions(campaign)
        for starting in command.areas:
            region = _area(regions, starting.region_id)
            changed += self._assign(campaign, house, region)
            if starting.troops:
                _station(house, region, regions, starting.troops)
        campaign.enrol(house.id, "house")
        # What the house learns lives in its own stream (domain/gameofbones/aggregate/intel.py; issue 16, bounded
        # state).
        intel = HouseIntel(campaign.id, str(house.id))
        campaign.enrol(intel.id, "houseintel")
        self._save(*changed, intel)
        return house

    def appoint_lieutenant(self, campaign_id: UUID, house_id: UUID, lieutenant: Character) -> House:
        return self._change(campaign_id, house_id, lambda house: house.appoint_lieutenant(lieutenant))

    def update_character(self, campaign_id: UUID, house_id: UUID, character: Character) -> House:
        return self._change(campaign_id, house_id, lambda house: house.update_character(character))

    def enlist_member(self, campaign_id: UUID, house_id: UUID, name: str, classes: dict[str, int]) -> House:
        return self._change(campaign_id, house_id, lambda house: house.enlist_member(name, dict(classes)))

    def dismiss_member(self, campaign_id: UUID, house_id: UUID, name: str, reason: str) -> House:
        why = reason.strip() or "dismissed"
        return self._change(campaign_id, house_id, lambda house: house.dismiss_member(name, why))

    def add_priest(self, campaign_id: UUID, house_id: UUID, name: str, level: int, fatespinner: bool = False) -> House:
        return self._change(campaign_id, house_id, lambda house: house.add_priest(name, level, fatespinner))

    def gain_influence(
        self,
        campaign_id: UUID,
        house_id: UUID,
        source: str,
        actor: str | None = None,
        units: int = 1,
        discovered: bool = False,
    ) -> GainAttemptResult:
        """A Gaining Influence row before entry: its skill check is rolled; a failure loses influence if discovered."""
        campaign = self._campaign(campaign_id)
        house = self._house(campaign, house_id)
        if house.entered_game:  # refused before rolling
            raise RuleViolationError(
                f"{house.name} is in the Game: only a Public Relations Campaign adds influence", INFLUENCE_RULE
            )
        dice = self._dice_for(campaign, f"influence:{house.id}:{house.version}")
        attempt = attempt_influence_gain(house, source, actor or house.leader.name, dice, units)
        house.gain_influence(source, units, succeeded=attempt.succeeded, discovered=discovered, roll=attempt.roll)
        self._save(house)
        return GainAttemptResult(house, attempt.succeeded, attempt.roll.to_dict() if attempt.roll else None)

    def assign_area(self, campaign_id: UUID, house_id: UUID, region_id: UUID) -> House:
        """A city area comes under the house's control; whoever held it loses it."""
        campaign = self._campaign(campaign_id)
        house = self._house(campaign, house_id)
        changed = self._assign(campaign, house, _area(self._regions(campaign), region_id))
        self._save(house, *changed)
        return house

    def station_troops(self, campaign_id: UUID, house_id: UUID, region_id: UUID, power: int) -> Region:
        """Setup: place (or, negative, withdraw) some of the house's power in an area."""
        campaign = self._campaign(campaign_id)
        house = self._house(campaign, house_id)
        regions = self._regions(campaign)
        region = _area(regions, region_id)
        _station(house, region, regions, power)
        self._save(region)
        return region

    def repair_area(self, campaign_id: UUID, house_id: UUID, area_id: UUID) -> House:
        """Seed 000, Vandalism: the controlling house pays the 1d6 × 1,000 gp repair bill of a wrecked area."""
        return self._change(campaign_id, house_id, lambda house: house.repair_area(str(area_id)))

    # ---- orders and resolution --------------------------------------------------------------------------------
    def order_action(self, campaign_id: UUID, house_id: UUID, order: Order) -> PendingAction:
        """Check an order against the rules and start it; only the acting house changes."""
        campaign = self._campaign(campaign_id)
        campaign.check_phase_open()
        return self.order_given(campaign, self._house(campaign, house_id), order)

    def order_given(self, campaign: Campaign, house: House, order: Order) -> PendingAction:
        """Check an order for a loaded house and start it; the house is saved with whatever it already records
        (an amendment's withdrawal, service/usecases/orders.py), all in one transaction. Its ids are read as any
        transport's are (domain/shapes.py): an order built in code may spell them as a client would."""
        order = decode_order(order)
        houses = self._members(campaign, "house", House, [order.target_house_id]) | {str(house.id): house}
        # The whole map: power the house has stationed anywhere is not free to dedicate (garrison.py).
        areas = {str(i): r for i, r in self._regions(campaign).items()}
        pending = order_action(house, order, phase=campaign.phase, houses=houses, areas=areas)
        self._save(house, unchanged=_garrisons(house, areas.values()))
        return pending

    def move_troops(
        self, campaign_id: UUID, house_id: UUID, from_id: UUID, to_id: UUID, power: int, start_week: int = 1
    ) -> PendingAction:
        """Moving troops openly: no action, no cost, seen by every house, one week (seed 000, Troop Movements)."""
        campaign = self._campaign(campaign_id)
        campaign.check_phase_open()
        house = self._house(campaign, house_id)
        regions = self._regions(campaign)
        source, target = _area(regions, from_id), _area(regions, to_id)
        pending = plan_open_move(house, source, target, power, phase=campaign.phase, start_week=start_week)
        house.order_action(pending)
        self._save(house)
        return pending

    def hunt_source(self, campaign_id: UUID, house_id: UUID, attack_id: str) -> SourceHunt:
        """The targeted house's Gather Information check to find who made an attack it knows of; no open phase
        needed. Refused before any die is rolled."""
        campaign = self._campaign(campaign_id)
        house = self._house(campaign, house_id)
        intel = self._intel(campaign, [house.id]).get(str(house.id))
        dice = self._dice_for(campaign, f"hunt:{house.id}:{house.version}")
        hunt = hunt_source(house, attack_id, campaign.phase, dice, intel)
        record_hunt(house, hunt, intel)
        self._save(house, *([intel] if intel is not None else []))
        return hunt

    def resolve(self, campaign: Campaign, dice: Dice) -> Resolution:
        """The `PhaseResolver` for the Game of Bones: the month's four weeks; what changed and the GM summary."""
        houses = self._houses(campaign)
        if not houses:
            return Resolution([])
        regions = list(self._regions(campaign).values())
        intel = {i.house_id: i for i in self.store.members(campaign, HouseIntel)}
        # On the loaded aggregates themselves: a month that raises is discarded with the unit of work.
        report = resolve_month_in_place(houses, regions, campaign.phase, dice, intel)
        changed: list[Aggregate] = [a for a in (*houses, *regions, *intel.values()) if a.pending_events]
        return Resolution(changed, gm_summary(report))

    # ---- loading ----------------------------------------------------------------------------------------------
    def _change(self, campaign_id: UUID, house_id: UUID, change: Callable[[House], None]) -> House:
        campaign = self._campaign(campaign_id)
        house = self._house(campaign, house_id)
        change(house)
        self._save(house)
        return house

    def _assign(self, campaign: Campaign, house: House, region: Region) -> list[Aggregate]:
        previous = region.controlling_house_id
        if previous == str(house.id):
            return []
        changed: list[Aggregate] = [region, house]
        if previous is not None and campaign.members.get(previous) == "house":
            held_by = self.store.load(UUID(previous), House)
            held_by.lose_area(str(region.id), f"assigned to {house.name}")
            changed.append(held_by)
        region.change_control(str(house.id), SETUP)
        house.gain_area(str(region.id), SETUP)
        return changed

    def _campaign(self, campaign_id: UUID) -> Campaign:
        return self.store.campaign_running(campaign_id, RULE)

    def _house(self, campaign: Campaign, house_id: UUID) -> House:
        return self.store.member(campaign, house_id, House)

    def _houses(self, campaign: Campaign) -> list[House]:
        return self.store.members(campaign, House)

    def _intel(self, campaign: Campaign, house_ids: Iterable[UUID] | None = None) -> dict[str, HouseIntel]:
        """The intel of these houses (every house's when None), by house id; a house from before intel streams
        has none."""
        ids = campaign.member_ids("house") if house_ids is None else list(house_ids)
        found = [intel_id(h) for h in ids if campaign.members.get(str(intel_id(h))) == "houseintel"]
        return {i.house_id: i for i in (self.store.load(x, HouseIntel) for x in found)}

    def _members(self, campaign: Campaign, kind: str, cls: type[M], ids: list[str | None]) -> dict[str, M]:
        """Only what an order names: an id that is no member of this kind is left out, for the rules to refuse."""
        named = {i for i in ids if i is not None and campaign.members.get(i) == kind}
        return {i: self.store.load(UUID(i), cls) for i in sorted(named)}

    def _regions(self, campaign: Campaign) -> dict[UUID, Region]:
        return {r.id: r for r in self.store.members(campaign, Region)}


def _area(regions: dict[UUID, Region], region_id: UUID) -> Region:
    if region_id not in regions:
        raise NotFoundError(f"no area {region_id} in this campaign")
    return regions[region_id]


def _station(house: House, region: Region, regions: dict[UUID, Region], power: int) -> None:
    """Troops are the house's own power: it cannot station more than it has, nor power dedicated to an action."""
    if power > 0:
        check_stationing(house, stationed_power(str(house.id), regions.values()) + power)
    region.station_troops(str(house.id), power, SETUP)


def _garrisons(house: House, areas: Iterable[Region]) -> dict[UUID, int]:
    """The areas holding the house's troops, at the versions its order was checked against."""
    return {a.id: a.version for a in areas if a.troops.get(str(house.id), 0)}


def gm_summary(report: MonthReport) -> dict[str, Any]:
    """The month's GM-side record. Rolls already kept on the house's `ActionResolved` are not copied, so each
    die rolled appears once in the log; the secret ones (and the spies' monthly checks) live only here."""
    summary = report.summary()
    for outcome, entry in zip(report.outcomes, summary["outcomes"], strict=True):
        if outcome.action_id is not None and not outcome.secret and outcome.rolls:
            entry["rolls"] = []
            entry["rolls_recorded_on"] = "House.ActionResolved"
    return summary
