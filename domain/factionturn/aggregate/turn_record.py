"""A faction's turns: assets granted at set-up, orders, the turn procedure (ratings raised, goals, FacGold,
maintenance, failed actions, multi-turn actions, tags). The bodies of the `Faction` events; faction.py declares
the events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.effects import RatingRaised, Rolls
from domain.factionturn.aggregate.holdings import ATTRIBUTES, MAX_RATING, RAISE_XP, OwnedAsset, max_hp_for
from domain.factionturn.aggregate.orders import FactionOrders, orders_to_dict
from domain.factionturn.aggregate.reading import FactionReading


class TurnRecord(FactionReading):
    """Set-up, orders and the turn procedure (the events of `Faction`)."""

    # ---- set-up and orders ---------------------------------------------------------------------------------
    def grant_asset(self, asset: OwnedAsset, reason: str, rolls: Rolls | None = None) -> None:
        """`rolls`: the dice that made it (a terrain's HP), kept with the grant."""
        if asset.id in self.assets:
            raise InvalidInputError(f"{self.name} already owns asset {asset.id}")
        self._asset_granted(asset.to_dict(), reason, rolls or [])

    def _asset_granted(self, asset: dict[str, Any], reason: str, rolls: Rolls | None = None) -> None:
        self._add(OwnedAsset.from_dict(asset))

    def submit_order(self, phase: int, order: FactionOrders | Mapping[str, Any]) -> None:
        """`order` typed; its JSON form as older callers and events hold it (projections/codec.py FormAsJSON)."""
        if self.destroyed:
            raise RuleViolationError(f"{self.name} has been destroyed", "seed 002, Faction Goals")
        self._order_submitted(phase, order)

    def _order_submitted(self, phase: int, order: FactionOrders | Mapping[str, Any]) -> None:
        self.order = dict(orders_to_dict(order) if isinstance(order, FactionOrders) else order, phase=phase)

    def withdraw_order(self, phase: int, reason: str) -> None:
        """Take back the open phase's orders (submitting again replaces them); refused when none stand."""
        if self.order is None or self.order.get("phase") != phase:
            raise NotFoundError(f"{self.name} has no orders for phase {phase} to withdraw")
        self._order_withdrawn(phase, reason)

    def _order_withdrawn(self, phase: int, reason: str) -> None:
        self.order = None

    # ---- turn procedure ------------------------------------------------------------------------------------
    def begin_turn(self, phase: int) -> None:
        self._turn_begun(phase, self.turn + 1)

    def _turn_begun(self, phase: int, turn: int) -> None:
        self.phase, self.turn = phase, turn
        self.purchased_this_turn = False

    def raise_rating(self, attribute: str) -> None:
        raised = self.rating_raise(attribute)
        self._rating_raised(raised.attribute, raised.rating, raised.xp_cost, raised.hp_gained)

    def rating_raise(self, attribute: str) -> RatingRaised:
        """What raising a rating by one records, refused without the XP (seed 002, Raising Stats)."""
        rule = "seed 002, Raising Stats"
        current = self.rating(attribute)
        if attribute not in ATTRIBUTES:
            raise InvalidInputError(f"choose force, cunning or wealth, not {attribute!r}")
        if current >= MAX_RATING:
            raise RuleViolationError(f"{attribute} is already {MAX_RATING}", rule)
        cost = RAISE_XP[current + 1]
        if cost > self.xp:
            raise RuleViolationError(f"raising {attribute} to {current + 1} costs {cost} XP, not {self.xp}", rule)
        ratings = {a: self.rating(a) for a in ATTRIBUTES} | {attribute: current + 1}
        return RatingRaised(attribute, current + 1, cost, max_hp_for(**ratings) - self.max_hp)

    def _rating_raised(self, attribute: str, rating: int, xp_cost: int, hp_gained: int) -> None:
        setattr(self, attribute, rating)
        self.xp -= xp_cost
        self.hp += hp_gained

    def choose_goal(self, goal: str, target: str | None, baseline: dict[str, int], abandoned: str | None) -> None:
        self._goal_chosen(goal, target, dict(baseline), abandoned)

    def _goal_chosen(self, goal: str, target: str | None, baseline: dict[str, int], abandoned: str | None) -> None:
        self.goal = {"key": goal, "target": target, "progress": {}, "baseline": baseline, "adopted_turn": self.turn}

    def _goal_progressed(self, counter: str, amount: int, reason: str) -> None:
        assert self.goal is not None
        progress = self.goal["progress"]
        progress[counter] = progress.get(counter, 0) + amount

    def _goal_achieved(self, goal: str, xp: int) -> None:
        self.xp += xp
        self.goal = None
        if goal == "legendary_wealth":  # seed 002: "Wealth score must increase before ... selected again"
            self.legendary_wealth_at = self.wealth

    def gain_facgold(self, amount: int, reason: str, rolls: Rolls | None = None) -> None:
        if amount < 0:
            raise InvalidInputError("a gain is zero or more FacGold")
        self._facgold_gained(amount, reason, rolls or [])

    def _facgold_gained(self, amount: int, reason: str, rolls: Rolls) -> None:
        self.facgold += amount

    def spend_facgold(self, amount: int, reason: str, rolls: Rolls | None = None) -> None:
        self.check_can_pay(amount, reason)
        self._facgold_spent(amount, reason, rolls or [])

    def _facgold_spent(self, amount: int, reason: str, rolls: Rolls) -> None:
        self.facgold -= amount

    def pay_maintenance(self, paid: int, threatened: list[str], lost: list[str], restored: list[str]) -> None:
        self.check_can_pay(paid, "maintenance")
        for asset_id in (*threatened, *lost, *restored):
            self.asset(asset_id)
        self._maintenance_paid(paid, threatened, lost, restored)

    def _maintenance_paid(self, paid: int, threatened: list[str], lost: list[str], restored: list[str]) -> None:
        self.facgold -= paid
        for asset_id in threatened:
            self.assets[asset_id].threatened = True
        for asset_id in restored:
            self.assets[asset_id].threatened = False
        for asset_id in lost:
            del self.assets[asset_id]

    def _action_failed(self, action: str, reason: str) -> None:
        pass

    def _turn_ended(
        self,
        phase: int,
        action: str,
        attacked: bool,
        narrative: str,
        rolls: Rolls | None = None,
        kept_apart: bool = False,
    ) -> None:
        """`kept_apart`: False on a turn ended before phase chronicles, whose narrative the faction kept."""
        self.order = None
        self.peaceful_turns = 0 if attacked else self.peaceful_turns + 1
        if not kept_apart:
            self.narratives.append(narrative)

    def set_multi_turn(self, state: dict[str, Any] | None, reason: str) -> None:
        self._multi_turn_set(state, reason)

    def _multi_turn_set(self, state: dict[str, Any] | None, reason: str) -> None:
        self.multi_turn = dict(state) if state is not None else None

    def change_tags(self, add: list[str], remove: list[str], reason: str) -> None:
        self._tags_changed(add, remove, reason)

    def _tags_changed(self, add: list[str], remove: list[str], reason: str) -> None:
        self.tags = sorted((set(self.tags) - set(remove)) | set(add))
