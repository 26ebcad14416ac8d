// The chronicle (issue 18): each resolved phase's published gossip, for every seat; the GM's desk to draft,
// edit and publish it. Both re-read live (a publication reaches every seat as a `CHRONICLE` change).
import { useCallback, useMemo, useState } from "react";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { ChronicleScreenDocument, PublishedChronicleDocument } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import "../chronicle.css";
import { GmDesk } from "./GmDesk";
import { GossipList } from "./GossipList";

function PhaseChronicle({ campaignId, phase, names }: { campaignId: string; phase: number; names: (id: string | null) => string }) {
  const [{ data, error }] = useLiveQuery({ query: PublishedChronicleDocument, variables: { campaignId, phase } });
  return (
    <li className="chronicle-phase" data-testid={`chronicle-phase-${phase}`}>
      <h3>Phase {phase}</h3>
      <ErrorMessage error={error} />
      {data ? <GossipList gossip={data.chronicle} names={names} empty="Nothing published for this phase yet." /> : !error && <Loading what="the gossip" />}
    </li>
  );
}

export function ChronicleScreen() {
  const { campaignId, seat } = useCampaign();
  const [{ data, error }] = useLiveQuery({ query: ChronicleScreenDocument, variables: { campaignId } });
  const [chosen, setChosen] = useState<number | null>(null);
  const byId = useMemo(() => {
    const map = new Map<string, string>();
    data?.factions.forEach((f) => map.set(f.id, f.name));
    data?.houses.forEach((h) => map.set(h.id, h.name));
    return map;
  }, [data]);
  const names = useCallback((id: string | null) => (id ? byId.get(id) ?? "someone" : "The talk of the town"), [byId]);
  if (error) return <ErrorMessage error={error} />;
  if (!data?.campaign) return <Loading what="the chronicle" />;
  const { phase, phaseStatus } = data.campaign;
  const last = phaseStatus === "RESOLVED" ? phase : phase - 1;
  const phases = Array.from({ length: Math.max(last, 0) }, (_, i) => last - i);
  const desk = chosen !== null && chosen <= last ? chosen : last;
  return (
    <>
      {seat.role === "GM" && phases.length > 0 && (
        <Section title="The GM's chronicle desk">
          <div className="form">
            <label htmlFor="desk-phase">Phase to draft and publish</label>
            <select id="desk-phase" value={desk} onChange={(e) => setChosen(Number(e.target.value))}>
              {phases.map((n) => <option key={n} value={n}>Phase {n}</option>)}
            </select>
          </div>
          <GmDesk key={desk} campaignId={campaignId} phase={desk} names={names} />
        </Section>
      )}
      <Section title="Chronicle">
        {phases.length === 0 ? <p>No phase has resolved yet: its gossip will be told here.</p> : (
          <ol className="chronicle" aria-label="Published gossip, newest phase first">
            {phases.map((n) => <PhaseChronicle key={n} campaignId={campaignId} phase={n} names={names} />)}
          </ol>
        )}
      </Section>
    </>
  );
}
