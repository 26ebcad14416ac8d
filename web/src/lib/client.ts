// One urql client per seat token: queries and mutations over HTTP, subscriptions over graphql-transport-ws
// (the token in connection_init), all to the same origin that served the console.
import { createClient as createWsClient } from "graphql-ws";
import { Client, cacheExchange, fetchExchange, subscriptionExchange } from "urql";

export function graphqlUrl(): string {
  return new URL("/graphql", window.location.href).toString();
}

/** The header with which the GM's reads are answered as another seat of the campaign (reads only; docs/console.md). */
export const VIEW_AS_HEADER = "X-Intrigue-View-As";

export function makeClient(token: string | null, viewAs: string | null = null): Client {
  const wsUrl = graphqlUrl().replace(/^http/, "ws");
  const ws = createWsClient({
    url: wsUrl,
    lazy: true,
    retryAttempts: Infinity,
    connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return new Client({
    url: graphqlUrl(),
    requestPolicy: "cache-and-network",
    fetchOptions: (): RequestInit => ({
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
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
