// One campaign's frame: its seat's client, the live version, and the navigation between its screens.
import { useMemo } from "react";
import { Link, NavLink, Outlet, useParams } from "react-router-dom";
import { Provider } from "urql";
import { makeClient } from "../lib/client";
import { CampaignProvider } from "../lib/campaign";
import { forgetSeat, seatFor } from "../lib/session";

const SCREENS = [
  ["map", "Map"],
  ["standings", "Standings"],
  ["orders", "Orders"],
  ["phase", "Phase"],
  ["charts", "Charts"],
  ["chronicle", "Chronicle"],
] as const;

export function CampaignLayout() {
  const { campaignId = "" } = useParams();
  const seat = seatFor(campaignId);
  const client = useMemo(() => makeClient(seat?.token ?? null), [seat?.token]);
  if (!seat) {
    return (
      <p role="alert">
        This browser holds no seat for this campaign. <Link to="/sign-in">Sign in with a token</Link>.
      </p>
    );
  }
  return (
    <Provider value={client}>
      <CampaignProvider campaignId={campaignId} seat={seat}>
        <nav aria-label="Campaign" className="campaign-nav">
          <span className="seat" data-testid="seat">{seat.name} · {seat.role}</span>
          {SCREENS.map(([path, label]) => (
            <NavLink key={path} to={path}>{label}</NavLink>
          ))}
          <Link to="/" onClick={() => forgetSeat(campaignId)}>Sign out</Link>
        </nav>
        <Outlet />
      </CampaignProvider>
    </Provider>
  );
}
