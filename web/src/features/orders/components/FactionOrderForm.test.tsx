import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FactionOrdersInput } from "../../../graphql/generated";
import { FACTS, GUARDS, HARBOUR, MOB, NAMES, OPTIONS, THUGS, THUGS2 } from "../testing/factionFixtures";
import { FactionOrderForm, type Verdicts } from "./FactionOrderForm";

function renderForm(onSubmit = vi.fn<(orders: FactionOrdersInput) => void>(), refusal = null as null | { message: string; rule: string },
  verdicts: Verdicts = {}) {
  render(<FactionOrderForm options={OPTIONS} facgoldAtAction={5} names={NAMES} facts={FACTS} verdicts={verdicts} refusal={refusal}
                           busy={false} submitted={false} onSubmit={onSubmit} />);
  return onSubmit;
}

const form = () => screen.getByTestId("faction-order-form");

describe("FactionOrderForm", { timeout: 30_000 }, () => { // the whole form renders slowly in jsdom on a shared machine
  it("shows each purchase's price, grouped by attribute with its rating, and a refused one with its reason", async () => {
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Action"), "Buy Asset");
    expect(screen.getByTestId("faction-price")).toHaveTextContent("Price: 4 FacGold");
    expect(screen.getByTestId("faction-verdict")).toHaveTextContent("accept");
    const types = screen.getByLabelText("Asset type");
    expect(within(types).getByRole("group", { name: "Force" })).toHaveTextContent("Mob (Force 1) — 4 FacGold");
    expect(within(types).getByRole("group", { name: "Cunning" })).toHaveTextContent("Informers (Cunning 1)");
    const zealots = within(types).getByRole("option", { name: /^Zealots/ });
    expect(zealots).toHaveTextContent("Zealots (Force 2) — 6 FacGold — refused: Red will have 5 FacGold");
    await userEvent.selectOptions(types, zealots);
    const verdict = screen.getByTestId("faction-verdict");
    expect(verdict).toHaveTextContent("would refuse it: Red will have 5 FacGold");
    expect(within(verdict).getByText("seed 002, Faction Actions")).toBeInTheDocument();
    expect(screen.getByLabelText("Region")).toHaveTextContent("Harbour (hex q 0, r 0)");
    expect(screen.queryByRole("alert")).toBeNull(); // a preview's verdict is no refusal yet
  });

  it("attacks with two assets, each against the defender chosen, with a goal, a raise and a defender named", async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Action"), "Attack");
    expect(screen.getAllByTestId("faction-strike")).toHaveLength(1); // "Attack" starts with one strike
    await user.click(screen.getByRole("button", { name: "Add a strike" }));
    const [first, second] = screen.getAllByTestId("faction-strike");
    await user.selectOptions(within(second).getByLabelText("Defender it strikes"), within(second).getByRole("option", { name: /^Mob/ }));
    await user.selectOptions(screen.getByLabelText("Change the goal to"), "Military Conquest (difficulty number of assets destroyed / 2)");
    await user.click(screen.getByLabelText(/Raise Cunning 3 → 4: 6 XP/));
    await user.click(screen.getByRole("button", { name: "Name a defender" }));
    await user.selectOptions(within(screen.getByTestId("faction-defence")).getByLabelText("Defending asset"), "Informers (4/6 HP)");
    expect(within(first).getByLabelText("Attacking asset")).toHaveValue(THUGS);
    await user.click(screen.getByRole("button", { name: "Submit faction orders" }));
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.action).toEqual({ attack: { strikes: [
      { attackerId: THUGS, targetFactionId: FACTS.rivals[0].id, targetAssetId: GUARDS },
      { attackerId: THUGS2, targetFactionId: FACTS.rivals[0].id, targetAssetId: MOB },
    ] } });
    expect(sent.goal).toEqual({ goal: "MILITARY_CONQUEST", target: null });
    expect(sent.raiseRatings).toEqual(["CUNNING"]);
    expect(sent.defences).toEqual([{ regionId: HARBOUR, defenderId: FACTS.assets[2].id, baseAbsorbs: false }]);
    expect(sent).toMatchObject({ rerolls: true, contestExpansions: true, bookOfSecrets: null, allowSeizure: [], permissions: [], freeUses: [] });
  });

  it("repairs several assets by steps, and clears the narrative when the order it told of is replaced", async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Action"), "Repair Asset/Faction");
    await user.click(screen.getByRole("button", { name: "Add an asset to repair" }));
    await user.selectOptions(screen.getAllByLabelText("Asset to repair")[1], screen.getAllByRole("option", { name: /^Thugs II/ })[1]);
    await user.type(screen.getAllByLabelText("Repair steps")[1], "2", { initialSelectionStart: 0, initialSelectionEnd: 1 });
    await user.type(screen.getByLabelText("Narrative (the player's own words)"), "Patch.");
    await user.click(screen.getByRole("button", { name: "Remove repair 1" })); // the order replaced: the words go
    expect(screen.getByLabelText("Narrative (the player's own words)")).toHaveValue("");
    expect(screen.getByTestId("faction-narrative-cleared")).toHaveTextContent("tell this one in your own words");
    await user.type(screen.getByLabelText("Narrative (the player's own words)"), "Second.");
    await user.click(screen.getByRole("button", { name: "Submit faction orders" }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ action: { repairAsset: { assets: [{ assetId: THUGS2, steps: 2 }], faction: false } }, narrative: "Second." });
  });

  it("shows each part's verdict, and the server's refusal in the player's words with its rule once", () => {
    const refusal = { message: "Rating raise 1: raising force to 5 costs 9 XP, not 6", rule: "seed 002, Raising Stats" };
    renderForm(undefined, refusal, {
      raiseRatings: { allowed: false, reason: "orders.raise_ratings[0]: raising force to 5 costs 9 XP, not 6 (seed 002, Raising Stats)", rule: "seed 002, Raising Stats" },
      whole: { allowed: true, reason: null, rule: null },
    });
    const raise = screen.getByTestId("faction-verdict-raiseRatings");
    expect(raise).toHaveTextContent("would refuse it: Rating raise 1: raising force to 5 costs 9 XP, not 6 (seed 002, Raising Stats)");
    expect(raise.textContent?.match(/seed 002, Raising Stats/g)).toHaveLength(1);
    expect(raise).not.toHaveTextContent("orders.");
    expect(screen.getByTestId("faction-orders-verdict")).toHaveTextContent("accept these orders, whole, now");
    expect(screen.getByRole("alert")).toHaveTextContent("Refused by the server: Rating raise 1: raising force to 5 costs 9 XP, not 6 — rule: seed 002, Raising Stats");
  });

  it("offers a goal the check refuses with its reason, in the player's words", () => {
    render(<FactionOrderForm options={OPTIONS} facgoldAtAction={5} names={NAMES} facts={FACTS} verdicts={{}} refusal={null}
                             busy={false} submitted={false} onSubmit={vi.fn()}
                             goalVerdicts={{ MILITARY_CONQUEST: { allowed: false, reason: "orders.goal.target: it names no rival faction", rule: null } }} />);
    expect(within(screen.getByLabelText("Change the goal to")).getByRole("option", { name: /^Military Conquest/ }))
      .toHaveTextContent("Military Conquest (difficulty number of assets destroyed / 2) — refused: Goal, target: it names no rival faction");
  });

  it("is reached field by field with Tab, the labels naming each control", async () => {
    renderForm();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText("Action")).toHaveFocus();
    await user.selectOptions(screen.getByLabelText("Action"), "Buy Asset");
    await user.tab();
    expect(screen.getByLabelText("Asset type")).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText("Region")).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText("Change the goal to")).toHaveFocus();
    for (const control of within(form()).getAllByRole("combobox").concat(within(form()).getAllByRole("checkbox"))) {
      expect(control).toHaveAccessibleName(); // every control labelled
    }
  });
});
