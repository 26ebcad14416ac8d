// A player's phase report in words (issue 18): each roll once, the ledger's action ids as the actions' names, and
// amounts with thousand separators, as the standings show them.
import type { OwnPhaseReportQuery } from "../../graphql/generated";

type Report = OwnPhaseReportQuery["phaseReport"];
export type ReportRoll = Report["rolls"][number];

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** 14000 → "14,000". */
export function amount(value: number): string {
  return value.toLocaleString("en-US");
}

function sameRoll(a: ReportRoll, b: ReportRoll): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The report's rolls that no order already shows (an order's rolls are in the report's list too). */
export function otherRolls(report: Report): ReportRoll[] {
  const shown = report.orders.flatMap((o) => o.rolls);
  return report.rolls.filter((r) => !shown.some((s) => sameRoll(r, s)));
}

/** "Assassination 2d6ed436-…" → "Assassination" (or "Assassination against House Droste" when one order of that
 * name targets a house whose name is known): an action's id means nothing to a player. */
export function ledgerReason(reason: string, report: Report, known: ReadonlyMap<string, string>): string {
  if (!reason.match(UUID)) return reason;
  const words = reason.replace(UUID, (id) => known.get(id) ?? "").replace(/\s+/g, " ").replace(/\s+([:;,.])/g, "$1").trim();
  const orders = report.orders.filter((o) => words.startsWith(o.action));
  const target = orders.length === 1 && orders[0].targetId ? known.get(orders[0].targetId) : undefined;
  return target && !words.includes(target) ? `${words} against ${target}` : words;
}
