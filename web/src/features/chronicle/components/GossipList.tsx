// Gossip as every seat hears it: each turn's lines, who spreads them, and their spin.
import type { PublishedChronicleQuery } from "../../../graphql/generated";

export type GossipEntry = PublishedChronicleQuery["chronicle"][number];

export function GossipList({ gossip, names, empty }: { gossip: GossipEntry[]; names: (id: string | null) => string; empty: string }) {
  const told = gossip.filter((g) => g.lines.length > 0);
  if (told.length === 0) return <p>{empty}</p>;
  return (
    <ul className="gossip">
      {told.map((g, i) => (
        <li key={g.actorId ?? i} data-testid="gossip">
          <span className="gossip-actor">{names(g.actorId)}</span>
          {g.spin && <span className="gossip-spin"> ({g.spin})</span>}
          <blockquote>{g.lines.map((line, j) => <p key={j}>{line}</p>)}</blockquote>
        </li>
      ))}
    </ul>
  );
}
