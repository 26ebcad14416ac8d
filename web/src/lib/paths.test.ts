import { describe, expect, it } from "vitest";
import { campaignPath, FIRST_SCREEN } from "./paths";

describe("campaignPath", () => {
  it("names a campaign's first screen, the map, so no redirect follows the landing", () => {
    expect(FIRST_SCREEN).toBe("map");
    expect(campaignPath("c9")).toBe("/campaigns/c9/map");
  });

  it("names another screen when asked", () => {
    expect(campaignPath("c9", "orders")).toBe("/campaigns/c9/orders");
  });
});
