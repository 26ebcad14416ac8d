// A faction's orders for the open phase: the form filled from factionPreview, and the orders as submitted
// (factionOrders), which may be withdrawn, or replaced by submitting again, while the phase is open.
import { useCallback, useState } from "react";
import { useMutation, useQuery } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import {
  FactionOrdersCheckDocument,
  FactionPreviewDocument,
  GoalVerdictsDocument,
  SubmitFactionOrdersDocument,
  SubmittedFactionOrdersDocument,
  WithdrawFactionOrdersDocument,
  type FactionOrdersInput,
} from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { describeFactionAction, describeTurn } from "../lib/describe";
import type { FactionFacts } from "../lib/factionFacts";
import { EMPTY_TURN, checkVariables, goalVerdictsOf, type TurnDraft } from "../lib/factionTurn";
import type { Names } from "../lib/names";
import { refusalOf, type Refusal } from "../lib/refusal";
import { FactionOrderForm, type Verdicts } from "./FactionOrderForm";

type Props = { factionId: string; factionName: string; open: boolean; names: Names; facts: FactionFacts };

export function FactionOrders({ factionId, factionName, open, names, facts }: Props) {
  const { campaignId, bump } = useCampaign();
  const variables = { campaignId, factionId };
  const [preview] = useLiveQuery({ query: FactionPreviewDocument, variables, pause: !open });
  const [orders] = useLiveQuery({ query: SubmittedFactionOrdersDocument, variables });
  const [goals] = useLiveQuery({ query: GoalVerdictsDocument, variables, pause: !open }); // each goal judged alone
  const [submitting, submit] = useMutation(SubmitFactionOrdersDocument);
  const [withdrawing, withdraw] = useMutation(WithdrawFactionOrdersDocument);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState("");
  const current = orders.data?.factionOrders ?? null;
  const options = preview.data?.factionPreview.options ?? [];
  const [draft, setDraft] = useState<TurnDraft | null>(null);
  const onDraft = useCallback((next: TurnDraft) => setDraft(next), []);
  // Issue 28: the submission's own checks on the draft, whole and part by part, before it is sent.
  const [checks] = useQuery({
    query: FactionOrdersCheckDocument,
    variables: { campaignId, factionId, ...(draft ? checkVariables(draft, options) : checkVariables(EMPTY_TURN, [])) },
    pause: !open || draft === null,
    requestPolicy: "network-only",
  });
  const verdicts: Verdicts = checks.data && checks.operation ? { ...checks.data, key: JSON.stringify(checks.operation.variables.whole) } : {};

  async function onSubmit(input: FactionOrdersInput) {
    setDone("");
    const result = await submit({ ...variables, orders: input });
    setRefusal(refusalOf(result.error));
    if (!result.error) {
      setDone(`Orders for ${factionName} submitted.`);
      bump();
    }
  }

  async function onWithdraw() {
    const result = await withdraw(variables);
    setRefusal(refusalOf(result.error));
    if (!result.error) {
      setDone(`Orders for ${factionName} withdrawn.`);
      bump();
    }
  }

  return (
    <section className="section orders-panel" aria-label={`Faction orders of ${factionName}`} data-testid="faction-orders">
      <header className="section-header"><h2>Faction orders: {factionName}</h2></header>
      <div className="submitted" data-testid="faction-submitted" aria-label="Submitted faction orders" role="region">
        <h3>Submitted this phase</h3>
        {orders.fetching && !orders.data ? <Loading what="the submitted orders" /> : null}
        <ErrorMessage error={orders.error} />
        {current ? (
          <>
            <p data-testid="faction-submitted-action">{describeFactionAction(current.action, names)}</p>
            {describeTurn(current, names).map((line) => <p key={line} data-testid="faction-submitted-turn">{line}</p>)}
            {current.narrative && <p className="narrative">“{current.narrative}”</p>}
            {open && (
              <button type="button" onClick={onWithdraw} disabled={withdrawing.fetching}>Withdraw the faction orders</button>
            )}
          </>
        ) : (
          !orders.fetching && <p data-testid="faction-submitted-none">No orders in yet.</p>
        )}
      </div>
      <p className="status-line" role="status">{done}</p>
      {!open ? (
        <p>The phase is not open: orders can be given when the GM opens the next one.</p>
      ) : preview.error ? (
        <ErrorMessage error={preview.error} />
      ) : !preview.data ? (
        <Loading what="what the faction can do" />
      ) : (
        <FactionOrderForm
          key={factionId}
          options={preview.data.factionPreview.options}
          facgoldAtAction={preview.data.factionPreview.facgoldAtAction}
          names={names}
          facts={facts}
          verdicts={verdicts}
          goalVerdicts={goalVerdictsOf(goals.data)}
          onDraft={onDraft}
          refusal={refusal}
          busy={submitting.fetching}
          submitted={current !== null}
          onSubmit={onSubmit}
        />
      )}
    </section>
  );
}
