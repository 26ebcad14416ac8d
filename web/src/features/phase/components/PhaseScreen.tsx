// The phase screen (issue 18): the clock; the GM opens, resolves and rolls back (with a reason, confirmed in a
// dialog naming what is undone); a timeline of phases, each resolution expanding into its log as it was played,
// rolled-back branches marked. A player sees its own phase reports. Every part re-reads live.
import { useCallback, useMemo, useState, type ComponentType } from "react";
import { useMutation } from "urql";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import {
  OpenPhaseDocument,
  PhaseBranchesDocument,
  PhaseScreenDocument,
  ResolvePhaseDocument,
  RollBackPhaseDocument,
} from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import "../phase.css";
import { BranchLog } from "./BranchLog";
import { BranchTimeline } from "./BranchTimeline";
import type { Names } from "./LogView";
import { PlayerReports } from "./PlayerReports";
import { ResolutionSummary } from "./ResolutionSummary";
import { RollbackDialog } from "./RollbackDialog";

/** What another feature adds to the GM's controls, composed in app/ (features never import each other): the table's
 * dice entry (issue 28), whose hook says whether it holds the Resolve button (the phase resolves as the dice are
 * entered). */
export type ResolutionAid = {
  Panel: ComponentType<{ campaignId: string; phase: number; status: string }>;
  useHoldsResolve: (campaignId: string) => boolean;
};
const NO_AID: ResolutionAid = { Panel: () => null, useHoldsResolve: () => false };

const CHANGE_WORDS: Record<string, string> = {
  PHASE_OPENED: "A phase opened",
  PHASE_RESOLVING: "The phase is resolving",
  PHASE_RESOLVED: "The phase resolved",
  PHASE_ROLLED_BACK: "A phase was rolled back",
  ORDERS: "Orders landed",
  CHRONICLE: "The chronicle was published",
  OTHER: "The campaign changed",
};

function GmControls({ campaignId, phase, status, names, aid }: {
  campaignId: string; phase: number; status: string; names: Names; aid: ResolutionAid;
}) {
  const [opened, open] = useMutation(OpenPhaseDocument);
  const [resolved, resolve] = useMutation(ResolvePhaseDocument);
  const [rolled, rollBack] = useMutation(RollBackPhaseDocument);
  const [target, setTarget] = useState(phase);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const tableDice = aid.useHoldsResolve(campaignId); // issue 28: then the phase resolves as the table's dice are entered
  const canOpen = status === "SETUP" || status === "RESOLVED";
  const canResolve = status === "OPEN" || status === "RESOLVING";
  const lastRollable = status === "OPEN" ? phase - 1 : phase;
  const chosen = Math.min(Math.max(target, 1), Math.max(lastRollable, 1));
  const error = opened.error ?? resolved.error ?? rolled.error;

  async function confirm() {
    const result = await rollBack({ campaignId, phase: chosen, reason: reason.trim() });
    if (!result.error) {
      setConfirming(false);
      setReason("");
    }
  }

  return (
    <div className="phase-controls">
      <div className="phase-buttons">
        <button type="button" disabled={!canOpen || opened.fetching} onClick={() => open({ campaignId })}>Open phase {phase + 1}</button>
        <button type="button" disabled={!canResolve || resolved.fetching || tableDice} onClick={() => resolve({ campaignId })}>Resolve phase {phase}</button>
      </div>
      <aid.Panel campaignId={campaignId} phase={phase} status={status} />
      {lastRollable >= 1 && (
        <form className="form rollback-form" onSubmit={(e) => { e.preventDefault(); if (reason.trim()) setConfirming(true); }}>
          <label htmlFor="rollback-phase">Phase to roll back</label>
          <select id="rollback-phase" value={chosen} onChange={(e) => setTarget(Number(e.target.value))}>
            {Array.from({ length: lastRollable }, (_, i) => lastRollable - i).map((n) => <option key={n} value={n}>Phase {n}</option>)}
          </select>
          <label htmlFor="rollback-reason">Reason for the rollback (kept in the log)</label>
          <textarea id="rollback-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={2} required />
          <button type="submit" disabled={!reason.trim()}>Roll back…</button>
        </form>
      )}
      <ErrorMessage error={error} />
      {confirming && (
        <RollbackDialog
          campaignId={campaignId}
          phase={chosen}
          reason={reason.trim()}
          names={names}
          busy={rolled.fetching}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function GmTimeline({ campaignId, phase, names }: { campaignId: string; phase: number; names: Names }) {
  const [{ data, error }] = useLiveQuery({ query: PhaseBranchesDocument, variables: { campaignId } });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading what="the phases" />;
  return (
    <BranchTimeline
      phase={phase}
      branches={data.phaseBranches}
      renderLog={(b) => <BranchLog campaignId={campaignId} phase={b.phase} attempt={b.attempt} names={names} />}
      renderSummary={(b) => <ResolutionSummary campaignId={campaignId} phase={b.phase} names={names} />}
    />
  );
}

export function PhaseScreen({ aid = NO_AID }: { aid?: ResolutionAid }) {
  const { campaignId, seat, lastChange } = useCampaign();
  const [{ data, error }] = useLiveQuery({ query: PhaseScreenDocument, variables: { campaignId } });
  const byId = useMemo(() => {
    const map = new Map<string, string>([[campaignId, "the campaign"]]);
    data?.factions.forEach((f) => map.set(f.id, f.name));
    data?.houses.forEach((h) => map.set(h.id, h.name));
    return map;
  }, [data, campaignId]);
  const names = useCallback<Names>((id) => byId.get(id) ?? `member ${id.slice(0, 8)}`, [byId]);
  if (error) return <ErrorMessage error={error} />;
  if (!data?.campaign) return <Loading what="the phase" />;
  const { phase, phaseStatus } = data.campaign;
  const gm = seat.role === "GM";
  const lastResolved = phaseStatus === "RESOLVED" ? phase : phase - 1;
  return (
    <>
      <Section title="Phase">
        <p className="phase-status" data-testid="phase-status">
          {phase === 0 ? "No phase opened yet" : `Phase ${phase} · ${phaseStatus.toLowerCase()}`}
        </p>
        <p className="live-status" data-testid="live-status" aria-live="polite">
          {lastChange ? `${CHANGE_WORDS[lastChange.kind] ?? "The campaign changed"}; this page is up to date.` : ""}
        </p>
        {gm && <GmControls key={`${phase}-${phaseStatus}`} campaignId={campaignId} phase={phase} status={phaseStatus} names={names} aid={aid} />}
      </Section>
      <Section title={gm ? "Timeline of phases" : "My phase reports"}>
        {gm ? <GmTimeline campaignId={campaignId} phase={phase} names={names} />
          : seat.role === "OBSERVER" ? <p>An observer has no faction or house, so no phase report: the chronicle tells what is public.</p>
            : <PlayerReports campaignId={campaignId} lastResolved={lastResolved} known={byId} />}
      </Section>
    </>
  );
}
