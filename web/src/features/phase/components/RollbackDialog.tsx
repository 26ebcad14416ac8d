// The GM's confirmation before a rollback: it names what will be undone, as the API's `rollbackPreview` says it
// (the phases, the events, the orders whose results go and the later orders taken back), then asks.
import { useQuery } from "urql";
import { ErrorMessage, Loading } from "../../../components/ui";
import { RollbackPreviewDocument, type RollbackPreviewQuery } from "../../../graphql/generated";
import type { Names } from "./LogView";
import { Modal } from "./Modal";

export type Preview = RollbackPreviewQuery["rollbackPreview"];

/** Seed 002: a faction's turn may take no action ("None"). */
function actionWords(action: string): string {
  return action === "None" ? "no action" : action;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function RollbackSummary({ preview, names, reason }: { preview: Preview; names: Names; reason: string }) {
  const later = preview.phases.filter((p) => p !== preview.phase);
  return (
    <div data-testid="rollback-undoes">
      <p>
        Phase {preview.phase} opens again, as it stood when it began resolving
        {later.length > 0 && <>; phase{later.length > 1 ? "s" : ""} {later.join(", ")} {later.length > 1 ? "are" : "is"} undone too</>}.
        This undoes {plural(preview.events, "event", "events")} (they stay in the log, marked rolled back).
      </p>
      <p>Reason: “{reason}”</p>
      <h3>Results undone ({preview.results.length})</h3>
      {preview.results.length === 0 ? <p>No order had been resolved.</p> : (
        <ul aria-label="Results undone">
          {preview.results.map((o, i) => (
            <li key={i}>Phase {o.phase}: {names(o.memberId)} — {actionWords(o.action)}{o.outcome ? `: ${o.outcome}` : ""}</li>
          ))}
        </ul>
      )}
      <h3>Orders taken back ({preview.orders.length})</h3>
      {preview.orders.length === 0 ? <p>No order of a later phase. Phase {preview.phase}'s own orders stand again, to be amended.</p> : (
        <ul aria-label="Orders taken back">
          {preview.orders.map((o, i) => <li key={i}>Phase {o.phase}: {names(o.memberId)} — {actionWords(o.action)}</li>)}
        </ul>
      )}
    </div>
  );
}

export function RollbackDialog({ campaignId, phase, reason, names, busy, onConfirm, onClose }: {
  campaignId: string;
  phase: number;
  reason: string;
  names: Names;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [{ data, fetching, error }] = useQuery({
    query: RollbackPreviewDocument,
    variables: { campaignId, phase },
    requestPolicy: "network-only",
  });
  return (
    <Modal title={`Roll back phase ${phase}?`} onClose={onClose} testId="rollback-dialog">
      {fetching && <Loading what="what the rollback undoes" />}
      <ErrorMessage error={error} />
      {data && <RollbackSummary preview={data.rollbackPreview} names={names} reason={reason} />}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose} data-autofocus>Cancel</button>
        <button type="button" className="danger" onClick={onConfirm} disabled={!data || busy}>Roll back phase {phase}</button>
      </div>
    </Modal>
  );
}
