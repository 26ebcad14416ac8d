// An invite link (issue 28, item 5): `/join#token=…`. The token is taken out of the address bar before anything
// else (history.replaceState), traded for its campaign's HttpOnly cookie (POST /session), and the page goes on to
// the campaign; the page keeps no token (docs/console.md, "Invite links").
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Loading, Section } from "../../../components/ui";
import { campaignPath } from "../../../lib/paths";
import { signIn, takeInviteToken } from "../../../lib/session";

export function JoinInvite() {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once, though React may run an effect twice in development
    started.current = true;
    const token = takeInviteToken();
    if (!token) {
      setRefusal("This invite link carries no token: ask the GM for the link again.");
      return;
    }
    signIn(token).then(
      (seat) => navigate(campaignPath(seat.campaignId), { replace: true }),
      (refused: unknown) => setRefusal(refused instanceof Error ? refused.message : "This invite names no seat."),
    );
  }, [navigate]);
  return (
    <Section title="Joining the table">
      {refusal ? (
        <p role="alert" className="error">
          The invite was refused: {refusal}. <Link to="/sign-in">Sign in with a token</Link>.
        </p>
      ) : <Loading what="your seat" />}
    </Section>
  );
}
