import { act, render, screen } from "@testing-library/react";
import { Client, makeResult, Provider, type Exchange, type Operation } from "urql";
import { describe, expect, it } from "vitest";
import { filter, make, mergeMap, pipe } from "wonka";
import { FrameCampaignDocument } from "../graphql/generated";
import { CampaignProvider, useCampaign, useLiveQuery } from "./campaign";

type Held = { operation: Operation; answer: (name: string) => void };
type Told = { kind: string; position: number; acknowledgement: boolean };
let tell: (change: Told) => void = () => undefined;

/** A real urql client whose queries wait until the test answers them, one request at a time, in order; the
 * campaign's subscription says what the test `tell`s. */
function heldClient(held: Held[]): Client {
  const exchange: Exchange = () => (operations$) => pipe(
    operations$,
    filter((operation) => operation.kind === "query" || operation.kind === "subscription"),
    mergeMap((operation) => make((observer) => {
      if (operation.kind === "subscription") {
        tell = (change) => observer.next(makeResult(operation, { data: { campaignChanges: { __typename: "CampaignChange", ...change } } }));
        return () => undefined;
      }
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
  return (
    <>
      <p data-testid="shown">{data?.campaign?.name ?? "nothing yet"}</p>
      <p data-testid="last-change">{state.lastChange ? `${state.lastChange.kind} ${state.lastChange.count}` : "none"}</p>
    </>
  );
}

function renderShown(held: Held[]) {
  render(
    <Provider value={heldClient(held)}>
      <CampaignProvider campaignId="c1" seat={{ role: "GM", name: "GM", seatId: "" }}>
        <Shown />
      </CampaignProvider>
    </Provider>,
  );
}

describe("useLiveQuery", () => {
  it("does not end on an answer older than the last change, when two reads' answers cross", async () => {
    const held: Held[] = [];
    renderShown(held);
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

describe("CampaignProvider", () => {
  it("reads again when the server acknowledges the subscription, and shows no change for it", async () => {
    const held: Held[] = [];
    renderShown(held);
    await act(async () => held.splice(0).forEach((h) => h.answer("first read")));
    expect(held).toHaveLength(0);
    await act(async () => tell({ kind: "OTHER", position: 7, acknowledgement: true }));
    expect(held).toHaveLength(1); // at once: no fixed wait
    expect(held[0].operation.context.requestPolicy).toBe("network-only");
    await act(async () => held.splice(0).forEach((h) => h.answer("read once held")));
    expect(screen.getByTestId("shown")).toHaveTextContent("read once held");
    expect(screen.getByTestId("last-change")).toHaveTextContent("none");
  });

  it("reads again on each acknowledgement (a resubscription's too), and counts only the changes", async () => {
    const held: Held[] = [];
    renderShown(held);
    await act(async () => held.splice(0).forEach((h) => h.answer("first read")));
    await act(async () => tell({ kind: "OTHER", position: 7, acknowledgement: true }));
    await act(async () => held.splice(0).forEach((h) => h.answer("read once held")));
    await act(async () => tell({ kind: "OTHER", position: 7, acknowledgement: true }));
    expect(held).toHaveLength(1);
    await act(async () => held.splice(0).forEach((h) => h.answer("read once held again")));
    await act(async () => tell({ kind: "ORDERS", position: 8, acknowledgement: false }));
    expect(screen.getByTestId("last-change")).toHaveTextContent("ORDERS 1");
    await act(async () => tell({ kind: "OTHER", position: 8, acknowledgement: true }));
    expect(screen.getByTestId("last-change")).toHaveTextContent("ORDERS 1");
  });
});
