import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { Provider, type Client } from "urql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromValue } from "wonka";
import { CampaignList } from "./CampaignList";

afterEach(() => vi.unstubAllGlobals());

describe("CampaignList", () => {
  it("links a campaign whose seat this browser holds straight to its map, not to a path that redirects", async () => {
    const node = { id: "c7", name: "Held", phase: 2, phaseStatus: "OPEN" };
    const data = { campaigns: { totalCount: 1, edges: [{ node }] } };
    const client = { executeQuery: vi.fn(() => fromValue({ data })) } as unknown as Client;
    const seats = { seats: [{ campaignId: "c7", seatId: "s7", role: "GM", name: "GM" }] };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(seats), { status: 200 })));
    render(<Provider value={client}><MemoryRouter><CampaignList /></MemoryRouter></Provider>);
    expect(await screen.findByRole("link", { name: "Held" })).toHaveAttribute("href", "/campaigns/c7/map");
  });
});
