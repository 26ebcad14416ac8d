"""What a faction can do now (issue 17, item 4): every action it might order this turn, each with its cost and
the verdict of `check_orders` on it (seed 002, Faction Actions).

Each candidate is an order with that one action, judged by the very check that refuses orders at submission,
so the preview and the refusal cannot disagree: a candidate is allowed exactly when `check_orders` accepts it,
and its reason is that refusal's message and rule. Costs are reckoned on the faction as it will stand at its
action (income gained, maintenance paid: `order_funds`), as the check reckons them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    ExpandInfluence,
    FactionOrders,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    Strike,
    UseAssetAbility,
    action_name,
)
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.forms.order_funds import bring_to_action
from domain.factionturn.rules.purchase import refit_cost, repair_plan
from domain.factionturn.rules.purchase_rules import price
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import World
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.catalog import CATALOG, NOT_BOUGHT_AS_ASSETS
from domain.gm import CustomActionDef


@dataclass(frozen=True)
class Verdict:
    """Whether `check_orders` accepts an order of this one action; if not, its refusal's message and rule
    (`rule` is empty for an invalid input, such as an id that names nothing)."""

    allowed: bool
    reason: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Option:
    """One action the faction might order: its kind (the seed's name), the order, its FacGold cost where the
    preview can tell it before the dice, and the verdict."""

    kind: str
    action: Action
    cost: int | None
    verdict: Verdict


@dataclass(frozen=True)
class FactionPreview:
    faction_id: str
    facgold_at_action: int
    options: tuple[Option, ...]

    def of_kind(self, kind: str) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.kind == kind)


def verdict(world: World, faction_id: str, action: Action) -> Verdict:
    """The submission check's answer to orders holding only this action."""
    try:
        check_orders(world, faction_id, FactionOrders(action=action))
    except RuleViolationError as refused:
        return Verdict(False, refused.message, refused.rule)
    except (InvalidInputError, NotFoundError) as wrong:
        return Verdict(False, wrong.message)
    return Verdict(True)


def preview_faction(world: World, faction_id: str, custom: Iterable[CustomActionDef] = ()) -> FactionPreview:
    """Every candidate action of the faction this turn, with its cost and verdict. `custom`: the campaign's
    GM-made Faction Turn actions (seed 002: "The GM should feel free to add new action types")."""
    working, faction = world.with_copy_of(faction_id)
    working.begin_turn(faction_id)
    funds = bring_to_action(working, faction, False)
    priced = [
        *_buys(working, faction),
        *repair_options(faction),
        *expansion_options(working, faction),
        *_refits(working, faction),
    ]
    priced += [
        (CustomAction(d.name, d.duration, d.cost, d.to_dict()), d.cost) for d in custom if d.system == "factionturn"
    ]
    unpriced: list[Action] = [*attack_options(working, faction), *_sales(faction), *_moves(working, faction)]
    options = [Option(action_name(a), a, cost, verdict(world, faction_id, a)) for a, cost in priced]
    options += [Option(action_name(a), a, None, verdict(world, faction_id, a)) for a in unpriced]
    return FactionPreview(faction_id, funds.at_action, tuple(options))


def buyable_rows(world: World) -> list[AssetType]:
    """The seed's rows bought as assets, then the campaign's own types (seed 002, Buy Asset)."""
    rows = [r for r in CATALOG.values() if r.key not in NOT_BOUGHT_AS_ASSETS]
    return rows + [r for r in world.custom_types.values() if r.key not in CATALOG]


def buying_regions(faction: FactionView) -> list[str]:
    """Seed 002, Buy Asset: "on the home region or at a Base of Influence" (usable bases only)."""
    regions = [faction.home_region_id] if faction.home_region_id else []
    for asset in faction.assets.values():
        if asset.is_base and asset.usable_from <= faction.turn and asset.region_id not in regions:
            regions.append(asset.region_id)
    return regions


def _buys(world: World, faction: FactionView) -> list[tuple[Action, int | None]]:
    return [
        (BuyAsset(row.key, region_id), price(world, faction, row, region_id))
        for region_id in buying_regions(faction)
        if region_id in world.regions
        for row in buyable_rows(world)
    ]


def attack_options(world: World, faction: FactionView) -> list[Action]:
    """Each of its assets against each rival asset in its region (seed 002, Attack: same region). A Stealthed
    asset is not offered: it "cannot be detected or attacked by other factions" (seed 002, Stealth)."""
    found: list[Action] = []
    for asset in faction.assets.values():
        for rival, target in world.present(asset.region_id, but=str(faction.id)):
            if not target.stealthed:
                found.append(Attack((Strike(asset.id, str(rival.id), target.id),)))
    return found


def repair_options(faction: FactionView) -> list[tuple[Action, int | None]]:
    """One step of healing for each damaged asset, and the faction's own repair (seed 002, Repair Asset)."""
    found: list[tuple[Action, int | None]] = []
    for asset in faction.assets.values():
        if asset.hp < asset.max_hp:
            order = RepairAsset(((asset.id, 1),))
            found.append((order, repair_plan(faction, order)[2]))
    order = RepairAsset(faction=True)
    return [*found, (order, repair_plan(faction, order)[2])]


def expansion_options(world: World, faction: FactionView) -> list[tuple[Action, int | None]]:
    """One HP of base in each region where it has an asset (seed 002, Expand Influence: 1 FacGold per HP)."""
    regions = dict.fromkeys(a.region_id for a in faction.assets.values() if a.region_id in world.regions)
    return [(ExpandInfluence(region_id, 1), 1) for region_id in regions]


def _refits(world: World, faction: FactionView) -> list[tuple[Action, int | None]]:
    """Each non-base asset into each row of its attribute (seed 002, Refit Asset), at the difference in cost the
    check asks for (`refit_cost`); an asset of no catalogued type has no price to tell."""
    found: list[tuple[Action, int | None]] = []
    for asset in faction.assets.values():
        if asset.is_base:
            continue
        old = type_of(asset)
        for row in buyable_rows(world):
            if row.attribute.value.lower() == asset.attribute and row.key != asset.type_key:
                found.append((RefitAsset(asset.id, row.key), refit_cost(old, row) if old else None))
    return found


def _sales(faction: FactionView) -> list[Action]:
    return [SellAsset(asset.id) for asset in faction.assets.values() if not asset.is_base]


def _moves(world: World, faction: FactionView) -> list[Action]:
    """Change Home and Seize Region for each region of the map, and each asset's own special action where it is."""
    found: list[Action] = [ChangeHome(r) for r in world.regions if r != faction.home_region_id]
    found += [SeizeRegion(r) for r in world.regions]
    found += [UseAssetAbility((AbilityUse(a.id, a.region_id),)) for a in faction.assets.values() if not a.is_base]
    return found
