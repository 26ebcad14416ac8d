"""The House aggregate: a player of the Game of Bones (seed 000), its people, resources and plots; its commands
check the rules, then record the events below (the events stay `House.X`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.dice import Roll
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.rules.house_rules import (
    check_destroyable,
    check_gold,
    check_settle,
    check_withdrawal,
    influence_gained,
    renumbered,
)
from domain.gameofbones.rules.order_checks import check_order
from domain.gameofbones.rules.standing import Standing
from domain.gameofbones.tables.gains import check_power_classes
from domain.gameofbones.tables.ranks import ENTRY_RULE, ENTRY_TOTAL
from domain.gameofbones.tables.records import (
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
from domain.gm import RULE_PC_000, check_intervention, house_adjustment, target_value
from domain.history import Rewindable, leaner
from domain.ids import house_id


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class House(Rewindable, Standing):
    """Influence, power, gold, a leader and lieutenants, members, areas and the actions in flight: each command
    checks the rules (rules/house_rules.py, order_checks.py), then records one event that only applies it."""

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
        self._secret = secret  # private: left out of every view (projections/plain_state.py public_state)
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

    # --- building the house ---------------------------------------------------------------------
    def appoint_lieutenant(self, lieutenant: Character) -> None:
        check_character(lieutenant)
        if lieutenant.name == self.leader.name or lieutenant.name in self.lieutenants:
            raise InvalidInputError(f"{self.name} already has someone named {lieutenant.name!r}")
        self._character_set(lieutenant.to_dict(), "appointed lieutenant")

    def update_character(self, character: Character) -> None:
        check_character(character)
        self.character(character.name)
        self._character_set(character.to_dict(), "updated")

    def set_character_status(self, name: str, status: Status, reason: str) -> None:
        self._character_set(replace(self.character(name), status=status).to_dict(), reason)

    def enlist_member(self, name: str, classes: dict[str, int]) -> None:
        check_power_classes(classes)
        if name in self.members:
            raise InvalidInputError(f"{self.name} already counts a member named {name!r}")
        self._member_enlisted(clean_name(name, "member"), dict(classes), Member(name, classes).power)
        self.note_entry()

    def dismiss_member(self, name: str, reason: str) -> None:
        if name not in self.members:
            raise NotFoundError(f"{self.name} has no member named {name!r}")
        self._member_dismissed(name, reason)

    def add_priest(self, name: str, level: int, fatespinner_priestess: bool = False) -> None:
        if level < 1:
            raise InvalidInputError(f"a priest's level must be at least 1, not {level}")
        # Seed 000, Gaining Influence: the table is not used once the house is in the Game.
        gained = 0 if self.entered_game else Priest(name, level, fatespinner_priestess).influence
        self._priest_joined(clean_name(name, "priest"), level, fatespinner_priestess, gained)
        self.note_entry()

    def gain_influence(
        self, source: str, units: int = 1, *, succeeded: bool = True, discovered: bool = False, roll: Roll | None = None
    ) -> None:
        """A Gaining Influence row: gained on success; lost when the action fails and is discovered."""
        amount = influence_gained(self, source, units, succeeded=succeeded, discovered=discovered)
        self._influence_sought(source, units, amount, roll.to_dict() if roll else None)
        self.note_entry()

    def change_influence(self, amount: int, reason: str) -> None:
        self._influence_changed(max(amount, -self.influence), reason)
        self.note_entry()

    def change_power(self, amount: int, reason: str) -> None:
        """Directly granted power (or a permanent loss); members' power comes from the table."""
        self._power_changed(max(amount, -self.power), reason)
        self.note_entry()

    def change_gold(self, amount: int, reason: str) -> None:
        check_gold(self, amount)
        self._gold_changed(amount, reason)

    def note_entry(self) -> None:
        """Record entering the Game once members and grants reach a combined 1,000."""
        if not self.entered_game and self.total >= ENTRY_TOTAL:
            self._entered_game(self.total, ENTRY_RULE)

    # --- areas ----------------------------------------------------------------------------------
    def gain_area(self, area_id: str, reason: str) -> None:
        if area_id not in self.area_ids:
            self._area_gained(area_id, reason)

    def lose_area(self, area_id: str, reason: str) -> None:
        if area_id in self.area_ids:
            self._area_lost(area_id, reason)

    def record_area_damage(self, damage: AreaDamage, reason: str) -> None:
        self._area_damage_set(damage.area_id, damage.dark_weeks, damage.half_weeks, damage.repair_cost, reason)

    def repair_area(self, area_id: str) -> None:
        """Seed 000, Vandalism: pay the 1d6 × 1,000 gp repair so the area yields more than 30% again."""
        damage = self.area_damage.get(area_id)
        if damage is None or not damage.repair_cost:
            raise RuleViolationError(f"area {area_id} needs no repair", "seed 000, Vandalism")
        self.change_gold(-damage.repair_cost, f"repairs to area {area_id}")
        self.record_area_damage(replace(damage, repair_cost=0), "repaired")

    # --- actions --------------------------------------------------------------------------------
    def order_action(self, pending: PendingAction, stationed: int = 0) -> None:
        """Dedicate influence and power, spend gold and start an action; `check_order` says why not.
        `stationed`: the house's power in position in areas, which the action cannot dedicate."""
        check_order(self, pending, stationed)
        self._action_ordered(pending)  # stored as its dict (projections/codec.py FormAsJSON)
        if pending.gold:
            self._gold_changed(-pending.gold, f"{pending.action} {pending.id}")

    def cover_action(self, action_id: str) -> None:
        self._action_covered(self.pending_action(action_id).id)

    def resolve_action(self, action_id: str, result: str, rolls: list[dict[str, Any]], week: int) -> None:
        action = self.pending_action(action_id)
        self._action_resolved(action_id, action.action, result, rolls, week)
        if action.release_week <= week:
            self.release_action(action_id, week)

    def release_action(self, action_id: str, week: int) -> None:
        """The action's time is over: its dedicated influence and power are free again."""
        action = self.pending_action(action_id)
        self._action_released(action_id, action.dedicated_influence, action.dedicated_power, week)

    def withdraw_action(self, action_id: str, phase: int, reason: str) -> None:
        """Take back an order of the open phase: nothing has happened yet, so its dedicated influence and power
        are free again and its gold comes back (seed 000, Taking Action: Cost: dedicated, not spent from the
        house). The later actions of the month move up a place and take that place's Action Bonus."""
        action = self.pending_action(action_id)
        check_withdrawal(self, action, phase)
        self._action_withdrawn(
            action_id,
            action.action,
            action.dedicated_influence,
            action.dedicated_power,
            action.gold,
            renumbered(self, action),
            reason,
        )

    # --- circumstances, knowledge, spies, income --------------------------------------------------
    def add_circumstance(self, circumstance: Circumstance) -> None:
        self._circumstance_gained(circumstance.to_dict())

    def end_circumstance(self, circumstance_id: str, reason: str) -> None:
        self._circumstance_ended(circumstance_id, reason)

    def learn(self, knowledge: dict[str, Any]) -> None:
        """Knowledge as its holder sees it: a planted falsehood looks exactly like the truth."""
        self._knowledge_gained(dict(knowledge))

    def set_spy(self, spy: Spy, reason: str) -> None:
        self._spy_set(spy.target_house_id, spy.bonus, spy.months, spy.planted_phase, reason)

    def receive_income(self, phase: int, amount: int, by_area: dict[str, int]) -> None:
        self._income_received(phase, amount, dict(by_area))

    def destroy(self, reason: str) -> None:
        check_destroyable(self)
        self._destroyed(reason)

    # --- the GM's hand: adventures and adjustments (domain/gm.py, docs/rules-notes/gm.md) ---------------
    def decide_fate(self, name: str, status: Status, seat: str, reason: str) -> None:
        """PCs kill, capture or save the leader or a lieutenant (seed 000, The Game of Bones and PCs)."""
        why = check_intervention(seat, reason)
        person = self.character(name)
        if person.status is Status(status):
            raise RuleViolationError(f"{name} is already {person.status.value}", RULE_PC_000)
        self._fate_decided(name, Status(status).value, person.status.value, seat, why)

    def settle_action(self, action_id: str, result: str, seat: str, reason: str) -> None:
        """An adventure foils a pending action, or sees it succeed; either way it is over and its dedicated
        influence and power are free. Gold spent when it was ordered stays spent."""
        why = check_intervention(seat, reason)
        action = self.pending_action(action_id)
        check_settle(action, result)
        self._action_settled(
            action_id, action.action, result, action.dedicated_influence, action.dedicated_power, seat, why
        )

    def adjust(self, field: str, mode: str, value: int, seat: str, reason: str) -> None:
        """Set or adjust influence, power or gold; refused, naming the rule, below zero."""
        why = check_intervention(seat, reason)
        current = {"influence": self.influence, "power": self.power, "gold": self.gold}
        if field not in current:
            raise InvalidInputError(f"a house has no {field!r} to adjust; choose from {sorted(current)}")
        change = house_adjustment(current[field], field, target_value(current[field], mode, value))
        self._adjusted(field, current[field], current[field] + change, change, seat, why)
        self.note_entry()
