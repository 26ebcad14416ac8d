import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { Provider, type Client } from "urql";
import { describe, expect, it, vi } from "vitest";
import { fromValue } from "wonka";
import { seatFor } from "../../../lib/session";
import { CreateCampaign } from "./CreateCampaign";

const SLOW = 20_000; // user-event drives the DOM step by step: slow on a loaded machine, never timed

describe("CreateCampaign", () => {
  it("creates a campaign from the chosen preset and keeps the GM token it answers", async () => {
    const create = vi.fn(() => fromValue({ data: { createCampaign: { id: "c9", name: "Worked", gmToken: "itg_gm" } } }));
    const client = { executeMutation: create } as unknown as Client;
    render(<Provider value={client}><MemoryRouter><CreateCampaign /></MemoryRouter></Provider>);
    await userEvent.type(screen.getByLabelText("Name"), "Worked");
    await userEvent.selectOptions(screen.getByLabelText("Start from"), "WORKED_EXAMPLE");
    await userEvent.keyboard("{Tab}");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(seatFor("c9")?.token).toBe("itg_gm"));
    const variables = (create.mock.calls[0] as unknown as [{ variables: unknown }])[0].variables;
    expect(variables).toEqual({ input: { name: "Worked", ruleSystems: ["FACTION_TURN"], preset: "WORKED_EXAMPLE" } });
    expect(seatFor("c9")?.role).toBe("GM");
  }, SLOW);
});
