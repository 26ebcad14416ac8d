import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, type Client } from "urql";
import { describe, expect, it, vi } from "vitest";
import { fromValue, never } from "wonka";
import { CampaignProvider } from "../../../lib/campaign";
import { SeatsScreen } from "./SeatsScreen";

const SLOW = 20_000; // user-event drives the DOM step by step: slow on a loaded machine, never timed

const SEATS = { seats: [{ __typename: "Seat", id: "s0", name: "GM", role: "GM", factionId: null, houseId: null, revoked: false }] };
const MEMBERS = {
  factions: [{ __typename: "Faction", id: "f1", name: "Crows", wild: false }, { __typename: "Faction", id: "w", name: "The Wild", wild: true }],
  houses: [{ __typename: "House", id: "h1", name: "House Varn" }],
};

function fakeClient(createSeat: ReturnType<typeof vi.fn>): Client {
  return {
    executeQuery: vi.fn(({ query }: { query: { definitions: { name?: { value: string } }[] } }) =>
      fromValue({ data: query.definitions[0]?.name?.value === "SeatList" ? SEATS : MEMBERS })),
    executeMutation: createSeat,
    executeSubscription: vi.fn(() => never),
  } as unknown as Client;
}

describe("SeatsScreen", () => {
  it("seats a player for a faction, then shows its token once", async () => {
    const createSeat = vi.fn(() => fromValue({ data: { createSeat: { token: "itg_secret", seat: { id: "s1", name: "Crows player", role: "PLAYER", factionId: "f1", houseId: null, revoked: false } } } }));
    render(
      <Provider value={fakeClient(createSeat)}>
        <CampaignProvider campaignId="c1" seat={{ role: "GM", name: "GM", seatId: "" }}>
          <SeatsScreen />
        </CampaignProvider>
      </Provider>,
    );
    expect(screen.getAllByRole("cell", { name: "GM" })).toHaveLength(2); // the GM's seat, named and its role
    const member = screen.getByLabelText("Plays (a faction or a house)");
    expect(screen.queryByRole("option", { name: "The Wild" })).toBeNull(); // The Wild is the GM's, no seat's
    await userEvent.type(screen.getByLabelText("Seat name"), "Crows player");
    await userEvent.selectOptions(member, "faction:f1");
    await userEvent.click(screen.getByRole("button", { name: "Create seat" }));
    await waitFor(() => expect(screen.getByTestId("new-seat-token")).toHaveTextContent("itg_secret"));
    // Its invite link carries the token in the fragment, which no request sends (issue 28, item 5).
    expect(screen.getByTestId("new-seat-invite")).toHaveTextContent(`${window.location.origin}/join#token=itg_secret`);
    const variables = (createSeat.mock.calls[0] as unknown as [{ variables: unknown }])[0].variables;
    expect(variables).toEqual({ campaignId: "c1", input: { role: "PLAYER", name: "Crows player", factionId: "f1", houseId: null } });
  }, SLOW);

  it("tells a player that seating is the GM's", () => {
    render(
      <Provider value={fakeClient(vi.fn())}>
        <CampaignProvider campaignId="c1" seat={{ role: "PLAYER", name: "P", seatId: "s2" }}>
          <SeatsScreen />
        </CampaignProvider>
      </Provider>,
    );
    expect(screen.getByText(/Only the campaign's GM/)).toBeInTheDocument();
  });
});
