// Words for a roll the rules ask the table for (issue 28): who rolls, which dice, what for, and the modifiers.
import type { TableDiceStepQuery } from "../../graphql/generated";

export type Step = TableDiceStepQuery["tableDiceStep"];
export type TableRoll = Step["entered"][number];

function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

/** "Empresses' Crows rolls 1d10 for the attack, +4 Cunning"; "2d10, keep the highest" for bonus dice. */
export function describeRoll(roll: TableRoll): string {
  const dice = roll.keepsHighest ? `${roll.count}d${roll.sides}, keep the highest` : roll.expression;
  const modifiers = roll.modifiers.map((m) => `${signed(m.value)} ${m.source}`).join(", ");
  return `${roll.roller} rolls ${dice} for ${roll.purpose || "a roll the rules need"}${modifiers ? `, ${modifiers}` : ""}`;
}
