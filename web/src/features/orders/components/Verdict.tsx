// The server's verdict on an order: before submitting, the preview's (the submission check run on it);
// after, a refusal the server gave, with the rule it cites (role=alert).
import { inPlayersWords, type Refusal } from "../lib/refusal";

/** The rule, cited after the reason unless the reason already names it (the checks' messages often do). */
export function citedRule(reason: string | null | undefined, rule: string | null | undefined): string | null {
  return rule && !(reason ?? "").includes(rule) ? rule : null;
}

export function Verdict({ allowed, reason, rule, testId, what = "this order" }: {
  allowed: boolean; reason?: string | null; rule?: string | null; testId: string; what?: string;
}) {
  const words = reason ? inPlayersWords(reason, rule) : "refused";
  return (
    <p className={allowed ? "verdict ok" : "verdict refused"} data-testid={testId} aria-live="polite">
      {allowed ? `The server's checks accept ${what} now.` : <>The server's checks would refuse it: {words}{citedRule(words, rule) ? <> (<cite>{rule}</cite>)</> : null}</>}
    </p>
  );
}

export function RefusalAlert({ refusal, testId }: { refusal: Refusal | null; testId: string }) {
  if (!refusal) return null;
  return (
    <div role="alert" className="refusal" data-testid={testId}>
      <strong>Refused by the server:</strong> {refusal.message}
      {refusal.rule ? <> — rule: <cite data-testid={`${testId}-rule`}>{refusal.rule}</cite></> : null}
    </div>
  );
}
