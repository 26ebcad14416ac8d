import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { HouseOrderInput } from "../../../graphql/generated";
import type { HouseOption } from "../lib/houseOptions";
import { NO_NAMES } from "../lib/names";
import { HouseActionsTable } from "./HouseActionsTable";
import { HouseOrderForm } from "./HouseOrderForm";

const base = { actor: "Guildmaster Pell", targetHouseId: null, targetCharacter: null, areaIds: [], power: 0, toAreaId: null,
  coveredActionId: null, powerRequirement: 0, dedicatedPower: 0 };
const OPTIONS: HouseOption[] = [
  { ...base, action: "DIVINE_PETITION", influenceRequirement: 20000, dedicatedInfluence: 10000, gold: 5000, allowed: false,
    reason: "Divine Petition needs 20000 influence; The Gilded Guild has 8000", rule: "seed 000, Divine Petition" },
  { ...base, action: "INTELLIGENCE_GATHERING", influenceRequirement: 1000, dedicatedInfluence: 1000, gold: 500, allowed: true,
    reason: null, rule: null },
];

describe("HouseOrderForm", () => {
  it("shows the cost at this rank and the unmet requirement, then orders another action in the week chosen", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    render(<HouseOrderForm options={OPTIONS} actors={["Guildmaster Pell", "Factor Quill"]} actor="Guildmaster Pell"
                           onActor={() => {}} names={NO_NAMES} refusal={null} busy={false} amending={null}
                           onSubmit={onSubmit} onCancel={() => {}} />);
    expect(screen.getByLabelText("House action")).toHaveValue("INTELLIGENCE_GATHERING"); // the first the preview allows
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("House action"), "Divine Petition");
    expect(screen.getByTestId("house-cost")).toHaveTextContent("5000 gp; dedicates 10000 influence and 0 power; requires 20000 influence");
    expect(screen.getByTestId("house-verdict")).toHaveTextContent("would refuse it: Divine Petition needs 20000 influence");
    await user.selectOptions(screen.getByLabelText("House action"), "Intelligence Gathering");
    expect(screen.getByTestId("house-verdict")).toHaveTextContent("accept");
    await user.selectOptions(screen.getByLabelText("Starts in week"), "Week 2 of the month");
    await user.click(screen.getByRole("button", { name: "Order the house action" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ action: "INTELLIGENCE_GATHERING", actor: "Guildmaster Pell", startWeek: 2 }));
  });

  it("defaults to a target the preview allows, and shows a refusal, not a zero cost, for a dead one", async () => {
    const dead = { ...base, action: "ASSASSINATION" as const, targetHouseId: "h2", targetCharacter: "Lord Aldo Droste",
      influenceRequirement: 0, dedicatedInfluence: 0, gold: 0, allowed: false,
      reason: "Lord Aldo Droste is already dead", rule: "seed 000, Assassination" };
    const alive = { ...dead, targetCharacter: "Lady Mira Droste", influenceRequirement: 3000, dedicatedInfluence: 2000,
      gold: 4000, allowed: true, reason: null, rule: null };
    render(<HouseOrderForm options={[dead, alive]} actors={["Guildmaster Pell"]} actor="Guildmaster Pell"
                           onActor={() => {}} names={NO_NAMES} refusal={null} busy={false} amending={null}
                           onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole("option", { name: /Lady Mira Droste/, selected: true })).toBeInTheDocument();
    expect(screen.getByTestId("house-cost")).toHaveTextContent("4000 gp; dedicates 2000 influence");
    const target = screen.getByLabelText("Target");
    await userEvent.setup().selectOptions(target, screen.getByRole("option", { name: /Lord Aldo Droste/ }));
    expect(screen.getByTestId("house-verdict")).toHaveTextContent("would refuse it: Lord Aldo Droste is already dead");
    expect(screen.queryByTestId("house-cost")).toBeNull();
    expect(screen.queryByText(/0 gp/)).toBeNull();
  });

  it("lists every action with its requirements met or not, and why", () => {
    render(<HouseActionsTable options={OPTIONS} actor="Guildmaster Pell" />);
    const rows = screen.getAllByTestId("house-action-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Not met: Divine Petition needs 20000 influence");
    expect(rows[0]).toHaveTextContent("seed 000, Divine Petition");
    expect(rows[1]).toHaveTextContent("Met");
  });
});
