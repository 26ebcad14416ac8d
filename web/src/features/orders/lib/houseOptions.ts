// The house form's choices, read from housePreview: the fifteen actions of seed 000 (Taking Action), each with
// the targets it could name, its cost at the house's rank, what it dedicates, and whether its requirements are met.
import type { HouseActionName, HouseOrderInput, HousePreviewQuery, OrdersFrameQuery } from "../../../graphql/generated";
import { nameOf, type Names } from "./names";

export type HouseOption = HousePreviewQuery["housePreview"][number];
/** What a house holds, as the orders frame reads it (null where the seat may not see it). */
export type HouseHolding = Pick<NonNullable<OrdersFrameQuery["campaign"]>["houses"][number],
  "gold" | "influence" | "power" | "availableInfluence" | "availablePower">;
export const WEEKS = [1, 2, 3, 4] as const;

/** "PUBLIC_RELATIONS_CAMPAIGN" → "Public Relations Campaign", as seed 000 writes it. */
export function actionLabel(action: string): string {
  return action.toLowerCase().split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

export function actionsIn(options: readonly HouseOption[]): HouseActionName[] {
  return [...new Set(options.map((o) => o.action))];
}

/** The option standing for an action in the table: the first allowed, else the first. */
export function leading(options: readonly HouseOption[], action: HouseActionName): HouseOption | null {
  const of = options.filter((o) => o.action === action);
  return of.find((o) => o.allowed) ?? of[0] ?? null;
}

export function targetKey(o: HouseOption): string {
  return JSON.stringify([o.targetHouseId, o.targetCharacter, o.areaIds, o.toAreaId, o.coveredActionId]);
}

export function targetLabel(o: HouseOption, names: Names): string {
  const parts: string[] = [];
  if (o.targetCharacter) parts.push(`${o.targetCharacter} of ${nameOf(names.houses, o.targetHouseId)}`);
  else if (o.targetHouseId) parts.push(nameOf(names.houses, o.targetHouseId));
  if (o.areaIds.length) parts.push(o.areaIds.map((a) => nameOf(names.regions, a)).join(", "));
  if (o.toAreaId) parts.push(`to ${nameOf(names.regions, o.toAreaId)}`);
  if (o.coveredActionId) parts.push(`covering order ${o.coveredActionId.slice(0, 8)}`);
  if (o.power) parts.push(`${o.power} power`);
  return parts.join(" · ") || "The house itself";
}

export function orderInput(o: HouseOption, startWeek: number): HouseOrderInput {
  return {
    action: o.action,
    actor: o.actor,
    targetHouseId: o.targetHouseId,
    targetCharacter: o.targetCharacter,
    areaIds: [...o.areaIds],
    power: o.power,
    toAreaId: o.toAreaId,
    coveredActionId: o.coveredActionId,
    startWeek,
  };
}

export function costLine(o: HouseOption): string {
  return `${o.gold} gp; dedicates ${o.dedicatedInfluence} influence and ${o.dedicatedPower} power; ` +
    `requires ${o.influenceRequirement} influence and ${o.powerRequirement} power`;
}

/** "The house holds 20000 gp, 12000 influence (9000 free) and 300 power (300 free)", from what the seat may see. */
export function holdingLine(h: HouseHolding): string {
  const free = (all: number | null | undefined, left: number | null | undefined) =>
    left != null && left !== all ? ` (${left} free)` : "";
  return `The house holds ${h.gold ?? "?"} gp, ${h.influence ?? "?"} influence${free(h.influence, h.availableInfluence)}` +
    ` and ${h.power ?? "?"} power${free(h.power, h.availablePower)}.`;
}

/** The resources an order spends more than half of (gold; influence and power it dedicates, of what is free). */
export function heavySpend(o: HouseOption, h: HouseHolding): string[] {
  const over = (spent: number, held: number | null | undefined) => held != null && spent > 0 && spent * 2 > held;
  return [
    over(o.gold, h.gold) && "gold",
    over(o.dedicatedInfluence, h.availableInfluence ?? h.influence) && "influence",
    over(o.dedicatedPower, h.availablePower ?? h.power) && "power",
  ].filter((r): r is string => Boolean(r));
}
