// Sign-in with a seat's token (GM, player or observer): the server trades it for its campaign's HttpOnly cookie
// and says whose seat it is (docs/console.md, "Seat tokens"); the page keeps no token.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ErrorMessage, Section } from "../../../components/ui";
import { campaignPath } from "../../../lib/paths";
import { signIn } from "../../../lib/session";

export function SignIn() {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const seat = await signIn(token.trim());
      setToken("");
      navigate(campaignPath(seat.campaignId));
    } catch (refused) {
      setError(refused instanceof Error ? refused.message : "This token is not a seat of any campaign.");
    } finally {
      setBusy(false);
    }
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
