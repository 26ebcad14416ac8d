// A house's actions for the open phase, week by week: the form filled from housePreview (its fifteen actions
// at the house's rank), and the actions given this phase (houseOrders), each amended or withdrawn while open.
import { useState } from "react";
import { useMutation } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import {
  AmendHouseActionDocument,
  HousePreviewDocument,
  OrderHouseActionDocument,
  SubmittedHouseOrdersDocument,
  WithdrawHouseActionDocument,
  type HouseOrderInput,
} from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { actionLabel, type HouseHolding } from "../lib/houseOptions";
import { nameOf, type Names } from "../lib/names";
import { refusalOf, type Refusal } from "../lib/refusal";
import { HouseActionsTable } from "./HouseActionsTable";
import { HouseOrderForm, type Amending } from "./HouseOrderForm";

type Props = {
  houseId: string; houseName: string; holding: HouseHolding | null; actors: readonly string[]; open: boolean; names: Names;
};

export function HouseOrders({ houseId, houseName, holding, actors, open, names }: Props) {
  const { campaignId, bump } = useCampaign();
  const [actor, setActor] = useState("");
  const [amending, setAmending] = useState<Amending | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState("");
  const [preview] = useLiveQuery({ query: HousePreviewDocument, variables: { campaignId, houseId, actor, replacing: amending?.id ?? null }, pause: !open });
  const [given] = useLiveQuery({ query: SubmittedHouseOrdersDocument, variables: { campaignId, houseId } });
  const [ordering, order] = useMutation(OrderHouseActionDocument);
  const [amendingState, amend] = useMutation(AmendHouseActionDocument);
  const [, withdraw] = useMutation(WithdrawHouseActionDocument);
  const options = preview.data?.housePreview ?? [];
  const shownActor = actor || options[0]?.actor || actors[0] || "";

  async function onSubmit(input: HouseOrderInput) {
    setDone("");
    const result = amending
      ? await amend({ campaignId, houseId, actionId: amending.id, order: input })
      : await order({ campaignId, houseId, order: input });
    setRefusal(refusalOf(result.error));
    if (!result.error) {
      setDone(`${actionLabel(input.action)} ${amending ? "amended" : "ordered"} for ${houseName}.`);
      setAmending(null);
      bump();
    }
  }

  async function onWithdraw(actionId: string, action: string) {
    const result = await withdraw({ campaignId, houseId, actionId });
    setRefusal(refusalOf(result.error));
    if (!result.error) {
      setDone(`${action} withdrawn.`);
      if (amending?.id === actionId) setAmending(null);
      bump();
    }
  }

  const list = given.data?.houseOrders ?? [];
  return (
    <section className="section orders-panel" aria-label={`House actions of ${houseName}`} data-testid="house-orders">
      <header className="section-header"><h2>House actions: {houseName}</h2></header>
      <div className="submitted" data-testid="house-submitted" role="region" aria-label="Submitted house actions">
        <h3>Given this phase, week by week</h3>
        <ErrorMessage error={given.error} />
        {list.length === 0 ? (
          !given.fetching && <p data-testid="house-submitted-none">No house action given yet.</p>
        ) : (
          <table className="orders-table">
            <caption className="visually-hidden">House actions given this phase</caption>
            <thead>
              <tr><th scope="col">Starts</th><th scope="col">Action</th><th scope="col">Led by</th><th scope="col">Target</th>
                <th scope="col">Resolves</th><th scope="col">Dedicated (influence / power)</th><th scope="col">Gold</th>
                {open && <th scope="col">Change</th>}</tr>
            </thead>
            <tbody>
              {[...list].sort((a, b) => a.starts.week - b.starts.week).map((p) => (
                <tr key={p.id} data-testid="house-submitted-row">
                  <td>Month {p.starts.month}, week {p.starts.weekOfMonth}</td>
                  <th scope="row">{p.action}{p.narrative ? <span className="narrative"> “{p.narrative}”</span> : null}</th>
                  <td>{p.actor}</td>
                  <td>{[p.targetCharacter, p.targetHouseId ? nameOf(names.houses, p.targetHouseId) : null,
                    ...p.areaIds.map((a) => nameOf(names.regions, a))].filter(Boolean).join(" · ") || "—"}</td>
                  <td>Month {p.resolves.month}, week {p.resolves.weekOfMonth}</td>
                  <td>{p.dedicatedInfluence} / {p.dedicatedPower}</td>
                  <td>{p.gold}</td>
                  {open && (
                    <td className="buttons">
                      <button type="button" aria-label={`Amend ${p.action}`} onClick={() => { setAmending({ id: p.id, action: p.action, week: p.starts.weekOfMonth, narrative: p.narrative }); setActor(p.actor); }}>Amend</button>
                      <button type="button" aria-label={`Withdraw ${p.action}`} onClick={() => onWithdraw(p.id, p.action)}>Withdraw</button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <p className="status-line" role="status">{done}</p>
      {!open ? (
        <p>The phase is not open: house actions can be given when the GM opens the next one.</p>
      ) : preview.error ? (
        <ErrorMessage error={preview.error} />
      ) : !preview.data ? (
        <Loading what="what the house can do" />
      ) : (
        <>
          <HouseOrderForm
            key={`${houseId}:${amending?.id ?? "new"}`}
            options={options}
            holding={holding}
            actors={actors}
            actor={shownActor}
            onActor={setActor}
            names={names}
            refusal={refusal}
            busy={ordering.fetching || amendingState.fetching}
            amending={amending}
            onSubmit={onSubmit}
            onCancel={() => setAmending(null)}
          />
          <HouseActionsTable options={options} actor={shownActor} />
        </>
      )}
    </section>
  );
}
