"""Faction Turn application methods (seed 002): goals, orders and the phase's resolution; founding factions is
service/usecases/factionturn_founding.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from domain.campaign import Campaign
from domain.dice import Dice
from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.face import (
    Faction,
    FactionOrders,
    GoalChoice,
    World,
    adoption_baseline,
    check_orders,
    goal,
    orders_from_dict,
    read_orders,
    resolve_phase_in_place,
)
from domain.region import Region
from service.persistence.app import unit_of_work
from service.usecases.campaigns import Resolution
from service.usecases.factionturn_founding import RULE, FactionFounding
from service.usecases.order_world import check_definition


class FactionTurnService(FactionFounding):
    """Get → decide → apply → save, for the Faction Turn."""

    @unit_of_work
    def adopt_goal(self, campaign_id: UUID, faction_id_: UUID, choice: GoalChoice) -> Faction:
        """Seed 002, Creating a Faction: "Finally, select a Goal for the faction." Only for a faction without one;
        a change is made in orders, at the price of that turn's income and action."""
        campaign = self._campaign(campaign_id)
        if str(faction_id_) not in campaign.members:
            raise NotFoundError(f"no faction {faction_id_} in this campaign")
        world = World(
            self._factions(campaign),
            self._regions(campaign),
            phase=campaign.phase,
            custom_types=campaign.custom_asset_rows(),
        )
        faction = world.faction(str(faction_id_))
        if faction.goal is not None:
            raise RuleViolationError(
                f"{faction.name} already pursues {faction.goal['key']}: a change is ordered "
                "for a turn, which then gains no income and takes no action",
                "seed 002, Faction Goals",
            )
        check_orders(world, str(faction_id_), FactionOrders(goal=choice))
        key = goal(choice.goal).key
        faction.choose_goal(key, choice.target or None, adoption_baseline(world, faction, key), None)
        self._save(faction)
        return faction

    # ---- orders and resolution --------------------------------------------------------------------------------
    @unit_of_work
    def submit_orders(self, campaign_id: UUID, faction_id_: UUID, orders: Mapping[str, Any] | FactionOrders) -> Faction:
        """Orders are read and checked whole before anything is stored (docs/rules-notes/factionturn-play.md)."""
        campaign, faction, parsed = self._checked(campaign_id, faction_id_, orders)
        faction.submit_order(campaign.phase, parsed)
        self._save(faction)
        return faction

    def check_submission(self, campaign_id: UUID, faction_id_: UUID, orders: Mapping[str, Any] | FactionOrders) -> None:
        """The checks `submit_orders` makes, nothing stored: whole orders judged before they are sent (issue 28)."""
        self._checked(campaign_id, faction_id_, orders)

    def _checked(
        self, campaign_id: UUID, faction_id_: UUID, orders: Mapping[str, Any] | FactionOrders
    ) -> tuple[Campaign, Faction, FactionOrders]:
        campaign = self._campaign(campaign_id)
        campaign.check_phase_open()
        if str(faction_id_) not in campaign.members:
            raise NotFoundError(f"no faction {faction_id_} in this campaign")
        parsed = orders_from_dict(orders)
        check_definition(campaign, parsed)
        faction = self.store.member(campaign, faction_id_, Faction)
        check_orders(self._order_world(campaign, faction, parsed), str(faction.id), parsed)
        return campaign, faction, parsed

    @unit_of_work
    def resolve(self, campaign: Campaign, dice: Dice) -> Resolution:
        """The `PhaseResolver` for the Faction Turn: initiative, then every turn; what changed, in played order."""
        factions = self._factions(campaign)
        if not factions:
            return Resolution([])
        regions = self._regions(campaign)
        listed = campaign.member_keys("faction")
        orders, unreadable = read_orders(factions, campaign.phase)
        outcome, played = resolve_phase_in_place(
            factions,
            regions,
            orders,
            dice,
            self._as_it_stood,
            phase=campaign.phase,
            listed=listed,
            custom_types=campaign.custom_asset_rows(),
            unreadable=unreadable,
        )
        campaign.record_initiative(
            RULE.value, [r.to_dict() for r in outcome.initiative.rolls], list(outcome.initiative.order)
        )
        played = [*campaign.pending_events[-1:], *played]
        return Resolution([a for a in (*factions, *regions) if a.pending_events], played=played)

    def _as_it_stood(self, member: Faction | Region, version: int) -> Faction | Region:
        """A member as it stood at a version (the phase's start), read from the store: a turn refused in the middle
        is put back from it (domain/factionturn/resolution/in_place.py)."""
        return self.store.load(member.id, type(member), version=version)
