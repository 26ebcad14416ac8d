// The GM's "view as": every screen's reads answered as the chosen seat (the server decides what it sees).
import { useQuery } from "urql";
import { SeatListDocument } from "../../../graphql/generated";
import { roleName, type ViewedSeat } from "../../../lib/session";

export function ViewAsToggle({ campaignId, viewed, onChange }: {
  campaignId: string;
  viewed: ViewedSeat | null;
  onChange: (seat: ViewedSeat | null) => void;
}) {
  const [{ data }] = useQuery({ query: SeatListDocument, variables: { campaignId } });
  const seats = (data?.seats ?? []).filter((s) => s.role !== "GM" && !s.revoked);
  return (
    <span className="view-as">
      <label htmlFor="view-as">View as</label>{" "}
      <select
        id="view-as"
        value={viewed?.seatId ?? ""}
        onChange={(event) => {
          const chosen = seats.find((s) => s.id === event.target.value);
          onChange(chosen ? { seatId: chosen.id, role: chosen.role, name: chosen.name } : null);
        }}
      >
        <option value="">Myself (GM: everything)</option>
        {seats.map((s) => (
          <option key={s.id} value={s.id}>{s.name} ({roleName(s.role)})</option>
        ))}
      </select>
      {viewed ? <strong className="viewing" data-testid="viewing-as"> Viewing as {viewed.name}: reads only</strong> : null}
    </span>
  );
}
