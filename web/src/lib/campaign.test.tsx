import { act, render, screen } from "@testing-library/react";
import { Client, makeResult, Provider, type Exchange, type Operation } from "urql";
import { describe, expect, it } from "vitest";
import { filter, make, mergeMap, pipe } from "wonka";
import { FrameCampaignDocument } from "../graphql/generated";
import { CampaignProvider, useCampaign, useLiveQuery } from "./campaign";

type Held = { operation: Operation; answer: (name: string) => void };

/** A real urql client whose queries wait until the test answers them, one request at a time, in order. */
function heldClient(held: Held[]): Client {
  const exchange: Exchange = () => (operations$) => pipe(
    operations$,
    filter((operation) => operation.kind === "query"),
    mergeMap((operation) => make((observer) => {
      held.push({
        operation,
        answer: (name) => {
          const campaign = { __typename: "Campaign", id: "c1", name, phase: 1, phaseStatus: "OPEN" };
          observer.next(makeResult(operation, { data: { campaign } }));
          observer.complete();
        },
      });
      return () => undefined;
    })),
  );
  return new Client({ url: "/graphql", exchanges: [exchange] });
}

let bump: () => void = () => undefined;

function Shown() {
  const state = useCampaign();
  bump = state.bump;
  const [{ data }] = useLiveQuery({ query: FrameCampaignDocument, variables: { campaignId: "c1" } });
  return <p data-testid="shown">{data?.campaign?.name ?? "nothing yet"}</p>;
}

describe("useLiveQuery", () => {
  it("does not end on an answer older than the last change, when two reads' answers cross", async () => {
    const held: Held[] = [];
    render(
      <Provider value={heldClient(held)}>
        <CampaignProvider campaignId="c1" seat={{ role: "GM", name: "GM", seatId: "" }}>
          <Shown />
        </CampaignProvider>
      </Provider>,
    );
    const answer = (name: string) => held.splice(0).forEach((h) => h.answer(name));
    await act(async () => answer("first read"));
    expect(screen.getByTestId("shown")).toHaveTextContent("first read");
    await act(async () => bump()); // a change: read again
    expect(held).toHaveLength(1);
    await act(async () => bump()); // another change, told while that read is in flight: read again too
    expect(held).toHaveLength(2);
    const [before, after] = held.splice(0);
    await act(async () => after.answer("read after the second change"));
    await act(async () => before.answer("read before the second change")); // the answers crossed on the way
    expect(held).toHaveLength(1); // the older answer, shown last, is read again
    await act(async () => answer("read again"));
    expect(screen.getByTestId("shown")).toHaveTextContent("read again");
  });
});
