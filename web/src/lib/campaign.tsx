// The campaign being looked at, the seat it is looked at as, and a live version that every view re-reads on:
// the version moves whenever a subscription says the campaign changed (issue 18, "Live").
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQuery, useSubscription, type AnyVariables, type UseQueryArgs } from "urql";
import { PhaseResultsDocument } from "../graphql/generated";
import type { StoredSeat } from "./session";

type CampaignState = { campaignId: string; seat: StoredSeat; version: number; bump: () => void };
const CampaignContext = createContext<CampaignState | null>(null);

export function CampaignProvider({ campaignId, seat, children }: { campaignId: string; seat: StoredSeat; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const [results] = useSubscription({ query: PhaseResultsDocument, variables: { campaignId, after: 0 } });
  const latest = results.data?.phaseResults.position;
  useEffect(() => {
    if (latest !== undefined) bump();
  }, [latest, bump]);
  const value = useMemo(() => ({ campaignId, seat, version, bump }), [campaignId, seat, version, bump]);
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
  const reexecute = result[1];
  useEffect(() => {
    if (version > 0) reexecute({ requestPolicy: "network-only" });
  }, [version, reexecute]);
  return result;
}
