// One campaign's frame: its seat's client, the live version, and the navigation between its screens. The GM may
// view every screen as another seat (the view-as toggle): reads are then answered as that seat by the server.
import { useMemo, useState } from "react";
import { Link, NavLink, Outlet, useParams } from "react-router-dom";
import { Provider } from "urql";
import { SeatGate } from "../features/auth";
import { ViewAsToggle } from "../features/seats";
import { makeClient } from "../lib/client";
import { CampaignProvider } from "../lib/campaign";
import { forgetSeat, seatFor, viewAs, viewedSeat, type ViewedSeat } from "../lib/session";

const SCREENS = [
  ["map", "Map"],
  ["standings", "Standings"],
  ["orders", "Orders"],
  ["phase", "Phase"],
  ["charts", "Charts"],
  ["chronicle", "Chronicle"],
  ["seats", "Seats"],
] as const;

export function CampaignLayout() {
  const { campaignId = "" } = useParams();
  const seat = seatFor(campaignId);
  const [viewed, setViewed] = useState<ViewedSeat | null>(() => (seat?.role === "GM" ? viewedSeat(campaignId) : null));
  const own = useMemo(() => makeClient(seat?.token ?? null), [seat?.token]);
  const client = useMemo(
    () => (viewed ? makeClient(seat?.token ?? null, viewed.seatId) : own),
    [own, viewed, seat?.token],
  );
  // Every screen sees the seat it is looked at as; the token stays the GM's, the header names the seat.
  const effective = useMemo(
    () => (seat && viewed ? { ...seat, role: viewed.role, name: viewed.name, seatId: viewed.seatId } : seat),
    [seat, viewed],
  );
  if (!seat || !effective) {
    return (
      <p role="alert">
        This browser holds no seat for this campaign. <Link to="/sign-in">Sign in with a token</Link>.
      </p>
    );
  }
  function choose(next: ViewedSeat | null) {
    viewAs(campaignId, next);
    setViewed(next);
  }
  return (
    <Provider value={client}>
      <SeatGate>
        <CampaignProvider key={viewed?.seatId ?? "own"} campaignId={campaignId} seat={effective}>
          <nav aria-label="Campaign" className="campaign-nav">
            <span className="seat" data-testid="seat">{seat.name} · {seat.role}</span>
            {SCREENS.filter(([path]) => path !== "seats" || effective.role === "GM").map(([path, label]) => (
              <NavLink key={path} to={path}>{label}</NavLink>
            ))}
            <Link to="/" onClick={() => forgetSeat(campaignId)}>Sign out</Link>
            {seat.role === "GM" ? (
              <Provider value={own}>
                <ViewAsToggle campaignId={campaignId} viewed={viewed} onChange={choose} />
              </Provider>
            ) : null}
          </nav>
          <Outlet />
        </CampaignProvider>
      </SeatGate>
    </Provider>
  );
}
