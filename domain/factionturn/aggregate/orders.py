"""Orders: what a faction intends to do in a phase (seed 002, Faction Actions), as typed frozen data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Annotated, Any

from domain.factionturn.aggregate.holdings import ATTRIBUTES
from domain.factionturn.tables.assets import Attribute
from domain.factionturn.tables.enums import BookChoice, GoalKey, PermissionAnswer
from domain.factionturn.tables.goals import GOALS
from domain.shapes import Id, Key, Spec, Tagged

NARRATIVE_LIMIT = 10_000
BOOK_CHOICES = tuple(b.value for b in BookChoice)


@dataclass(frozen=True)
class Strike:
    """One attacking asset against one target asset (a Base of Influence is an asset too)."""

    attacker_id: Id
    target_faction_id: Id
    target_asset_id: Id


@dataclass(frozen=True)
class Attack:
    """Attack: each attacking asset strikes one target in its region."""

    strikes: tuple[Strike, ...]


@dataclass(frozen=True)
class BuyAsset:
    """Buy Asset: a catalog key or one of the campaign's own types, in a region."""

    type_key: Key
    region_id: Id
    for_asset_id: Annotated[str, Spec("The Special Forces asset a Stealth purchase is for.", uuid=True)] = ""


@dataclass(frozen=True)
class ChangeHome:
    """Change Home: move the faction's home to a region where it has a Base of Influence."""

    region_id: Id


@dataclass(frozen=True)
class ExpandInfluence:
    """Expand Influence: a new Base of Influence of `hp` HP (1 FacGold each) in a region."""

    region_id: Id
    hp: Annotated[int, Spec(low=0, high=1_000_000)]


@dataclass(frozen=True)
class RefitAsset:
    """Refit Asset: turn an asset into another type of the same attribute."""

    asset_id: Id
    type_key: Key


@dataclass(frozen=True)
class RepairAsset:
    """Repair Asset/Faction: heal assets, the faction's own HP, or both."""

    assets: Annotated[
        tuple[tuple[Id, Annotated[int, Spec(low=1, high=100)]], ...],
        Spec("Pairs of asset id and healing steps to buy (1 FacGold, then 2, then 3...).", check="repair_step"),
    ] = ()
    faction: Annotated[bool, Spec("Heal the faction's HP too.")] = False


@dataclass(frozen=True)
class SellAsset:
    """Sell Asset: sell one of the faction's assets for half its cost."""

    asset_id: Id


@dataclass(frozen=True)
class SeizeRegion:
    """Seize Region: take a region's Regional Government."""

    region_id: Id


@dataclass(frozen=True)
class AbilityUse:
    """One asset's special action: where to, against whom, what it carries."""

    asset_id: Id
    region_id: Id = ""
    target_faction_id: Id = ""
    target_asset_id: Id = ""
    carried_ids: tuple[Id, ...] = ()
    type_key: Annotated[str, Spec("Ruin Excavation: the Force asset to buy.")] = ""


@dataclass(frozen=True)
class UseAssetAbility:
    """Use Asset Ability: the special actions of one or more assets."""

    uses: tuple[AbilityUse, ...]


@dataclass(frozen=True)
class CustomAction:
    """Seed 002: "The GM should feel free to add new action types" (e.g. the Crows' Bribe the Beholder)."""

    name: Annotated[str, Spec(limit=200)]
    turns: Annotated[int, Spec(low=1, high=100)] = 1
    cost_per_turn: Annotated[int, Spec(low=0, high=1_000_000)] = 0
    # The GM's definition (domain/gm.py `CustomActionDef.to_dict()` plus its seat and reason): its check and
    # effects resolve when the last turn is paid. Empty: the GM applies the effect by hand.
    definition: Annotated[dict[str, Any], Spec(check="definition", schema="CustomActionDefinition", sent=False)] = (
        field(default_factory=dict, hash=False)
    )


Action = (
    Attack
    | BuyAsset
    | ChangeHome
    | ExpandInfluence
    | RefitAsset
    | RepairAsset
    | SellAsset
    | SeizeRegion
    | UseAssetAbility
    | CustomAction
)


@dataclass(frozen=True)
class GoalChoice:
    """The faction's goal (seed 002, Faction Goals), and the rival or region it names."""

    goal: Annotated[
        str, Spec("A goal's key (seed 002, Faction Goals).", options=tuple(GOALS), check="goal", enum=GoalKey)
    ]
    target: Annotated[str, Spec("A rival faction or region, for goals that name one.", uuid=True)] = ""


@dataclass(frozen=True)
class Defence:
    """The defender's standing choice in a region: which asset meets attacks, and whether a Base of Influence soaks
    them."""

    region_id: Id
    defender_id: Id = ""
    base_absorbs: bool = False


@dataclass(frozen=True)
class Permission:
    """A Regional Government's answer to another faction: grant, bribe (1d4 FacGold) or deny."""

    faction_id: Id
    answer: Annotated[str, Spec(options=tuple(a.value for a in PermissionAnswer), enum=PermissionAnswer)] = "bribe"


@dataclass(frozen=True)
class FactionOrders:
    """Everything a faction decides for its turn in one phase (seed 002, Faction Actions).

    Every field is read by a rule; nothing else is kept."""

    action: Annotated[Action | None, Tagged("action", ACTION_NAMES, none="None")] = None
    goal: GoalChoice | None = None
    raise_ratings: Annotated[
        tuple[str, ...], Spec("Ratings to raise with XP.", options=ATTRIBUTES, check="rating", enum=Attribute, most=3)
    ] = ()
    defences: tuple[Defence, ...] = ()
    permissions: tuple[Permission, ...] = ()
    rerolls: Annotated[bool, Spec("Use a Book of Secrets when one is at hand.")] = True
    narrative: Annotated[str, Spec(limit=NARRATIVE_LIMIT)] = ""
    free_uses: Annotated[
        tuple[AbilityUse, ...],
        Spec("Seed 002, Teleportation Web: uses of abilities that need no action."),
    ] = ()
    book_of_secrets: Annotated[
        str, Spec("Which die a Book of Secrets rerolls; null: the better bet.", options=BOOK_CHOICES, enum=BookChoice)
    ] = ""
    allow_seizure: Annotated[
        tuple[Id, ...], Spec("Factions whose Seize Region this faction's assets do not oppose.")
    ] = ()
    contest_expansions: Annotated[
        bool, Spec("Strike a rival's new Base of Influence where this faction's assets stand.")
    ] = True

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
