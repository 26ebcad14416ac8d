// Seat tokens, kept per campaign in the browser (issue 18: "sign-in with a seat's token … kept per campaign").
// Only the token and what `me` answered are stored; every secret stays on the server.
import type { SeatRole } from "../graphql/generated";

export type StoredSeat = { token: string; role: SeatRole; name: string; seatId: string };
const KEY = "intrigue.seats";

function readAll(): Record<string, StoredSeat> {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Record<string, StoredSeat>) : {};
  } catch {
    return {};
  }
}

export function seatFor(campaignId: string): StoredSeat | null {
  return readAll()[campaignId] ?? null;
}

export function rememberSeat(campaignId: string, seat: StoredSeat): void {
  window.localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [campaignId]: seat }));
}

export function forgetSeat(campaignId: string): void {
  const all = readAll();
  delete all[campaignId];
  window.localStorage.setItem(KEY, JSON.stringify(all));
}

export function knownCampaigns(): string[] {
  return Object.keys(readAll());
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
