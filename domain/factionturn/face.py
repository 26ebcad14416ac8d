"""The Faction Turn's face (issue 30, items 3-4): `RuleSystem` over the package's own functions, and everything of
the package that `service/` and `projections/` may use (`__all__`; an import-linter contract in pyproject.toml keeps
them to this module). A name the service needs is exported here, not imported from the module that defines it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.dice import Dice
from domain.factionturn.aggregate.asset_effects import MonsterAttacked
from domain.factionturn.aggregate.clone import clone as working_copy
from domain.factionturn.aggregate.effects import Effect
from domain.factionturn.aggregate.faction import Faction, MergerResult
from domain.factionturn.aggregate.holdings import ATTRIBUTES, BASE_OF_INFLUENCE, OwnedAsset
from domain.factionturn.aggregate.orders import (
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    ExpandInfluence,
    FactionOrders,
    GoalChoice,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    UseAssetAbility,
    action_name,
    orders_to_dict,
)
from domain.factionturn.forms.order_form import ACTIONS, orders_from_dict, stored_orders
from domain.factionturn.forms.order_scope import order_scope
from domain.factionturn.forms.preview import FactionPreview, Option, preview_faction
from domain.factionturn.resolution.in_place import resolve_phase_in_place
from domain.factionturn.resolution.phase import PhaseOutcome, check_orders, read_orders, resolve_phase, submitted_orders
from domain.factionturn.rules import adventures
from domain.factionturn.rules.examples import EXAMPLE_FACTIONS
from domain.factionturn.rules.generated_goals import foe_for
from domain.factionturn.rules.generation import GeneratedFaction, generate_world
from domain.factionturn.rules.goal_tracking import adoption_baseline
from domain.factionturn.rules.merger import RULE_MERGERS, merge
from domain.factionturn.rules.monsters import decide_attack, plan_move
from domain.factionturn.rules.rows import new_asset, starting_asset
from domain.factionturn.rules.seize import REGIONAL_GOVERNMENT
from domain.factionturn.rules.wild_assets import (
    THE_WILD,
    found_the_wild,
    monster,
    stated_terrain_hp,
    stats_note,
    terrain,
)
from domain.factionturn.rules.worked_example import (
    BRIBE_THE_BEHOLDER,
    CHARCH_GO,
    STARTING_FACGOLD,
    WORKED_FACTIONS,
    WorkedFaction,
)
from domain.factionturn.rules.world import Outcome, apply_outcomes
from domain.factionturn.rules.world import OwnedWorld as World
from domain.factionturn.tables.asset_texts import ASSET_TEXTS
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.catalog import CATALOG, NOT_BOUGHT_AS_ASSETS, asset_type
from domain.factionturn.tables.custom_types import define_row, row_to_dict
from domain.factionturn.tables.enums import (
    AssetAttribute,
    AssetKind,
    AssetOutcome,
    Attribute,
    BookChoice,
    ExampleFactionName,
    FactionActionName,
    GoalKey,
    PermissionAnswer,
)
from domain.factionturn.tables.goals import GOALS, RANDOM_GOAL, goal
from domain.factionturn.tables.tags import RANDOM_TAG, TAGS
from domain.factionturn.tables.wild import terrain_of_difficulty
from domain.phase_chronicle import narrating
from domain.rule_system import Companion, RuleSystem


@dataclass(frozen=True)
class Founding:
    """A faction as seed 002, Creating a Faction, sets it up (`Faction.found`)."""

    name: str
    force: int
    cunning: int
    wealth: int
    home_region_id: str
    tags: tuple[str, ...] = ()
    facgold: int = 0
    secret: str = ""


@dataclass(frozen=True)
class TurnReport:
    """A faction's part of a resolved phase: its own turn, and what other factions' turns did to it."""

    faction_id: str
    turn: Outcome | None
    suffered: tuple[Effect, ...]


class FactionTurn:
    name = "factionturn"
    kind = "faction"
    member = Faction
    # seed 002's factions tell their turns; the narratives live in each phase's chronicle (domain/phase_chronicle.py)
    companion = Companion("phasechronicle", narrating, everywhere=True)
    one_order_a_phase = True  # seed 002, The Faction Turn: one action a turn

    def assets_of(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        assets = state.get("assets")
        return list(assets.values()) if isinstance(assets, dict) else []

    def found(self, campaign_id: UUID, founding: Founding) -> Faction:
        f = founding
        return Faction.found(
            campaign_id,
            f.name,
            f.force,
            f.cunning,
            f.wealth,
            f.home_region_id,
            tags=list(f.tags),
            facgold=f.facgold,
            secret=f.secret,
        )

    def check_orders(self, table: World, member_id: str, orders: FactionOrders) -> None:
        check_orders(table, member_id, orders)

    def preview(self, table: World, member_id: str) -> FactionPreview:
        return preview_faction(table, member_id)

    def resolve(self, table: World, dice: Dice) -> PhaseOutcome:
        return resolve_phase(
            table.aggregates().values(),
            table.regions.values(),
            table.orders,
            dice,
            phase=table.phase,
            custom_types=table.custom_types,
        )

    def report(self, resolution: PhaseOutcome, member_id: str) -> TurnReport:
        others = [t for t in resolution.turns if t.faction_id != member_id]
        suffered = tuple(c.effect for t in others for c in t.changes if c.target_id == member_id)
        return TurnReport(member_id, resolution.turn_of(member_id), suffered)


FACTION_TURN: RuleSystem[World, Founding, FactionOrders, Faction, FactionPreview, PhaseOutcome, TurnReport]
FACTION_TURN = FactionTurn()

__all__ = [
    "ACTIONS",
    "ASSET_TEXTS",
    "ATTRIBUTES",
    "BASE_OF_INFLUENCE",
    "BRIBE_THE_BEHOLDER",
    "CATALOG",
    "CHARCH_GO",
    "EXAMPLE_FACTIONS",
    "FACTION_TURN",
    "GOALS",
    "NOT_BOUGHT_AS_ASSETS",
    "RANDOM_GOAL",
    "RANDOM_TAG",
    "REGIONAL_GOVERNMENT",
    "RULE_MERGERS",
    "STARTING_FACGOLD",
    "TAGS",
    "THE_WILD",
    "WORKED_FACTIONS",
    "AssetAttribute",
    "AssetKind",
    "AssetOutcome",
    "AssetType",
    "Attack",
    "Attribute",
    "BookChoice",
    "BuyAsset",
    "ChangeHome",
    "CustomAction",
    "Effect",
    "ExampleFactionName",
    "ExpandInfluence",
    "Faction",
    "FactionActionName",
    "FactionOrders",
    "FactionPreview",
    "FactionTurn",
    "Founding",
    "GeneratedFaction",
    "GoalChoice",
    "GoalKey",
    "MergerResult",
    "MonsterAttacked",
    "Option",
    "Outcome",
    "OwnedAsset",
    "PermissionAnswer",
    "PhaseOutcome",
    "RefitAsset",
    "RepairAsset",
    "SeizeRegion",
    "SellAsset",
    "TurnReport",
    "UseAssetAbility",
    "WorkedFaction",
    "World",
    "action_name",
    "adoption_baseline",
    "adventures",
    "apply_outcomes",
    "asset_type",
    "check_orders",
    "decide_attack",
    "define_row",
    "foe_for",
    "found_the_wild",
    "generate_world",
    "goal",
    "merge",
    "monster",
    "new_asset",
    "order_scope",
    "orders_from_dict",
    "orders_to_dict",
    "plan_move",
    "preview_faction",
    "read_orders",
    "resolve_phase",
    "resolve_phase_in_place",
    "row_to_dict",
    "starting_asset",
    "stated_terrain_hp",
    "stats_note",
    "stored_orders",
    "submitted_orders",
    "terrain",
    "terrain_of_difficulty",
    "working_copy",
]
