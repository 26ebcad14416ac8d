import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SummaryView } from "./ResolutionSummary";

const report = (memberId: string, orders: { action: string; outcome: string | null }[],
  damageTaken: { assetId: string | null; amount: number; hpLeft: number | null }[] = []) => ({
  memberId, kind: "FACTION" as const, income: 0, costs: 0, orders, damageTaken, damageDealt: [],
});

describe("SummaryView", () => {
  it("says what a resolution came to before its log: orders, outcomes, hits and destroyed assets", () => {
    const names = (id: string) => ({ crows: "Empresses' Crows", varn: "House Varn" })[id] ?? id;
    render(<SummaryView names={names} reports={[
      report("crows", [{ action: "Attack", outcome: "2 hits" }], [{ assetId: "a", amount: 3, hpLeft: 0 }]),
      report("varn", [{ action: "Assassination", outcome: null }], [{ assetId: null, amount: 2, hpLeft: 5 }]),
      report("quiet", []),
    ]} />);
    expect(screen.getByTestId("resolution-summary")).toHaveTextContent(
      "2 orders from 2 factions and houses: 1 came to an outcome, 1 run on into a later phase. 2 hits for 5 damage, 1 asset destroyed.");
    expect(screen.getByText("Empresses' Crows").closest("li")).toHaveTextContent("Empresses' Crows: Attack — 2 hits");
    expect(screen.getByText("House Varn").closest("li")).toHaveTextContent("House Varn: Assassination — runs on");
  });

  it("says so when nothing was ordered", () => {
    render(<SummaryView names={(id) => id} reports={[report("quiet", [])]} />);
    expect(screen.getByTestId("resolution-summary")).toHaveTextContent("0 orders from 0 factions and houses: 0 came to an outcome. No damage.");
    expect(screen.queryByRole("list")).toBeNull();
  });
});
