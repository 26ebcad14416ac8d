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

type Turn = NonNullable<SubmittedFactionOrdersQuery["factionOrders"]>;
const TITLE = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replaceAll("_", " ");

/** The rest of the submitted turn in words, one line a part; the input's defaults say nothing. */
export function describeTurn(turn: Turn, names: Names): string[] {
  const lines: string[] = [];
  if (turn.goal) lines.push(`Goal changed to ${TITLE(turn.goal.goal)}${turn.goal.target ? ` (${nameOf(names.factions, turn.goal.target, "") || nameOf(names.regions, turn.goal.target)})` : ""}`);
  if (turn.raiseRatings.length) lines.push(`Raises with XP: ${turn.raiseRatings.map(TITLE).join(", ")}`);
  for (const d of turn.defences) {
    lines.push(`Defends ${nameOf(names.regions, d.regionId)} with ${d.defenderId ? nameOf(names.assets, d.defenderId) : "the asset the check chooses"}${d.baseAbsorbs ? ", the Base of Influence absorbing" : ""}`);
  }
  for (const p of turn.permissions) lines.push(`Answers ${nameOf(names.factions, p.factionId)}: ${TITLE(p.answer)}`);
  if (turn.allowSeizure.length) lines.push(`Lets seize unopposed: ${turn.allowSeizure.map((f) => nameOf(names.factions, f)).join(", ")}`);
  if (!turn.contestExpansions) lines.push("Does not strike rivals' new Bases of Influence");
  if (turn.freeUses.length) lines.push(`Free ability uses: ${turn.freeUses.map((u) => nameOf(names.assets, u.assetId)).join(", ")}`);
  if (!turn.rerolls) lines.push("Uses no Book of Secrets");
  else if (turn.bookOfSecrets) lines.push(`Book of Secrets: ${turn.bookOfSecrets === "OWN" ? "rerolls its own die" : "forces the enemy to reroll"}`);
  return lines;
}
