import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

const SLOW = 20_000; // user-event drives the DOM step by step: slow on a loaded machine, never timed
import type { StandingsViewQuery } from "../../../graphql/generated";
import { SortableTable } from "./SortableTable";
import { factionColumns } from "./StandingsScreen";

const FACTION_COLUMNS = factionColumns((id) => ({ r1: "Wilds 0,0", f2: "Republic" })[id] ?? id);

const faction = (id: string, name: string, hp: number, facgold: number | null) => ({
  __typename: "Faction" as const, id, name, force: 3, cunning: 4, wealth: 5, hp, maxHp: 10, facgold, xp: null,
  destroyed: false, wild: false, statsNote: null, goal: null, assets: [],
});
const ROWS: StandingsViewQuery["factions"] = [faction("1", "Crows", 7, 3), faction("2", "Republic", 9, null),
  faction("3", "Remnants", 4, 11)];

function names(): string[] {
  const table = screen.getByTestId("factions");
  return within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0]?.textContent ?? "");
}

describe("standings", () => {
  it("sorts by a column from its header button, and says so with aria-sort", async () => {
    render(<SortableTable testId="factions" caption="Factions" columns={FACTION_COLUMNS} rows={ROWS}
      initial={{ key: "name", descending: false }} />);
    expect(names()).toEqual(["Crows", "Remnants", "Republic"]);
    const hp = screen.getByRole("button", { name: "HP" });
    await userEvent.click(hp);
    expect(names()).toEqual(["Remnants", "Crows", "Republic"]);
    expect(screen.getByRole("columnheader", { name: /HP/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("columnheader", { name: /Faction/ })).toHaveAttribute("aria-sort", "none");
    hp.focus();
    await userEvent.keyboard("{Enter}"); // the keyboard sorts too
    expect(names()).toEqual(["Republic", "Crows", "Remnants"]);
    expect(screen.getByRole("columnheader", { name: /HP/ })).toHaveAttribute("aria-sort", "descending");
  }, SLOW);

  it("sorts a value the seat may not see last, and shows it as hidden", async () => {
    render(<SortableTable testId="factions" caption="Factions" columns={FACTION_COLUMNS} rows={ROWS}
      initial={{ key: "facgold", descending: true }} />);
    expect(names()).toEqual(["Remnants", "Crows", "Republic"]);
    await userEvent.click(screen.getByRole("button", { name: "FacGold" }));
    expect(names()).toEqual(["Crows", "Remnants", "Republic"]);
    expect(screen.getAllByText("hidden").length).toBeGreaterThan(0);
  }, SLOW);

  it("shows no ratings or HP for The Wild, which the seed gives none, with the server's reason", () => {
    const note = "The seed gives The Wild no Force, Cunning, Wealth or hit points";
    const wild = { ...faction("w", "The Wild", 7, null), wild: true, statsNote: note };
    render(<SortableTable testId="factions" caption="Factions" columns={FACTION_COLUMNS} rows={[...ROWS, wild]}
      initial={{ key: "name", descending: false }} />);
    const row = within(screen.getByTestId("factions")).getAllByRole("row").find((r) => r.textContent?.includes("The Wild"));
    const cells = within(row as HTMLElement).getAllByRole("cell").map((c) => c.textContent);
    expect(cells.slice(1, 5)).toEqual(["none", "none", "none", "none"]);
    expect(within(row as HTMLElement).getAllByTitle(note)).toHaveLength(4);
  });

  it("shows a goal with its target named", () => {
    const crows = { ...faction("1", "Crows", 7, 3), goal: { __typename: "Goal" as const, key: "military_conquest", target: "f2" } };
    const seekers = { ...faction("3", "Seekers", 5, 2), goal: { __typename: "Goal" as const, key: "expand_influence", target: null } };
    render(<SortableTable testId="factions" caption="Factions" columns={FACTION_COLUMNS} rows={[crows, seekers]}
      initial={{ key: "name", descending: false }} />);
    const cells = within(screen.getByTestId("factions")).getAllByRole("row").slice(1)
      .map((row) => within(row).getAllByRole("cell").at(-1)?.textContent);
    expect(cells).toEqual(["military conquest (target: Republic)", "expand influence"]);
  });
});
