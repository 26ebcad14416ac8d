// A refusal the server gave a mutation: its message and the rule it cites (extensions.rule, seed and section).
import type { CombinedError } from "urql";

export type Refusal = { message: string; rule: string | null };

export function refusalOf(error: CombinedError | undefined): Refusal | null {
  if (!error) return null;
  const first = error.graphQLErrors[0];
  if (!first) return { message: error.message, rule: null };
  const rule = first.extensions?.rule;
  return { message: first.message, rule: typeof rule === "string" ? rule : null };
}
