"""The Faction aggregate (seed 002): ratings, HP, FacGold, XP, home, tags, goal, Bases of Influence and assets.

Two classes, and every event both record declared here: eventsourcing names an event after the module and class that
declare its `@event` (`module:qualname`), and those are the names stored in every campaign's log, shown in it and
read by the phase reports, so they stay (tests/domain/factionturn/test_faction_topics.py pins them). `FactionAssets`
records what a faction owns (`FactionAssets.AssetPurchased`...); `Faction` is the aggregate, everything else it
records, mergers included. Each event is declared on a line with the method that applies it, which lives with the
commands that record it in one of the aggregate's parts: asset_changes.py and monster_moves.py (`FactionAssets`),
turn_record.py, gm_hand.py and merging.py (`Faction`), each reading the faction through reading.py.

Public methods check what the aggregate itself can know (funds, ownership, limits) and raise before any event;
the rules that need other aggregates or dice live in `domain/factionturn/rules/` and hand their effect in
(`faction_record.record`). They read a faction through `FactionView` (view.py), never this class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.asset_changes import AssetChanges
from domain.factionturn.aggregate.gm_hand import GMHand
from domain.factionturn.aggregate.holdings import (
    ATTRIBUTES,
    MAX_RATING,
    MIN_RATING,
    OwnedAsset,
    max_hp_for,
)
from domain.factionturn.aggregate.merging import Merging
from domain.factionturn.aggregate.monster_moves import MonsterMoves
from domain.factionturn.aggregate.turn_record import TurnRecord
from domain.gm import check_intervention
from domain.history import Rewindable, leaner
from domain.ids import faction_id


@dataclass(frozen=True)
class MergerResult:
    """What `merger.merge` decided, as plain data: the score, each rating, every roll, and the assets sold
    (`asset_id`, `side` "a" for this faction or "b" for the partner, `facgold`)."""

    merger_score: int
    ratings: Mapping[str, int]
    rolls: Sequence[dict[str, Any]]
    sold: Sequence[Mapping[str, Any]]


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class FactionAssets(AssetChanges, MonsterMoves, Rewindable):
    """What a faction owns; its events keep this class's name. State: `Faction.__init__`."""

    _asset_purchased = event("AssetPurchased")(AssetChanges._asset_purchased)
    _influence_expanded = event("InfluenceExpanded")(AssetChanges._influence_expanded)
    _asset_damaged = event("AssetDamaged")(AssetChanges._asset_damaged)
    _asset_destroyed = event("AssetDestroyed")(AssetChanges._asset_destroyed)
    _asset_marked = event("AssetMarked")(AssetChanges._asset_marked)
    _stealth_changed = event("StealthChanged")(AssetChanges._stealth_changed)
    _asset_moved = event("AssetMoved")(AssetChanges._asset_moved)
    _repaired = event("Repaired")(AssetChanges._repaired)
    _asset_sold = event("AssetSold")(AssetChanges._asset_sold)
    _asset_refitted = event("AssetRefitted")(AssetChanges._asset_refitted)
    _asset_lost = event("AssetLostToRival")(AssetChanges._asset_lost)
    _asset_acquired = event("AssetAcquired")(AssetChanges._asset_acquired)
    _discount_set = event("PurchaseDiscountSet")(AssetChanges._discount_set)
    _embargo_set = event("EmbargoSet")(AssetChanges._embargo_set)
    _home_moved = event("HomeMoved")(AssetChanges._home_moved)
    _monster_moved = event("MonsterMoved")(MonsterMoves._monster_moved)
    _monster_attacked = event("MonsterAttacked")(MonsterMoves._monster_attacked)


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class Faction(TurnRecord, GMHand, Merging, FactionAssets):
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
        """`secret`: random text no seat sees, which makes the faction's asset ids unguessable (reading.py)."""
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
        self._secret = secret  # private: left out of every view (projections/plain_state.py public_state)
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
            self._add(OwnedAsset.base(self.next_asset_id(), home_region_id, hp))

    # ---- its events, each with the method that applies it (turn_record.py, gm_hand.py, merging.py) ---------------
    _asset_granted = event("AssetGranted")(TurnRecord._asset_granted)
    _order_submitted = event("OrderSubmitted")(TurnRecord._order_submitted)
    _order_withdrawn = event("OrderWithdrawn")(TurnRecord._order_withdrawn)
    _turn_begun = event("TurnBegun")(TurnRecord._turn_begun)
    _rating_raised = event("RatingRaised")(TurnRecord._rating_raised)
    _goal_chosen = event("GoalChosen")(TurnRecord._goal_chosen)
    _goal_progressed = event("GoalProgressed")(TurnRecord._goal_progressed)
    _goal_achieved = event("GoalAchieved")(TurnRecord._goal_achieved)
    _facgold_gained = event("FacGoldGained")(TurnRecord._facgold_gained)
    _facgold_spent = event("FacGoldSpent")(TurnRecord._facgold_spent)
    _maintenance_paid = event("MaintenancePaid")(TurnRecord._maintenance_paid)
    _action_failed = event("ActionFailed")(TurnRecord._action_failed)
    _turn_ended = event("TurnEnded")(TurnRecord._turn_ended)
    _multi_turn_set = event("MultiTurnActionSet")(TurnRecord._multi_turn_set)
    _tags_changed = event("TagsChanged")(TurnRecord._tags_changed)
    _adventure_resolved = event("AdventureResolved")(GMHand._adventure_resolved)
    _adjusted = event("Adjusted")(GMHand._adjusted)
    _plan_foiled = event("PlanFoiled")(GMHand._plan_foiled)
    _custom_action_resolved = event("CustomActionResolved")(GMHand._custom_action_resolved)
    _merger_consented = event("MergerConsented")(Merging._merger_consented)
    _merged = event("Merged")(Merging._merged)
    _dissolved = event("DissolvedByMerger")(Merging._dissolved)

    # ---- a merger's outcome, the merger's own decision (`MergerResult`) -----------------------------------------
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
