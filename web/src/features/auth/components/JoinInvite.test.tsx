import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JoinInvite } from "./JoinInvite";

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <p>{useLocation().pathname}</p>;
}

describe("JoinInvite", () => {
  it("trades the link's token for the seat's cookie and lands straight on the campaign's map", async () => {
    window.history.replaceState(null, "", "/join#token=itg_invited");
    const seat = { campaignId: "c4", seatId: "s4", role: "PLAYER", name: "Invited" };
    const post = vi.fn(async () => new Response(JSON.stringify(seat), { status: 200 }));
    vi.stubGlobal("fetch", post);
    render(<MemoryRouter initialEntries={["/join"]}><JoinInvite /><Where /></MemoryRouter>);
    expect(await screen.findByText("/campaigns/c4/map")).toBeInTheDocument();
    const [, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ token: "itg_invited" });
    expect(window.location.hash).toBe("");
  });
});
