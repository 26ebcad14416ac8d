// A table sortable by any column: each header holds a button (keyboard and screen readers alike), the sorted
// column says so with aria-sort. Hidden values (null: the seat may not see them) sort last either way.
import { useState, type ReactNode } from "react";

export type Column<Row> = {
  key: string;
  label: string;
  value: (row: Row) => string | number | null;
  render?: (row: Row) => ReactNode;
};
type Sort = { key: string; descending: boolean };

export function sortRows<Row>(rows: Row[], column: Column<Row> | undefined, descending: boolean): Row[] {
  if (!column) return rows;
  return [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
}

export function SortableTable<Row extends { id: string }>({ caption, columns, rows, initial, testId }: {
  caption: string; columns: Column<Row>[]; rows: Row[]; initial: Sort; testId: string;
}) {
  const [sort, setSort] = useState<Sort>(initial);
  const sorted = sortRows(rows, columns.find((c) => c.key === sort.key), sort.descending);
  return (
    <table className="table standings-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => {
            const active = c.key === sort.key;
            return (
              <th key={c.key} scope="col" aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}>
                <button type="button" className="sort"
                  onClick={() => setSort({ key: c.key, descending: active ? !sort.descending : false })}>
                  {c.label}
                  <span aria-hidden="true">{active ? (sort.descending ? " ▼" : " ▲") : ""}</span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => <td key={c.key}>{c.render ? c.render(row) : shown(c.value(row))}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A value the seat was not sent reads "hidden", never a guess. */
export function shown(value: string | number | null): ReactNode {
  if (value === null) return <span className="hidden-value">hidden</span>;
  return typeof value === "number" ? value.toLocaleString("en-GB") : value;
}
