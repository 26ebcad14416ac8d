// Submitted orders in words, the ids named as the seat may see them.
import type { SubmittedFactionOrdersQuery } from "../../../graphql/generated";
import { nameOf, type Names } from "./names";

type Action = NonNullable<SubmittedFactionOrdersQuery["factionOrders"]>["action"];

export function describeFactionAction(action: Action, names: Names): string {
  if (!action) return "No action this turn.";
  const region = (id: string | null | undefined) => nameOf(names.regions, id);
  const asset = (id: string | null | undefined) => nameOf(names.assets, id);
  switch (action.__typename) {
    case "AttackOrder":
      return `Attack: ${action.strikes.map((s) => `${asset(s.attackerId)} strikes ${asset(s.targetAssetId)} of ${nameOf(names.factions, s.targetFactionId)}`).join("; ")}`;
    case "BuyAssetOrder":
      return `Buy Asset: ${names.types.get(action.typeKey) ?? action.typeKey} in ${region(action.regionId)}`;
    case "ChangeHomeOrder":
      return `Change Homeworld to ${region(action.regionId)}`;
    case "ExpandInfluenceOrder":
      return `Expand Influence: a ${action.hp} HP Base of Influence in ${region(action.regionId)}`;
    case "RefitAssetOrder":
      return `Refit Asset: ${asset(action.assetId)} into ${names.types.get(action.typeKey) ?? action.typeKey}`;
    case "RepairAssetOrder":
      return `Repair: ${[...action.assets.map((a) => `${asset(a.assetId)} (${a.steps} step${a.steps === 1 ? "" : "s"})`), ...(action.faction ? ["the faction itself"] : [])].join(", ")}`;
    case "SellAssetOrder":
      return `Sell Asset: ${asset(action.assetId)}`;
    case "SeizeRegionOrder":
      return `Seize Region: ${region(action.regionId)}`;
    case "UseAssetAbilityOrder":
      return `Use Asset Ability: ${action.uses.map((u) => asset(u.assetId)).join(", ")}`;
    case "CustomActionOrder":
      return `Custom Action: ${action.name} (${action.turns} turn(s), ${action.costPerTurn} FacGold each)`;
  }
}
