// One campaign's frame: its seat's client, the live version, and the navigation between its screens. The GM may
// view every screen as another seat (the view-as toggle): reads are then answered as that seat by the server.
// The seat is this browser's cookie for the campaign (docs/console.md, "Seat tokens"), asked who it is (`me`).
import { useMemo, useState } from "react";
import { Link, NavLink, Outlet, useNavigate, useParams } from "react-router-dom";
import { Provider, useQuery, type Client } from "urql";
import { Loading } from "../components/ui";
import { refusedSeat, SeatRefused } from "../features/auth";
import { ViewAsToggle } from "../features/seats";
import { FrameCampaignDocument, MeDocument } from "../graphql/generated";
import { makeClient } from "../lib/client";
import { CampaignProvider, useCampaign, useLiveQuery } from "../lib/campaign";
import { roleName, signOut, viewAs, viewedSeat, type ViewedSeat } from "../lib/session";

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
  const own = useMemo(() => makeClient(campaignId), [campaignId]);
  return (
    <Provider value={own}>
      <SeatedFrame key={campaignId} campaignId={campaignId} own={own} />
    </Provider>
  );
}

function SeatedFrame({ campaignId, own }: { campaignId: string; own: Client }) {
  const [{ data, error, fetching }] = useQuery({ query: MeDocument, requestPolicy: "network-only" });
  const me = data?.me;
  const seat = useMemo(() => (me ? { seatId: me.id, role: me.role, name: me.name } : null), [me]);
  if (refusedSeat(error)) return <SeatRefused />; // issue 28, item 4: said once, not on every screen
  if (fetching && !data) return <Loading what="your seat" />;
  if (!seat) {
    return (
      <p role="alert">
        This browser holds no seat for this campaign. <Link to="/sign-in">Sign in with a token</Link>.
      </p>
    );
  }
  return <Frame campaignId={campaignId} own={own} seat={seat} />;
}

function Frame({ campaignId, own, seat }: { campaignId: string; own: Client; seat: ViewedSeat }) {
  const [viewed, setViewed] = useState<ViewedSeat | null>(() => (seat.role === "GM" ? viewedSeat(campaignId) : null));
  const navigate = useNavigate();
  const client = useMemo(() => (viewed ? makeClient(campaignId, viewed.seatId) : own), [own, viewed, campaignId]);
  // Every screen sees the seat it is looked at as; the cookie stays the GM's, the header names the seat.
  const effective = viewed ?? seat;
  function choose(next: ViewedSeat | null) {
    viewAs(campaignId, next);
    setViewed(next);
  }
  async function leave() {
    await signOut(campaignId); // before the campaign list asks which seats this browser holds
    navigate("/");
  }
  // The view-as toggle sits outside the frame that its choice remounts, so a keyboard user arrowing through its
  // seats keeps the focus on it (issue 28, item 6).
  return (
    <Provider value={client}>
      {seat.role === "GM" ? (
        <Provider value={own}>
          <div className="view-as-bar">
            <ViewAsToggle campaignId={campaignId} viewed={viewed} onChange={choose} />
          </div>
        </Provider>
      ) : null}
      <CampaignProvider key={viewed?.seatId ?? "own"} campaignId={campaignId} seat={effective} readOnly={viewed !== null}>
        <nav aria-label="Campaign" className="campaign-nav">
          <CampaignLine />
          <span className="seat" data-testid="seat">{seat.name} · {roleName(seat.role)}</span>
          {SCREENS.filter(([path]) => path !== "seats" || effective.role === "GM").map(([path, label]) => (
            <NavLink key={path} to={path}>{label}</NavLink>
          ))}
          <Link to="/" onClick={(event) => { event.preventDefault(); void leave(); }}>Sign out</Link>
        </nav>
        <Outlet />
      </CampaignProvider>
    </Provider>
  );
}

/** The campaign's name, its phase and the phase's status, on every screen (issue 28, item 5), read live. It has a
 * row of its own, kept while it is read: the links after it never move when it arrives or its text changes, so a
 * click aimed at a link lands on it (a shifting line made a click on "Phase" land beside it; issue 31, item 4). */
function CampaignLine() {
  const { campaignId } = useCampaign();
  const [{ data }] = useLiveQuery({ query: FrameCampaignDocument, variables: { campaignId } });
  const campaign = data?.campaign;
  if (!campaign) return <strong className="campaign-line" aria-hidden="true" />;
  const phase = campaign.phase === 0 ? "no phase opened yet" : `phase ${campaign.phase}, ${campaign.phaseStatus.toLowerCase()}`;
  return <strong className="campaign-line" data-testid="campaign-line">{campaign.name} · {phase}</strong>;
}
