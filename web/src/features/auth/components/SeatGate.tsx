// A seat the server refuses (its token rotated by `intrigue gm-token`, revoked, or from another store) is said
// once, with a way to sign in again, in place of the campaign's screens: each of them would otherwise show
// "this bearer token names no seat" (issue 28, item 4).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useQuery, type CombinedError } from "urql";
import { Loading } from "../../../components/ui";
import { MeDocument } from "../../../graphql/generated";

/** Whether the server refused the request's seat (the error code of UnauthenticatedError, service/usecases/seats.py). */
export function refusedSeat(error: CombinedError | undefined): boolean {
  return Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHENTICATED"));
}

export function SeatRefused() {
  return (
    <div role="alert" className="error" data-testid="seat-refused">
      <p>
        The server no longer accepts the seat this browser holds for this campaign: its token was replaced (a GM token
        is reissued with <code>intrigue gm-token</code>) or revoked.
      </p>
      <p><Link to="/sign-in">Sign in with a current token</Link></p>
    </div>
  );
}

/** The campaign's screens, once the server has said who the seat is; the refusal alone if it refuses it. */
export function SeatGate({ children }: { children: ReactNode }) {
  const [{ data, error, fetching }] = useQuery({ query: MeDocument, requestPolicy: "network-only" });
  if (refusedSeat(error)) return <SeatRefused />;
  if (fetching && !data && !error) return <Loading what="your seat" />;
  return <>{children}</>;
}
