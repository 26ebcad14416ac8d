// A refusal the server gave a mutation or a check: in the player's words (issue 28), the internal field path
// (`orders.raise_ratings[0]:`) turned into the form's label, and the rule named once, apart from the message.
import type { CombinedError } from "urql";

export type Refusal = { message: string; rule: string | null };

/** The form's name for each part of an order the server's paths name (FactionOrdersInput, HouseOrderInput). */
const LABELS: Record<string, string> = {
  action: "The action", strikes: "Strike", attacker_id: "attacking asset", target_faction_id: "target faction",
  target_asset_id: "target asset", assets: "Repair", steps: "steps", asset_id: "asset", uses: "Ability use",
  region_id: "region", carried_ids: "carried assets", type_key: "asset type", name: "name", turns: "turns",
  cost_per_turn: "FacGold each turn", hp: "HP", faction: "the faction itself", goal: "Goal", target: "target",
  raise_ratings: "Rating raise", defences: "Defence", defender_id: "defender", base_absorbs: "Base of Influence absorbs",
  permissions: "Answer to a permission", answer: "answer", free_uses: "Free ability use", rerolls: "Rerolls",
  book_of_secrets: "Book of Secrets", allow_seizure: "Allowed seizure", contest_expansions: "Contested expansions",
  narrative: "Narrative", order: "The order", actor: "Led by", target_house_id: "target house",
  target_character: "target character", area_ids: "areas", power: "power", to_area_id: "destination",
  start_week: "Starts in week",
};

// The payload's one-of member names the action (`action.attack.strikes[1]`): the kind is the form's "Action".
const SKIPPED = new Set(["orders", "order", "attack", "buy_asset", "change_home", "expand_influence", "refit_asset",
  "repair_asset", "sell_asset", "seize_region", "use_asset_ability", "custom_action"]);

/** "orders.action.attack.strikes[1].target_asset_id" → "The action, strike 2, target asset". */
export function pathLabel(path: string): string {
  const parts: string[] = [];
  for (const [, key, index] of path.matchAll(/([a-z_]+)(?:\[(\d+)\])?/g)) {
    if (SKIPPED.has(key)) continue;
    const label = LABELS[key] ?? key.replaceAll("_", " ");
    parts.push(index === undefined ? label : `${label} ${Number(index) + 1}`);
  }
  const text = parts.join(", ") || "The order";
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/, ([A-Z])/g, (_, c: string) => `, ${c.toLowerCase()}`);
}

const PATH = /^((?:orders|order)(?:\.[a-z_]+|\[\d+\])*):\s*/;

/** The message in the player's words: its field path as the form's label, its rule cut off (shown apart, once). */
export function inPlayersWords(message: string, rule: string | null | undefined): string {
  let text = message;
  if (rule && text.endsWith(` (${rule})`)) text = text.slice(0, -rule.length - 3);
  const path = PATH.exec(text);
  return path ? `${pathLabel(path[1])}: ${text.slice(path[0].length)}` : text;
}

export function refusalOf(error: CombinedError | undefined): Refusal | null {
  if (!error) return null;
  const first = error.graphQLErrors[0];
  if (!first) return { message: error.message, rule: null };
  const found = first.extensions?.rule;
  const rule = typeof found === "string" ? found : null;
  return { message: inPlayersWords(first.message, rule), rule };
}
