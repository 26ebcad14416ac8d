import { describe, expect, it } from "vitest";
import { inPlayersWords, pathLabel } from "./refusal";

describe("refusals in the player's words", () => {
  it("turns the server's field paths into the form's labels", () => {
    expect(pathLabel("orders.action.attack.strikes[1].target_asset_id")).toBe("The action, strike 2, target asset");
    expect(pathLabel("orders.defences[0].defender_id")).toBe("Defence 1, defender");
    expect(pathLabel("orders.goal")).toBe("Goal");
    expect(pathLabel("order.start_week")).toBe("Starts in week");
  });

  it("names the rule once: cut from the message, shown apart", () => {
    const said = inPlayersWords("orders.raise_ratings[0]: raising force to 3 costs 4 XP, not 0 (seed 002, Raising Stats)", "seed 002, Raising Stats");
    expect(said).toBe("Rating raise 1: raising force to 3 costs 4 XP, not 0");
    expect(inPlayersWords("Zealots costs 6", null)).toBe("Zealots costs 6");
  });
});
