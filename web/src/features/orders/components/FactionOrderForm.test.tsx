import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FactionOrdersInput } from "../../../graphql/generated";
import type { FactionOption } from "../lib/factionOptions";
import type { Names } from "../lib/names";
import { FactionOrderForm } from "./FactionOrderForm";

const CAPITAL = "00000000-0000-0000-0000-00000000000c";
const option = (typeKey: string, cost: number, reason: string | null, rule: string | null): FactionOption => ({
  kind: "BUY_ASSET", cost, allowed: reason === null, reason, rule, regionId: CAPITAL, typeKey,
  name: null, assetId: null, targetFactionId: null, targetAssetId: null,
});
const OPTIONS = [
  option("mob", 4, null, null),
  option("zealots", 6, "Empire Remnants will have 5 FacGold when its action comes and Zealots costs 6", "seed 002, Faction Actions"),
];
const NAMES: Names = {
  regions: new Map([[CAPITAL, "The Capital"]]), factions: new Map(), assets: new Map(), houses: new Map(),
  types: new Map([["mob", "Mob"], ["zealots", "Zealots"]]),
};

function renderForm(onSubmit = vi.fn<(orders: FactionOrdersInput) => void>(), refusal = null as null | { message: string; rule: string }) {
  render(<FactionOrderForm options={OPTIONS} facgoldAtAction={5} names={NAMES} refusal={refusal} busy={false}
                           submitted={false} onSubmit={onSubmit} />);
  return onSubmit;
}

describe("FactionOrderForm", () => {
  it("shows each purchase's price and the refusal the server's checks give, before submitting", async () => {
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Action"), "Buy Asset");
    expect(screen.getByTestId("faction-price")).toHaveTextContent("Price: 4 FacGold");
    expect(screen.getByTestId("faction-verdict")).toHaveTextContent("accept");
    await userEvent.selectOptions(screen.getByLabelText("Asset type"), "Zealots");
    expect(screen.getByTestId("faction-price")).toHaveTextContent("Price: 6 FacGold");
    const verdict = screen.getByTestId("faction-verdict");
    expect(verdict).toHaveTextContent("would refuse it: Empire Remnants will have 5 FacGold");
    expect(within(verdict).getByText("seed 002, Faction Actions")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull(); // a preview's verdict is no refusal yet
  });

  it("is reached field by field with Tab and submitted with Enter, sending the typed @oneOf action", async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText("Action")).toHaveFocus();
    // jsdom does not move a <select> by arrow keys (Chromium does: tests/console/test_orders.py); choose here.
    await user.selectOptions(screen.getByLabelText("Action"), "Buy Asset");
    expect(screen.getByLabelText("Action")).toHaveValue("BUY_ASSET");
    await user.tab();
    expect(screen.getByLabelText("Asset type")).toHaveFocus();
    await user.tab(); // Region
    await user.tab(); // Narrative
    await user.keyboard("For the Empire.");
    await user.tab();
    expect(screen.getByRole("button", { name: "Submit faction orders" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith({ action: { buyAsset: { typeKey: "mob", regionId: CAPITAL } }, narrative: "For the Empire." });
  });

  it("shows the server's refusal with the rule it cites as an alert", () => {
    renderForm(undefined, { message: "Zealots costs 6", rule: "seed 002, Faction Actions" });
    expect(screen.getByRole("alert")).toHaveTextContent("Refused by the server: Zealots costs 6 — rule: seed 002, Faction Actions");
  });
});
