"""The registry's texts for the order types GraphQL reads back (order_types.py), where they say more or other than
the orders' declaration (domain/factionturn/orders.py), whose docstrings and `Spec.doc` describe the rest."""

from __future__ import annotations

from typing import Final

ORDER_TEXTS: Final[dict[str, str]] = {
    "BuyAssetOrder": "Buy Asset: a type bought in a region (for a Special Forces asset, with Stealth).",
    "ChangeHomeOrder": "Change Home: the faction's new home region.",
    "CustomActionOrder": "A custom action: its name, turns and FacGold per turn, and the key of the GM's definition "
    "it follows (empty: the GM resolves it by hand).",
    "CustomActionOrderInput": 'A custom action (seed 002: "The GM should feel free to add new action types") the GM '
    "resolves by hand; one the GM defined with its check and effects is ordered by the GM's `orderCustomAction`.",
    "DefenceOrder": "Which asset meets attacks in a region, and whether a Base of Influence soaks them.",
    "ExpandInfluenceOrder": "Expand Influence: a new Base of Influence of `hp` HP in a region.",
    "FactionActionInput": "The turn's one action (seed 002, Faction Actions): exactly one field.",
    "FactionOrders": "A faction's orders for a phase, as submitted (seed 002, Faction Actions).",
    "FactionOrders.action": "Null: no action this turn.",
    "FactionOrdersInput.action": "Null: no action this turn.",
    "FactionOrders.bookOfSecrets": "Null: the better bet.",
    "GoalChoiceOrder": "The faction's goal and the rival or region it names.",
    "PermissionOrder": "A Regional Government's answer to another faction: grant, bribe or deny.",
    "RefitAssetOrder": "Refit Asset: an asset turned into another type.",
    "RepairAssetOrder": "Repair Asset/Faction: assets healed, and whether the faction heals too.",
    "RepairStep": "One asset to repair and the healing steps bought for it.",
    "RepairStepInput": "One asset to repair, and how many healing steps to buy (1 FacGold, then 2, then 3…).",
    "SeizeRegionOrder": "Seize Region: the region whose government the faction takes.",
    "SellAssetOrder": "Sell Asset: the asset sold.",
    "StrikeOrder": "One attacking asset against one target asset.",
}
