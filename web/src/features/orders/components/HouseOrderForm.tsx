// A house's action for the open phase (seed 000, Taking Action): who leads it, which of the fifteen, against
// what, and in which week of the month; its cost at the house's rank beside what the house holds, and its
// requirements, met or not and why. An order that spends more than half of a resource is asked about first.
import { useId, useState, type FormEvent } from "react";
import type { HouseActionName, HouseOrderInput } from "../../../graphql/generated";
import { WEEKS, actionLabel, actionsIn, costLine, heavySpend, holdingLine, orderInput, targetKey, targetLabel,
  type HouseHolding, type HouseOption } from "../lib/houseOptions";
import type { Names } from "../lib/names";
import type { Refusal } from "../lib/refusal";
import { NarrativeField } from "./NarrativeField";
import { RefusalAlert, Verdict } from "./Verdict";

/** The pending action being amended: its id, its action as seed 000 names it, and its week of the month. */
export type Amending = { id: string; action: string; week: number; narrative?: string };

type Props = {
  options: readonly HouseOption[];
  /** What the house holds now; null when the seat may not see it. */
  holding: HouseHolding | null;
  actors: readonly string[];
  actor: string;
  onActor: (actor: string) => void;
  names: Names;
  refusal: Refusal | null;
  busy: boolean;
  /** The pending action being amended; null for a new order. */
  amending: Amending | null;
  onSubmit: (order: HouseOrderInput) => void;
  onCancel: () => void;
};

/** The amended order's action, when it is one of the fifteen ("Intelligence Gathering" → INTELLIGENCE_GATHERING);
 * a new order starts with none: a default spent a house's treasury in one click (issue 28, item 2). */
function initialAction(amending: Amending | null, options: readonly HouseOption[]): HouseActionName | "" {
  const key = amending?.action.toUpperCase().replace(/ /g, "_");
  return options.find((o) => o.action === key)?.action ?? "";
}

/** A refused option the server priced at nothing (its target dead, gone): its cost would mislead, the refusal tells. */
function unpriced(o: HouseOption): boolean {
  return !o.allowed && o.gold === 0 && o.dedicatedInfluence === 0 && o.dedicatedPower === 0;
}

export function HouseOrderForm({ options, holding, actors, actor, onActor, names, refusal, busy, amending, onSubmit, onCancel }: Props) {
  const id = useId();
  const actions = actionsIn(options);
  const [action, setAction] = useState<HouseActionName | "">(() => initialAction(amending, options));
  const [target, setTarget] = useState("");
  const [week, setWeek] = useState(amending?.week ?? 1);
  const [asking, setAsking] = useState<string[]>([]);
  const [narrative, setNarrative] = useState(amending?.narrative ?? "");
  const [cleared, setCleared] = useState(false);
  const chosen = action;
  const candidates = options.filter((o) => o.action === chosen);
  // No target chosen yet: the first the preview allows, else the first (seed 000: a dead character cannot be targeted).
  const option = candidates.find((o) => targetKey(o) === target) ?? candidates.find((o) => o.allowed) ?? candidates[0] ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!option) return;
    const heavy = holding ? heavySpend(option, holding) : [];
    if (heavy.length && !asking.length) return setAsking(heavy);
    setAsking([]);
    onSubmit({ ...orderInput(option, week), narrative });
  }

  /** A change of the order; a narrative written for the order it replaces is cleared and asked again (issue 28). */
  function choose(change: () => void) {
    change();
    setAsking([]);
    if (narrative) {
      setNarrative("");
      setCleared(true);
    }
  }

  return (
    <form className="order-form" aria-label="House orders" data-testid="house-order-form" onSubmit={submit}>
      {amending && <p className="hint" data-testid="house-amending">Amending the order of {amending.action}.</p>}
      <div className="field">
        <label htmlFor={`${id}-actor`}>Led by</label>
        <select id={`${id}-actor`} value={actor} onChange={(e) => onActor(e.target.value)}>
          {actors.map((a) => <option key={a} value={a}>{a}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-action`}>House action</label>
        <select id={`${id}-action`} value={chosen} onChange={(e) => choose(() => { setAction(e.target.value as HouseActionName); setTarget(""); })}>
          <option value="" disabled>Choose an action…</option>
          {actions.map((a) => <option key={a} value={a}>{actionLabel(a)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-target`}>Target</label>
        <select id={`${id}-target`} value={option ? targetKey(option) : ""} onChange={(e) => choose(() => setTarget(e.target.value))}>
          {candidates.map((o) => <option key={targetKey(o)} value={targetKey(o)}>{targetLabel(o, names)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-week`}>Starts in week</label>
        <select id={`${id}-week`} value={week} onChange={(e) => setWeek(Number(e.target.value))}>
          {WEEKS.map((w) => <option key={w} value={w}>Week {w} of the month</option>)}
        </select>
      </div>
      {holding && <p className="hint" data-testid="house-holding">{holdingLine(holding)}</p>}
      {option && (
        <>
          {!unpriced(option) && <p className="price" data-testid="house-cost">Cost at this rank: <strong>{costLine(option)}</strong></p>}
          <Verdict allowed={option.allowed} reason={option.reason} rule={option.rule} testId="house-verdict" />
        </>
      )}
      <NarrativeField id={`${id}-narrative`} value={narrative} onChange={(t) => { setCleared(false); setNarrative(t); }}
                      cleared={cleared} testId="house-narrative-cleared" />
      <RefusalAlert refusal={refusal} testId="house-refusal" />
      {asking.length > 0 && (
        <div role="alert" className="hint" data-testid="house-confirm">
          This order spends more than half of the house's {asking.join(" and ")}. Order it all the same?
          <div className="buttons">
            <button type="submit" disabled={busy}>Yes, spend it</button>
            <button type="button" onClick={() => setAsking([])}>Not yet</button>
          </div>
        </div>
      )}
      <div className="buttons">
        <button type="submit" disabled={busy || !option || asking.length > 0}>{amending ? "Amend the house action" : "Order the house action"}</button>
        {amending && <button type="button" onClick={onCancel}>Cancel the amendment</button>}
      </div>
    </form>
  );
}
