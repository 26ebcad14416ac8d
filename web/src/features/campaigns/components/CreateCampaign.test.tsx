import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router-dom";
import { Provider, type Client } from "urql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromValue } from "wonka";
import { CreateCampaign } from "./CreateCampaign";

const SLOW = 20_000; // user-event drives the DOM step by step: slow on a loaded machine, never timed

afterEach(() => vi.unstubAllGlobals());

describe("CreateCampaign", () => {
  it("creates a campaign from the chosen preset and trades the GM token it answers for the seat's cookie", async () => {
    const create = vi.fn(() => fromValue({ data: { createCampaign: { id: "c9", name: "Worked", gmToken: "itg_gm" } } }));
    const client = { executeMutation: create } as unknown as Client;
    const seat = { campaignId: "c9", seatId: "s0", role: "GM", name: "GM" };
    const post = vi.fn(async () => new Response(JSON.stringify(seat), { status: 200 }));
    vi.stubGlobal("fetch", post);
    render(<Provider value={client}><MemoryRouter><CreateCampaign /><Where /></MemoryRouter></Provider>);
    await userEvent.type(screen.getByLabelText("Name"), "Worked");
    await userEvent.selectOptions(screen.getByLabelText("Start from"), "WORKED_EXAMPLE");
    await userEvent.keyboard("{Tab}");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const variables = (create.mock.calls[0] as unknown as [{ variables: unknown }])[0].variables;
    expect(variables).toEqual({ input: { name: "Worked", ruleSystems: ["FACTION_TURN"], preset: "WORKED_EXAMPLE" } });
    const [url, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/session");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ token: "itg_gm" });
    expect(window.localStorage.length).toBe(0); // the token is kept by the server's cookie, not by the page
    expect(await screen.findByText("/campaigns/c9/map")).toBeInTheDocument(); // straight to its map: no redirect
  }, SLOW);
});

function Where() {
  return <p>{useLocation().pathname}</p>;
}
