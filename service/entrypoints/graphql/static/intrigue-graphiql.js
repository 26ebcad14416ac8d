// Intrigue's GraphiQL page (graphiql.html): a file, not an inline <script>, so the CSP's script-src 'self' holds.
// Query, variables and headers may come in the URL (?query=…&variables=…&headers=…), as GraphiQL shares them.
const parameters = Object.fromEntries(new URLSearchParams(window.location.search));
const fetchURL = window.location.href.split("?")[0];
const subscriptionURL = new URL(fetchURL);
subscriptionURL.protocol = subscriptionURL.protocol === "https:" ? "wss:" : "ws:";
subscriptionURL.hash = "";
// GraphiQL sends the Headers tab with every request, and as the WebSocket's connection_init payload.
const fetcher = GraphiQL.createFetcher({ url: fetchURL, subscriptionUrl: subscriptionURL.toString() });

function IntrigueGraphiQL() {
  const [query, setQuery] = React.useState(parameters.query || document.getElementById("welcome").textContent);
  const [variables, setVariables] = React.useState(parameters.variables);
  const [headers, setHeaders] = React.useState(parameters.headers);
  return React.createElement(GraphiQL, {
    fetcher,
    defaultEditorToolsVisibility: true,
    plugins: [GraphiQLPluginExplorer.explorerPlugin()],
    query, variables, headers,
    onEditQuery: setQuery,
    onEditVariables: setVariables,
    onEditHeaders: setHeaders,
    inputValueDeprecation: true,
    isHeadersEditorEnabled: true,
    // Not kept in localStorage: the page shares its origin with the console, whose script must never read a
    // token (docs/console.md, "Seat tokens"); a token typed here lasts as long as the tab.
    shouldPersistHeaders: false,
  });
}

ReactDOM.createRoot(document.getElementById("graphiql")).render(React.createElement(IntrigueGraphiQL));
