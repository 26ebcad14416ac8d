// The console: campaigns and sign-in outside any campaign, then one campaign's screens under its seat.
import { useMemo } from "react";
import { BrowserRouter, Link, Navigate, Route, Routes, useMatch } from "react-router-dom";
import { Provider } from "urql";
import { JoinInvite, SignIn } from "../features/auth";
import { CampaignList } from "../features/campaigns";
import { makeClient } from "../lib/client";
import { FIRST_SCREEN } from "../lib/paths";
import { CampaignLayout } from "./CampaignLayout";
import { campaignRoutes } from "./routes";

export function App() {
  const anonymous = useMemo(() => makeClient(null), []);
  return (
    <BrowserRouter>
      <header className="app-header">
        <Link to="/" className="brand">Intrigue</Link>
        <SignInLink />
        <a href="/graphql">GraphiQL</a>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<Provider value={anonymous}><CampaignList /></Provider>} />
          <Route path="/sign-in" element={<SignIn />} />
          <Route path="/join" element={<JoinInvite />} />
          <Route path="/campaigns/:campaignId" element={<CampaignLayout />}>
            <Route index element={<Navigate to={FIRST_SCREEN} replace />} />
            {campaignRoutes}
          </Route>
          <Route path="*" element={<p role="alert">No such page. <Link to="/">Back to the campaigns</Link>.</p>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

/** No "Sign in" inside a campaign (issue 28, item 5): its frame names the seat and offers "Sign out", or, holding
 * none, says so with a sign-in link of its own. */
function SignInLink() {
  const inCampaign = useMatch("/campaigns/:campaignId/*");
  return inCampaign ? null : <Link to="/sign-in">Sign in</Link>;
}
