import { describe, expect, it } from "vitest";
import { hexCoords, regionLabel } from "./hex";

describe("one way to name a hex", () => {
  it("names a region by its name and its axial hex, as the map places it", () => {
    expect(hexCoords(-1, 4)).toBe("q -1, r 4");
    expect(regionLabel({ name: "Wilds 0,0", q: -1, r: 4 })).toBe("Wilds 0,0 (hex q -1, r 4)");
  });
});
