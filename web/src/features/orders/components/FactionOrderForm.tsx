// A faction's orders for the open phase (seed 002, Faction Actions): one action, chosen field by field from
// factionPreview's options, with its price and the verdict the submission check gives, then the narrative.
import { useId, useMemo, useState, type FormEvent } from "react";
import type { FactionActionName, FactionOrdersInput } from "../../../graphql/generated";
import {
  FIELD_LABELS,
  KIND_LABELS,
  NONE_VALUE,
  actionInput,
  fieldsOf,
  kindsIn,
  optionFor,
  priceOf,
  settle,
  valuesFor,
  type Choice,
  type FactionOption,
  type Field,
} from "../lib/factionOptions";
import { nameOf, type Names } from "../lib/names";
import type { Refusal } from "../lib/refusal";
import { RefusalAlert, Verdict } from "./Verdict";

type Props = {
  options: readonly FactionOption[];
  facgoldAtAction: number;
  names: Names;
  refusal: Refusal | null;
  busy: boolean;
  submitted: boolean;
  onSubmit: (orders: FactionOrdersInput) => void;
};

function label(field: Field, value: string, names: Names): string {
  if (value === NONE_VALUE) return field === "assetId" ? "The faction itself" : "—";
  if (field === "regionId") return nameOf(names.regions, value);
  if (field === "targetFactionId") return nameOf(names.factions, value);
  if (field === "assetId" || field === "targetAssetId") return nameOf(names.assets, value);
  if (field === "typeKey") return names.types.get(value) ?? value;
  return value;
}

export function FactionOrderForm({ options, facgoldAtAction, names, refusal, busy, submitted, onSubmit }: Props) {
  const id = useId();
  const kinds = useMemo(() => kindsIn(options), [options]);
  const [kind, setKind] = useState<FactionActionName>("NONE");
  const [wanted, setWanted] = useState<Choice>({});
  const [hp, setHp] = useState(1);
  const [narrative, setNarrative] = useState("");
  const choice = settle(options, kind, wanted);
  const option = kind === "NONE" ? null : optionFor(options, kind, choice);
  const price = priceOf(option, hp);

  function submit(event: FormEvent) {
    event.preventDefault();
    const action = option ? actionInput(option, hp) : null;
    onSubmit({ action, narrative });
  }

  return (
    <form className="order-form" aria-label="Faction orders" data-testid="faction-order-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Action</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => { setKind(e.target.value as FactionActionName); setWanted({}); }}>
          <option value="NONE">No action this turn</option>
          {kinds.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </select>
      </div>
      {kind !== "NONE" && fieldsOf(kind).map((field) => {
        const values = valuesFor(options, kind, field, choice);
        return (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{FIELD_LABELS[field]}</label>
            <select id={`${id}-${field}`} value={choice[field] ?? NONE_VALUE}
                    onChange={(e) => setWanted({ ...choice, [field]: e.target.value })}>
              {values.map((v) => <option key={v} value={v}>{label(field, v, names)}</option>)}
            </select>
          </div>
        );
      })}
      {kind === "EXPAND_INFLUENCE" && (
        <div className="field">
          <label htmlFor={`${id}-hp`}>HP of the new Base of Influence</label>
          <input id={`${id}-hp`} type="number" min={1} value={hp} onChange={(e) => setHp(Math.max(1, Number(e.target.value) || 1))} />
        </div>
      )}
      <p className="price" data-testid="faction-price">
        {kind === "NONE" ? "No action: nothing to pay." :
          price === null ? (kind === "SELL_ASSET" ? "Price: nothing to pay (a sale)." : "Price: decided by the dice at resolution.") : <>Price: <strong>{price} FacGold</strong></>}
        {" "}(FacGold at its action: {facgoldAtAction})
      </p>
      {option && <Verdict allowed={option.allowed} reason={option.reason} rule={option.rule} testId="faction-verdict" />}
      {kind === "EXPAND_INFLUENCE" && hp > 1 && <p className="hint">The verdict is the check's on 1 HP; each HP costs 1 FacGold more.</p>}
      <div className="field">
        <label htmlFor={`${id}-narrative`}>Narrative (the player's own words)</label>
        <textarea id={`${id}-narrative`} rows={2} value={narrative} onChange={(e) => setNarrative(e.target.value)} />
      </div>
      <RefusalAlert refusal={refusal} testId="faction-refusal" />
      <button type="submit" disabled={busy}>{submitted ? "Replace the submitted faction orders" : "Submit faction orders"}</button>
    </form>
  );
}
