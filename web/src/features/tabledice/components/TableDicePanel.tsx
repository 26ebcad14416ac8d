// The GM's dice for a phase (issue 28, item 3): the server's, or the table's own. With the table's, resolving steps
// through the rolls the rules need, in their order, each named; the GM enters the faces read off the dice. Nothing
// of the phase is committed until the last roll is in; the GM can abandon the rolls entered.
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import {
  AbandonTableDiceDocument,
  DiceSourceDocument,
  EnterTableDiceDocument,
  SetDiceSourceDocument,
  TableDiceStepDocument,
} from "../../../graphql/generated";
import { useLiveQuery } from "../../../lib/campaign";
import { describeRoll, type Step } from "../model";
import "../tabledice.css";
import { RollEntry } from "./RollEntry";

/** Whether the campaign's current phase is to be resolved with the table's dice (the GM's resolve screen asks). */
export function useTableDiceOn(campaignId: string): boolean {
  const [{ data }] = useLiveQuery({ query: DiceSourceDocument, variables: { campaignId } });
  return data?.diceSource.source === "TABLE";
}

function Steps({ campaignId }: { campaignId: string }) {
  const [{ data, error, fetching }] = useQuery({ query: TableDiceStepDocument, variables: { campaignId },
    requestPolicy: "network-only" });
  const [entered, enter] = useMutation(EnterTableDiceDocument);
  const [abandoned, abandon] = useMutation(AbandonTableDiceDocument);
  const [latest, setLatest] = useState<Step | null>(null);
  const [typed, setTyped] = useState(false);
  const step = latest ?? data?.tableDiceStep;
  if (!step) return error ? <ErrorMessage error={error} /> : <Loading what="the rolls the rules need" />;
  const busy = fetching || entered.fetching || abandoned.fetching;

  async function submit(faces: number[]) {
    setTyped(true);
    const result = await enter({ campaignId, faces });
    if (result.data) setLatest(result.data.enterTableDice);
  }

  return (
    <div className="table-dice-steps" data-testid="table-dice">
      <h3>Rolls entered ({step.entered.length})</h3>
      {step.entered.length === 0 ? <p>None yet: the first roll the rules need is below.</p> : (
        <ol aria-label="Rolls entered" className="table-rolls">
          {step.entered.map((roll, i) => (
            <li key={i} data-testid="entered-roll">{describeRoll(roll)}: [{(roll.faces ?? []).join(", ")}]</li>
          ))}
        </ol>
      )}
      {step.resolved && <p role="status">Phase {step.phase} is resolved with the table's dice.</p>}
      {!step.resolved && step.next && (
        <RollEntry key={step.entered.length} roll={step.next} number={step.entered.length + 1} busy={busy}
          focus={typed} onEnter={submit} />
      )}
      {!step.resolved && !step.next && (
        <p>
          Every roll is in.{" "}
          <button type="button" disabled={busy} onClick={() => submit([])}>Resolve phase {step.phase} with these dice</button>
        </p>
      )}
      <ErrorMessage error={entered.error ?? abandoned.error} />
      {!step.resolved && (
        <button type="button" className="secondary" disabled={busy || step.entered.length === 0}
          onClick={async () => {
            const result = await abandon({ campaignId });
            if (result.data) setLatest(result.data.abandonTableDice);
          }}>
          Abandon the rolls entered
        </button>
      )}
    </div>
  );
}

export function TableDicePanel({ campaignId, phase, status }: { campaignId: string; phase: number; status: string }) {
  const playing = status === "OPEN" || status === "RESOLVING";
  const target = playing ? phase : phase + 1;
  const [{ data, error }] = useLiveQuery({ query: DiceSourceDocument, variables: { campaignId, phase: target } });
  const [set, setSource] = useMutation(SetDiceSourceDocument);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what="whose dice resolve the phase" />;
  const table = data.diceSource.source === "TABLE";
  return (
    <fieldset className="table-dice">
      <legend>Dice of phase {target}</legend>
      <label className="table-dice-toggle">
        <input type="checkbox" checked={table} disabled={set.fetching}
          onChange={(e) => setSource({ campaignId, source: e.target.checked ? "TABLE" : "SERVER", phase: target })} />
        The table rolls its own dice for phase {target}
      </label>
      <ErrorMessage error={set.error} />
      {table && playing && <Steps campaignId={campaignId} />}
    </fieldset>
  );
}
