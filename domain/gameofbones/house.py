"""The House aggregate: a player of the Game of Bones (seed 000), its people, resources and plots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.errors import InvalidInputError
from domain.gameofbones.house_commands import HouseCommands
from domain.gameofbones.records import (
    AreaDamage,
    Character,
    Circumstance,
    Member,
    PendingAction,
    Priest,
    Spy,
    Status,
    check_character,
)
from domain.ids import house_id


class House(HouseCommands):
    """Influence, power, gold, a leader and lieutenants, members, areas and the actions in flight."""

    @staticmethod
    def create_id(campaign_id: UUID, name: str) -> UUID:
        return house_id(campaign_id, name)

    @classmethod
    def register(cls, campaign_id: UUID, name: str, leader: Character, gold: int = 0, secret: str = "") -> House:
        """`secret`: random text no seat sees, which makes the house's action ids unguessable (ordering.py)."""
        check_character(leader)
        if gold < 0:
            raise InvalidInputError(f"a treasury cannot start below zero, not {gold}")
        return cls(campaign_id, clean_name(name, "house"), leader.to_dict(), gold, secret)

    @event("Registered")
    def __init__(self, campaign_id: UUID, name: str, leader: dict[str, Any], gold: int, secret: str = "") -> None:
        self._secret = secret  # private: left out of every view (projections/state.py public_state)
        self.campaign_id = campaign_id
        self.name = name
        self.leader = Character.from_dict(leader)
        self.lieutenants: dict[str, Character] = {}
        self.members: dict[str, Member] = {}
        self.priests: dict[str, Priest] = {}
        self.influence = 0
        self.granted_power = 0
        self.gold = gold
        self.area_ids: list[str] = []
        self.entered_game = False
        self.circumstances: list[Circumstance] = []
        self.pending: dict[str, PendingAction] = {}
        self.knowledge: list[dict[str, Any]] = []
        self.spies: dict[str, Spy] = {}
        self.area_damage: dict[str, AreaDamage] = {}
        self.destroyed = False

    @event("CharacterSet")
    def _character_set(self, character: dict[str, Any], reason: str) -> None:
        person = Character.from_dict(character)
        if person.name == self.leader.name:
            self.leader = person
        else:
            self.lieutenants[person.name] = person

    @event("MemberEnlisted")
    def _member_enlisted(self, name: str, classes: dict[str, int], power: int) -> None:
        self.members[name] = Member(name, dict(classes))

    @event("MemberDismissed")
    def _member_dismissed(self, name: str, reason: str) -> None:
        del self.members[name]

    @event("PriestJoined")
    def _priest_joined(self, name: str, level: int, fatespinner_priestess: bool, influence_gained: int) -> None:
        self.priests[name] = Priest(name, level, fatespinner_priestess)
        self.influence += influence_gained

    @event("InfluenceSought")
    def _influence_sought(self, source: str, units: int, amount: int, roll: dict[str, Any] | None) -> None:
        self.influence += amount

    @event("InfluenceChanged")
    def _influence_changed(self, amount: int, reason: str) -> None:
        self.influence += amount

    @event("PowerChanged")
    def _power_changed(self, amount: int, reason: str) -> None:
        self.granted_power += amount

    @event("GoldChanged")
    def _gold_changed(self, amount: int, reason: str) -> None:
        self.gold += amount

    @event("EnteredTheGame")
    def _entered_game(self, total: int, rule: str) -> None:
        self.entered_game = True

    @event("AreaGained")
    def _area_gained(self, area_id: str, reason: str) -> None:
        self.area_ids.append(area_id)

    @event("AreaLost")
    def _area_lost(self, area_id: str, reason: str) -> None:
        self.area_ids.remove(area_id)
        self.area_damage.pop(area_id, None)

    @event("AreaDamageSet")
    def _area_damage_set(self, area_id: str, dark_weeks: int, half_weeks: int, repair_cost: int, reason: str) -> None:
        damage = AreaDamage(area_id, dark_weeks, half_weeks, repair_cost)
        if damage.healed:
            self.area_damage.pop(area_id, None)
        else:
            self.area_damage[area_id] = damage

    @event("ActionOrdered")
    def _action_ordered(self, pending: PendingAction | dict[str, Any]) -> None:
        """`pending` typed; its dict as the store writes it and older events hold it (projections/codec.py)."""
        action = pending if isinstance(pending, PendingAction) else PendingAction.from_dict(pending)
        self.pending[action.id] = action

    @event("ActionCovered")
    def _action_covered(self, action_id: str) -> None:
        self.pending[action_id] = replace(self.pending[action_id], covered=True)

    @event("ActionResolved")
    def _action_resolved(
        self, action_id: str, action: str, result: str, rolls: list[dict[str, Any]], week: int
    ) -> None:
        self.pending[action_id] = replace(self.pending[action_id], resolved=True)

    @event("ActionReleased")
    def _action_released(self, action_id: str, influence: int, power: int, week: int) -> None:
        del self.pending[action_id]

    @event("ActionWithdrawn")
    def _action_withdrawn(
        self,
        action_id: str,
        action: str,
        influence: int,
        power: int,
        gold: int,
        renumbered: dict[str, list[int]],
        reason: str,
    ) -> None:
        del self.pending[action_id]
        self.gold += gold
        self.withdrawals = getattr(self, "withdrawals", 0) + 1  # houses snapshotted before withdrawals had none
        for later_id, (ordinal, bonus) in renumbered.items():
            self.pending[later_id] = replace(self.pending[later_id], ordinal=ordinal, bonus=bonus)

    @event("CircumstanceGained")
    def _circumstance_gained(self, circumstance: dict[str, Any]) -> None:
        self.circumstances.append(Circumstance.from_dict(circumstance))

    @event("CircumstanceEnded")
    def _circumstance_ended(self, circumstance_id: str, reason: str) -> None:
        self.circumstances = [c for c in self.circumstances if c.id != circumstance_id]

    @event("KnowledgeGained")
    def _knowledge_gained(self, knowledge: dict[str, Any]) -> None:
        self.knowledge.append(knowledge)

    @event("SpySet")
    def _spy_set(self, target_house_id: str, bonus: int, months: int, planted_phase: int, reason: str) -> None:
        if bonus > 0:
            self.spies[target_house_id] = Spy(target_house_id, bonus, months, planted_phase)
        else:
            self.spies.pop(target_house_id, None)

    @event("IncomeReceived")
    def _income_received(self, phase: int, amount: int, by_area: dict[str, int]) -> None:
        self.gold += amount

    @event("Destroyed")
    def _destroyed(self, reason: str) -> None:
        self.destroyed = True
        self.area_ids = []
        self.area_damage = {}

    @event("FateDecided")
    def _fate_decided(self, name: str, status: str, was: str, seat: str, reason: str) -> None:
        person = replace(self.character(name), status=Status(status))
        if name == self.leader.name:
            self.leader = person
        else:
            self.lieutenants[name] = person

    @event("ActionSettled")
    def _action_settled(
        self, action_id: str, action: str, result: str, influence: int, power: int, seat: str, reason: str
    ) -> None:
        del self.pending[action_id]

    @event("Adjusted")
    def _adjusted(self, field: str, before: int, after: int, change: int, seat: str, reason: str) -> None:
        if field == "power":  # members' power comes from the table; the GM's hand moves the granted part
            self.granted_power += change
        else:
            setattr(self, field, after)
