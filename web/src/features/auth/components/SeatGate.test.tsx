import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { CombinedError, Provider, type Client } from "urql";
import { describe, expect, it, vi } from "vitest";
import { concat, fromValue, never } from "wonka";
import { SeatGate } from "./SeatGate";

function answering(result: object): Client {
  return {
    executeQuery: vi.fn(() => concat([fromValue(result), never])), // a live source, as a real client's is
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client;
}

function gate(client: Client) {
  return render(
    <MemoryRouter>
      <Provider value={client}>
        <SeatGate><p>The map</p></SeatGate>
      </Provider>
    </MemoryRouter>,
  );
}

describe("SeatGate", () => {
  it("says once that the seat was refused, and offers sign-in, in place of the screens", () => {
    const refused = { message: "this bearer token names no seat", extensions: { code: "UNAUTHENTICATED" } };
    gate(answering({ error: new CombinedError({ graphQLErrors: [refused] }) }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByTestId("seat-refused")).toHaveTextContent("no longer accepts the seat");
    expect(screen.getByRole("link", { name: "Sign in with a current token" })).toHaveAttribute("href", "/sign-in");
    expect(screen.queryByText("The map")).toBeNull();
    expect(screen.queryByText(/names no seat/)).toBeNull();
  });

  it("shows the screens to a seat the server knows, and leaves other errors to them", () => {
    gate(answering({ data: { me: { __typename: "Seat", id: "s", campaignId: "c", role: "GM", name: "GM", factionId: null, houseId: null } } }));
    expect(screen.getByText("The map")).toBeInTheDocument();
    const other = { message: "the campaign is busy", extensions: { code: "CONFLICT" } };
    gate(answering({ error: new CombinedError({ graphQLErrors: [other] }) }));
    expect(screen.getAllByText("The map")).toHaveLength(2);
    expect(screen.queryByTestId("seat-refused")).toBeNull();
  });
});
