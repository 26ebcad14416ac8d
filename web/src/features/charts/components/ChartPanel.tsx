// One chart over the phases with its accessible name, and the same numbers as a table: always there for screen
// readers (visually hidden), shown to everyone with the screen's "Show the numbers as tables" toggle.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { Table } from "../series";

export const PALETTE = ["#0b4f8a", "#c2410c", "#15803d", "#9b1c1c", "#6d28d9", "#a16207", "#be185d", "#4a4a4a"];

/** One colour per member, the same on every chart (by its place among all the members charted). */
export function coloursFor(names: string[]): Map<string, string> {
  return new Map([...new Set(names)].sort().map((name, i) => [name, PALETTE[i % PALETTE.length]]));
}

export function SeriesTable({ title, table }: { title: string; table: Table }) {
  return (
    <table className="table chart-table">
      <caption>{title}, by phase</caption>
      <thead>
        <tr><th scope="col">Phase</th>{table.members.map((m) => <th key={m} scope="col">{m}</th>)}</tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.phase}>
            <th scope="row">{row.phase}</th>
            {row.values.map((v, i) => <td key={table.members[i]}>{v ?? "—"}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ChartPanel({ id, title, table, showTable, colours }: {
  id: string;
  title: string;
  table: Table;
  showTable: boolean;
  colours?: Map<string, string>;
}) {
  const data = table.rows.map((row) => ({ phase: row.phase, ...Object.fromEntries(table.members.map((m, i) => [m, row.values[i]])) }));
  const described = `${title} over ${table.rows.length} phases for ${table.members.join(", ") || "no one"}; the table below holds the numbers.`;
  return (
    <figure className="chart" data-testid={`chart-${id}`} aria-labelledby={`chart-${id}-title`}>
      <figcaption id={`chart-${id}-title`} className="chart-title">{title}</figcaption>
      {table.members.length === 0 || table.rows.length === 0 ? <p>Nothing to chart yet.</p> : (
        <>
          <div role="img" aria-label={described} className="chart-picture">
            <LineChart width={560} height={220} data={data} accessibilityLayer={false}>
              <CartesianGrid stroke="#e2dfd5" />
              <XAxis dataKey="phase" stroke="#3b3b3b" label={{ value: "phase", position: "insideBottomRight", offset: -4 }} />
              <YAxis stroke="#3b3b3b" allowDecimals={false} />
              <Tooltip />
              <Legend />
              {table.members.map((m, i) => (
                <Line key={m} type="monotone" dataKey={m} stroke={colours?.get(m) ?? PALETTE[i % PALETTE.length]} strokeWidth={2} isAnimationActive={false} connectNulls />
              ))}
            </LineChart>
          </div>
          <div className={showTable ? "chart-table-shown" : "sr-only"} data-testid={`chart-${id}-table`}>
            <SeriesTable title={title} table={table} />
          </div>
        </>
      )}
    </figure>
  );
}
