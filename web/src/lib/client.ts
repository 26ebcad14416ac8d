// One urql client per campaign seat: queries and mutations over HTTP, subscriptions over graphql-transport-ws, all
// to the same origin that served the console. The seat's token is never in the page: the browser sends the campaign's
// HttpOnly cookie, and the client names the campaign whose cookie answers (docs/console.md, "Seat tokens").
import { createClient as createWsClient } from "graphql-ws";
import { Client, cacheExchange, fetchExchange, subscriptionExchange } from "urql";

export function graphqlUrl(): string {
  return new URL("/graphql", window.location.href).toString();
}

/** The header naming the campaign whose seat cookie answers a request; a WebSocket names it in its URL instead. */
export const CAMPAIGN_HEADER = "X-Intrigue-Campaign";
/** The header with which the GM's reads are answered as another seat of the campaign (reads only; docs/console.md). */
export const VIEW_AS_HEADER = "X-Intrigue-View-As";

function wsUrl(campaignId: string | null): string {
  const url = new URL(graphqlUrl().replace(/^http/, "ws"));
  if (campaignId) url.searchParams.set("campaign", campaignId);
  return url.toString();
}

/** A client answered as this browser's seat in the campaign (none: anonymous), viewing as `viewAs` if the GM's. */
export function makeClient(campaignId: string | null, viewAs: string | null = null): Client {
  // A browser's WebSocket takes no header: the view-as seat goes in its connection_init payload, under the
  // header's own name, so live updates are the viewed seat's too (issue 28, item 5).
  const connectionParams = viewAs ? { [VIEW_AS_HEADER]: viewAs } : undefined;
  const ws = createWsClient({ url: wsUrl(campaignId), lazy: true, retryAttempts: Infinity, connectionParams, retryWait });
  const listeners = new Set<ConnectionListener>();
  // Every connection, the first too, re-reads: a reconnection may have missed several changes. A change committed
  // between that read and the server holding the subscription is read when the subscription's acknowledgement
  // arrives (lib/campaign.tsx); what is folded later, the subscription tells (it waits for the read models).
  ws.on("connected", () => listeners.forEach((l) => l.reconnected()));
  ws.on("closed", () => listeners.forEach((l) => l.closed()));
  const client = new Client({
    url: graphqlUrl(),
    requestPolicy: "cache-and-network",
    fetchOptions: (): RequestInit => ({
      credentials: "same-origin",
      headers: {
        ...(campaignId ? { [CAMPAIGN_HEADER]: campaignId } : {}),
        ...(viewAs ? { [VIEW_AS_HEADER]: viewAs } : {}),
      },
    }),
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query || "" };
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
  reconnections.set(client, listeners);
  return client;
}

// Issue 28 (the GM is never locked out): a server restarted is reconnected to within seconds, not after graphql-ws's
// default backoff (doubling without bound). A server going away ends the subscriptions it held (graphql-ws gives
// up once none is left), so whoever follows the campaign is told (`closed`) to follow again, and, once connected
// again (`reconnected`), to re-read what it may have missed.
const MAX_RETRY_MS = 3000;
type ConnectionListener = { closed: () => void; reconnected: () => void };
const reconnections = new WeakMap<Client, Set<ConnectionListener>>();

async function retryWait(retries: number): Promise<void> {
  const wait = Math.min(MAX_RETRY_MS, 500 * 2 ** retries) + Math.floor(Math.random() * 500);
  await new Promise((resolve) => window.setTimeout(resolve, wait));
}

/** Tells `listener` when the client's WebSocket closes and when it connects again; returns the undo. */
export function onConnection(client: Client, listener: ConnectionListener): () => void {
  const listeners = reconnections.get(client);
  listeners?.add(listener);
  return () => {
    listeners?.delete(listener);
  };
}
