import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pivot, type Point } from "../series";
import { ChartPanel } from "./ChartPanel";

const point = (phase: number, name: string, facgold: number | null, hp: number): Point => ({
  phase, aggregateId: name, kind: "FACTION", name, rank: null, influence: null, power: null, hp, maxHp: 8,
  facgold, force: 2, cunning: 3, wealth: 1, xp: null,
});
const points = [point(1, "Crows", 4, 8), point(1, "Republic", null, 7), point(2, "Crows", 6, 6), point(2, "Republic", null, 5)];

describe("ChartPanel", () => {
  it("gives the chart an accessible name and the same numbers as a table for screen readers", () => {
    render(<ChartPanel id="hp" title="Faction HP" table={pivot(points, "FACTION", "hp")} showTable={false} />);
    expect(screen.getByRole("figure", { name: "Faction HP" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Faction HP over 2 phases for Crows, Republic/ })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Faction HP, by phase" });
    expect(screen.getByTestId("chart-hp-table")).toHaveClass("sr-only"); // there for screen readers, not shown
    const rows = within(table).getAllByRole("row");
    expect(rows[0]).toHaveTextContent("PhaseCrowsRepublic");
    expect(rows[1]).toHaveTextContent("187");
    expect(rows[2]).toHaveTextContent("265");
  });

  it("charts no member whose numbers the seat may not see", () => {
    render(<ChartPanel id="facgold" title="FacGold" table={pivot(points, "FACTION", "facgold")} showTable />);
    const table = screen.getByRole("table", { name: "FacGold, by phase" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Phase", "Crows"]);
    expect(screen.getByTestId("chart-facgold-table")).not.toHaveClass("sr-only");
  });
});
