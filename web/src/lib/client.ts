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
  const ws = createWsClient({ url: wsUrl(campaignId), lazy: true, retryAttempts: Infinity });
  return new Client({
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
}
