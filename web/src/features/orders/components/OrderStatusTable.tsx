// The GM's view of the open phase: which factions and houses have their orders in (orderStatus), read again
// as the campaign's events arrive (`tick`, moved by the screen's campaignEvents), so an order shows as it lands.
import { useEffect } from "react";
import { ErrorMessage, Loading } from "../../../components/ui";
import { OrderStatusDocument } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";

/** `seated`: the members a player runs, null while the seats load (then "Run by" says so, never "The GM"). */
export function OrderStatusTable({ seated, tick }: { seated: ReadonlySet<string> | null; tick: number }) {
  const { campaignId } = useCampaign();
  const [status, reread] = useLiveQuery({ query: OrderStatusDocument, variables: { campaignId } });
  useEffect(() => {
    if (tick > 0) reread({ requestPolicy: "network-only" });
  }, [tick, reread]);
  if (status.error) return <ErrorMessage error={status.error} />;
  if (!status.data) return <Loading what="who has submitted" />;
  const { phase, members } = status.data.orderStatus;
  const submitted = members.filter((m) => m.submitted).length;
  return (
    <table className="orders-table" data-testid="order-status">
      <caption>Phase {phase}: {submitted} of {members.length} have orders in</caption>
      <thead>
        <tr><th scope="col">Faction or house</th><th scope="col">Kind</th><th scope="col">Run by</th><th scope="col">Orders</th></tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.id} data-testid="order-status-row" data-submitted={m.submitted}>
            <th scope="row">{m.name}</th>
            <td>{m.kind === "FACTION" ? "Faction" : "House"}</td>
            <td data-testid="run-by">{seated === null ? <span className="loading">Loading the seats…</span>
              : seated.has(m.id) ? "A player" : "The GM"}</td>
            <td className={m.submitted ? "ok" : "pending"}>
              {m.submitted ? `Submitted (${m.orders} order${m.orders === 1 ? "" : "s"})` : "Not yet"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
