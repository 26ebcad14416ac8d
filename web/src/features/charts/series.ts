// The charts' data: `phaseSeries` points pivoted into one row per phase and one column per member, for a metric.
// A member whose every value is hidden from the seat (a rival's FacGold: null) gets no column at all.
import type { PhaseSeriesQuery } from "../../graphql/generated";

export type Point = PhaseSeriesQuery["phaseSeries"][number];
export type Metric = "hp" | "facgold" | "force" | "cunning" | "wealth" | "rank" | "influence" | "power";
export type Row = { phase: number; values: (number | null)[] };
export type Table = { members: string[]; rows: Row[] };

export function pivot(points: Point[], kind: Point["kind"], metric: Metric): Table {
  const of = points.filter((p) => p.kind === kind);
  const members = [...new Set(of.filter((p) => p[metric] !== null).map((p) => p.name))].sort();
  const phases = [...new Set(of.map((p) => p.phase))].sort((a, b) => a - b);
  const rows = phases.map((phase) => ({
    phase,
    values: members.map((name) => of.find((p) => p.phase === phase && p.name === name)?.[metric] ?? null),
  }));
  return { members, rows };
}
