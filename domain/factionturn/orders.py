"""Orders: what a faction intends to do in a phase (seed 002, Faction Actions), as typed frozen data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from domain.factionturn.enums import BookChoice, PermissionAnswer


@dataclass(frozen=True)
class Strike:
    """One attacking asset against one target asset (a Base of Influence is an asset too)."""

    attacker_id: str
    target_faction_id: str
    target_asset_id: str


@dataclass(frozen=True)
class Attack:
    strikes: tuple[Strike, ...]


@dataclass(frozen=True)
class BuyAsset:
    """`for_asset_id` names the Special Forces asset that a Stealth purchase is for."""

    type_key: str
    region_id: str
    for_asset_id: str = ""


@dataclass(frozen=True)
class ChangeHome:
    region_id: str


@dataclass(frozen=True)
class ExpandInfluence:
    region_id: str
    hp: int


@dataclass(frozen=True)
class RefitAsset:
    asset_id: str
    type_key: str


@dataclass(frozen=True)
class RepairAsset:
    """`assets` maps asset id to how many healing steps to buy (1 FacGold, then 2, then 3...)."""

    assets: tuple[tuple[str, int], ...] = ()
    faction: bool = False


@dataclass(frozen=True)
class SellAsset:
    asset_id: str


@dataclass(frozen=True)
class SeizeRegion:
    region_id: str


@dataclass(frozen=True)
class AbilityUse:
    """One asset's special action: where to, against whom, what it carries."""

    asset_id: str
    region_id: str = ""
    target_faction_id: str = ""
    target_asset_id: str = ""
    carried_ids: tuple[str, ...] = ()
    type_key: str = ""  # Ruin Excavation: the Force asset to buy


@dataclass(frozen=True)
class UseAssetAbility:
    uses: tuple[AbilityUse, ...]


@dataclass(frozen=True)
class CustomAction:
    """Seed 002: "The GM should feel free to add new action types" (e.g. the Crows' Bribe the Beholder)."""

    name: str
    turns: int = 1
    cost_per_turn: int = 0
    # The GM's definition (domain/gm.py `CustomActionDef.to_dict()` plus its seat and reason): its check and
    # effects resolve when the last turn is paid. Empty: the GM applies the effect by hand.
    definition: dict[str, Any] = field(default_factory=dict, hash=False)


Action = (
    Attack | BuyAsset | ChangeHome | ExpandInfluence | RefitAsset | RepairAsset | SellAsset | SeizeRegion
    | UseAssetAbility | CustomAction
)  # fmt: skip


@dataclass(frozen=True)
class GoalChoice:
    goal: str
    target: str = ""  # a rival faction or region id, for goals that name one


@dataclass(frozen=True)
class Defence:
    """The defender's standing choice in a region: which asset meets attacks, and whether a Base soaks them."""

    region_id: str
    defender_id: str = ""
    base_absorbs: bool = False


@dataclass(frozen=True)
class Permission:
    """A regional government's answer to another faction: grant, bribe (1d4 FacGold) or deny."""

    faction_id: str
    answer: str = "bribe"


@dataclass(frozen=True)
class FactionOrders:
    """Everything a faction decides for its turn in one phase. Every field is read by a rule; nothing else is kept."""

    action: Action | None = None
    goal: GoalChoice | None = None
    raise_ratings: tuple[str, ...] = ()
    defences: tuple[Defence, ...] = ()
    permissions: tuple[Permission, ...] = ()
    rerolls: bool = True  # use a Book of Secrets when one is at hand
    narrative: str = ""
    # Seed 002, Teleportation Web: uses of abilities that need no action, made beside the turn's action.
    free_uses: tuple[AbilityUse, ...] = ()
    book_of_secrets: str = ""  # which die a Book of Secrets rerolls: "own", "force", or "" for the better bet
    allow_seizure: tuple[str, ...] = ()  # factions whose Seize Region this faction's assets do not oppose
    contest_expansions: bool = True  # strike a rival's new Base of Influence where this faction's assets stand

    def defence_in(self, region_id: str) -> Defence:
        return next((d for d in self.defences if d.region_id == region_id), Defence(region_id))

    def permission_for(self, faction_id: str) -> str:
        return next((p.answer for p in self.permissions if p.faction_id == faction_id), "bribe")


ACTION_NAMES: dict[type, str] = {
    Attack: "Attack",
    BuyAsset: "Buy Asset",
    ChangeHome: "Change Home",
    ExpandInfluence: "Expand Influence",
    RefitAsset: "Refit Asset",
    RepairAsset: "Repair Asset/Faction",
    SellAsset: "Sell Asset",
    SeizeRegion: "Seize Region",
    UseAssetAbility: "Use Asset Ability",
    CustomAction: "Custom Action",
}
BOOK_CHOICES = tuple(b.value for b in BookChoice)
ANSWERS = tuple(a.value for a in PermissionAnswer)


def action_name(action: Action | None) -> str:
    return "None" if action is None else ACTION_NAMES[type(action)]


def action_to_dict(action: Action | None) -> dict[str, Any]:
    """A flat, JSON-friendly form for `Faction.submit_order` and for events."""
    return {} if action is None else {"action": action_name(action), **asdict(action)}


def orders_to_dict(orders: FactionOrders) -> dict[str, Any]:
    """All of a faction's orders for a phase, JSON-friendly (for `Faction.submit_order`)."""
    data = asdict(orders)
    data["action"] = action_to_dict(orders.action)
    return data
