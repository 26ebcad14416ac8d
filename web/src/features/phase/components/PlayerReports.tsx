// A player's own phase reports (`phaseReport`): what its faction or house did and suffered in each resolved phase.
import { useState } from "react";
import { ErrorMessage, Loading } from "../../../components/ui";
import { OwnPhaseReportDocument, type OwnPhaseReportQuery } from "../../../graphql/generated";
import { useLiveQuery } from "../../../lib/campaign";
import { amount, ledgerReason, otherRolls, type ReportRoll } from "../report";
import { RollLine } from "./RollLine";

type Report = OwnPhaseReportQuery["phaseReport"];

function Rolls({ rolls, label }: { rolls: ReportRoll[]; label: string }) {
  if (rolls.length === 0) return null;
  return (
    <ul className="rolls" aria-label={label}>
      {rolls.map((r, i) => <RollLine key={i} roll={{ ...r, modifiers: r.modifiers.map((m) => ({ source: m.source, value: m.value })) }} />)}
    </ul>
  );
}

/** The names of the campaign's factions and houses by id, for the ids a report's words carry. */
export type Known = ReadonlyMap<string, string>;

export function ReportView({ report, known }: { report: Report; known: Known }) {
  return (
    <div className="report">
      <p>
        {report.initiative !== null && <>Initiative: place {report.initiative}. </>}
        Income {amount(report.income)}, costs {amount(report.costs)}.
      </p>
      <h4>Orders</h4>
      {report.orders.length === 0 ? <p>No orders resolved.</p> : (
        <ul>
          {report.orders.map((o, i) => (
            <li key={i}>
              {o.action}{o.actor ? ` (${o.actor})` : ""}{o.week ? `, week ${o.week}` : ""}{o.outcome ? `: ${o.outcome}` : ""}
              <Rolls rolls={o.rolls} label={`Rolls of ${o.action}`} />
            </li>
          ))}
        </ul>
      )}
      {report.damageTaken.length > 0 && (
        <><h4>Damage taken</h4><ul>{report.damageTaken.map((d, i) => <li key={i}>{amount(d.amount)}: {d.reason}</li>)}</ul></>
      )}
      {report.damageDealt.length > 0 && (
        <><h4>Damage dealt</h4><ul>{report.damageDealt.map((d, i) => <li key={i}>{amount(d.amount)}: {d.reason}</li>)}</ul></>
      )}
      {report.ledger.length > 0 && (
        <><h4>Ledger</h4><ul>{report.ledger.map((m, i) => <li key={i}>{amount(m.amount)}: {ledgerReason(m.reason, report, known)}</li>)}</ul></>
      )}
      <Rolls rolls={otherRolls(report)} label="Other rolls" />
    </div>
  );
}

function PhaseReportItem({ campaignId, phase, startOpen, known }: { campaignId: string; phase: number; startOpen: boolean; known: Known }) {
  const [open, setOpen] = useState(startOpen);
  const id = `phase-report-${phase}`;
  return (
    <li className="timeline-phase" data-testid={`phase-${phase}`}>
      <h3>Phase {phase}</h3>
      <button type="button" className="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide" : "Show"} my report of phase {phase}
      </button>
      {open && <div id={id} data-testid={id}><ReportLoader campaignId={campaignId} phase={phase} known={known} /></div>}
    </li>
  );
}

function ReportLoader({ campaignId, phase, known }: { campaignId: string; phase: number; known: Known }) {
  const [{ data, fetching, error }] = useLiveQuery({ query: OwnPhaseReportDocument, variables: { campaignId, phase } });
  if (fetching && !data) return <Loading what={`my report of phase ${phase}`} />;
  if (error) return <ErrorMessage error={error} />;
  return data ? <ReportView report={data.phaseReport} known={known} /> : null;
}

export function PlayerReports({ campaignId, lastResolved, known }: { campaignId: string; lastResolved: number; known: Known }) {
  if (lastResolved < 1) return <p>No phase has resolved yet: your reports will show here.</p>;
  const phases = Array.from({ length: lastResolved }, (_, i) => lastResolved - i);
  return (
    <ol className="timeline" data-testid="phase-timeline" aria-label="My phase reports, newest first">
      {phases.map((n, i) => <PhaseReportItem key={n} campaignId={campaignId} phase={n} startOpen={i === 0} known={known} />)}
    </ol>
  );
}
