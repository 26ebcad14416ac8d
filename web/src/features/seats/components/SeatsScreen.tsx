// The GM's seats: who sits at the table, seating a player (for a faction or a house) or an observer, revoking
// and reissuing tokens. A token is answered once by the server, so it is shown once, here, to copy.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import {
  CreateSeatDocument,
  ReissueSeatTokenDocument,
  RevokeSeatDocument,
  SeatListDocument,
  SeatMembersDocument,
  type SeatRole,
} from "../../../graphql/generated";
import { useCampaign } from "../../../lib/campaign";
import { inviteLink, roleName } from "../../../lib/session";
import "./seats.css";

type Issued = { name: string; token: string };

export function SeatsScreen() {
  const { campaignId, seat } = useCampaign();
  if (seat.role !== "GM") {
    return <Section title="Seats"><p>Only the campaign's GM seats players and observers.</p></Section>;
  }
  return <GmSeats campaignId={campaignId} />;
}

function GmSeats({ campaignId }: { campaignId: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: SeatListDocument, variables: { campaignId } });
  const [members] = useQuery({ query: SeatMembersDocument, variables: { campaignId } });
  const [issued, setIssued] = useState<Issued | null>(null);
  const [revoked, revoke] = useMutation(RevokeSeatDocument);
  const [reissued, reissue] = useMutation(ReissueSeatTokenDocument);
  const factions = members.data?.factions.filter((f) => !f.wild) ?? [];
  const houses = members.data?.houses ?? [];
  const nameOf = (id: string | null | undefined) =>
    [...factions, ...houses].find((m) => m.id === id)?.name ?? "";
  const again = () => refetch({ requestPolicy: "network-only" });

  return (
    <>
      {issued ? <NewToken issued={issued} onDone={() => setIssued(null)} /> : null}
      <Section title="Seats">
        {fetching && !data ? <Loading what="seats" /> : null}
        <ErrorMessage error={error ?? revoked.error ?? reissued.error} />
        {data ? (
          <table className="table">
            <caption>{data.seats.length} seats</caption>
            <thead>
              <tr>
                <th scope="col">Name</th><th scope="col">Role</th><th scope="col">Faction or house</th>
                <th scope="col">Token</th><th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.seats.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td>{roleName(s.role)}</td>
                  <td>{nameOf(s.factionId ?? s.houseId)}</td>
                  <td>{s.revoked ? "revoked" : "active"}</td>
                  <td className="seat-actions">
                    {s.role !== "GM" && !s.revoked ? (
                      <button type="button" className="secondary" aria-label={`Revoke ${s.name}`}
                        onClick={async () => { await revoke({ campaignId, seatId: s.id }); again(); }}>
                        Revoke
                      </button>
                    ) : null}
                    {s.role !== "GM" ? (
                      <button type="button" className="secondary" aria-label={`Reissue token of ${s.name}`}
                        onClick={async () => {
                          const result = await reissue({ campaignId, seatId: s.id });
                          const answer = result.data?.reissueSeatToken;
                          if (answer) setIssued({ name: answer.seat.name, token: answer.token });
                          again();
                        }}>
                        Reissue token
                      </button>
                    ) : <span>your own seat: its token is the one this browser holds</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Section>
      <NewSeat campaignId={campaignId} factions={factions} houses={houses}
        onIssued={(i) => { setIssued(i); again(); }} />
    </>
  );
}

function NewToken({ issued, onDone }: { issued: Issued; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const link = inviteLink(issued.token);
  async function copy(what: string, text: string) {
    try { await navigator.clipboard.writeText(text); setCopied(what); } catch { setCopied(null); }
  }
  return (
    <Section title="New token">
      <p role="status">
        The token of <strong>{issued.name}</strong>. It is shown this once: copy it, or its invite link, and hand
        it to its player.
      </p>
      <p><code className="token" data-testid="new-seat-token">{issued.token}</code></p>
      <p>
        Invite link (opening it signs the browser in as this seat; the token is in the part after #, which is never
        sent to a server): <code className="token" data-testid="new-seat-invite">{link}</code>
      </p>
      <div className="seat-actions">
        <button type="button" onClick={() => copy("The token", issued.token)}>Copy token</button>
        <button type="button" onClick={() => copy("The invite link", link)}>Copy invite link</button>
        <button type="button" className="secondary" onClick={onDone}>Done</button>
        <span aria-live="polite">{copied ? `${copied} is copied.` : ""}</span>
      </div>
    </Section>
  );
}

type Member = { id: string; name: string };

function NewSeat({ campaignId, factions, houses, onIssued }: {
  campaignId: string; factions: Member[]; houses: Member[]; onIssued: (issued: Issued) => void;
}) {
  const [role, setRole] = useState<SeatRole>("PLAYER");
  const [name, setName] = useState("");
  const [member, setMember] = useState("");
  const [{ fetching, error }, create] = useMutation(CreateSeatDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const [kind, id] = member.split(":");
    const input = {
      role,
      name: name.trim() || null,
      factionId: role === "PLAYER" && kind === "faction" ? id : null,
      houseId: role === "PLAYER" && kind === "house" ? id : null,
    };
    const result = await create({ campaignId, input });
    const answer = result.data?.createSeat;
    if (answer) {
      onIssued({ name: answer.seat.name, token: answer.token });
      setName("");
    }
  }

  return (
    <Section title="Seat a player or an observer">
      <form onSubmit={submit} className="form">
        <label htmlFor="seat-role">Role</label>
        <select id="seat-role" value={role} onChange={(e) => setRole(e.target.value as SeatRole)}>
          <option value="PLAYER">Player</option>
          <option value="OBSERVER">Observer</option>
        </select>
        <label htmlFor="seat-name">Seat name</label>
        <input id="seat-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        {role === "PLAYER" ? (
          <>
            <label htmlFor="seat-member">Plays (a faction or a house)</label>
            <select id="seat-member" value={member} onChange={(e) => setMember(e.target.value)} required>
              <option value="">Choose…</option>
              <optgroup label="Factions">
                {factions.map((f) => <option key={f.id} value={`faction:${f.id}`}>{f.name}</option>)}
              </optgroup>
              <optgroup label="Houses">
                {houses.map((h) => <option key={h.id} value={`house:${h.id}`}>{h.name}</option>)}
              </optgroup>
            </select>
          </>
        ) : null}
        <button type="submit" disabled={fetching || (role === "PLAYER" && !member)}>Create seat</button>
        <ErrorMessage error={error} />
      </form>
    </Section>
  );
}
