// A faction's whole turn for the open phase (seed 002, The Faction Turn; issue 28): the action, chosen from
// factionPreview's options with its price and verdict, and everything else FactionOrdersInput accepts, each part
// with the submission check's verdict (`factionOrdersCheck`) before submitting; then the narrative.
import { useEffect, useId, useState, type FormEvent } from "react";
import type { FactionOrdersInput } from "../../../graphql/generated";
import type { FactionFacts } from "../lib/factionFacts";
import { optionFor, priceOf, settle, type FactionOption } from "../lib/factionOptions";
import { EMPTY_TURN, changed, isListed, ordersInput, type Part, type TurnDraft } from "../lib/factionTurn";
import type { Names } from "../lib/names";
import type { Refusal } from "../lib/refusal";
import { FactionActionFields } from "./FactionActionFields";
import { FactionTurnFields, type PartVerdict } from "./FactionTurnFields";
import { NarrativeField } from "./NarrativeField";
import { RefusalAlert, Verdict } from "./Verdict";

/** The check's verdicts, and `key`: the whole orders they were given for (JSON), so a stale one is never shown. */
export type Verdicts = Partial<Record<Part | "whole", PartVerdict>> & { key?: string };

type Props = {
  options: readonly FactionOption[];
  facgoldAtAction: number;
  names: Names;
  facts: FactionFacts;
  /** The submission check's verdicts on the draft as last sent by `onDraft`: whole, and part by part. */
  verdicts: Verdicts;
  /** Each goal's verdict as the faction's only order, by GoalKey: a refused goal is offered with its reason. */
  goalVerdicts?: Record<string, PartVerdict>;
  onDraft?: (draft: TurnDraft) => void;
  refusal: Refusal | null;
  busy: boolean;
  submitted: boolean;
  onSubmit: (orders: FactionOrdersInput) => void;
};

function priceLine(draft: TurnDraft, option: FactionOption | null): string {
  if (draft.kind === "NONE") return "No action: nothing to pay.";
  if (draft.kind === "ATTACK") return "Price: nothing in FacGold; the dice decide the damage.";
  if (draft.kind === "REPAIR_ASSET") return "Price: each repair step as the preview prices it (shown beside each asset).";
  if (draft.kind === "USE_ASSET_ABILITY") return "Price: as each ability states (seed 002); the verdict below says whether it can be paid.";
  if (draft.kind === "CUSTOM_ACTION") return `Price: ${draft.custom.costPerTurn} FacGold each turn, for ${draft.custom.turns} turn(s).`;
  const price = priceOf(option, draft.hp);
  if (price === null) return draft.kind === "SELL_ASSET" ? "Price: nothing to pay (a sale)." : "Price: decided by the dice at resolution.";
  return `Price: ${price} FacGold`;
}

export function FactionOrderForm({ options, facgoldAtAction, names, facts, verdicts, goalVerdicts = {}, onDraft, refusal, busy, submitted, onSubmit }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<TurnDraft>(EMPTY_TURN);
  const [cleared, setCleared] = useState(false);
  const option = draft.kind === "NONE" || isListed(draft.kind) ? null : optionFor(options, draft.kind, settle(options, draft.kind, draft.choice));

  useEffect(() => {
    if (!onDraft) return;
    const timer = setTimeout(() => onDraft(draft), 200); // one check per pause in typing, not per keystroke
    return () => clearTimeout(timer);
  }, [draft, onDraft]);

  function set(next: TurnDraft) {
    const result = changed(draft, next, options);
    setDraft(result.draft);
    if (result.cleared) setCleared(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(ordersInput(draft, options));
  }

  const fresh: Verdicts = verdicts.key === undefined || verdicts.key === JSON.stringify(ordersInput(draft, options)) ? verdicts : {};
  const whole = fresh.whole;
  const part = fresh.action;
  return (
    <form className="order-form" aria-label="Faction orders" data-testid="faction-order-form" onSubmit={submit}>
      <FactionActionFields id={id} draft={draft} options={options} facts={facts} names={names} set={set} />
      <p className="price" data-testid="faction-price">
        {priceLine(draft, option)} (FacGold at its action: {facgoldAtAction})
      </p>
      {option ? (
        <Verdict allowed={option.allowed} reason={option.reason} rule={option.rule} testId="faction-verdict" />
      ) : part ? (
        <Verdict allowed={part.allowed} reason={part.reason} rule={part.rule} testId="faction-verdict" what="this action" />
      ) : null}
      {draft.kind === "EXPAND_INFLUENCE" && draft.hp > 1 && <p className="hint">The verdict is the check's on 1 HP; each HP costs 1 FacGold more.</p>}
      <FactionTurnFields id={id} draft={draft} facts={facts} verdicts={fresh} goalVerdicts={goalVerdicts} set={set} />
      <NarrativeField id={`${id}-narrative`} field="orders.narrative" value={draft.narrative} cleared={cleared}
                      onChange={(t) => { setCleared(false); setDraft({ ...draft, narrative: t }); }} testId="faction-narrative-cleared" />
      {whole && <Verdict allowed={whole.allowed} reason={whole.reason} rule={whole.rule} testId="faction-orders-verdict" what="these orders, whole," />}
      <RefusalAlert refusal={refusal} testId="faction-refusal" />
      <button type="submit" disabled={busy}>{submitted ? "Replace the submitted faction orders" : "Submit faction orders"}</button>
    </form>
  );
}
