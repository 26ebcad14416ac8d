// What an order's ids stand for, as the seat may see them: regions, factions, assets, asset types, houses.
export type Names = {
  regions: ReadonlyMap<string, string>;
  factions: ReadonlyMap<string, string>;
  assets: ReadonlyMap<string, string>;
  types: ReadonlyMap<string, string>;
  houses: ReadonlyMap<string, string>;
};

export const NO_NAMES: Names = { regions: new Map(), factions: new Map(), assets: new Map(), types: new Map(), houses: new Map() };

export function nameOf(map: ReadonlyMap<string, string>, id: string | null | undefined, fallback = "—"): string {
  if (!id) return fallback;
  return map.get(id) ?? id.slice(0, 8);
}
