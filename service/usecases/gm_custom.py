"""The GM's hand over what the GM defines for a campaign: its own asset types and custom actions, and a faction's or
a house's custom action ordered in the open phase (seed 002: "The GM should feel free to add new action types").
Part of `GMService` (service/usecases/gm.py); every event carries the seat and reason in `By`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.errors import InvalidInputError
from domain.factionturn.face import CustomAction, Faction, FactionOrders, define_row
from domain.gameofbones.face import House, plan_custom, stationed_power
from domain.gm import CustomActionDef
from domain.region import Region
from service.persistence.app import IntrigueStore
from service.usecases.interventions import By

A = TypeVar("A", bound=Aggregate)


class CustomHand:
    """Define a campaign's asset types and custom actions, and order a custom action for a faction or a house."""

    if TYPE_CHECKING:  # provided by GMService
        store: IntrigueStore

        def _campaign(self, by: By) -> Campaign: ...
        def _load(self, campaign: Campaign, member_id: UUID, kind: type[A]) -> A: ...
        def _save(
            self, *aggregates: Aggregate, unchanged: Mapping[UUID, int] | None = None, played: Sequence[Any] = ()
        ) -> None: ...

    def define_asset_type(
        self, by: By, key: str, name: str, attribute: str, rating: int, hp: int, cost: int, **cells: Any
    ) -> Campaign:
        """A campaign's own asset type: `cells` are arcana, kind, attack_cell, counter_cell, maintenance,
        ability (a catalog ability key; None for a narrative-only asset) and needs_permission."""
        campaign = self._campaign(by)
        campaign.define_asset_type(define_row(key, name, attribute, rating, hp, cost, **cells), by.seat, by.reason)
        self._save(campaign)
        return campaign

    def define_custom_action(self, by: By, action: CustomActionDef) -> Campaign:
        campaign = self._campaign(by)
        campaign.define_custom_action(action, by.seat, by.reason)
        self._save(campaign)
        return campaign

    def order_house_custom_action(self, by: By, house_id: UUID, key: str, actor: str, start_week: int = 1) -> House:
        """A house starts the GM's custom action in the open phase: its gold is spent, its influence and power
        dedicated, and it resolves in its week like the seed's actions."""
        campaign = self._campaign(by)
        campaign.check_phase_open()
        house = self._load(campaign, house_id, House)
        pending = plan_custom(
            house,
            campaign.custom_action(key),
            actor,
            phase=campaign.phase,
            start_week=start_week,
            seat=by.seat,
            reason=by.reason,
        )
        # Like the seed's actions, it cannot dedicate power stationed in areas (domain/gameofbones/rules/garrison.py).
        house.order_action(pending, stationed_power(str(house.id), self.store.members(campaign, Region)))
        self._save(house)
        return house

    def order_custom_action(self, by: By, faction_id: UUID, key: str) -> Faction:
        """The faction takes the GM's custom action as its action this phase (seed 002's Bribe the Beholder)."""
        campaign = self._campaign(by)
        campaign.check_phase_open()
        faction = self._load(campaign, faction_id, Faction)
        action = campaign.custom_action(key)
        if action.system != "factionturn":
            raise InvalidInputError(f"{action.name} is a Game of Bones action; a faction cannot take it")
        order = CustomAction(
            action.name, action.duration, action.cost, action.to_dict() | {"seat": by.seat, "reason": by.reason}
        )
        faction.submit_order(campaign.phase, FactionOrders(action=order))
        self._save(faction)
        return faction
