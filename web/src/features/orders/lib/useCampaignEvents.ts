// The GM's live view: each event of the campaign (an order landing, a seat created) calls `onSettled` once a
// burst has settled (the log is replayed on connecting; a phase resolving writes many events).
import { useEffect, useRef } from "react";
import { useSubscription } from "urql";
import { OrderEventsDocument } from "../../../graphql/generated";

const SETTLE_MS = 300;

export function useCampaignEvents(campaignId: string, active: boolean, onSettled: () => void): void {
  const [events] = useSubscription({ query: OrderEventsDocument, variables: { campaignId, after: 0 }, pause: !active });
  const position = events.data?.campaignEvents.position;
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (position === undefined) return;
    const timer = setTimeout(() => callback.current(), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [position]);
}
