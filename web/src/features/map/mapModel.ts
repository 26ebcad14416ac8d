// What the map shows of each region, from the one MapView answer (only what the seat was sent).
import type { MapViewQuery } from "../../graphql/generated";
import { FACTION_COLOURS, HOUSE_COLOURS } from "./hexLayout";

export type MapRegion = NonNullable<MapViewQuery["campaign"]>["regions"][number];
export type MapAsset = MapViewQuery["factions"][number]["assets"][number] & { factionId: string; factionName: string };
export type Member = { id: string; name: string; colour: string };
export type MapModel = {
  regions: MapRegion[];
  factions: Map<string, Member>;
  houses: Map<string, Member>;
  assets: Map<string, MapAsset[]>;
  troops: Map<string, { houseId: string; power: number }[]>;
};

export function mapModel(data: MapViewQuery): MapModel {
  const factions = new Map<string, Member>();
  data.factions.forEach((f, i) =>
    factions.set(f.id, { id: f.id, name: f.name, colour: FACTION_COLOURS[i % FACTION_COLOURS.length] ?? "#4b5563" }));
  const houses = new Map<string, Member>();
  data.houses.forEach((h, i) =>
    houses.set(h.id, { id: h.id, name: h.name, colour: HOUSE_COLOURS[i % HOUSE_COLOURS.length] ?? "#37474f" }));
  const assets = new Map<string, MapAsset[]>();
  for (const faction of data.factions) {
    for (const asset of faction.assets) {
      const here = assets.get(asset.regionId) ?? [];
      here.push({ ...asset, factionId: faction.id, factionName: faction.name });
      assets.set(asset.regionId, here);
    }
  }
  const troops = new Map(data.areas.map((a) => [a.id, a.troops]));
  return { regions: data.campaign?.regions ?? [], factions, houses, assets, troops };
}
