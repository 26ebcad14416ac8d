// A faction's orders for the open phase: the form filled from factionPreview, and the orders as submitted
// (factionOrders), which may be withdrawn, or replaced by submitting again, while the phase is open.
import { useState } from "react";
import { useMutation } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import {
  FactionPreviewDocument,
  SubmitFactionOrdersDocument,
  SubmittedFactionOrdersDocument,
  WithdrawFactionOrdersDocument,
  type FactionOrdersInput,
} from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { describeFactionAction } from "../lib/describe";
import type { Names } from "../lib/names";
import { refusalOf, type Refusal } from "../lib/refusal";
import { FactionOrderForm } from "./FactionOrderForm";

type Props = { factionId: string; factionName: string; open: boolean; names: Names };

export function FactionOrders({ factionId, factionName, open, names }: Props) {
  const { campaignId, bump } = useCampaign();
  const variables = { campaignId, factionId };
  const [preview] = useLiveQuery({ query: FactionPreviewDocument, variables, pause: !open });
  const [orders] = useLiveQuery({ query: SubmittedFactionOrdersDocument, variables });
  const [submitting, submit] = useMutation(SubmitFactionOrdersDocument);
  const [withdrawing, withdraw] = useMutation(WithdrawFactionOrdersDocument);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState("");
  const current = orders.data?.factionOrders ?? null;

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
          refusal={refusal}
          busy={submitting.fetching}
          submitted={current !== null}
          onSubmit={onSubmit}
        />
      )}
    </section>
  );
}
