// One way to name a hex everywhere in the console (issue 28): its axial coordinates as the map lays them out,
// after the region's name where a region is named. The order forms and the map both call these.
export type Hexed = { name: string; q: number; r: number };

/** "q -1, r 4": the hex's axial coordinates (web/src/features/map/hexLayout.ts places hexes by them). */
export function hexCoords(q: number, r: number): string {
  return `q ${q}, r ${r}`;
}

/** "Wilds 0,0 (hex q -1, r 4)": a region by its name and its hex. */
export function regionLabel(region: Hexed): string {
  return `${region.name} (hex ${hexCoords(region.q, region.r)})`;
}
