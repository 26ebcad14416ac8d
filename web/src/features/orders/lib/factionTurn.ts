// A faction's whole turn as the form holds it (issue 28, item 1): every field FactionOrdersInput accepts, and the
// action as each member of the @oneOf FactionActionInput takes it (seed 002, Faction Actions and The Faction Turn).
import type {
  AbilityUseInput,
  Attribute,
  BookChoice,
  DefenceInput,
  FactionActionInput,
  FactionActionName,
  FactionOrdersCheckQueryVariables,
  FactionOrdersInput,
  GoalChoiceInput,
  PermissionInput,
  RepairStepInput,
  StrikeInput,
} from "../../../graphql/generated";
import { actionInput, optionFor, settle, type Choice, type FactionOption } from "./factionOptions";

export type TurnDraft = {
  kind: FactionActionName;
  choice: Choice; // the chained selects of Buy Asset, Change Homeworld, Expand Influence, Refit, Sell, Seize
  hp: number; // Expand Influence: the new Base of Influence's HP
  forAssetId: string | null; // Buy Asset of Stealth: the Special Forces asset it is for (seed 002, Stealth)
  strikes: StrikeInput[];
  repairs: RepairStepInput[];
  repairFaction: boolean;
  uses: AbilityUseInput[];
  custom: { name: string; turns: number; costPerTurn: number };
  goal: GoalChoiceInput | null;
  raiseRatings: Attribute[];
  defences: DefenceInput[];
  permissions: PermissionInput[];
  rerolls: boolean;
  bookOfSecrets: BookChoice | null;
  allowSeizure: string[];
  contestExpansions: boolean;
  freeUses: AbilityUseInput[];
  narrative: string;
};

/** The input's own defaults (schema.graphql, FactionOrdersInput): a turn the player has not touched. */
export const EMPTY_TURN: TurnDraft = {
  kind: "NONE", choice: {}, hp: 1, forAssetId: null, strikes: [], repairs: [], repairFaction: false, uses: [],
  custom: { name: "", turns: 1, costPerTurn: 0 }, goal: null, raiseRatings: [], defences: [], permissions: [],
  rerolls: true, bookOfSecrets: null, allowSeizure: [], contestExpansions: true, freeUses: [], narrative: "",
};

export const NEW_USE: AbilityUseInput = { assetId: "", regionId: null, targetFactionId: null, targetAssetId: null, carriedIds: [], typeKey: "" };

/** Seed 002, Faction Actions: the kinds whose order the form builds row by row rather than from one option. */
const LISTED: ReadonlySet<FactionActionName> = new Set(["ATTACK", "REPAIR_ASSET", "USE_ASSET_ABILITY", "CUSTOM_ACTION"]);

export function isListed(kind: FactionActionName): boolean {
  return LISTED.has(kind);
}

/** The typed @oneOf action the draft stands for; null when none is chosen or it names nothing yet. */
export function draftAction(draft: TurnDraft, options: readonly FactionOption[]): FactionActionInput | null {
  switch (draft.kind) {
    case "NONE":
      return null;
    case "ATTACK":
      return draft.strikes.length ? { attack: { strikes: draft.strikes } } : null;
    case "REPAIR_ASSET":
      return draft.repairs.length || draft.repairFaction ? { repairAsset: { assets: draft.repairs, faction: draft.repairFaction } } : null;
    case "USE_ASSET_ABILITY":
      return draft.uses.length ? { useAssetAbility: { uses: draft.uses } } : null;
    case "CUSTOM_ACTION":
      return draft.custom.name ? { customAction: { ...draft.custom } } : null;
    default: {
      const option = optionFor(options, draft.kind, settle(options, draft.kind, draft.choice));
      const action = option ? actionInput(option, draft.hp) : null;
      return action?.buyAsset && draft.forAssetId ? { buyAsset: { ...action.buyAsset, forAssetId: draft.forAssetId } } : action;
    }
  }
}

/** Everything FactionOrdersInput accepts, as the draft holds it. */
export function ordersInput(draft: TurnDraft, options: readonly FactionOption[]): FactionOrdersInput {
  return {
    action: draftAction(draft, options),
    goal: draft.goal,
    raiseRatings: draft.raiseRatings,
    defences: draft.defences,
    permissions: draft.permissions,
    rerolls: draft.rerolls,
    narrative: draft.narrative,
    freeUses: draft.freeUses,
    bookOfSecrets: draft.bookOfSecrets,
    allowSeizure: draft.allowSeizure,
    contestExpansions: draft.contestExpansions,
  };
}

/** The parts of a turn judged each on its own (with the input's defaults for the rest), so that each shows the
 * submission check's verdict beside it; `null` where the player gave nothing to judge. */
export type Part = "action" | "goal" | "raiseRatings" | "defences" | "permissions" | "freeUses" | "allowSeizure";

export function partInputs(draft: TurnDraft, options: readonly FactionOption[]): Record<Part, FactionOrdersInput | null> {
  const action = draftAction(draft, options);
  const only = (part: Partial<FactionOrdersInput>, given: boolean): FactionOrdersInput | null => (given ? part : null);
  return {
    action: only({ action }, action !== null),
    goal: only({ goal: draft.goal }, draft.goal !== null),
    raiseRatings: only({ raiseRatings: draft.raiseRatings }, draft.raiseRatings.length > 0),
    defences: only({ defences: draft.defences }, draft.defences.length > 0),
    permissions: only({ permissions: draft.permissions }, draft.permissions.length > 0),
    freeUses: only({ freeUses: draft.freeUses }, draft.freeUses.length > 0),
    allowSeizure: only({ allowSeizure: draft.allowSeizure }, draft.allowSeizure.length > 0),
  };
}

/** A change of the draft; when it replaces the order a written narrative described, the narrative is cleared
 * and the player asked for it again (issue 28: a narrative must not tell of an order no longer given). */
export function changed(draft: TurnDraft, next: TurnDraft, options: readonly FactionOption[]): { draft: TurnDraft; cleared: boolean } {
  const before = JSON.stringify(draftAction(draft, options));
  const after = JSON.stringify(draftAction(next, options));
  if (before === after || before === "null" || !next.narrative) return { draft: next, cleared: false };
  return { draft: { ...next, narrative: "" }, cleared: true };
}

/** Seed 002, table "Score | XP Cost": the XP a rating's next point costs; null at 8, the highest. */
const XP_COST: Record<number, number> = { 2: 2, 3: 4, 4: 6, 5: 9, 6: 12, 7: 16, 8: 20 };

export function raiseCost(rating: number): number | null {
  return XP_COST[rating + 1] ?? null;
}

export const ATTRIBUTES: readonly Attribute[] = ["FORCE", "CUNNING", "WEALTH"];
export const ATTRIBUTE_LABELS: Record<Attribute, string> = { FORCE: "Force", CUNNING: "Cunning", WEALTH: "Wealth" };

/** Replace the i-th row of a list, or remove it with `null`. */
export function rowsWith<T>(rows: readonly T[], index: number, row: T | null): T[] {
  return row === null ? rows.filter((_, i) => i !== index) : rows.map((r, i) => (i === index ? row : r));
}

/** The variables of the FactionOrdersCheck query: the whole orders, and each part given on its own. */
export function checkVariables(draft: TurnDraft, options: readonly FactionOption[]): Omit<FactionOrdersCheckQueryVariables, "campaignId" | "factionId"> {
  const p = partInputs(draft, options);
  return {
    whole: ordersInput(draft, options),
    action: p.action ?? {}, withAction: p.action !== null,
    goal: p.goal ?? {}, withGoal: p.goal !== null,
    raiseRatings: p.raiseRatings ?? {}, withRaiseRatings: p.raiseRatings !== null,
    defences: p.defences ?? {}, withDefences: p.defences !== null,
    permissions: p.permissions ?? {}, withPermissions: p.permissions !== null,
    freeUses: p.freeUses ?? {}, withFreeUses: p.freeUses !== null,
    allowSeizure: p.allowSeizure ?? {}, withAllowSeizure: p.allowSeizure !== null,
  };
}

type GoalVerdict = { allowed: boolean; reason?: string | null; rule?: string | null };

/** The GoalVerdicts query's answer by GoalKey ("militaryConquest" → "MILITARY_CONQUEST"). */
export function goalVerdictsOf(data: object | undefined): Record<string, GoalVerdict> {
  const entries = Object.entries(data ?? {}).filter(([alias]) => alias !== "__typename");
  return Object.fromEntries(entries.map(([alias, verdict]) => [alias.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase(), verdict as GoalVerdict]));
}
