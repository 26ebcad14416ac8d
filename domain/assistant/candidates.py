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
    BuyAsset,
    SeizeRegion,
    UseAssetAbility,
    action_name,
)
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_funds import bring_to_action
from domain.factionturn.forms.preview import (
    Option,
    attack_options,
    buyable_rows,
    buying_regions,
    expansion_options,
    repair_options,
    verdict,
)
from domain.factionturn.rules.purchase_rules import price
from domain.factionturn.rules.world import World


def candidates(world: World, faction_id: str) -> tuple[int, list[Option]]:
    """The FacGold at its action, and the allowed candidates with their costs."""
    working, faction = world.with_copy_of(faction_id)
    working.begin_turn(faction_id)
    funds = bring_to_action(working, faction, False).at_action
    priced: list[tuple[Action, int | None]] = [*_buys(working, faction, funds), *repair_options(faction)]
    priced += expansion_options(world, faction)
    if faction.goal and faction.goal["key"] == "regional_seizure":
        priced += [(SeizeRegion(r), None) for r in world.regions]
    priced += [
        (UseAssetAbility((AbilityUse(a.id, a.region_id),)), None) for a in faction.assets.values() if not a.is_base
    ]
    priced += [(attack, None) for attack in attack_options(world, faction)]
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
