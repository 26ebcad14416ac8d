// The seats this browser holds (docs/console.md, "Seat tokens"). A token is handed to the server once, at sign-in,
// and comes back as an HttpOnly cookie of its campaign's: page script never holds it after that, so a script
// injected into the page cannot read it. The console keeps only which seat it is (never the key to it), from the server.
import type { SeatRole } from "../graphql/generated";

export type HeldSeat = { campaignId: string; seatId: string; role: SeatRole; name: string };
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

async function reason(response: Response): Promise<string> {
  try {
    const problem = (await response.json()) as { detail?: string };
    return problem.detail ?? `the server answered ${response.status}`;
  } catch {
    return `the server answered ${response.status}`;
  }
}

/** Trades a seat's token for its campaign's cookie; the seat it names, or the server's reason for refusing it. */
export async function signIn(token: string): Promise<HeldSeat> {
  const response = await fetch("/session", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ token }) });
  if (!response.ok) throw new Error(await reason(response));
  return (await response.json()) as HeldSeat;
}

/** The seats this browser's cookies hold, as the server reads them (a revoked seat's cookie is dropped). */
export async function heldSeats(): Promise<HeldSeat[]> {
  const response = await fetch("/session", { headers: { Accept: "application/json" } });
  if (!response.ok) return [];
  return ((await response.json()) as { seats: HeldSeat[] }).seats;
}

/** Forgets the campaign's seat in this browser (the server clears its cookie). */
export async function signOut(campaignId: string): Promise<void> {
  await fetch(`/session/${encodeURIComponent(campaignId)}`, { method: "DELETE" });
}

/** The seat the GM views a campaign as (issue 18: "a toggle to view as any seat"), kept for this browser tab. */
export type ViewedSeat = { seatId: string; role: SeatRole; name: string };
const VIEW_KEY = "intrigue.viewAs.";

export function viewedSeat(campaignId: string): ViewedSeat | null {
  try {
    const raw = window.sessionStorage.getItem(VIEW_KEY + campaignId);
    return raw ? (JSON.parse(raw) as ViewedSeat) : null;
  } catch {
    return null;
  }
}

export function viewAs(campaignId: string, seat: ViewedSeat | null): void {
  if (seat) window.sessionStorage.setItem(VIEW_KEY + campaignId, JSON.stringify(seat));
  else window.sessionStorage.removeItem(VIEW_KEY + campaignId);
}

/** Issue 28, item 5: a seat shared as a link. The token rides in the URL's fragment (`#token=…`), which a browser
 * never sends to a server (nor in a Referer), and `/join` trades it for the cookie at once (`takeInviteToken`). */
const INVITE_KEY = "token";

export function inviteLink(token: string): string {
  const url = new URL("/join", window.location.href);
  url.hash = new URLSearchParams({ [INVITE_KEY]: token }).toString();
  return url.toString();
}

/** The invite's token, taken out of the address bar (and so out of the tab's history) as it is read. */
export function takeInviteToken(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, "")).get(INVITE_KEY);
  if (window.location.hash) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }
  return token && token.trim() ? token.trim() : null;
}

/** A seat's role, named one way on every screen (issue 28, item 5). */
export function roleName(role: SeatRole): string {
  return role === "GM" ? "GM" : role === "PLAYER" ? "player" : "observer";
}
