import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GossipList } from "./GossipList";

const names = (id: string | null) => (id === "crows" ? "Empresses' Crows" : "The talk of the town");

describe("GossipList", () => {
  it("tells each turn's lines with who spreads them and their spin, leaving out withdrawn gossip", () => {
    render(<GossipList names={names} empty="Nothing yet." gossip={[
      { actorId: "crows", lines: ["Crows circle the capital.", "A debt is called in."], spin: "ominous" },
      { actorId: "republic", lines: [], spin: "" },
    ]} />);
    const items = screen.getAllByTestId("gossip");
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent("Empresses' Crows (ominous)Crows circle the capital.A debt is called in.");
  });

  it("says so when nothing is published", () => {
    render(<GossipList names={names} empty="Nothing published for this phase yet." gossip={[]} />);
    expect(screen.getByText("Nothing published for this phase yet.")).toBeInTheDocument();
  });
});
