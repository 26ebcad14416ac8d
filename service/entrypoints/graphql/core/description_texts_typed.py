"""The registry's texts for the typed orders, GM answers, catalog and preview types (issue 17, items 2-5)."""

from __future__ import annotations

from typing import Final

from service.entrypoints.graphql.core.description_texts_on import on as _on

_IDS: Final[dict[str, str]] = {
    "assetId": "The id of the faction's own asset it acts with or on (`Asset.id`).",
    "regionId": "The id of the region it happens in or names (`Region.id`).",
    "targetFactionId": "The id of the rival faction it targets (`Faction.id`).",
    "targetAssetId": "The id of the rival's asset it targets (`Asset.id`).",
    "forAssetId": "The asset it is bought for (a Base of Influence's).",
    "opposedId": "The opposing faction or house; null against a DC.",
    "defenderId": "The id of the faction's own asset that defends there (`Asset.id`).",
    "factionId": "The id of the other faction it answers (`Faction.id`).",
    "targetHouseId": "The target house's id; null for none.",
    "toAreaId": "Where troops go; null for none.",
    "coveredActionId": "The pending action a Cover Up hides.",
    "attackerId": "The id of the faction's own asset that strikes (`Asset.id`).",
}
_ORDER_IDS = "assetId regionId targetFactionId targetAssetId"


def _ids(type_name: str, names: str) -> dict[str, str]:
    return _on(type_name, **{n: _IDS[n] for n in names.split()})


_ABILITY = dict(carriedIds="The assets it carries (a vehicle's).")
_CUSTOM = dict(
    name="The custom action's name.", turns="How many turns it takes.", costPerTurn="FacGold it costs each turn."
)
_HOUSE_COSTS = dict(
    influenceRequirement="The influence the house must have.",
    powerRequirement="The power the house must have.",
    dedicatedInfluence="The influence it holds.",
    dedicatedPower="The power it holds.",
    gold="The gold it costs.",
)
_ORDERS = dict(
    goal="The goal chosen; null keeps the current one.",
    defences="Which assets defend where.",
    permissions="Answers to other factions' asks for permission.",
    narrative="The player's own words.",
)

TYPED: Final[dict[str, str]] = {
    **_ids("AbilityUseInput", _ORDER_IDS),
    **_ids("AbilityUseOrder", _ORDER_IDS),
    **_on("AbilityUseInput", **_ABILITY),
    **_on(
        "AbilityUseOrder",
        typeKey="The asset type's key the ability asks for (a type to buy or become); empty when it needs none.",
        **_ABILITY,
    ),
    **_on("AttackInput", strikes="Each asset's strike: which of its assets attacks which rival asset."),
    **_on("AttackOrder", strikes="Each asset's strike: which of its assets attacks which rival asset."),
    **_on(
        "BuyAssetInput",
        typeKey="The key of the asset type to buy (`assetTypes` lists them).",
        regionId=_IDS["regionId"],
    ),
    **_on("BuyAssetOrder", typeKey="The key of the asset type bought (`AssetTypeRow.key`)."),
    **_ids("BuyAssetOrder", "regionId forAssetId"),
    **_ids("ChangeHomeInput", "regionId"),
    **_ids("ChangeHomeOrder", "regionId"),
    **_on("CustomActionOrder", definitionKey="The custom action's key.", **_CUSTOM),
    **_on("CustomActionOrderInput", **_CUSTOM),
    **_ids("CustomCheck", "opposedId"),
    **_on("DefenceInput", baseAbsorbs="Whether the Base of Influence absorbs the damage."),
    **_on("DefenceOrder", baseAbsorbs="Whether the Base of Influence absorbs the damage."),
    **_ids("DefenceInput", "regionId defenderId"),
    **_ids("DefenceOrder", "regionId defenderId"),
    **_on("ExpandInfluenceInput", hp="The new Base of Influence's HP."),
    **_ids("ExpandInfluenceInput", "regionId"),
    **_on("ExpandInfluenceOrder", hp="The new Base of Influence's HP."),
    **_ids("ExpandInfluenceOrder", "regionId"),
    **_on(
        "FactionActionInput",
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
    **_ids("FactionOption", "targetFactionId targetAssetId"),
    **_on(
        "FactionOrders",
        phase="The phase (from 1) the orders are for.",
        raiseRatings="The ratings it raises with XP this turn, in order (seed 002, Experience).",
        rerolls="Whether to use a Book of Secrets.",
        freeUses="Asset abilities used without spending the action.",
        allowSeizure="The rival factions it lets seize a region it governs.",
        contestExpansions="Whether it contests others' expansions.",
        **_ORDERS,
    ),
    **_on("FactionOrdersInput", **_ORDERS),
    **_on("GoalChoiceInput", goal="The goal to adopt, by its key in the `goals` catalog."),
    **_on(
        "GoalChoiceOrder",
        goal="The goal chosen, by its key in the `goals` catalog.",
        target="Its target's id, where the goal names one.",
    ),
    **_on("HouseActionRow", **_HOUSE_COSTS),
    **_on("HouseOption", **_HOUSE_COSTS),
    **_ids("HouseOption", "targetHouseId toAreaId coveredActionId"),
    **_on("HouseOrderInput", action="The house action to order: one of the fifteen (seed 000, Taking Action)."),
    **_ids("KnowledgeEntry", "targetHouseId"),
    **_on("PermissionInput", answer="GRANT, BRIBE (granted for FacGold) or DENY."),
    **_on("PermissionOrder", answer="GRANT, BRIBE (granted for FacGold) or DENY."),
    **_ids("PermissionInput", "factionId"),
    **_ids("PermissionOrder", "factionId"),
    **_on(
        "Query",
        campaign__asOf="A past point (the GM's): a phase's close or an event's position.",
        assetTypes__attribute="Only the asset types bought with this attribute (Force, Cunning or Wealth).",
        assetTypes__rating="Only the asset types that need exactly this attribute rating (1-8) to buy.",
        assetTypes__kind="Only the asset types of this kind (MILITARY_UNIT, SPECIAL_FORCES, FACILITY…).",
        factionPreview__allowedOnly="Only the options it may take.",
        factionOrdersCheck__orders="The orders as they would be submitted (submitFactionOrders' `orders`).",
        housePreview__actor="Who would act; the leader when null.",
        housePreview__replacing="A pending action of the open phase the order would replace "
        "(amendHouseAction): judged as if it were withdrawn first.",
    ),
    **_on("RefitAssetInput", typeKey="The key of the asset type it becomes (same attribute; `assetTypes` lists them)."),
    **_ids("RefitAssetInput", "assetId"),
    **_on("RefitAssetOrder", typeKey="The key of the asset type it becomes (`AssetTypeRow.key`)."),
    **_ids("RefitAssetOrder", "assetId"),
    **_on("RepairAssetInput", assets="The assets to repair."),
    **_on("RepairAssetOrder", assets="The assets to repair.", faction="Whether the faction itself is repaired."),
    **_on("RepairStep", steps="How many repair steps the asset takes this turn (each costs FacGold and heals HP)."),
    **_ids("RepairStep", "assetId"),
    **_on("RepairStepInput", steps="How many repair steps to pay for this turn (1 or more)."),
    **_ids("RepairStepInput", "assetId"),
    **_ids("SeizeRegionInput", "regionId"),
    **_ids("SeizeRegionOrder", "regionId"),
    **_ids("SellAssetInput", "assetId"),
    **_ids("SellAssetOrder", "assetId"),
    **_ids("Spy", "targetHouseId"),
    **_ids("StrikeInput", "attackerId targetFactionId targetAssetId"),
    **_ids("StrikeOrder", "attackerId targetFactionId targetAssetId"),
    **_on("UseAssetAbilityInput", uses="Each asset ability to use this turn, with what it targets."),
    **_on("UseAssetAbilityOrder", uses="Each asset ability used this turn, with what it targets."),
}
