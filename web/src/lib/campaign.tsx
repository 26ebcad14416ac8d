// The campaign being looked at, the seat it is looked at as, and a live version that every view re-reads on:
// the version moves whenever a subscription says the campaign changed (issue 18, "Live"): `campaignChanges`, which
// any seat may follow, tells it of every change it may know of (the phase clock, its own orders, the chronicle;
// the GM every change). A burst (a phase resolving writes many events) moves the version once. Its first message
// says the server holds the subscription (`acknowledgement`): the version moves then too, so a change committed
// between a view's first read and that moment is read, with no fixed wait (issue 31, item 4).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useClient, useQuery, useSubscription, type AnyVariables, type UseQueryArgs } from "urql";
import { CampaignChangesDocument, type CampaignChangeKind } from "../graphql/generated";
import { onConnection } from "./client";
import type { ViewedSeat } from "./session";

export type LastChange = { kind: CampaignChangeKind; position: number | null; count: number };
// What the subscription told: the last change, and its last acknowledgement (a fresh object each time it is held).
type Heard = { last: LastChange | null; held: object | null };
// `readOnly`: the GM views the campaign as another seat, whose forms it may read but not send (issue 28, item 5).
type CampaignState = {
  campaignId: string; seat: ViewedSeat; version: number; bump: () => void; lastChange: LastChange | null; readOnly: boolean;
};
const SETTLE_MS = 150; // re-read once a burst of changes has settled
const RESUBSCRIBE_MS = 1000; // after the subscription ended (its server went away), follow again
const CampaignContext = createContext<CampaignState | null>(null);

export function CampaignProvider({ campaignId, seat, readOnly = false, children }: {
  campaignId: string; seat: ViewedSeat; readOnly?: boolean; children: ReactNode;
}) {
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const [changes, resubscribe] = useSubscription(
    { query: CampaignChangesDocument, variables: { campaignId, after: null } },
    (previous: Heard | undefined, data): Heard => {
      const { acknowledgement, kind, position } = data.campaignChanges;
      if (acknowledgement) return { last: previous?.last ?? null, held: {} }; // a new object: read again once
      return { last: { kind, position, count: (previous?.last?.count ?? 0) + 1 }, held: previous?.held ?? null };
    },
  );
  const client = useClient();
  // A server going away ends the subscription (issue 28: a restart must not leave the page deaf): follow again a
  // moment later, until connected again; then read again whatever changed meanwhile.
  useEffect(() => {
    let timer: number | undefined;
    const undo = onConnection(client, {
      closed: () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => resubscribe({}), RESUBSCRIBE_MS);
      },
      reconnected: bump,
    });
    return () => {
      window.clearTimeout(timer);
      undo();
    };
  }, [client, resubscribe, bump]);
  const held = changes.data?.held ?? null;
  useEffect(() => {
    if (held) bump();
  }, [held, bump]);
  const lastChange = changes.data?.last ?? null;
  const count = lastChange?.count ?? 0;
  useEffect(() => {
    if (count === 0) return undefined;
    const timer = window.setTimeout(bump, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [count, bump]);
  const value = useMemo(() => ({ campaignId, seat, version, bump, lastChange, readOnly }),
    [campaignId, seat, version, bump, lastChange, readOnly]);
  return <CampaignContext.Provider value={value}>{children}</CampaignContext.Provider>;
}

export function useCampaign(): CampaignState {
  const state = useContext(CampaignContext);
  if (!state) throw new Error("useCampaign outside a campaign");
  return state;
}

/** A query that is read again from the network whenever the campaign's live version moves. */
export function useLiveQuery<Data, Variables extends AnyVariables>(args: UseQueryArgs<Variables, Data>) {
  const { version } = useCampaign();
  const result = useQuery<Data, Variables>(args);
  const [{ fetching, operation }, reexecute] = result;
  // Two re-reads of one query may be in flight at once (changes told close together), and their answers may cross on
  // the way back: urql shows the one that lands last. Each re-read carries the version it was asked for, and an
  // answer older than the last version asked is read again, so a screen never ends on a state older than the last
  // change (a withdrawn order once stayed shown as submitted).
  const asked = useRef(0);
  useEffect(() => {
    if (version === 0) return;
    asked.current = version;
    reexecute({ requestPolicy: "network-only", liveVersion: version });
  }, [version, reexecute]);
  const answered = Number(operation?.context.liveVersion ?? 0);
  useEffect(() => {
    if (!fetching && answered < asked.current) {
      reexecute({ requestPolicy: "network-only", liveVersion: asked.current });
    }
  }, [fetching, answered, reexecute]);
  return result;
}
