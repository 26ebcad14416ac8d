"""What GraphQL says of the order types made from the orders' one declaration
(domain/factionturn/aggregate/orders.py), where it says more or other than the declaration's docstrings and
`Spec.doc`: an input and its read-back output word the same field for a client who writes it and one who reads it.
order_inputs.py's `NAMING` carries them to the builder (core/order_shapes.py), which puts each on its type or field; a
key the schema lacks fails tests/entrypoints/graphql/test_schema_descriptions.py."""

from __future__ import annotations

from typing import Final

from service.entrypoints.graphql.core.order_shapes import on

# The ids an order names, worded once for every order type that carries them.
_IDS: Final[dict[str, str]] = {
    "assetId": "The id of the faction's own asset it acts with or on (`Asset.id`).",
    "regionId": "The id of the region it happens in or names (`Region.id`).",
    "targetFactionId": "The id of the rival faction it targets (`Faction.id`).",
    "targetAssetId": "The id of the rival's asset it targets (`Asset.id`).",
    "forAssetId": "The asset it is bought for (a Base of Influence's).",
    "defenderId": "The id of the faction's own asset that defends there (`Asset.id`).",
    "factionId": "The id of the other faction it answers (`Faction.id`).",
    "attackerId": "The id of the faction's own asset that strikes (`Asset.id`).",
}
_ORDER_IDS = "assetId regionId targetFactionId targetAssetId"


def _ids(type_name: str, names: str) -> dict[str, str]:
    return on(type_name, **{n: _IDS[n] for n in names.split()})


_ABILITY = dict(carriedIds="The assets it carries (a vehicle's).")
_CUSTOM = dict(
    name="The custom action's name.", turns="How many turns it takes.", costPerTurn="FacGold it costs each turn."
)
_ORDERS = dict(
    goal="The goal chosen; null keeps the current one.",
    defences="Which assets defend where.",
    permissions="Answers to other factions' asks for permission.",
    narrative="The player's own words.",
)
_STRIKES = "Each asset's strike: which of its assets attacks which rival asset."
_BASE_ABSORBS = "Whether the Base of Influence absorbs the damage."
_HP = "The new Base of Influence's HP."
_ANSWER = "GRANT, BRIBE (granted for FacGold) or DENY."
_NO_ACTION = "Null: no action this turn."

ORDER_TEXTS: Final[dict[str, str]] = {
    # ---- the orders as submitted: FactionOrdersInput and its one action -------------------------------------
    **on("FactionOrdersInput", action=_NO_ACTION, **_ORDERS),
    **on(
        "FactionActionInput",
        _="The turn's one action (seed 002, Faction Actions): exactly one field.",
        attack="Attack (seed 002): its assets strike rivals' assets in their regions.",
        buyAsset="Buy Asset (seed 002): buy one asset in a region it may buy in.",
        changeHome="Change Homeworld (seed 002): move its home to another region.",
        expandInfluence="Expand Influence (seed 002): place a new Base of Influence.",
        refitAsset="Refit Asset (seed 002): turn an asset into another type of the same attribute.",
        repairAsset="Repair Asset/Faction (seed 002): pay FacGold to heal assets or the faction.",
        sellAsset="Sell Asset (seed 002): sell one asset for half its cost.",
        seizeRegion="Seize Region (seed 002): try to take a region's Regional Government.",
        useAssetAbility="Use Asset Ability (seed 002): use the abilities of its assets.",
        customAction="A custom action the GM defined.",
    ),
    **_ids("AbilityUseInput", _ORDER_IDS),
    **on("AbilityUseInput", **_ABILITY),
    **on("AttackInput", strikes=_STRIKES),
    **on(
        "BuyAssetInput",
        typeKey="The key of the asset type to buy (`assetTypes` lists them).",
        regionId=_IDS["regionId"],
    ),
    **_ids("ChangeHomeInput", "regionId"),
    **on(
        "CustomActionOrderInput",
        _='A custom action (seed 002: "The GM should feel free to add new action types") the GM resolves by hand; one '
        "the GM defined with its check and effects is ordered by the GM's `orderCustomAction`.",
        **_CUSTOM,
    ),
    **on("DefenceInput", baseAbsorbs=_BASE_ABSORBS),
    **_ids("DefenceInput", "regionId defenderId"),
    **on("ExpandInfluenceInput", hp=_HP),
    **_ids("ExpandInfluenceInput", "regionId"),
    **on("GoalChoiceInput", goal="The goal to adopt, by its key in the `goals` catalog."),
    **on("PermissionInput", answer=_ANSWER),
    **_ids("PermissionInput", "factionId"),
    **on("RefitAssetInput", typeKey="The key of the asset type it becomes (same attribute; `assetTypes` lists them)."),
    **_ids("RefitAssetInput", "assetId"),
    **on("RepairAssetInput", assets="The assets to repair."),
    **on(
        "RepairStepInput",
        _="One asset to repair, and how many healing steps to buy (1 FacGold, then 2, then 3…).",
        steps="How many repair steps to pay for this turn (1 or more).",
    ),
    **_ids("RepairStepInput", "assetId"),
    **_ids("SeizeRegionInput", "regionId"),
    **_ids("SellAssetInput", "assetId"),
    **_ids("StrikeInput", "attackerId targetFactionId targetAssetId"),
    **on("UseAssetAbilityInput", uses="Each asset ability to use this turn, with what it targets."),
    # ---- the orders read back: FactionOrders and its one action ---------------------------------------------
    **on(
        "FactionOrders",
        _="A faction's orders for a phase, as submitted (seed 002, Faction Actions).",
        action=_NO_ACTION,
        bookOfSecrets="Null: the better bet.",
        phase="The phase (from 1) the orders are for.",
        raiseRatings="The ratings it raises with XP this turn, in order (seed 002, Experience).",
        rerolls="Whether to use a Book of Secrets.",
        freeUses="Asset abilities used without spending the action.",
        allowSeizure="The rival factions it lets seize a region it governs.",
        contestExpansions="Whether it contests others' expansions.",
        **_ORDERS,
    ),
    **_ids("AbilityUseOrder", _ORDER_IDS),
    **on(
        "AbilityUseOrder",
        typeKey="The asset type's key the ability asks for (a type to buy or become); empty when it needs none.",
        **_ABILITY,
    ),
    **on("AttackOrder", strikes=_STRIKES),
    **on(
        "BuyAssetOrder",
        _="Buy Asset: a type bought in a region (for a Special Forces asset, with Stealth).",
        typeKey="The key of the asset type bought (`AssetTypeRow.key`).",
    ),
    **_ids("BuyAssetOrder", "regionId forAssetId"),
    **on("ChangeHomeOrder", _="Change Home: the faction's new home region."),
    **_ids("ChangeHomeOrder", "regionId"),
    **on(
        "CustomActionOrder",
        _="A custom action: its name, turns and FacGold per turn, and the key of the GM's definition it follows "
        "(empty: the GM resolves it by hand).",
        definitionKey="The custom action's key.",
        **_CUSTOM,
    ),
    **on(
        "DefenceOrder",
        _="Which asset meets attacks in a region, and whether a Base of Influence soaks them.",
        baseAbsorbs=_BASE_ABSORBS,
    ),
    **_ids("DefenceOrder", "regionId defenderId"),
    **on("ExpandInfluenceOrder", _="Expand Influence: a new Base of Influence of `hp` HP in a region.", hp=_HP),
    **_ids("ExpandInfluenceOrder", "regionId"),
    **on(
        "GoalChoiceOrder",
        _="The faction's goal and the rival or region it names.",
        goal="The goal chosen, by its key in the `goals` catalog.",
        target="Its target's id, where the goal names one.",
    ),
    **on(
        "PermissionOrder",
        _="A Regional Government's answer to another faction: grant, bribe or deny.",
        answer=_ANSWER,
    ),
    **_ids("PermissionOrder", "factionId"),
    **on(
        "RefitAssetOrder",
        _="Refit Asset: an asset turned into another type.",
        typeKey="The key of the asset type it becomes (`AssetTypeRow.key`).",
    ),
    **_ids("RefitAssetOrder", "assetId"),
    **on(
        "RepairAssetOrder",
        _="Repair Asset/Faction: assets healed, and whether the faction heals too.",
        assets="The assets to repair.",
        faction="Whether the faction itself is repaired.",
    ),
    **on(
        "RepairStep",
        _="One asset to repair and the healing steps bought for it.",
        steps="How many repair steps the asset takes this turn (each costs FacGold and heals HP).",
    ),
    **_ids("RepairStep", "assetId"),
    **on("SeizeRegionOrder", _="Seize Region: the region whose government the faction takes."),
    **_ids("SeizeRegionOrder", "regionId"),
    **on("SellAssetOrder", _="Sell Asset: the asset sold."),
    **_ids("SellAssetOrder", "assetId"),
    **on("StrikeOrder", _="One attacking asset against one target asset."),
    **_ids("StrikeOrder", "attackerId targetFactionId targetAssetId"),
    **on("UseAssetAbilityOrder", uses="Each asset ability used this turn, with what it targets."),
}
