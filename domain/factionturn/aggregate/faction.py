"""The Faction aggregate (seed 002): ratings, HP, FacGold, XP, home, tags, goal, Bases of Influence and assets.

One module, two classes: `FactionAssets` holds reading and changing what a faction owns, and names the events it
records (`FactionAssets.AssetPurchased`...: the names stored in every campaign's log, shown in it and read by the
phase reports, so they stay); `Faction` is the aggregate, everything else it records, mergers included.

Public methods check what the aggregate itself can know (funds, ownership, limits) and raise before any event;
the rules that need other aggregates or dice live in `domain/factionturn/rules/` and hand their effect in
(`faction_record.record`). They read a faction through `FactionView` (view.py), never this class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.adjustment import faction_adjustment
from domain.factionturn.aggregate.asset_effects import AssetDamaged, HomeMoved, InfluenceExpanded
from domain.factionturn.aggregate.effects import Adjusted, RatingRaised, Rolls
from domain.factionturn.aggregate.holdings import (
    ATTRIBUTES,
    BASE_OF_INFLUENCE,
    MAX_RATING,
    MIN_RATING,
    RAISE_XP,
    WILD_MONSTER,
    OwnedAsset,
    max_hp_for,
)
from domain.factionturn.aggregate.orders import FactionOrders, orders_to_dict
from domain.factionturn.tables.wild import RULE_MONSTER
from domain.gm import FACTION_FIELDS, check_intervention, target_value
from domain.history import Rewindable, leaner
from domain.ids import faction_id

MARKABLE = frozenset({"disabled", "sheltered", "attached_to", "ability_blocked_by", "threatened", "hp", "restored_on"})


class CannotPayError(RuleViolationError):
    """A cost above the FacGold the faction holds: what it is for, and how much."""

    def __init__(self, faction: str, facgold: int, what: str, amount: int) -> None:
        super().__init__(f"{faction} has {facgold} FacGold and {what} costs {amount}", "seed 002, Faction Actions")
        self.what, self.amount = what, amount


RULE_MERGERS = "seed 002, Mergers"  # as merger.py names it; the aggregate does not import a rule module back


@dataclass(frozen=True)
class MergerResult:
    """What `merger.merge` decided, as plain data: the score, each rating, every roll, and the assets sold
    (`asset_id`, `side` "a" for this faction or "b" for the partner, `facgold`)."""

    merger_score: int
    ratings: Mapping[str, int]
    rolls: Sequence[dict[str, Any]]
    sold: Sequence[Mapping[str, Any]]


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class FactionAssets(Rewindable):
    """Reading and changing what a faction owns; its events keep this class's name. State: `Faction.__init__`."""

    if TYPE_CHECKING:  # declared for type checking only: a class annotation would make eventsourcing add fields
        name: str
        force: int
        cunning: int
        wealth: int
        hp: int
        facgold: int
        home_region_id: str
        assets: dict[str, OwnedAsset]
        asset_serial: int
        purchased_this_turn: bool
        purchase_discount: int
        embargoes: dict[str, str]
        destroyed: bool

    # ---- reading -------------------------------------------------------------------------------------------
    @property
    def max_hp(self) -> int:
        return max_hp_for(self.force, self.cunning, self.wealth)

    def rating(self, attribute: str) -> int:
        if attribute not in ATTRIBUTES:
            return 0
        return int(getattr(self, attribute))

    def asset(self, asset_id: str) -> OwnedAsset:
        found = self.assets.get(asset_id)
        if found is None:
            raise RuleViolationError(f"{self.name} owns no asset {asset_id}", "seed 002, Assets")
        return found

    def assets_in(self, region_id: str) -> list[OwnedAsset]:
        return [a for a in self.assets.values() if a.region_id == region_id]

    def base_in(self, region_id: str) -> OwnedAsset | None:
        return next((a for a in self.assets_in(region_id) if a.is_base), None)

    def next_asset_id(self, ahead: int = 0) -> str:
        """Unguessable: observers see the unstealthed assets' ids, and in a plain series the gaps are the stealthed
        ones. The faction's secret, made at founding, hides the series; factions founded before it keep theirs.
        `ahead`: the id that many places further on in the series."""
        secret = str(getattr(self, "_secret", ""))
        serial = self.asset_serial + 1 + ahead
        return str(uuid5(self.id, f"asset:{secret}:{serial}" if secret else f"asset:{serial}"))

    def _add(self, asset: OwnedAsset) -> None:
        if asset.id == self.next_asset_id():
            self.asset_serial += 1
        self.assets[asset.id] = asset

    def check_can_pay(self, amount: int, what: str) -> None:
        if amount > self.facgold:
            raise CannotPayError(self.name, self.facgold, what, amount)

    # ---- assets --------------------------------------------------------------------------------------------
    @event("AssetPurchased")
    def _asset_purchased(self, asset: dict[str, Any], cost: int, via: str, rolls: Rolls) -> None:
        self._add(OwnedAsset.from_dict(asset))
        self.facgold -= cost
        self.purchased_this_turn = True
        self.purchase_discount = 0

    def expand_influence(self, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls) -> None:
        e = self.expansion(region_id, hp, cost, usable_from, rolls)
        self._influence_expanded(e.asset_id, e.region_id, e.hp, e.cost, e.usable_from, e.rolls)

    def expansion(self, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls) -> InfluenceExpanded:
        base = self.base_in(region_id)
        if (base.max_hp if base else 0) + hp > self.max_hp:
            raise RuleViolationError(
                f"a Base of Influence has at most {self.max_hp} HP, {self.name}'s maximum", "seed 002, Expand Influence"
            )
        self.check_can_pay(cost, "the Base of Influence")
        asset_id = base.id if base else self.next_asset_id()
        return InfluenceExpanded(asset_id, region_id, hp, cost, usable_from, rolls)

    @event("InfluenceExpanded")
    def _influence_expanded(
        self, asset_id: str, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls
    ) -> None:
        self.facgold -= cost
        if asset_id in self.assets:
            base = self.assets[asset_id]
            base.hp, base.max_hp = base.hp + hp, base.max_hp + hp
        else:
            self._add(
                OwnedAsset(
                    asset_id,
                    BASE_OF_INFLUENCE,
                    "Base of Influence",
                    "special",
                    region_id,
                    hp,
                    hp,
                    usable_from=usable_from,
                )
            )

    def damage_asset(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> None:
        e = self.damage(asset_id, damage, reason, rolls)
        self._asset_damaged(e.asset_id, e.damage, e.hp, e.faction_damage, e.reason, e.rolls)

    def damage(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> AssetDamaged:
        """Damage to an asset; at 0 HP it is lost. Damage to a Base of Influence also hits faction HP."""
        asset = self.asset(asset_id)
        dealt = min(max(damage, 0), asset.hp)
        faction_damage = min(dealt, self.hp) if asset.is_base else 0
        return AssetDamaged(asset_id, dealt, asset.hp - dealt, faction_damage, reason, rolls or [])

    @event("AssetDamaged")
    def _asset_damaged(
        self, asset_id: str, damage: int, hp: int, faction_damage: int, reason: str, rolls: Rolls
    ) -> None:
        self.hp -= faction_damage
        self.destroyed = self.destroyed or self.hp <= 0
        if hp <= 0:
            del self.assets[asset_id]
        else:
            self.assets[asset_id].hp = hp

    def destroy_asset(self, asset_id: str, reason: str, rolls: Rolls | None = None) -> None:
        self.asset(asset_id)
        self._asset_destroyed(asset_id, reason, rolls or [])

    @event("AssetDestroyed")
    def _asset_destroyed(self, asset_id: str, reason: str, rolls: Rolls) -> None:
        del self.assets[asset_id]

    def mark_asset(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls | None = None) -> None:
        """Record an ability's effect on an asset's state: disabled, sheltered, agitated, blocked, threatened."""
        self.asset(asset_id)
        if not set(changes) <= MARKABLE:
            raise InvalidInputError(f"cannot mark {sorted(set(changes) - MARKABLE)} on an asset")
        self._asset_marked(asset_id, changes, reason, rolls or [])

    @event("AssetMarked")
    def _asset_marked(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls) -> None:
        for name, value in changes.items():
            setattr(self.assets[asset_id], name, value)

    def set_stealth(
        self, asset_id: str, stealthed: bool, reason: str, cost: int = 0, rolls: Rolls | None = None
    ) -> None:
        self.asset(asset_id)
        self.check_can_pay(cost, "Stealth")
        self._stealth_changed(asset_id, stealthed, reason, cost, rolls or [])

    @event("StealthChanged")
    def _stealth_changed(self, asset_id: str, stealthed: bool, reason: str, cost: int, rolls: Rolls) -> None:
        self.assets[asset_id].stealthed = stealthed
        self.facgold -= cost

    @event("AssetMoved")
    def _asset_moved(self, asset_id: str, region_id: str, arrives_on: int, cost: int, reason: str) -> None:
        asset = self.assets[asset_id]
        asset.region_id, asset.arrives_on = region_id, arrives_on
        self.facgold -= cost

    @event("Repaired")
    def _repaired(self, assets: dict[str, int], faction_hp: int, cost: int) -> None:
        for asset_id, amount in assets.items():
            asset = self.assets[asset_id]
            asset.hp = min(asset.max_hp, asset.hp + amount)
            asset.sheltered = asset.sheltered and asset.hp < asset.max_hp
        self.hp = min(self.max_hp, self.hp + faction_hp)
        self.facgold -= cost

    @event("AssetSold")
    def _asset_sold(self, asset_id: str, proceeds: int) -> None:
        del self.assets[asset_id]
        self.facgold += proceeds

    @event("AssetRefitted")
    def _asset_refitted(self, asset_id: str, asset: dict[str, Any], cost: int, rolls: Rolls) -> None:
        self.assets[asset_id] = OwnedAsset.from_dict(asset)
        self.facgold -= cost

    @event("AssetLostToRival")
    def _asset_lost(self, asset_id: str, to_faction_id: str, reason: str) -> None:
        del self.assets[asset_id]

    @event("AssetAcquired")
    def _asset_acquired(self, asset: dict[str, Any], from_faction_id: str, reason: str) -> None:
        self._add(OwnedAsset.from_dict(asset))

    @event("PurchaseDiscountSet")
    def _discount_set(self, amount: int, rolls: Rolls) -> None:
        self.purchase_discount = amount

    @event("EmbargoSet")
    def _embargo_set(self, region_id: str, by_faction_id: str | None, rolls: Rolls) -> None:
        if by_faction_id is None:
            self.embargoes.pop(region_id, None)
        else:
            self.embargoes[region_id] = by_faction_id

    def home_move(self, region_id: str, reason: str) -> HomeMoved:
        """Seed 002, Change Home: the base there becomes the home and takes the faction's HP."""
        base = self.base_in(region_id)
        if base is None:
            raise RuleViolationError(f"{self.name} has no Base of Influence there", "seed 002, Change Home")
        return HomeMoved(region_id, base.id, self.hp, reason)

    @event("HomeMoved")
    def _home_moved(self, region_id: str, base_id: str, base_hp: int, reason: str) -> None:
        self.home_region_id = region_id
        base = self.assets[base_id]
        base.hp = base.max_hp = base_hp

    # ---- The Wild's monsters, played by the GM (seed 002, Monster; domain/factionturn/rules/monsters.py) -------------
    def monster(self, asset_id: str) -> OwnedAsset:
        found = self.asset(asset_id)
        if found.type_key != WILD_MONSTER:
            raise RuleViolationError(f"{found.name} is not a Monster asset of The Wild", RULE_MONSTER)
        return found

    def move_monster(self, monster_id: str, region_id: str, phase: int, seat: str, reason: str) -> None:
        """The GM moves a monster (the map's checks are `monsters.plan_move`'s); once a phase."""
        beast = self.monster(monster_id)
        if beast.moved_phase == phase:
            raise RuleViolationError(f"{beast.name} has already moved in phase {phase}", RULE_MONSTER)
        self._monster_moved(monster_id, beast.region_id, region_id, phase, seat, check_intervention(seat, reason))

    @event("MonsterMoved")
    def _monster_moved(
        self, monster_id: str, from_region_id: str, to_region_id: str, phase: int, seat: str, reason: str
    ) -> None:
        beast = self.assets[monster_id]
        beast.region_id, beast.moved_phase = to_region_id, phase

    def record_monster_attack(
        self,
        monster_id: str,
        target_faction_id: str,
        target_asset_id: str,
        defender_id: str,
        phase: int,
        hit: bool,
        countered: bool,
        rolls: Rolls,
        seat: str,
        reason: str,
    ) -> None:
        """The GM's monster attack and its contest rolls; the damage follows as ordinary `AssetDamaged` events."""
        beast = self.monster(monster_id)
        if beast.attacked_phase == phase:
            raise RuleViolationError(f"{beast.name} has already attacked in phase {phase}", RULE_MONSTER)
        self._monster_attacked(
            monster_id,
            target_faction_id,
            target_asset_id,
            defender_id,
            phase,
            hit,
            countered,
            rolls,
            seat,
            check_intervention(seat, reason),
        )

    @event("MonsterAttacked")
    def _monster_attacked(
        self,
        monster_id: str,
        target_faction_id: str,
        target_asset_id: str,
        defender_id: str,
        phase: int,
        hit: bool,
        countered: bool,
        rolls: Rolls,
        seat: str,
        reason: str,
    ) -> None:
        self.assets[monster_id].attacked_phase = phase


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class Faction(FactionAssets):
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

    # ---- mergers (seed 002, Mergers; domain/factionturn/rules/merger.py rolls them) ---------------------------
    # Methods, not properties: a property would enter every faction's projected state, and the states recorded
    # before mergers existed (tests/data) must replay unchanged.
    def merger_consents(self) -> dict[str, str]:
        """Partner faction id -> the seat that recorded this faction's consent to merge with it."""
        return dict(self.__dict__.get("_merger_consents", {}))

    def merged_into(self) -> str | None:
        """The faction this one was dissolved into by a merger, if it was."""
        found = self.__dict__.get("_merged_into")
        return str(found) if found else None

    def consent_to_merger(self, partner_id: str, consent: bool, seat: str) -> None:
        """Record (or, with `consent` False, withdraw) this faction's consent to merge with `partner_id`."""
        self.check_can_merge()
        if partner_id == str(self.id):
            raise InvalidInputError("a faction merges with another faction, not itself")
        if consent == (partner_id in self.merger_consents()):
            said = "has already consented" if consent else "has not consented"
            raise RuleViolationError(f"{self.name} {said} to merge with {partner_id}", RULE_MERGERS)
        if not seat.strip():
            raise InvalidInputError("a consent names the seat that gives it")
        self._merger_consented(partner_id, consent, seat)

    @event("MergerConsented")
    def _merger_consented(self, partner_id: str, consented: bool, seat: str) -> None:
        consents = self.merger_consents()
        if consented:
            consents[partner_id] = seat
        else:
            consents.pop(partner_id, None)
        self.__dict__["_merger_consents"] = consents

    def check_can_merge(self) -> None:
        if self.wild:
            raise RuleViolationError("The Wild does not merge", RULE_MERGERS)
        if self.destroyed:
            raise RuleViolationError(f"{self.name} has been destroyed", RULE_MERGERS)

    def check_merger_with(self, partner: Faction) -> None:
        """Seed 002: "Sometimes factions may merge": two factions, each having consented to merge with the other."""
        if partner.id == self.id:
            raise RuleViolationError("a faction merges with another faction, not itself", RULE_MERGERS)
        for faction, other in ((self, partner), (partner, self)):
            faction.check_can_merge()
            if str(other.id) not in faction.merger_consents():
                raise RuleViolationError(f"{faction.name} has not consented to merge with {other.name}", RULE_MERGERS)

    def absorb(self, partner: Faction, outcome: MergerResult, tags: list[str], seat: str, reason: str) -> None:
        """Become the merged faction: the rolled ratings, this faction's kept assets where they stood, the
        partner's kept ones as this faction's (a Base of Influence joins one this faction has in its region), the
        sold ones' FacGold, both treasuries and XP, the GM's tags, and no goal until one is picked."""
        why = check_intervention(seat, reason)
        self.check_merger_with(partner)
        top = max_hp_for(*(outcome.ratings[a] for a in ATTRIBUTES))
        sold = [dict(fate) for fate in outcome.sold]
        kept = {a for a in partner.assets if not any(f["asset_id"] == a and f["side"] == "b" for f in sold)}
        acquired = self._acquisitions(partner, kept, top)
        gained = sum(int(f["facgold"]) for f in sold)
        self._merged(
            str(partner.id),
            partner.name,
            outcome.merger_score,
            list(outcome.rolls),
            dict(outcome.ratings),
            min(top, self.hp + partner.hp),
            self.facgold + partner.facgold + gained,
            self.xp + partner.xp,
            sorted({t.strip() for t in tags if t.strip()}),
            sold,
            acquired,
            seat,
            why,
        )

    def _acquisitions(self, partner: Faction, kept: set[str], top: int) -> list[dict[str, Any]]:
        """The partner's kept assets as this faction's: new ids in its series, usable from its next turn, free of
        threats and attachments (as a transfer); a base where this faction has one adds its HP to it, at most
        the merged faction's maximum HP (seed 002, Expand Influence)."""
        acquired: list[dict[str, Any]] = []
        for asset in (a for a in partner.assets.values() if a.id in kept):
            base = self.base_in(asset.region_id) if asset.is_base else None
            if base is not None:
                grown = min(top, base.max_hp + asset.max_hp)
                acquired.append(replace(base, max_hp=grown, hp=min(grown, base.hp + asset.hp)).to_dict())
                continue
            new_id = self.next_asset_id(ahead=sum(1 for a in acquired if a["id"] not in self.assets))
            acquired.append(
                replace(
                    asset, id=new_id, usable_from=self.turn + 1, attached_to="", ability_blocked_by="", threatened=False
                ).to_dict()
            )
        return acquired

    @event("Merged")
    def _merged(
        self,
        partner_id: str,
        partner_name: str,
        merger_score: int,
        rolls: Rolls,
        ratings: dict[str, int],
        hp: int,
        facgold: int,
        xp: int,
        tags: list[str],
        sold: list[dict[str, Any]],
        acquired: list[dict[str, Any]],
        seat: str,
        reason: str,
    ) -> None:
        for name, rating in ratings.items():
            setattr(self, name, rating)
        for fate in sold:
            if fate["side"] == "a":
                self.assets.pop(fate["asset_id"], None)
        for asset in acquired:
            self._add(OwnedAsset.from_dict(asset))
        self.hp, self.facgold, self.xp, self.tags = hp, facgold, xp, list(tags)
        self.goal = None  # seed 002: "Pick a new goal for the faction."
        self.__dict__["_merger_consents"] = {}

    def dissolve_into(self, survivor: Faction, seat: str, reason: str) -> None:
        """This faction is gone into `survivor`: its assets were kept by it or sold."""
        self._dissolved(str(survivor.id), survivor.name, sorted(self.assets), seat, check_intervention(seat, reason))

    @event("DissolvedByMerger")
    def _dissolved(self, into_id: str, into_name: str, asset_ids: list[str], seat: str, reason: str) -> None:
        self.assets = {}
        self.hp, self.facgold, self.destroyed = 0, 0, True
        self.order = self.multi_turn = None
        self.__dict__["_merger_consents"] = {}
        self.__dict__["_merged_into"] = into_id
