// The faction form's choices, read from factionPreview: each action's options narrowed field by field, so a
// form names only orders the preview judged (seed 002, Faction Actions), each with its price and verdict.
import type { FactionActionInput, FactionActionName, FactionPreviewQuery } from "../../../graphql/generated";

export type FactionOption = FactionPreviewQuery["factionPreview"]["options"][number];
export type Field = "typeKey" | "assetId" | "regionId" | "targetFactionId" | "targetAssetId" | "name";

export const KIND_LABELS: Record<FactionActionName, string> = {
  NONE: "No action",
  ATTACK: "Attack",
  BUY_ASSET: "Buy Asset",
  CHANGE_HOME: "Change Homeworld",
  EXPAND_INFLUENCE: "Expand Influence",
  REFIT_ASSET: "Refit Asset",
  REPAIR_ASSET: "Repair Asset/Faction",
  SELL_ASSET: "Sell Asset",
  SEIZE_REGION: "Seize Region",
  USE_ASSET_ABILITY: "Use Asset Ability",
  CUSTOM_ACTION: "Custom Action",
};

export const FIELD_LABELS: Record<Field, string> = {
  typeKey: "Asset type",
  assetId: "Asset",
  regionId: "Region",
  targetFactionId: "Target faction",
  targetAssetId: "Target asset",
  name: "Custom action",
};

/** The fields each action's options name, in the order a player chooses them. */
const FIELDS: Record<FactionActionName, Field[]> = {
  NONE: [],
  ATTACK: ["assetId", "targetFactionId", "targetAssetId"],
  BUY_ASSET: ["typeKey", "regionId"],
  CHANGE_HOME: ["regionId"],
  EXPAND_INFLUENCE: ["regionId"],
  REFIT_ASSET: ["assetId", "typeKey"],
  REPAIR_ASSET: ["assetId"],
  SELL_ASSET: ["assetId"],
  SEIZE_REGION: ["regionId"],
  USE_ASSET_ABILITY: ["assetId"],
  CUSTOM_ACTION: ["name"],
};

export type Choice = Partial<Record<Field, string>>;
/** The value a select holds for an option whose field is null (a repair of the faction itself). */
export const NONE_VALUE = "";

export function fieldsOf(kind: FactionActionName): Field[] {
  return FIELDS[kind];
}

export function kindsIn(options: readonly FactionOption[]): FactionActionName[] {
  // A GM-made custom action is offered where the preview offers it (to the GM, who orders it: issue 28).
  const present = new Set(options.map((o) => o.kind));
  return (Object.keys(KIND_LABELS) as FactionActionName[]).filter((k) => present.has(k));
}

function matches(option: FactionOption, choice: Choice, fields: readonly Field[]): boolean {
  return fields.every((f) => choice[f] === undefined || (option[f] ?? NONE_VALUE) === choice[f]);
}

/** The values the field may take, given the choices made in the fields before it. */
export function valuesFor(options: readonly FactionOption[], kind: FactionActionName, field: Field, choice: Choice): string[] {
  const fields = FIELDS[kind];
  const before = fields.slice(0, fields.indexOf(field));
  const values = options.filter((o) => o.kind === kind && matches(o, choice, before)).map((o) => o[field] ?? NONE_VALUE);
  return [...new Set(values)];
}

/** A choice completed: each field kept when still possible, else the first value left. */
export function settle(options: readonly FactionOption[], kind: FactionActionName, choice: Choice): Choice {
  const settled: Choice = {};
  for (const field of FIELDS[kind]) {
    const values = valuesFor(options, kind, field, settled);
    const wanted = choice[field];
    settled[field] = wanted !== undefined && values.includes(wanted) ? wanted : values[0];
  }
  return settled;
}

export function optionFor(options: readonly FactionOption[], kind: FactionActionName, choice: Choice): FactionOption | null {
  return options.find((o) => o.kind === kind && matches(o, choice, FIELDS[kind])) ?? null;
}

/** The typed @oneOf action an option stands for; `hp` sizes an Expand Influence (1 FacGold per HP, seed 002). */
export function actionInput(option: FactionOption, hp = 1): FactionActionInput | null {
  const region = option.regionId ?? "";
  const asset = option.assetId ?? "";
  switch (option.kind) {
    case "ATTACK":
      return { attack: { strikes: [{ attackerId: asset, targetFactionId: option.targetFactionId ?? "", targetAssetId: option.targetAssetId ?? "" }] } };
    case "BUY_ASSET":
      return { buyAsset: { typeKey: option.typeKey ?? "", regionId: region } };
    case "CHANGE_HOME":
      return { changeHome: { regionId: region } };
    case "EXPAND_INFLUENCE":
      return { expandInfluence: { regionId: region, hp } };
    case "REFIT_ASSET":
      return { refitAsset: { assetId: asset, typeKey: option.typeKey ?? "" } };
    case "REPAIR_ASSET":
      return option.assetId ? { repairAsset: { assets: [{ assetId: option.assetId, steps: 1 }] } } : { repairAsset: { faction: true } };
    case "SELL_ASSET":
      return { sellAsset: { assetId: asset } };
    case "SEIZE_REGION":
      return { seizeRegion: { regionId: region } };
    case "USE_ASSET_ABILITY":
      return { useAssetAbility: { uses: [{ assetId: asset, regionId: option.regionId }] } };
    case "CUSTOM_ACTION":
      return { customAction: { name: option.name ?? "", turns: 1, costPerTurn: option.cost ?? 0 } };
    case "NONE":
      return null;
  }
}

/** The price shown: the option's FacGold, an expansion's per HP; null when the dice or the check decide it. */
export function priceOf(option: FactionOption | null, hp = 1): number | null {
  if (!option || option.cost === null || option.cost === undefined) return null;
  return option.kind === "EXPAND_INFLUENCE" ? option.cost * hp : option.cost;
}
