"""The Faction aggregate: ratings, HP, FacGold, XP, home, tags, goal, Bases of Influence and assets.

Public methods check what the aggregate itself can know (funds, ownership, limits) and raise before any
event; the rules that need other aggregates or dice live in `domain/factionturn/` and hand their outcome in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.adjustment import faction_adjustment
from domain.factionturn.aggregate.effects import Adjusted, RatingRaised, Rolls
from domain.factionturn.aggregate.faction_merger import FactionMergers
from domain.factionturn.aggregate.holdings import (
    ATTRIBUTES,
    BASE_OF_INFLUENCE,
    MAX_RATING,
    MIN_RATING,
    RAISE_XP,
    OwnedAsset,
    max_hp_for,
)
from domain.factionturn.aggregate.orders import FactionOrders, orders_to_dict
from domain.gm import FACTION_FIELDS, check_intervention, target_value
from domain.ids import faction_id


class Faction(FactionMergers):
    """A Faction Turn power (seed 002). Assets, Bases of Influence included, are `OwnedAsset`s."""

    @staticmethod
    def create_id(campaign_id: UUID, name: str) -> UUID:
        return faction_id(campaign_id, name)

    @classmethod
    def found(
        cls,
        campaign_id: UUID,
        name: str,
        force: int,
        cunning: int,
        wealth: int,
        home_region_id: str,
        *,
        tags: list[str] | None = None,
        facgold: int = 0,
        xp: int = 0,
        hp: int | None = None,
        wild: bool = False,
        secret: str = "",
    ) -> Faction:
        """`secret`: random text no seat sees, which makes the faction's asset ids unguessable (faction_assets.py)."""
        for attribute, rating in zip(ATTRIBUTES, (force, cunning, wealth), strict=True):
            if not MIN_RATING <= rating <= MAX_RATING:
                raise InvalidInputError(f"{attribute} must be {MIN_RATING}-{MAX_RATING}, not {rating}")
        if facgold < 0 or xp < 0:
            raise InvalidInputError("FacGold and XP start at zero or more")
        top = max_hp_for(force, cunning, wealth)
        start_hp = top if hp is None else hp
        if not 0 < start_hp <= top:
            raise InvalidInputError(f"HP must be 1-{top}, not {start_hp}")
        clean_tags = sorted({t.strip() for t in tags or [] if t.strip()})
        return cls(
            campaign_id,
            clean_name(name, "faction"),
            force,
            cunning,
            wealth,
            home_region_id,
            clean_tags,
            facgold,
            xp,
            start_hp,
            wild,
            secret,
        )

    @event("Founded")
    def __init__(
        self,
        campaign_id: UUID,
        name: str,
        force: int,
        cunning: int,
        wealth: int,
        home_region_id: str,
        tags: list[str],
        facgold: int,
        xp: int,
        hp: int,
        wild: bool,
        secret: str = "",
    ) -> None:
        self._secret = secret  # private: left out of every view (projections/state.py public_state)
        self.campaign_id = campaign_id
        self.name = name
        self.force, self.cunning, self.wealth = force, cunning, wealth
        self.home_region_id = home_region_id
        self.tags = list(tags)
        self.facgold = facgold
        self.xp = xp
        self.hp = hp
        self.wild = wild
        self.turn = 0  # turns this faction has taken; assets remember the turn they become usable
        self.phase = 0
        self.goal: dict[str, Any] | None = None  # key, target, progress counters, adopted turn
        self.assets: dict[str, OwnedAsset] = {}
        self.asset_serial = 0
        self.purchased_this_turn = False
        self.purchase_discount = 0  # Trade Broker: FacGold off the next purchase
        self.embargoes: dict[str, str] = {}  # region id -> faction id whose Trade Embargo bars it
        self.order: dict[str, Any] | None = None
        self.multi_turn: dict[str, Any] | None = None  # change home, seize region, a custom action
        self.peaceful_turns = 0
        self.destroyed = False
        self.legendary_wealth_at: int | None = None  # the Wealth at which Legendary Wealth was last won
        # Narratives told before phase chronicles; each turn's now goes to its phase's (domain/phase_chronicle.py).
        self.narratives: list[str] = []
        if not wild:
            self._add(
                OwnedAsset(
                    self.next_asset_id(), BASE_OF_INFLUENCE, "Base of Influence", "special", home_region_id, hp, hp
                )
            )

    # ---- set-up and orders ---------------------------------------------------------------------------------
    def grant_asset(self, asset: OwnedAsset, reason: str, rolls: Rolls | None = None) -> None:
        """`rolls`: the dice that made it (a terrain's HP), kept with the grant."""
        if asset.id in self.assets:
            raise InvalidInputError(f"{self.name} already owns asset {asset.id}")
        self._asset_granted(asset.to_dict(), reason, rolls or [])

    @event("AssetGranted")
    def _asset_granted(self, asset: dict[str, Any], reason: str, rolls: Rolls | None = None) -> None:
        self._add(OwnedAsset.from_dict(asset))

    def submit_order(self, phase: int, order: FactionOrders | Mapping[str, Any]) -> None:
        """`order` typed; its JSON form as older callers and events hold it (projections/codec.py FormAsJSON)."""
        if self.destroyed:
            raise RuleViolationError(f"{self.name} has been destroyed", "seed 002, Faction Goals")
        self._order_submitted(phase, order)

    @event("OrderSubmitted")
    def _order_submitted(self, phase: int, order: FactionOrders | Mapping[str, Any]) -> None:
        self.order = dict(orders_to_dict(order) if isinstance(order, FactionOrders) else order, phase=phase)

    def withdraw_order(self, phase: int, reason: str) -> None:
        """Take back the open phase's orders (submitting again replaces them); refused when none stand."""
        if self.order is None or self.order.get("phase") != phase:
            raise NotFoundError(f"{self.name} has no orders for phase {phase} to withdraw")
        self._order_withdrawn(phase, reason)

    @event("OrderWithdrawn")
    def _order_withdrawn(self, phase: int, reason: str) -> None:
        self.order = None

    # ---- turn procedure ------------------------------------------------------------------------------------
    def begin_turn(self, phase: int) -> None:
        self._turn_begun(phase, self.turn + 1)

    @event("TurnBegun")
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

    @event("RatingRaised")
    def _rating_raised(self, attribute: str, rating: int, xp_cost: int, hp_gained: int) -> None:
        setattr(self, attribute, rating)
        self.xp -= xp_cost
        self.hp += hp_gained

    def choose_goal(self, goal: str, target: str | None, baseline: dict[str, int], abandoned: str | None) -> None:
        self._goal_chosen(goal, target, dict(baseline), abandoned)

    @event("GoalChosen")
    def _goal_chosen(self, goal: str, target: str | None, baseline: dict[str, int], abandoned: str | None) -> None:
        self.goal = {"key": goal, "target": target, "progress": {}, "baseline": baseline, "adopted_turn": self.turn}

    @event("GoalProgressed")
    def _goal_progressed(self, counter: str, amount: int, reason: str) -> None:
        assert self.goal is not None
        progress = self.goal["progress"]
        progress[counter] = progress.get(counter, 0) + amount

    @event("GoalAchieved")
    def _goal_achieved(self, goal: str, xp: int) -> None:
        self.xp += xp
        self.goal = None
        if goal == "legendary_wealth":  # seed 002: "Wealth score must increase before ... selected again"
            self.legendary_wealth_at = self.wealth

    def gain_facgold(self, amount: int, reason: str, rolls: Rolls | None = None) -> None:
        if amount < 0:
            raise InvalidInputError("a gain is zero or more FacGold")
        self._facgold_gained(amount, reason, rolls or [])

    @event("FacGoldGained")
    def _facgold_gained(self, amount: int, reason: str, rolls: Rolls) -> None:
        self.facgold += amount

    def spend_facgold(self, amount: int, reason: str, rolls: Rolls | None = None) -> None:
        self.check_can_pay(amount, reason)
        self._facgold_spent(amount, reason, rolls or [])

    @event("FacGoldSpent")
    def _facgold_spent(self, amount: int, reason: str, rolls: Rolls) -> None:
        self.facgold -= amount

    def pay_maintenance(self, paid: int, threatened: list[str], lost: list[str], restored: list[str]) -> None:
        self.check_can_pay(paid, "maintenance")
        for asset_id in (*threatened, *lost, *restored):
            self.asset(asset_id)
        self._maintenance_paid(paid, threatened, lost, restored)

    @event("MaintenancePaid")
    def _maintenance_paid(self, paid: int, threatened: list[str], lost: list[str], restored: list[str]) -> None:
        self.facgold -= paid
        for asset_id in threatened:
            self.assets[asset_id].threatened = True
        for asset_id in restored:
            self.assets[asset_id].threatened = False
        for asset_id in lost:
            del self.assets[asset_id]

    @event("ActionFailed")
    def _action_failed(self, action: str, reason: str) -> None:
        pass

    @event("TurnEnded")
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

    @event("MultiTurnActionSet")
    def _multi_turn_set(self, state: dict[str, Any] | None, reason: str) -> None:
        self.multi_turn = dict(state) if state is not None else None

    def change_tags(self, add: list[str], remove: list[str], reason: str) -> None:
        self._tags_changed(add, remove, reason)

    @event("TagsChanged")
    def _tags_changed(self, add: list[str], remove: list[str], reason: str) -> None:
        self.tags = sorted((set(self.tags) - set(remove)) | set(add))

    # ---- the GM's hand: adventures, adjustments, custom actions (domain/gm.py, docs/rules-notes/gm.md) -------
    def resolve_adventure(self, outcome: str, asset_id: str, asset: OwnedAsset | None, seat: str, reason: str) -> None:
        """A PC adventure's final result on one asset (seed 002): `asset` is its new state, None when it is gone.

        HP a Base of Influence loses is lost by the faction too, as with any damage to a base."""
        why = check_intervention(seat, reason)
        old = self.assets.get(asset_id)
        if old is None and (asset is None or asset_id != self.next_asset_id()):
            raise RuleViolationError(f"{self.name} owns no asset {asset_id}", "seed 002, Assets")
        if asset is not None and asset.id != asset_id:
            raise InvalidInputError(f"asset {asset.id} is not asset {asset_id}")
        lost = old.hp - (asset.hp if asset else 0) if old is not None and old.is_base else 0
        self._adventure_resolved(
            outcome, asset_id, asset.to_dict() if asset else None, min(max(lost, 0), self.hp), seat, why
        )

    @event("AdventureResolved")
    def _adventure_resolved(
        self, outcome: str, asset_id: str, asset: dict[str, Any] | None, faction_damage: int, seat: str, reason: str
    ) -> None:
        self.hp -= faction_damage
        self.destroyed = self.destroyed or self.hp <= 0
        if asset is None:
            self.assets.pop(asset_id, None)
        else:
            self._add(OwnedAsset.from_dict(asset))

    def adjust(self, field: str, mode: str, value: int, seat: str, reason: str) -> None:
        """Set or adjust a rating, HP, FacGold or XP; refused, naming the rule, when an invariant would break."""
        done = self.adjustment(field, mode, value, seat, reason)
        self._adjusted(done.field, done.before, done.after, done.hp, done.seat, done.reason)

    def adjustment(self, field: str, mode: str, value: int, seat: str, reason: str) -> Adjusted:
        why = check_intervention(seat, reason)
        numbers = {name: int(getattr(self, name)) for name in FACTION_FIELDS}
        if field not in numbers:
            raise InvalidInputError(f"a faction has no {field!r} to adjust; choose from {list(FACTION_FIELDS)}")
        after = faction_adjustment(numbers, field, target_value(numbers[field], mode, value))
        return Adjusted(field, numbers[field], after[field], after["hp"], seat, why)

    @event("Adjusted")
    def _adjusted(self, field: str, before: int, after: int, hp: int, seat: str, reason: str) -> None:
        setattr(self, field, after)
        self.hp = hp
        self.destroyed = self.destroyed or self.hp <= 0

    def foil_plan(self, seat: str, reason: str) -> None:
        """An adventure stops the action ordered for this phase, or the multi-turn one under way (a custom
        action, a move home, a seizure): what its earlier turns did and paid stands."""
        why = check_intervention(seat, reason)
        ordered = (self.order or {}).get("action") or {}
        if not ordered and self.multi_turn is None:
            raise RuleViolationError(f"{self.name} has no action ordered or under way", "seed 002, Faction Actions")
        under_way = str(self.multi_turn["kind"]) if self.multi_turn else ""
        self._plan_foiled(str(ordered.get("action", "")), under_way, seat, why)

    @event("PlanFoiled")
    def _plan_foiled(self, ordered: str, under_way: str, seat: str, reason: str) -> None:
        if self.order is not None:
            self.order = dict(self.order, action={})
        self.multi_turn = None

    def resolve_custom_action(self, name: str, succeeded: bool, rolls: Rolls, seat: str, reason: str) -> None:
        """A GM-made action's last turn: its check (if any) and whether it succeeded."""
        self._custom_action_resolved(name, succeeded, rolls, seat, check_intervention(seat, reason))

    @event("CustomActionResolved")
    def _custom_action_resolved(self, name: str, succeeded: bool, rolls: Rolls, seat: str, reason: str) -> None:
        pass
