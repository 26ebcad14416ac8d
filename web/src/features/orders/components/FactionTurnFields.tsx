// The rest of a faction's turn (seed 002, The Faction Turn): a goal change, rating raises with XP, which asset
// defends where, answers to permissions, the Book of Secrets, allowed seizures, contested expansions, free ability
// uses and rerolls. Each part shows the submission check's own verdict on it (`factionOrdersCheck`).
import type { Attribute, BookChoice, GoalKey, PermissionAnswer } from "../../../graphql/generated";
import type { FactionFacts } from "../lib/factionFacts";
import { ATTRIBUTES, ATTRIBUTE_LABELS, NEW_USE, raiseCost, rowsWith, type Part, type TurnDraft } from "../lib/factionTurn";
import { inPlayersWords } from "../lib/refusal";
import { AbilityUseRow } from "./AbilityUseRow";
import { Verdict } from "./Verdict";

export type PartVerdict = { allowed: boolean; reason?: string | null; rule?: string | null } | null;
type Props = {
  id: string; draft: TurnDraft; facts: FactionFacts; verdicts: Partial<Record<Part, PartVerdict>>;
  goalVerdicts: Record<string, PartVerdict>; set: (next: TurnDraft) => void;
};

/** A goal's text: its name and difficulty, and the check's reason when it refuses the goal alone. */
function goalText(name: string, difficulty: string, verdict: PartVerdict | undefined): string {
  const refused = verdict && !verdict.allowed ? ` — refused: ${inPlayersWords(verdict.reason ?? "refused", verdict.rule)}` : "";
  return `${name} (difficulty ${difficulty})${refused}`;
}

const ANSWERS: Record<PermissionAnswer, string> = { GRANT: "Grant", BRIBE: "Grant for a bribe of FacGold", DENY: "Deny" };

function PartVerdictLine({ part, verdicts, what }: { part: Part; verdicts: Props["verdicts"]; what: string }) {
  const v = verdicts[part];
  return v ? <Verdict allowed={v.allowed} reason={v.reason} rule={v.rule} what={what} testId={`faction-verdict-${part}`} /> : null;
}

export function FactionTurnFields({ id, draft, facts, verdicts, goalVerdicts, set }: Props) {
  const goalKey = (draft.goal?.goal ?? "") as GoalKey | "";
  const toggle = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  const regionsHeld = [...new Set(facts.assets.map((a) => a.regionId))];
  return (
    <>
      <fieldset className="part">
        <legend>Goal</legend>
        <div className="field">
          <label htmlFor={`${id}-goal`}>Change the goal to</label>
          <select id={`${id}-goal`} data-field="orders.goal.goal" value={goalKey}
                  onChange={(e) => set({ ...draft, goal: e.target.value ? { goal: e.target.value as GoalKey, target: null } : null })}>
            <option value="">Keep the current goal</option>
            {facts.goals.map((g) => <option key={g.key} value={g.key.toUpperCase()}>{goalText(g.name, g.difficulty, goalVerdicts[g.key.toUpperCase()])}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-goal-target`}>The goal's target</label>
          <select id={`${id}-goal-target`} data-field="orders.goal.target" value={draft.goal?.target ?? ""}
                  disabled={!draft.goal}
                  onChange={(e) => draft.goal && set({ ...draft, goal: { ...draft.goal, target: e.target.value || null } })}>
            <option value="">None</option>
            <optgroup label="Rival factions">{facts.rivals.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}</optgroup>
            <optgroup label="Regions">{facts.regions.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}</optgroup>
          </select>
        </div>
        <p className="hint">Seed 002: a faction changing its goal gains no income and takes no action that turn.</p>
        <PartVerdictLine part="goal" verdicts={verdicts} what="this goal change" />
      </fieldset>

      <fieldset className="part" data-field="orders.raiseRatings">
        <legend>Raise ratings with XP (the faction holds {facts.xp ?? "?"} XP)</legend>
        {ATTRIBUTES.map((a: Attribute) => {
          const rating = facts.ratings[a];
          const cost = raiseCost(rating);
          return (
            <div className="field check" key={a}>
              <input id={`${id}-raise-${a}`} type="checkbox" data-field="orders.raiseRatings" checked={draft.raiseRatings.includes(a)}
                     disabled={cost === null} onChange={(e) => set({ ...draft, raiseRatings: toggle(draft.raiseRatings, a, e.target.checked) })} />
              <label htmlFor={`${id}-raise-${a}`}>
                Raise {ATTRIBUTE_LABELS[a]} {rating} → {rating + 1}{cost === null ? " (8 is the highest rating)" : `: ${cost} XP`}
              </label>
            </div>
          );
        })}
        <PartVerdictLine part="raiseRatings" verdicts={verdicts} what="these raises" />
      </fieldset>

      <fieldset className="part">
        <legend>Defences: which asset defends where</legend>
        {draft.defences.map((d, i) => (
          <fieldset className="row" key={i} data-testid="faction-defence">
            <legend>Defence {i + 1}</legend>
            <div className="field">
              <label htmlFor={`${id}-def${i}-region`}>Region defended</label>
              <select id={`${id}-def${i}-region`} data-field="orders.defences.regionId" value={d.regionId}
                      onChange={(e) => set({ ...draft, defences: rowsWith(draft.defences, i, { ...d, regionId: e.target.value, defenderId: null }) })}>
                {facts.regions.filter((r) => regionsHeld.includes(r.id)).map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-def${i}-asset`}>Defending asset</label>
              <select id={`${id}-def${i}-asset`} data-field="orders.defences.defenderId" value={d.defenderId ?? ""}
                      onChange={(e) => set({ ...draft, defences: rowsWith(draft.defences, i, { ...d, defenderId: e.target.value || null }) })}>
                <option value="">The check chooses</option>
                {facts.assets.filter((a) => a.regionId === d.regionId).map((a) => <option key={a.id} value={a.id}>{a.name} ({a.hp}/{a.maxHp} HP)</option>)}
              </select>
            </div>
            <div className="field check">
              <input id={`${id}-def${i}-absorb`} type="checkbox" data-field="orders.defences.baseAbsorbs" checked={d.baseAbsorbs ?? false}
                     onChange={(e) => set({ ...draft, defences: rowsWith(draft.defences, i, { ...d, baseAbsorbs: e.target.checked }) })} />
              <label htmlFor={`${id}-def${i}-absorb`}>The Base of Influence absorbs the damage</label>
            </div>
            <button type="button" onClick={() => set({ ...draft, defences: rowsWith(draft.defences, i, null) })}>Remove defence {i + 1}</button>
          </fieldset>
        ))}
        {regionsHeld.length > 0 && (
          <button type="button" data-adds="orders.defences" onClick={() => set({ ...draft, defences: [...draft.defences, { regionId: regionsHeld[0], defenderId: null, baseAbsorbs: false }] })}>
            Name a defender
          </button>
        )}
        <PartVerdictLine part="defences" verdicts={verdicts} what="these defences" />
      </fieldset>

      <fieldset className="part">
        <legend>Answers to permissions (as a Regional Government)</legend>
        {draft.permissions.map((p, i) => (
          <div className="field pair" key={i}>
            <label htmlFor={`${id}-perm${i}-faction`}>Faction asking</label>
            <select id={`${id}-perm${i}-faction`} data-field="orders.permissions.factionId" value={p.factionId}
                    onChange={(e) => set({ ...draft, permissions: rowsWith(draft.permissions, i, { ...p, factionId: e.target.value }) })}>
              {facts.rivals.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
            <label htmlFor={`${id}-perm${i}-answer`}>Answer</label>
            <select id={`${id}-perm${i}-answer`} data-field="orders.permissions.answer" value={p.answer ?? "BRIBE"}
                    onChange={(e) => set({ ...draft, permissions: rowsWith(draft.permissions, i, { ...p, answer: e.target.value as PermissionAnswer }) })}>
              {(Object.keys(ANSWERS) as PermissionAnswer[]).map((a) => <option key={a} value={a}>{ANSWERS[a]}</option>)}
            </select>
            <button type="button" onClick={() => set({ ...draft, permissions: rowsWith(draft.permissions, i, null) })}>Remove answer {i + 1}</button>
          </div>
        ))}
        {facts.rivals.length > 0 && (
          <button type="button" data-adds="orders.permissions" onClick={() => set({ ...draft, permissions: [...draft.permissions, { factionId: facts.rivals[0].id, answer: "BRIBE" }] })}>
            Answer a faction
          </button>
        )}
        <PartVerdictLine part="permissions" verdicts={verdicts} what="these answers" />
      </fieldset>

      <fieldset className="part">
        <legend>Seizures and expansions</legend>
        <p className="hint">Factions whose Seize Region this faction's assets do not oppose:</p>
        {facts.rivals.map((f) => (
          <div className="field check" key={f.id}>
            <input id={`${id}-seize-${f.id}`} type="checkbox" data-field="orders.allowSeizure" checked={draft.allowSeizure.includes(f.id)}
                   onChange={(e) => set({ ...draft, allowSeizure: toggle(draft.allowSeizure, f.id, e.target.checked) })} />
            <label htmlFor={`${id}-seize-${f.id}`}>Let {f.name} seize unopposed</label>
          </div>
        ))}
        <PartVerdictLine part="allowSeizure" verdicts={verdicts} what="these seizures" />
        <div className="field check">
          <input id={`${id}-contest`} type="checkbox" data-field="orders.contestExpansions" checked={draft.contestExpansions}
                 onChange={(e) => set({ ...draft, contestExpansions: e.target.checked })} />
          <label htmlFor={`${id}-contest`}>Strike a rival's new Base of Influence where this faction's assets stand</label>
        </div>
      </fieldset>

      <fieldset className="part">
        <legend>Free ability uses (needing no action)</legend>
        {draft.freeUses.map((use, i) => (
          <AbilityUseRowLazy key={i} index={i} id={id} draft={draft} facts={facts} set={set} use={use} />
        ))}
        {facts.assets.length > 0 && (
          <button type="button" data-adds="orders.freeUses" onClick={() => set({ ...draft, freeUses: [...draft.freeUses, { ...NEW_USE, assetId: facts.assets[0].id }] })}>
            Add a free ability use
          </button>
        )}
        <PartVerdictLine part="freeUses" verdicts={verdicts} what="these uses" />
      </fieldset>

      <fieldset className="part">
        <legend>Dice</legend>
        <div className="field check">
          <input id={`${id}-rerolls`} type="checkbox" data-field="orders.rerolls" checked={draft.rerolls}
                 onChange={(e) => set({ ...draft, rerolls: e.target.checked })} />
          <label htmlFor={`${id}-rerolls`}>Use a Book of Secrets when one is at hand</label>
        </div>
        <div className="field">
          <label htmlFor={`${id}-book`}>Die the Book of Secrets rerolls</label>
          <select id={`${id}-book`} data-field="orders.bookOfSecrets" value={draft.bookOfSecrets ?? ""} disabled={!draft.rerolls}
                  onChange={(e) => set({ ...draft, bookOfSecrets: (e.target.value || null) as BookChoice | null })}>
            <option value="">The better bet</option>
            <option value="OWN">Reroll one of our own dice</option>
            <option value="FORCE">Force the enemy to reroll one of theirs</option>
          </select>
        </div>
      </fieldset>
    </>
  );
}

function AbilityUseRowLazy({ index, id, draft, facts, set, use }: { index: number; id: string; draft: TurnDraft; facts: FactionFacts; set: Props["set"]; use: TurnDraft["freeUses"][number] }) {
  const assets = facts.assets.map((a) => ({ id: a.id, label: a.name }));
  return (
    <AbilityUseRow id={`${id}-free${index}`} path="orders.freeUses" legend={`Free use ${index + 1}`} use={use} assets={assets} facts={facts}
                   onChange={(row) => set({ ...draft, freeUses: rowsWith(draft.freeUses, index, row) })} />
  );
}
