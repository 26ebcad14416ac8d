import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BranchTimeline, type Branch } from "./BranchTimeline";
import type { LogEvent } from "../model";
import { LogView } from "./LogView";

const branches: Branch[] = [
  { phase: 1, attempt: 1, beganAt: 10, resolvedAt: 40, rolledBack: true, rolledBackAt: 50, reason: "a misread order" },
  { phase: 1, attempt: 2, beganAt: 60, resolvedAt: 90, rolledBack: false, rolledBackAt: null, reason: null },
];

describe("BranchTimeline", () => {
  it("marks the rolled-back resolution with its reason and leaves the standing one unmarked", () => {
    render(<BranchTimeline phase={2} branches={branches} renderLog={() => null} />);
    const undone = screen.getByTestId("branch-1-1");
    const standing = screen.getByTestId("branch-1-2");
    expect(undone).toHaveAttribute("data-rolled-back", "true");
    expect(within(undone).getByText("rolled back")).toBeInTheDocument();
    expect(within(undone).getByText(/a misread order/)).toBeInTheDocument();
    expect(standing).toHaveAttribute("data-rolled-back", "false");
    expect(within(standing).getByText("resolved")).toBeInTheDocument();
    expect(within(standing).queryByText(/reason/)).toBeNull();
    expect(within(screen.getByTestId("phase-1")).getByText(/1 rolled back/)).toBeInTheDocument();
    expect(within(screen.getByTestId("phase-2")).getByText("Not resolved yet.")).toBeInTheDocument();
  });

  it("expands a branch into its own log, by keyboard", async () => {
    render(<BranchTimeline phase={1} branches={branches} renderLog={(b) => <p>log of {b.attempt}</p>} />);
    const toggle = screen.getByRole("button", { name: "Show the log of phase 1, resolution 1" });
    toggle.focus();
    await userEvent.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(screen.getByTestId("branch-log-1-1")).getByText("log of 1")).toBeInTheDocument();
    expect(screen.queryByText("log of 2")).toBeNull();
  });
});

describe("LogView", () => {
  it("shows initiative, each turn, and each roll with its faces, modifiers and rule", () => {
    const roll = { expression: "1d10", faces: [7], modifiers: [{ source: "Force", value: 2 }], base: 7, total: 9,
      purpose: "attack", rule: "seed 002, Attack", actor: "Crows" };
    const events: LogEvent[] = [
      { position: 1, aggregateId: "c", topic: "domain.campaign:Campaign.InitiativeRolled",
        payload: { order: ["f"], rolls: [{ ...roll, expression: "1d6", faces: [4], modifiers: [], total: 4, purpose: "initiative", rule: "seed 002, The Faction Phase" }] } },
      { position: 2, aggregateId: "f", topic: "domain.factionturn.faction:Faction.TurnBegun", payload: { phase: 1 } },
      { position: 3, aggregateId: "f", topic: "domain.factionturn.faction:Faction.TurnEnded", payload: { action: "Attack", narrative: "strikes", rolls: [roll] } },
    ];
    render(<LogView events={events} names={(id) => (id === "f" ? "Crows" : "the campaign")} />);
    expect(within(screen.getByTestId("log-initiative")).getByText("Crows")).toBeInTheDocument();
    const turn = screen.getByRole("region", { name: "Turn of Crows" });
    const line = within(turn).getByTestId("roll");
    expect(line).toHaveTextContent("1d10 [7] +2 (Force) = 9");
    expect(line).toHaveTextContent("seed 002, Attack");
  });
});
