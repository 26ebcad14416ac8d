import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OwnPhaseReportQuery } from "../../../graphql/generated";
import { ReportView } from "./PlayerReports";

const knife = { expression: "2d6", faces: [5, 3], base: 8, total: 9, purpose: "assassination", rule: "seed 000, Assassination",
  actor: "Spymaster Ilse", modifiers: [{ source: "intrigue", value: 1 }] };
const income = { ...knife, expression: "1d6", faces: [4], base: 4, total: 4, purpose: "income", modifiers: [] };
const report: OwnPhaseReportQuery["phaseReport"] = {
  phase: 2, kind: "HOUSE", memberId: "varn", initiative: null, income: 21500, costs: 14000,
  orders: [{ action: "Assassination", actor: "Spymaster Ilse", targetId: "droste", outcome: "failed", week: 6, rolls: [knife] }],
  rolls: [knife, income],
  damageTaken: [], damageDealt: [],
  ledger: [{ amount: -14000, reason: "Assassination 2d6ed436-1f0a-4c55-9a7e-0b1c2d3e4f50" }, { amount: 21500, reason: "income" }],
};

describe("ReportView", () => {
  it("shows each roll once, the ledger's action by name and target, and amounts with thousand separators", () => {
    render(<ReportView report={report} known={new Map([["droste", "House Droste"]])} />);
    expect(screen.getAllByTestId("roll")).toHaveLength(2);
    expect(within(screen.getByRole("list", { name: "Rolls of Assassination" })).getAllByTestId("roll")).toHaveLength(1);
    const others = within(screen.getByRole("list", { name: "Other rolls" })).getAllByTestId("roll");
    expect(others).toHaveLength(1);
    expect(others[0]).toHaveTextContent("income");
    expect(screen.getByText("Income 21,500, costs 14,000.")).toBeInTheDocument();
    expect(screen.getByText("-14,000: Assassination against House Droste")).toBeInTheDocument();
    expect(screen.queryByText(/2d6ed436/)).toBeNull();
  });
});
