// Sign-in with a seat's token (GM, player or observer): the token is asked who it is (`me`), then kept for
// that campaign in this browser.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ErrorMessage, Section } from "../../../components/ui";
import { MeDocument } from "../../../graphql/generated";
import { makeClient } from "../../../lib/client";
import { rememberSeat } from "../../../lib/session";

export function SignIn() {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await makeClient(token.trim()).query(MeDocument, {}, { requestPolicy: "network-only" }).toPromise();
    setBusy(false);
    const me = result.data?.me;
    if (!me) {
      setError(result.error?.graphQLErrors[0]?.message ?? result.error?.message ?? "This token is not a seat of any campaign.");
      return;
    }
    rememberSeat(me.campaignId, { token: token.trim(), role: me.role, name: me.name, seatId: me.id });
    navigate(`/campaigns/${me.campaignId}`);
  }

  return (
    <Section title="Sign in with a seat's token">
      <form onSubmit={submit} className="form">
        <label htmlFor="token">Seat token (GM, player or observer)</label>
        <input id="token" name="token" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" required />
        <button type="submit" disabled={busy || !token.trim()}>Sign in</button>
        <ErrorMessage error={error} />
      </form>
    </Section>
  );
}
