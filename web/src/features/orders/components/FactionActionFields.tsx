// The turn's one action (seed 002, Faction Actions), each member of FactionActionInput: an Attack of several
// strikes, a Repair of several assets and steps, Use Asset Ability with its parameters, a GM-defined custom action,
// and the others chosen field by field. Every choice comes from factionPreview, refused ones with their reason.
import type { FactionActionName } from "../../../graphql/generated";
import type { FactionFacts } from "../lib/factionFacts";
import {
  FIELD_LABELS, KIND_LABELS, NONE_VALUE, fieldsOf, kindsIn, optionFor, settle, valuesFor, type Choice, type FactionOption,
  type Field,
} from "../lib/factionOptions";
import { NEW_USE, rowsWith, type TurnDraft } from "../lib/factionTurn";
import { nameOf, type Names } from "../lib/names";
import { AbilityUseRow } from "./AbilityUseRow";

type Props = { id: string; draft: TurnDraft; options: readonly FactionOption[]; facts: FactionFacts; names: Names; set: (next: TurnDraft) => void };

/** The input member each kind fills, and its fields' paths, for the data-field of each control. */
const MEMBER: Record<FactionActionName, string> = {
  NONE: "", ATTACK: "attack", BUY_ASSET: "buyAsset", CHANGE_HOME: "changeHome", EXPAND_INFLUENCE: "expandInfluence",
  REFIT_ASSET: "refitAsset", REPAIR_ASSET: "repairAsset", SELL_ASSET: "sellAsset", SEIZE_REGION: "seizeRegion",
  USE_ASSET_ABILITY: "useAssetAbility", CUSTOM_ACTION: "customAction",
};

/** An option's text: what it names, its price, and a refusal's reason, so nothing refused is offered silently. */
export function optionText(label: string, option: FactionOption | null): string {
  const price = option?.cost != null ? ` — ${option.cost} FacGold` : "";
  return `${label}${price}${option && !option.allowed ? ` — refused: ${option.reason ?? "refused"}` : ""}`;
}

function valueLabel(field: Field, value: string, names: Names, facts: FactionFacts): string {
  if (value === NONE_VALUE) return field === "assetId" ? "The faction itself" : "—";
  if (field === "regionId") return facts.regions.find((r) => r.id === value)?.label ?? nameOf(names.regions, value);
  if (field === "targetFactionId") return nameOf(names.factions, value);
  if (field === "assetId" || field === "targetAssetId") return nameOf(names.assets, value);
  if (field === "typeKey") {
    const row = facts.types.find((t) => t.key === value);
    return row ? `${row.name} (${row.attribute.charAt(0)}${row.attribute.slice(1).toLowerCase()} ${row.rating})` : value;
  }
  return value;
}

const GROUPS = ["FORCE", "CUNNING", "WEALTH"] as const;

function ChainedSelect({ id, draft, options, facts, names, set, field }: Props & { field: Field }) {
  const choice = settle(options, draft.kind, draft.choice);
  const values = valuesFor(options, draft.kind, field, choice);
  const text = (v: string) => optionText(valueLabel(field, v, names, facts), optionFor(options, draft.kind, settle(options, draft.kind, { ...choice, [field]: v })));
  const entry = (v: string) => <option key={v} value={v}>{text(v)}</option>;
  const grouped = field === "typeKey" && values.every((v) => facts.types.some((t) => t.key === v));
  return (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{FIELD_LABELS[field]}</label>
      <select id={`${id}-${field}`} data-field={`orders.action.${MEMBER[draft.kind]}.${field}`} value={choice[field] ?? NONE_VALUE}
              onChange={(e) => set({ ...draft, choice: { ...choice, [field]: e.target.value } as Choice })}>
        {grouped ? GROUPS.map((g) => {
          const inGroup = values.filter((v) => facts.types.find((t) => t.key === v)?.attribute === g);
          return inGroup.length ? <optgroup key={g} label={g.charAt(0) + g.slice(1).toLowerCase()}>{inGroup.map(entry)}</optgroup> : null;
        }) : values.map(entry)}
      </select>
    </div>
  );
}

function Strikes({ id, draft, options, names, set }: Props) {
  const attacks = options.filter((o) => o.kind === "ATTACK");
  const attackers = [...new Set(attacks.map((o) => o.assetId ?? ""))];
  const targetsOf = (attacker: string) => attacks.filter((o) => o.assetId === attacker);
  const key = (o: { targetFactionId?: string | null; targetAssetId?: string | null }) => `${o.targetFactionId ?? ""}|${o.targetAssetId ?? ""}`;
  const firstTarget = (attacker: string) => targetsOf(attacker).find((o) => o.allowed) ?? targetsOf(attacker)[0];
  function strikeFor(attacker: string) {
    const t = firstTarget(attacker);
    return { attackerId: attacker, targetFactionId: t?.targetFactionId ?? "", targetAssetId: t?.targetAssetId ?? "" };
  }
  const canStrike = (a: string) => targetsOf(a).some((o) => o.allowed);
  const free = attackers.filter((a) => !draft.strikes.some((s) => s.attackerId === a));
  const unused = free.find(canStrike) ?? free[0] ?? attackers[0];
  // An asset with no target it may strike is offered with the reason (its first refusal), never silently.
  const attackerText = (a: string) => optionText(nameOf(names.assets, a), targetsOf(a).find((o) => o.allowed) ?? targetsOf(a)[0] ?? null);
  const path = "orders.action.attack.strikes";
  return (
    <>
      {draft.strikes.map((strike, i) => {
        const chosen = attacks.find((o) => o.assetId === strike.attackerId && key(o) === key(strike)) ?? null;
        return (
          <fieldset className="row" key={i} data-testid="faction-strike">
            <legend>Strike {i + 1}</legend>
            <div className="field">
              <label htmlFor={`${id}-strike${i}-attacker`}>Attacking asset</label>
              <select id={`${id}-strike${i}-attacker`} data-field={`${path}.attackerId`} value={strike.attackerId}
                      onChange={(e) => set({ ...draft, strikes: rowsWith(draft.strikes, i, strikeFor(e.target.value)) })}>
                {attackers.map((a) => <option key={a} value={a}>{attackerText(a)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-strike${i}-target`}>Defender it strikes</label>
              <select id={`${id}-strike${i}-target`} data-field={`${path}.targetFactionId ${path}.targetAssetId`} value={key(strike)}
                      onChange={(e) => {
                        const [targetFactionId, targetAssetId] = e.target.value.split("|");
                        set({ ...draft, strikes: rowsWith(draft.strikes, i, { ...strike, targetFactionId, targetAssetId }) });
                      }}>
                {targetsOf(strike.attackerId).map((o) => (
                  <option key={key(o)} value={key(o)}>{optionText(nameOf(names.assets, o.targetAssetId), o)}</option>
                ))}
              </select>
            </div>
            {chosen && !chosen.allowed && <p className="hint">Refused: {chosen.reason}</p>}
            <button type="button" onClick={() => set({ ...draft, strikes: rowsWith(draft.strikes, i, null) })}>Remove strike {i + 1}</button>
          </fieldset>
        );
      })}
      {unused !== undefined && (
        <button type="button" data-adds={path} onClick={() => set({ ...draft, strikes: [...draft.strikes, strikeFor(unused)] })}>Add a strike</button>
      )}
    </>
  );
}

function Repairs({ id, draft, options, names, set }: Props) {
  const repairs = options.filter((o) => o.kind === "REPAIR_ASSET");
  const assets = repairs.filter((o) => o.assetId);
  const itself = repairs.find((o) => !o.assetId) ?? null;
  const path = "orders.action.repairAsset";
  return (
    <>
      {draft.repairs.map((step, i) => (
        <fieldset className="row" key={i}>
          <legend>Repair {i + 1}</legend>
          <div className="field">
            <label htmlFor={`${id}-repair${i}-asset`}>Asset to repair</label>
            <select id={`${id}-repair${i}-asset`} data-field={`${path}.assets.assetId`} value={step.assetId}
                    onChange={(e) => set({ ...draft, repairs: rowsWith(draft.repairs, i, { ...step, assetId: e.target.value }) })}>
              {assets.map((o) => <option key={o.assetId} value={o.assetId ?? ""}>{optionText(`${nameOf(names.assets, o.assetId)}, a step`, o)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-repair${i}-steps`}>Repair steps</label>
            <input id={`${id}-repair${i}-steps`} data-field={`${path}.assets.steps`} type="number" min={1} value={step.steps ?? 1}
                   onChange={(e) => set({ ...draft, repairs: rowsWith(draft.repairs, i, { ...step, steps: Math.max(1, Number(e.target.value) || 1) }) })} />
          </div>
          <button type="button" onClick={() => set({ ...draft, repairs: rowsWith(draft.repairs, i, null) })}>Remove repair {i + 1}</button>
        </fieldset>
      ))}
      {assets.length > 0 && (
        <button type="button" data-adds={`${path}.assets`} onClick={() => set({ ...draft, repairs: [...draft.repairs, { assetId: assets[0].assetId ?? "", steps: 1 }] })}>
          Add an asset to repair
        </button>
      )}
      <div className="field check">
        <input id={`${id}-repair-faction`} type="checkbox" data-field={`${path}.faction`} checked={draft.repairFaction}
               disabled={!itself} onChange={(e) => set({ ...draft, repairFaction: e.target.checked })} />
        <label htmlFor={`${id}-repair-faction`}>{itself ? optionText("Repair the faction itself", itself) : "Repair the faction itself (the preview offers it no repair)"}</label>
      </div>
    </>
  );
}

function Uses({ id, draft, options, facts, names, set }: Props) {
  const usable = options.filter((o) => o.kind === "USE_ASSET_ABILITY");
  const assets = [...new Map(usable.map((o) => [o.assetId ?? "", optionText(nameOf(names.assets, o.assetId), o)])).entries()].map(([i, label]) => ({ id: i, label }));
  const path = "orders.action.useAssetAbility.uses";
  return (
    <>
      {draft.uses.map((use, i) => (
        <AbilityUseRow key={i} id={`${id}-use${i}`} path={path} legend={`Ability use ${i + 1}`} use={use} assets={assets} facts={facts}
                       onChange={(row) => set({ ...draft, uses: rowsWith(draft.uses, i, row) })} />
      ))}
      {assets.length > 0 && (
        <button type="button" data-adds={path} onClick={() => {
          const first = usable[0];
          set({ ...draft, uses: [...draft.uses, { ...NEW_USE, assetId: first.assetId ?? "", regionId: first.regionId ?? null }] });
        }}>Add an ability use</button>
      )}
    </>
  );
}

function Custom({ id, draft, options, set }: Props) {
  const custom = options.filter((o) => o.kind === "CUSTOM_ACTION");
  const path = "orders.action.customAction";
  const choose = (name: string) => set({ ...draft, custom: { name, turns: draft.custom.turns, costPerTurn: custom.find((o) => o.name === name)?.cost ?? 0 } });
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-custom`}>Custom action</label>
        <select id={`${id}-custom`} data-field={`${path}.name`} value={draft.custom.name} onChange={(e) => choose(e.target.value)}>
          <option value="" disabled>Choose one the GM defined…</option>
          {custom.map((o) => <option key={o.name} value={o.name ?? ""}>{optionText(o.name ?? "", o)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-turns`}>Turns it takes</label>
        <input id={`${id}-turns`} data-field={`${path}.turns`} type="number" min={1} value={draft.custom.turns}
               onChange={(e) => set({ ...draft, custom: { ...draft.custom, turns: Math.max(1, Number(e.target.value) || 1) } })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-cost`}>FacGold each turn</label>
        <input id={`${id}-cost`} data-field={`${path}.costPerTurn`} type="number" min={0} value={draft.custom.costPerTurn}
               onChange={(e) => set({ ...draft, custom: { ...draft.custom, costPerTurn: Math.max(0, Number(e.target.value) || 0) } })} />
      </div>
    </>
  );
}

/** A listed kind starts with one row, from the first option the preview allows (else its first): choosing
 * "Attack" starts with a strike, as choosing "Buy Asset" starts with an asset type. */
function firstRows(kind: FactionActionName, options: readonly FactionOption[]): Partial<TurnDraft> {
  const of = options.filter((o) => o.kind === kind);
  const first = of.find((o) => o.allowed) ?? of[0];
  const rows: Partial<TurnDraft> = { strikes: [], repairs: [], repairFaction: false, uses: [], custom: { name: "", turns: 1, costPerTurn: 0 } };
  if (!first) return rows;
  if (kind === "ATTACK") rows.strikes = [{ attackerId: first.assetId ?? "", targetFactionId: first.targetFactionId ?? "", targetAssetId: first.targetAssetId ?? "" }];
  if (kind === "REPAIR_ASSET" && first.assetId) rows.repairs = [{ assetId: first.assetId, steps: 1 }];
  if (kind === "REPAIR_ASSET" && !first.assetId) rows.repairFaction = true;
  if (kind === "USE_ASSET_ABILITY") rows.uses = [{ ...NEW_USE, assetId: first.assetId ?? "", regionId: first.regionId ?? null }];
  if (kind === "CUSTOM_ACTION") rows.custom = { name: first.name ?? "", turns: 1, costPerTurn: first.cost ?? 0 };
  return rows;
}

export function FactionActionFields(props: Props) {
  const { id, draft, options, facts, set } = props;
  const kinds = kindsIn(options);
  function chooseKind(kind: FactionActionName) {
    set({ ...draft, ...firstRows(kind, options), kind, choice: {}, forAssetId: null });
  }
  const choice = settle(options, draft.kind, draft.choice);
  return (
    <fieldset className="part" data-testid="faction-action">
      <legend>The action</legend>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Action</label>
        <select id={`${id}-kind`} data-field="orders.action" value={draft.kind} onChange={(e) => chooseKind(e.target.value as FactionActionName)}>
          <option value="NONE">No action this turn</option>
          {kinds.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </select>
      </div>
      {draft.kind === "ATTACK" && <Strikes {...props} />}
      {draft.kind === "REPAIR_ASSET" && <Repairs {...props} />}
      {draft.kind === "USE_ASSET_ABILITY" && <Uses {...props} />}
      {draft.kind === "CUSTOM_ACTION" && <Custom {...props} />}
      {!["NONE", "ATTACK", "REPAIR_ASSET", "USE_ASSET_ABILITY", "CUSTOM_ACTION"].includes(draft.kind) &&
        fieldsOf(draft.kind).map((field) => <ChainedSelect key={field} {...props} field={field} />)}
      {draft.kind === "BUY_ASSET" && choice.typeKey === "stealth" && (
        <div className="field">
          <label htmlFor={`${id}-for`}>Special Forces asset it is for</label>
          <select id={`${id}-for`} data-field="orders.action.buyAsset.forAssetId" value={draft.forAssetId ?? ""} onChange={(e) => set({ ...draft, forAssetId: e.target.value || null })}>
            <option value="">Choose an asset…</option>
            {facts.assets.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </select>
        </div>
      )}
      {draft.kind === "EXPAND_INFLUENCE" && (
        <div className="field">
          <label htmlFor={`${id}-hp`}>HP of the new Base of Influence</label>
          <input id={`${id}-hp`} data-field="orders.action.expandInfluence.hp" type="number" min={1} value={draft.hp}
                 onChange={(e) => set({ ...draft, hp: Math.max(1, Number(e.target.value) || 1) })} />
        </div>
      )}
    </fieldset>
  );
}
