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

const HOLDING = { gold: 8000, influence: 8000, power: 300, availableInfluence: 6000, availablePower: 300 };

function form(options: HouseOption[], onSubmit: (order: HouseOrderInput) => void = () => {}, holding: typeof HOLDING | null = null) {
  return render(<HouseOrderForm options={options} holding={holding} actors={["Guildmaster Pell", "Factor Quill"]}
                                actor="Guildmaster Pell" onActor={() => {}} names={NO_NAMES} refusal={null} busy={false}
                                amending={null} onSubmit={onSubmit} onCancel={() => {}} />);
}

describe("HouseOrderForm", () => {
  it("sends the player's narrative with the order, and clears it when the order it told of is replaced", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    form(OPTIONS, onSubmit);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("House action"), "Divine Petition");
    await user.type(screen.getByLabelText("Narrative (the player's own words)"), "Pray.");
    await user.selectOptions(screen.getByLabelText("House action"), "Intelligence Gathering");
    expect(screen.getByLabelText("Narrative (the player's own words)")).toHaveValue("");
    expect(screen.getByTestId("house-narrative-cleared")).toBeVisible();
    await user.type(screen.getByLabelText("Narrative (the player's own words)"), "Spies.");
    await user.click(screen.getByRole("button", { name: "Order the house action" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ action: "INTELLIGENCE_GATHERING", narrative: "Spies." }));
  }, 20_000);

  it("starts with no action chosen, so nothing can be ordered by one click", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    form(OPTIONS, onSubmit);
    expect(screen.getByLabelText("House action")).toHaveValue("");
    expect(screen.queryByTestId("house-cost")).toBeNull();
    const button = screen.getByRole("button", { name: "Order the house action" });
    expect(button).toBeDisabled();
    await userEvent.setup().click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows what the house holds beside the cost", async () => {
    form(OPTIONS, () => {}, HOLDING);
    expect(screen.getByTestId("house-holding")).toHaveTextContent("The house holds 8000 gp, 8000 influence (6000 free) and 300 power.");
    await userEvent.setup().selectOptions(screen.getByLabelText("House action"), "Intelligence Gathering");
    expect(screen.getByTestId("house-cost")).toHaveTextContent("500 gp");
    expect(screen.getByTestId("house-holding")).toBeVisible();
  });

  it("asks before an order that spends more than half of a resource, and orders only when told yes", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    const dear = { ...OPTIONS[1]!, action: "ASSASSINATION" as const, gold: 4001, dedicatedInfluence: 3001 };
    form([...OPTIONS, dear], onSubmit, HOLDING);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("House action"), "Assassination");
    await user.click(screen.getByRole("button", { name: "Order the house action" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("house-confirm")).toHaveTextContent("more than half of the house's gold and influence");
    await user.click(screen.getByRole("button", { name: "Not yet" }));
    expect(screen.queryByTestId("house-confirm")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Order the house action" }));
    await user.click(screen.getByRole("button", { name: "Yes, spend it" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ action: "ASSASSINATION" }));
  });

  it("orders a cheap action at once, without asking", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    form(OPTIONS, onSubmit, HOLDING);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("House action"), "Intelligence Gathering");
    await user.click(screen.getByRole("button", { name: "Order the house action" }));
    expect(screen.queryByTestId("house-confirm")).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the cost at this rank and the unmet requirement, then orders another action in the week chosen", async () => {
    const onSubmit = vi.fn<(order: HouseOrderInput) => void>();
    form(OPTIONS, onSubmit);
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
    form([dead, alive]);
    await userEvent.setup().selectOptions(screen.getByLabelText("House action"), "Assassination");
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
