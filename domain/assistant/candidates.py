"""The faction's candidate actions the assistant weighs (issue 19): the preview's kinds it can ever choose, each
judged by the preview's own `verdict` (the submission check), so what it drafts is allowed exactly as the
preview would allow it (domain/factionturn/forms/preview.py).

Left out before judging, as the assistant never chooses them: refits, sales and moving home; purchases it
cannot afford at its action or whose rating its score does not reach (the check refuses those anyway); and
Seize Region unless its goal is Regional Seizure. Judging a refit of every asset into every row made drafting
slow as a faction grew, for nothing.
"""

from __future__ import annotations

from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    ExpandInfluence,
    RepairAsset,
    SeizeRegion,
    Strike,
    UseAssetAbility,
    action_name,
)
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_funds import bring_to_action
from domain.factionturn.forms.preview import Option, buyable_rows, buying_regions, verdict
from domain.factionturn.rules.purchase import repair_plan
from domain.factionturn.rules.purchase_rules import price
from domain.factionturn.rules.world import World


def candidates(world: World, faction_id: str) -> tuple[int, list[Option]]:
    """The FacGold at its action, and the allowed candidates with their costs."""
    working, faction = world.with_copy_of(faction_id)
    working.begin_turn(faction_id)
    funds = bring_to_action(working, faction, False).at_action
    priced: list[tuple[Action, int | None]] = [*_buys(working, faction, funds), *_repairs(faction)]
    regions = dict.fromkeys(a.region_id for a in faction.assets.values() if a.region_id in world.regions)
    priced += [(ExpandInfluence(region_id, 1), 1) for region_id in regions]
    if faction.goal and faction.goal["key"] == "regional_seizure":
        priced += [(SeizeRegion(r), None) for r in world.regions]
    priced += [
        (UseAssetAbility((AbilityUse(a.id, a.region_id),)), None) for a in faction.assets.values() if not a.is_base
    ]
    priced += [
        (Attack((Strike(a.id, str(rival.id), target.id),)), None)
        for a in faction.assets.values()
        for rival, target in world.present(a.region_id, but=faction_id)
        if not target.stealthed
    ]
    judged = [(a, cost, verdict(world, faction_id, a)) for a, cost in priced]
    return funds, [Option(action_name(a), a, cost, v) for a, cost, v in judged if v.allowed]


def _buys(world: World, faction: FactionView, funds: int) -> list[tuple[Action, int | None]]:
    found: list[tuple[Action, int | None]] = []
    for region_id in buying_regions(faction):
        if region_id not in world.regions:
            continue
        for row in buyable_rows(world):
            attribute = row.attribute.value.lower()
            if attribute in ("force", "cunning", "wealth") and row.rating > faction.rating(attribute):
                continue
            cost = price(world, faction, row, region_id)
            if cost <= funds:
                found.append((BuyAsset(row.key, region_id), cost))
    return found


def _repairs(faction: FactionView) -> list[tuple[Action, int | None]]:
    found: list[tuple[Action, int | None]] = []
    for asset in faction.assets.values():
        if asset.hp < asset.max_hp:
            order = RepairAsset(((asset.id, 1),))
            found.append((order, repair_plan(faction, order)[2]))
    order = RepairAsset(faction=True)
    return [*found, (order, repair_plan(faction, order)[2])]
