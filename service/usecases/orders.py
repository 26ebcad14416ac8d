"""Orders of the open phase: who has submitted (the GM's view), each seat's own orders read back, and taking
a house's or faction's orders back or amending them while the phase is open (nothing has happened yet)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.campaign import Campaign, RuleSystemName
from domain.factionturn.face import Faction
from domain.gameofbones.face import House, Order, PendingAction
from service.persistence.app import IntrigueStore, SavesAndWaits, unit_of_work
from service.usecases.gameofbones import GameOfBonesService

WITHDRAWN = "withdrawn by its seat"
AMENDED = "amended by its seat"


@dataclass(frozen=True)
class Submitted:
    """One faction's or house's part of the open phase: whether it has orders in, and how many."""

    id: str
    kind: str  # "faction" or "house"
    name: str
    submitted: bool
    orders: int


@dataclass(frozen=True)
class OrderStatus:
    phase: int
    status: str
    members: list[Submitted]


class OrderService(SavesAndWaits):
    """The orders of the open phase, read and taken back; ordering itself is the rule systems' services'."""

    def __init__(
        self, store: IntrigueStore, projected: Callable[[int | None], None], bones: GameOfBonesService
    ) -> None:
        self.store = store
        self._projected = projected
        self._bones = bones

    @unit_of_work
    def status(self, campaign_id: UUID) -> OrderStatus:
        """For the GM: which factions and houses have orders in for the current phase (their content stays out)."""
        campaign = self.store.load(campaign_id, Campaign)
        members = [_faction_status(f, campaign.phase) for f in self.store.members(campaign, Faction)]
        members += [_house_status(h, campaign.phase) for h in self.store.members(campaign, House)]
        return OrderStatus(campaign.phase, str(campaign.phase_status), members)

    @unit_of_work
    def faction_orders(self, campaign_id: UUID, faction_id: UUID) -> dict[str, Any] | None:
        """A faction's orders for the current phase, as submitted; None when it has none in."""
        campaign = self.store.load(campaign_id, Campaign)
        faction = self.store.member(campaign, faction_id, Faction)
        order = faction.order
        return dict(order) if order is not None and order.get("phase") == campaign.phase else None

    @unit_of_work
    def house_orders(self, campaign_id: UUID, house_id: UUID) -> list[PendingAction]:
        """A house's orders given in the current phase (moves included), in the order of the month."""
        campaign = self.store.load(campaign_id, Campaign)
        house = self.store.member(campaign, house_id, House)
        return _given(house, campaign.phase)

    @unit_of_work
    def withdraw_faction_orders(self, campaign_id: UUID, faction_id: UUID) -> Faction:
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.FACTION_TURN)
        campaign.check_phase_open()
        faction = self.store.member(campaign, faction_id, Faction)
        faction.withdraw_order(campaign.phase, WITHDRAWN)
        self._save(faction)
        return faction

    @unit_of_work
    def withdraw_house_action(self, campaign_id: UUID, house_id: UUID, action_id: str) -> House:
        """Seed 000, Taking Action: Cost: dedicated, not spent; withdrawn before it happens, it all comes back."""
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.GAME_OF_BONES)
        campaign.check_phase_open()
        house = self.store.member(campaign, house_id, House)
        house.withdraw_action(action_id, campaign.phase, WITHDRAWN)
        self._save(house)
        return house

    @unit_of_work
    def amend_house_action(self, campaign_id: UUID, house_id: UUID, action_id: str, order: Order) -> PendingAction:
        """The order withdrawn and the new one given, in one transaction: refused whole if the new one is."""
        campaign = self.store.campaign_running(campaign_id, RuleSystemName.GAME_OF_BONES)
        campaign.check_phase_open()
        house = self.store.member(campaign, house_id, House)
        house.withdraw_action(action_id, campaign.phase, AMENDED)
        return self._bones.order_given(campaign, house, order)


def _given(house: House, phase: int) -> list[PendingAction]:
    given = [p for p in house.pending.values() if p.phase == phase and not p.resolved]
    return sorted(given, key=lambda p: (p.ordinal == 0, p.ordinal, p.start_week, p.id))


def _faction_status(faction: Faction, phase: int) -> Submitted:
    order = faction.order
    submitted = order is not None and order.get("phase") == phase
    return Submitted(str(faction.id), "faction", faction.name, submitted, int(submitted))


def _house_status(house: House, phase: int) -> Submitted:
    given = _given(house, phase)
    return Submitted(str(house.id), "house", house.name, bool(given), len(given))
