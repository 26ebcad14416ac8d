// What a resolution came to, before its log (issue 28, item 5: "not only 'resolved'"): the orders resolved and how
// many came to an outcome, the hits dealt and the assets destroyed, and each member's orders with their outcomes,
// from the phase's summary (`phaseSummary`, the GM's: every member's report).
import { ErrorMessage, Loading } from "../../../components/ui";
import { ResolutionSummaryDocument, type ResolutionSummaryQuery } from "../../../graphql/generated";
import { useLiveQuery } from "../../../lib/campaign";
import type { Names } from "./LogView";

type Report = ResolutionSummaryQuery["phaseSummary"]["reports"][number];

export type Tally = { members: number; orders: number; settled: number; runningOn: number; hits: number; damage: number; destroyed: number };

export function tally(reports: Report[]): Tally {
  const orders = reports.flatMap((r) => r.orders);
  const taken = reports.flatMap((r) => r.damageTaken);
  return {
    members: reports.filter((r) => r.orders.length > 0).length,
    orders: orders.length,
    settled: orders.filter((o) => o.outcome !== null && o.outcome !== undefined).length,
    runningOn: orders.filter((o) => o.outcome === null || o.outcome === undefined).length,
    hits: taken.length,
    damage: taken.reduce((sum, d) => sum + d.amount, 0),
    destroyed: taken.filter((d) => d.assetId && d.hpLeft === 0).length,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function SummaryView({ reports, names }: { reports: Report[]; names: Names }) {
  const t = tally(reports);
  const ordered = reports.filter((r) => r.orders.length > 0);
  return (
    <div className="resolution-summary" data-testid="resolution-summary">
      <p>
        {plural(t.orders, "order")} from {plural(t.members, "faction or house", "factions and houses")}:{" "}
        {t.settled} came to an outcome{t.runningOn ? `, ${t.runningOn} run on into a later phase` : ""}.{" "}
        {t.hits ? `${plural(t.hits, "hit")} for ${t.damage} damage` : "No damage"}
        {t.destroyed ? `, ${plural(t.destroyed, "asset")} destroyed` : ""}.
      </p>
      {ordered.length > 0 && (
        <ul className="summary-outcomes">
          {ordered.flatMap((r) => r.orders.map((o, i) => (
            <li key={`${r.memberId}-${i}`}>
              <strong>{names(r.memberId)}</strong>: {o.action} — {o.outcome ?? "runs on"}
            </li>
          )))}
        </ul>
      )}
    </div>
  );
}

export function ResolutionSummary({ campaignId, phase, names }: { campaignId: string; phase: number; names: Names }) {
  const [{ data, error }] = useLiveQuery({ query: ResolutionSummaryDocument, variables: { campaignId, phase } });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what={`what phase ${phase} came to`} />;
  return <SummaryView reports={data.phaseSummary.reports} names={names} />;
}
