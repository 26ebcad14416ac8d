// The GM's timeline: each phase with every resolution it had, rolled-back ones marked with the GM's reason; each
// resolution expands into its log as it was played.
import { useState, type ReactNode } from "react";
import type { PhaseBranchesQuery } from "../../../graphql/generated";

export type Branch = PhaseBranchesQuery["phaseBranches"][number];

type Render = (b: Branch) => ReactNode;

function BranchItem({ branch, renderLog, renderSummary }: { branch: Branch; renderLog: Render; renderSummary?: Render }) {
  const [open, setOpen] = useState(false);
  const id = `branch-log-${branch.phase}-${branch.attempt}`;
  const state = branch.rolledBack ? "rolled back" : branch.resolvedAt !== null ? "resolved" : "resolving";
  return (
    <li
      className={`branch ${branch.rolledBack ? "branch-rolled-back" : ""}`}
      data-testid={`branch-${branch.phase}-${branch.attempt}`}
      data-rolled-back={branch.rolledBack ? "true" : "false"}
    >
      <div className="branch-head">
        <span className="branch-label">Resolution {branch.attempt}</span>{" "}
        <span className={`badge badge-${branch.rolledBack ? "undone" : "standing"}`}>{state}</span>
        {branch.rolledBack && branch.reason && <span className="branch-reason"> — reason: “{branch.reason}”</span>}
        <button
          type="button"
          className="secondary"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide" : "Show"} the log of phase {branch.phase}, resolution {branch.attempt}
        </button>
      </div>
      {/* The standing resolution says what it came to before its log (issue 28, item 5). */}
      {renderSummary && !branch.rolledBack && branch.resolvedAt !== null && renderSummary(branch)}
      {open && <div id={id} data-testid={id}>{renderLog(branch)}</div>}
    </li>
  );
}

export function BranchTimeline({ phase, branches, renderLog, renderSummary }: {
  phase: number;
  branches: Branch[];
  renderLog: Render;
  renderSummary?: Render;
}) {
  const phases = Array.from({ length: phase }, (_, i) => phase - i); // newest first
  if (phases.length === 0) return <p>No phase has been opened yet.</p>;
  return (
    <ol className="timeline" data-testid="phase-timeline" aria-label="Phases, newest first">
      {phases.map((n) => {
        const of = branches.filter((b) => b.phase === n);
        const undone = of.filter((b) => b.rolledBack).length;
        return (
          <li key={n} className="timeline-phase" data-testid={`phase-${n}`}>
            <h3>
              Phase {n}
              {undone > 0 && <span className="badge badge-undone"> {undone} rolled back</span>}
            </h3>
            {of.length === 0 ? <p>Not resolved yet.</p> : (
              <ol className="branches">{of.map((b) => <BranchItem key={b.attempt} branch={b} renderLog={renderLog} renderSummary={renderSummary} />)}</ol>
            )}
          </li>
        );
      })}
    </ol>
  );
}
