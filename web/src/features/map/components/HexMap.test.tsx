import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

const SLOW = 20_000; // user-event drives the DOM step by step: slow on a loaded machine, never timed
import type { MapViewQuery } from "../../../graphql/generated";
import { hexCenter, HEX_SIZE } from "../hexLayout";
import { mapModel } from "../mapModel";
import { HexMap } from "./HexMap";
import { RegionPanel } from "./RegionPanel";

const region = (id: string, name: string, q: number, r: number, governingFactionId: string | null = null) => ({
  __typename: "Region" as const, id, name, q, r, arcana: 2, population: "HUNDREDS" as const, tags: [],
  terrainDifficulty: 1, wild: false, monthlyIncome: 0, governingFactionId, controllingHouseId: null,
});
const DATA: MapViewQuery = {
  campaign: { id: "c", name: "Test", ruleSystems: ["FACTION_TURN"],
    regions: [region("a", "Alpha", 0, 0, "f1"), region("b", "Beta", 1, 0), region("c", "Gamma", 0, 1)] },
  factions: [{ id: "f1", name: "Crows", wild: false, destroyed: false, assets: [
    { id: "x", name: "Smugglers", typeKey: "smugglers", attribute: "CUNNING", regionId: "b", hp: 4, maxHp: 4, stealthed: false },
  ] }],
  houses: [],
  areas: [],
};

function Harness() {
  const model = mapModel(DATA);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <HexMap model={model} selected={selected} onSelect={setSelected} />
      <RegionPanel region={model.regions.find((r) => r.id === selected) ?? null} model={model} />
    </>
  );
}

describe("hex layout", () => {
  it("places pointy-top axial hexes: a step in q is √3·size across, a step in r half that and 1.5·size down", () => {
    expect(hexCenter(0, 0)).toEqual({ x: 0, y: 0 });
    expect(hexCenter(1, 0).x).toBeCloseTo(Math.sqrt(3) * HEX_SIZE);
    expect(hexCenter(0, 1).x).toBeCloseTo((Math.sqrt(3) * HEX_SIZE) / 2);
    expect(hexCenter(0, 1).y).toBeCloseTo(1.5 * HEX_SIZE);
  }, SLOW);

  it("draws one hex per region at its axial position", () => {
    render(<Harness />);
    const beta = screen.getByTestId("hex-1-0");
    const { x, y } = hexCenter(1, 0);
    expect(beta.getAttribute("transform")).toBe(`translate(${x} ${y})`);
    expect(screen.getAllByRole("button", { name: /Alpha|Beta|Gamma/ })).toHaveLength(3);
  }, SLOW);
});

describe("HexMap", () => {
  it("selects a hex from the keyboard: Tab to it, Enter or Space, and the panel shows its region", async () => {
    render(<Harness />);
    const alpha = screen.getByRole("button", { name: /^Alpha, terrain 1, arcana 2, governed by Crows/ });
    expect(screen.getByTestId("region-panel")).toHaveTextContent("Choose a hex");
    await userEvent.tab();
    await userEvent.tab(); // past the zoom and pan buttons
    while (document.activeElement !== alpha) await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    expect(alpha).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("heading", { name: "Alpha" })).toBeInTheDocument();
    const beta = screen.getByRole("button", { name: /^Beta/ });
    beta.focus();
    await userEvent.keyboard(" ");
    expect(beta).toHaveAttribute("aria-pressed", "true");
    expect(alpha).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("region-assets")).toHaveTextContent("Smugglers (Crows), 4/4 HP");
  }, SLOW);

  it("zooms and pans by buttons and keys", async () => {
    render(<Harness />);
    const transform = screen.getByTestId("map-transform");
    await userEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(screen.getByTestId("map-zoom")).toHaveTextContent("125%");
    await userEvent.click(screen.getByRole("button", { name: "Pan left" }));
    expect(transform.getAttribute("transform")).toBe("translate(40 0) scale(1.25)");
    fireEvent.keyDown(screen.getByTestId("hex-0-0"), { key: "-" });
    expect(screen.getByTestId("map-zoom")).toHaveTextContent("100%");
    fireEvent.keyDown(screen.getByTestId("hex-0-0"), { key: "0" });
    expect(transform.getAttribute("transform")).toBe("translate(0 0) scale(1)");
  }, SLOW);
});
