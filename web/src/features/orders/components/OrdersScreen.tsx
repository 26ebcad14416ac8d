// The Orders screen (issue 18): a player's faction and house orders for the open phase; the GM's view of who
// has submitted, and the same forms for any faction or house, chosen (the GM orders for the powers it runs).
import { useMemo, useState } from "react";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { OrderSeatsDocument, OrdersFrameDocument, type OrdersFrameQuery } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { regionLabel } from "../../../lib/hex";
import { factionFacts } from "../lib/factionFacts";
import type { Names } from "../lib/names";
import { useCampaignEvents } from "../lib/useCampaignEvents";
import { FactionOrders } from "./FactionOrders";
import { HouseOrders } from "./HouseOrders";
import { OrderStatusTable } from "./OrderStatusTable";
import "../orders.css";

type Frame = OrdersFrameQuery;

function namesOf(frame: Frame): Names {
  const c = frame.campaign;
  return {
    regions: new Map(c?.regions.map((r) => [r.id, regionLabel(r)]) ?? []),
    factions: new Map(c?.factions.map((f) => [f.id, f.name]) ?? []),
    assets: new Map(c?.factions.flatMap((f) => f.assets.map((a) => [a.id, `${a.name} (${f.name})`] as const)) ?? []),
    types: new Map(frame.assetTypes.map((t) => [t.key, t.name])),
    houses: new Map(c?.houses.map((h) => [h.id, h.name]) ?? []),
  };
}

function actorsOf(frame: Frame, houseId: string): string[] {
  const house = frame.campaign?.houses.find((h) => h.id === houseId);
  if (!house) return [];
  return [house.leader, ...house.lieutenants].filter((c) => c.status === "ACTIVE").map((c) => c.name);
}

export function OrdersScreen() {
  const { campaignId, readOnly } = useCampaign();
  const [frame] = useLiveQuery({ query: OrdersFrameDocument, variables: { campaignId } });
  const gm = frame.data?.me?.role === "GM";
  const [seats, rereadSeats] = useLiveQuery({ query: OrderSeatsDocument, variables: { campaignId }, pause: !gm });
  const [tick, setTick] = useState(0);
  useCampaignEvents(campaignId, gm, () => {
    setTick((t) => t + 1);
    rereadSeats({ requestPolicy: "network-only" });
  });
  const names = useMemo(() => (frame.data ? namesOf(frame.data) : null), [frame.data]);
  const [factionChoice, setFactionChoice] = useState("");
  const [houseChoice, setHouseChoice] = useState("");

  if (frame.error) return <Section title="Orders"><ErrorMessage error={frame.error} /></Section>;
  if (!frame.data || !names) return <Section title="Orders"><Loading what="the orders" /></Section>;
  const { me, campaign } = frame.data;
  if (!me || !campaign) return <Section title="Orders"><p role="alert">This seat cannot see the campaign.</p></Section>;
  const open = campaign.phaseStatus === "OPEN";
  const factions = campaign.factions.filter((f) => !f.destroyed);
  const houses = campaign.houses.filter((h) => !h.destroyed);
  // Who runs each member is unknown until the seats are read: null, never "the GM" (issue 28, item 5).
  const seated = seats.data ? new Set(seats.data.seats.filter((s) => s.role === "PLAYER" && !s.revoked)
    .flatMap((s) => [s.factionId, s.houseId]).filter((id): id is string => Boolean(id))) : null;
  const gmRun = (id: string) => seated !== null && !seated.has(id);
  const factionId = gm ? factionChoice || factions.find((f) => gmRun(f.id))?.id || "" : me.factionId ?? "";
  const houseId = gm ? houseChoice || houses.find((h) => gmRun(h.id))?.id || "" : me.houseId ?? "";
  const faction = factions.find((f) => f.id === factionId);
  const house = houses.find((h) => h.id === houseId);
  const facts = faction ? factionFacts(frame.data, faction.id) : null;
  const runBy = (id: string) => (seated === null ? "" : seated.has(id) ? " (a player's)" : " (GM-run)");

  return (
    <div className="orders-screen" data-testid="orders-screen">
      <Section title="Orders">
        <p data-testid="orders-phase">
          Phase {campaign.phase}: {open ? "open for orders" : `not open (${campaign.phaseStatus.toLowerCase()})`}.
        </p>
        {!gm && !me.factionId && !me.houseId && <p>This seat gives no orders: it runs no faction and no house.</p>}
      </Section>
      {gm && (
        <Section title="Who has submitted">
          <OrderStatusTable seated={seated} tick={tick} />
          <div className="gm-choosers">
            <div className="field">
              <label htmlFor="orders-gm-faction">Order for faction</label>
              <select id="orders-gm-faction" data-testid="gm-faction-chooser" value={factionId}
                      onChange={(e) => setFactionChoice(e.target.value)}>
                {!factionId && <option value="">Choose a faction…</option>}
                {factions.map((f) => <option key={f.id} value={f.id}>{f.name}{runBy(f.id)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="orders-gm-house">Order for house</label>
              <select id="orders-gm-house" data-testid="gm-house-chooser" value={houseId}
                      onChange={(e) => setHouseChoice(e.target.value)}>
                {!houseId && <option value="">Choose a house…</option>}
                {houses.map((h) => <option key={h.id} value={h.id}>{h.name}{runBy(h.id)}</option>)}
              </select>
            </div>
          </div>
        </Section>
      )}
      {readOnly && (
        <p className="read-only-note" data-testid="orders-read-only">
          Viewing as another seat: its forms are shown as it sees them, read-only.
        </p>
      )}
      {/* A disabled fieldset disables every control of the forms inside it (issue 28, item 5: read-only while
          viewing as another seat), so the forms themselves need not know. */}
      <fieldset className="orders-columns" disabled={readOnly} data-testid="orders-forms">
        <legend className="visually-hidden">Order forms</legend>
        {faction && facts && <FactionOrders key={faction.id} factionId={faction.id} factionName={faction.name} open={open} names={names} facts={facts} />}
        {house && (
          <HouseOrders key={house.id} houseId={house.id} houseName={house.name} holding={house}
                       actors={actorsOf(frame.data, house.id)}
                       open={open} names={names} />
        )}
      </fieldset>
    </div>
  );
}
