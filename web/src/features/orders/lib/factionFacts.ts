// What the faction form names, read from the orders frame as the seat may see it: the faction's ratings, XP and
// assets; its rivals and their assets; each region by its hex (web/src/lib/hex.ts); asset types; goals.
import type { Attribute, OrdersFrameQuery } from "../../../graphql/generated";
import { regionLabel } from "../../../lib/hex";

type Frame = OrdersFrameQuery;
type FrameFaction = NonNullable<Frame["campaign"]>["factions"][number];
export type OwnAsset = FrameFaction["assets"][number];
export type AssetTypeRow = Frame["assetTypes"][number];
export type GoalRow = Frame["goals"][number];

export type FactionFacts = {
  factionId: string;
  ratings: Record<Attribute, number>;
  xp: number | null;
  assets: readonly OwnAsset[];
  rivals: readonly { id: string; name: string }[];
  rivalAssets: readonly (OwnAsset & { factionId: string })[];
  regions: readonly { id: string; label: string }[];
  types: readonly AssetTypeRow[];
  goals: readonly GoalRow[];
};

export function factionFacts(frame: Frame, factionId: string): FactionFacts | null {
  const campaign = frame.campaign;
  const own = campaign?.factions.find((f) => f.id === factionId);
  if (!campaign || !own) return null;
  const rivals = campaign.factions.filter((f) => f.id !== factionId && !f.destroyed);
  return {
    factionId,
    ratings: { FORCE: own.force, CUNNING: own.cunning, WEALTH: own.wealth },
    xp: own.xp ?? null,
    assets: own.assets,
    rivals: rivals.map((f) => ({ id: f.id, name: f.name })),
    rivalAssets: rivals.flatMap((f) => f.assets.map((a) => ({ ...a, factionId: f.id }))),
    regions: campaign.regions.map((r) => ({ id: r.id, label: regionLabel(r) })),
    types: frame.assetTypes,
    goals: frame.goals,
  };
}
