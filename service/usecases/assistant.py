"""The GM's assistant (issue 19): mark powers as GM-run, draft their orders, accept, edit or reject the drafts,
and let it play the GM-run powers between sessions.

The drafting is the domain's (domain/assistant/); here the campaign is loaded as a preview loads it. An accepted
draft is given through the very submission a seat's orders take (`FactionTurnService.submit_orders`,
`GameOfBonesService.order_action`), then the campaign records `DraftDecided` with the GM's seat: the orders are
ordinary orders, and the audit shows the assistant drafted them and who decided. Drafting dice are seeded by
the campaign's seed (or its id), the phase and the power, so the same campaign drafts the same orders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.assistant import (
    FactionDraft,
    HouseDraft,
    chosen,
    draft_faction,
    draft_house,
    faction_temperament,
    house_temperament,
)
from domain.campaign import Campaign
from domain.dice import Dice, RandomDice
from domain.enums import DraftDecision, MemberKind, Temperament
from domain.errors import InvalidInputError
from domain.factionturn.face import FACTION_TURN, Faction, World, orders_to_dict
from domain.gameofbones.face import GAME_OF_BONES, House, Order
from domain.region import Region
from service.persistence.app import IntrigueStore, SavesAndWaits, unit_of_work
from service.usecases.campaigns import CampaignService
from service.usecases.factionturn import FactionTurnService
from service.usecases.gameofbones import GameOfBonesService
from service.usecases.interventions import By

Draft = FactionDraft | HouseDraft


@dataclass(frozen=True)
class Power:
    """A faction or house the GM runs, with the temperament the assistant weighs it by."""

    member_id: str
    kind: str
    name: str
    temperament: Temperament
    set_by_gm: bool


@dataclass(frozen=True)
class Downtime:
    """What a downtime played: its phases, the rollback point that undoes it all, and the drafts given."""

    first_phase: int
    phases: int
    rollback_phase: int
    drafts: int


class AssistantService(SavesAndWaits):
    def __init__(
        self,
        store: IntrigueStore,
        projected: Callable[[int | None], None],
        campaigns: CampaignService,
        factionturn: FactionTurnService,
        gameofbones: GameOfBonesService,
    ) -> None:
        self.store = store
        self._projected = projected
        self._campaigns = campaigns
        self._factionturn = factionturn
        self._bones = gameofbones

    def mark_gm_run(self, by: By, member_id: UUID, gm_run: bool, temperament: str = "") -> Campaign:
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.mark_gm_run(str(member_id), gm_run, temperament, by.seat, by.reason)
        self._save(campaign)
        return campaign

    @unit_of_work
    def powers(self, campaign_id: UUID) -> list[Power]:
        """The GM-run powers, each with its temperament: the GM's, else derived from its tags and goal."""
        return self._powers(self.store.load(campaign_id, Campaign))

    def _powers(self, campaign: Campaign) -> list[Power]:
        found: list[Power] = []
        for member_id, set_by_gm in campaign.gm_run().items():
            if campaign.members.get(member_id) == MemberKind.FACTION:
                faction = self.store.load(UUID(member_id), Faction)
                key = faction.goal["key"] if faction.goal else None
                derived = faction_temperament(faction.tags, key)
                found.append(Power(member_id, "faction", faction.name, chosen(set_by_gm, derived), bool(set_by_gm)))
            else:
                house = self.store.load(UUID(member_id), House)
                derived = house_temperament(house.influence, house.power, house.gold)
                found.append(Power(member_id, "house", house.name, chosen(set_by_gm, derived), bool(set_by_gm)))
        return found

    @unit_of_work
    def drafts(self, campaign_id: UUID, member_ids: Sequence[UUID] | None = None) -> list[Draft]:
        """Drafted orders for the open phase, for the named GM-run powers (default: every one)."""
        campaign = self.store.load(campaign_id, Campaign)
        campaign.check_phase_open()
        wanted = [str(m) for m in member_ids] if member_ids is not None else list(campaign.gm_run())
        for member_id in wanted:
            campaign.check_gm_run(member_id)
        powers = {p.member_id: p for p in self._powers(campaign)}
        factions = self.store.members(campaign, Faction)
        regions = self.store.members(campaign, Region)
        world = World(factions, regions, phase=campaign.phase, custom_types=campaign.custom_asset_rows())
        houses = {str(h.id): h for h in self.store.members(campaign, House)}
        areas = {str(r.id): r for r in regions}
        # Each rule system's drafting (domain/assistant/), by the kind of its members (domain/systems.py).
        draft: dict[str, Callable[[str, Temperament, Dice], Draft]] = {
            FACTION_TURN.kind: lambda member_id, temperament, dice: draft_faction(world, member_id, temperament, dice),
            GAME_OF_BONES.kind: lambda member_id, temperament, dice: draft_house(
                houses[member_id], phase=campaign.phase, houses=houses, areas=areas, temperament=temperament, dice=dice
            ),
        }
        return [
            draft[powers[member_id].kind](
                member_id,
                powers[member_id].temperament,
                RandomDice.seeded(campaign.dice_seed or str(campaign.id), "draft", campaign.phase, member_id),
            )
            for member_id in wanted
        ]

    def accept(self, by: By, member_id: UUID, edited: Mapping[str, Any] | Sequence[Order] | None = None) -> str:
        """The draft given as the power's orders (or the GM's edit of it); returns the decision recorded."""
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.check_gm_run(str(member_id))
        kind = campaign.members.get(str(member_id))
        if edited is None:
            (draft,) = self.drafts(by.campaign_id, [member_id])
            return self._give(by, draft, None)
        if kind == MemberKind.FACTION and not isinstance(edited, Mapping):
            raise InvalidInputError("a faction's edited draft is its orders, as submitFactionOrders takes them")
        if kind == MemberKind.HOUSE and isinstance(edited, Mapping):
            raise InvalidInputError("a house's edited draft is a list of orders, as orderHouseAction takes them")
        return self._give(by, None, edited, member_id)

    def accept_all(self, by: By) -> list[str]:
        """Every GM-run power's draft given as drafted: the member ids accepted."""
        drafts = self.drafts(by.campaign_id)
        for draft in drafts:
            self._give(by, draft, None)
        return [_member(d) for d in drafts]

    def reject(self, by: By, member_id: UUID) -> Campaign:
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.decide_draft(campaign.phase, str(member_id), DraftDecision.REJECTED, [], by.seat, by.reason)
        self._save(campaign)
        return campaign

    def play_downtime(self, by: By, phases: int) -> Downtime:
        """Seed 002's phases (and seed 000's months) played by the assistant for every GM-run power: open, draft,
        accept, resolve, `phases` times. Rolling back to its first phase undoes it all (rollBackPhase)."""
        campaign = self.store.load(by.campaign_id, Campaign)
        first = campaign.begin_downtime(phases, by.seat, by.reason)
        self._save(campaign)
        given = 0
        for _ in range(phases):
            if self.store.load(by.campaign_id, Campaign).phase_status not in ("open", "resolving"):
                self._campaigns.open_phase(by.campaign_id)
            given += len(self.accept_all(by))
            self._campaigns.resolve_phase(by.campaign_id)
        return Downtime(first, phases, first, given)

    def _give(
        self,
        by: By,
        draft: Draft | None,
        edited: Mapping[str, Any] | Sequence[Order] | None,
        member_id: UUID | None = None,
    ) -> str:
        decision = DraftDecision.ACCEPTED if edited is None else DraftDecision.EDITED
        target = UUID(_member(draft)) if draft is not None else member_id
        assert target is not None
        recorded: list[dict[str, Any]]
        if isinstance(draft, FactionDraft) or isinstance(edited, Mapping):
            orders = orders_to_dict(draft.orders) if isinstance(draft, FactionDraft) else dict(_mapping(edited))
            self._factionturn.submit_orders(by.campaign_id, target, orders)
            recorded = [orders]
        else:
            given = list(draft.orders) if isinstance(draft, HouseDraft) else list(edited or [])
            for order in given:
                self._bones.order_action(by.campaign_id, target, order)
            recorded = [_order_dict(o) for o in given]
        campaign = self.store.load(by.campaign_id, Campaign)
        campaign.decide_draft(campaign.phase, str(target), decision, recorded, by.seat, by.reason)
        self._save(campaign)
        return decision.value


def _mapping(edited: Mapping[str, Any] | Sequence[Order] | None) -> Mapping[str, Any]:
    assert isinstance(edited, Mapping)
    return edited


def _member(draft: Draft) -> str:
    return draft.faction_id if isinstance(draft, FactionDraft) else draft.house_id


def _order_dict(order: Order) -> dict[str, Any]:
    return {
        "action": order.action.value,
        "actor": order.actor,
        "target_house_id": order.target_house_id,
        "target_character": order.target_character,
        "area_ids": list(order.area_ids),
        "power": order.power,
        "to_area_id": order.to_area_id,
        "covered_action_id": order.covered_action_id,
        "start_week": order.start_week,
    }
