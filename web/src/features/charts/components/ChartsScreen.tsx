// Charts over the phases (issue 18): faction HP, FacGold and ratings; house rank, Influence and Power; and the
// dice fairness view for the GM. Each seat charts what `phaseSeries` shows it (a rival's FacGold stays hidden).
import { useState } from "react";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { DiceFairnessDocument, PhaseSeriesDocument } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import "../charts.css";
import { pivot, type Metric, type Point } from "../series";
import { ChartPanel, coloursFor } from "./ChartPanel";
import { DiceFairness } from "./DiceFairness";

const FACTION_CHARTS: [Metric, string][] = [["hp", "Faction HP"], ["facgold", "FacGold"], ["force", "Force rating"],
  ["cunning", "Cunning rating"], ["wealth", "Wealth rating"]];
const HOUSE_CHARTS: [Metric, string][] = [["rank", "House rank"], ["influence", "Influence"], ["power", "Power"]];

function Charts({ points, kind, charts, showTable }: { points: Point[]; kind: Point["kind"]; charts: [Metric, string][]; showTable: boolean }) {
  const colours = coloursFor(points.filter((p) => p.kind === kind).map((p) => p.name));
  return (
    <div className="chart-grid">
      {charts.map(([metric, title]) => (
        <ChartPanel key={metric} id={metric} title={title} table={pivot(points, kind, metric)} showTable={showTable} colours={colours} />
      ))}
    </div>
  );
}

function Dice({ campaignId, showTable }: { campaignId: string; showTable: boolean }) {
  const [{ data, error }] = useLiveQuery({ query: DiceFairnessDocument, variables: { campaignId } });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what="the dice" />;
  return <DiceFairness dice={data.diceFairness} showTable={showTable} />;
}

export function ChartsScreen() {
  const { campaignId, seat } = useCampaign();
  const [showTable, setShowTable] = useState(false);
  const [{ data, error }] = useLiveQuery({ query: PhaseSeriesDocument, variables: { campaignId } });
  const toggle = (
    <button type="button" className="secondary" aria-pressed={showTable} onClick={() => setShowTable((s) => !s)} data-testid="charts-tables">
      Show the numbers as tables
    </button>
  );
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what="the charts" />;
  const points = data.phaseSeries;
  return (
    <>
      <Section title="Factions over the phases" actions={toggle}>
        {points.length === 0 ? <p>No phase has resolved yet.</p> : <Charts points={points} kind="FACTION" charts={FACTION_CHARTS} showTable={showTable} />}
      </Section>
      <Section title="Houses over the phases">
        {points.length === 0 ? <p>No phase has resolved yet.</p> : <Charts points={points} kind="HOUSE" charts={HOUSE_CHARTS} showTable={showTable} />}
      </Section>
      <Section title="Dice fairness">
        {seat.role === "GM" ? <Dice campaignId={campaignId} showTable={showTable} />
          : <p>The dice fairness view is the GM's: it counts every roll, secret ones included.</p>}
      </Section>
    </>
  );
}
