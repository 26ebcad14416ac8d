// A faction's preview and facts for the form's component tests: Red with two Thugs and Informers in the Harbour,
// Blue with Guardsmen and a Mob there; one option of every kind FactionActionInput has.
import type { FactionFacts } from "../lib/factionFacts";
import type { FactionOption } from "../lib/factionOptions";
import type { Names } from "../lib/names";

export const HARBOUR = "00000000-0000-0000-0000-0000000000a1";
export const HILLS = "00000000-0000-0000-0000-0000000000a2";
export const RED = "00000000-0000-0000-0000-0000000000f1";
export const BLUE = "00000000-0000-0000-0000-0000000000f2";
export const THUGS = "00000000-0000-0000-0000-0000000000b1";
export const THUGS2 = "00000000-0000-0000-0000-0000000000b2";
export const INFORMERS = "00000000-0000-0000-0000-0000000000b3";
export const GUARDS = "00000000-0000-0000-0000-0000000000c1";
export const MOB = "00000000-0000-0000-0000-0000000000c2";

const blank = { cost: null, allowed: true, reason: null, rule: null, regionId: null, typeKey: null, name: null, assetId: null,
  targetFactionId: null, targetAssetId: null } as const;
const opt = (o: Partial<FactionOption> & Pick<FactionOption, "kind">): FactionOption => ({ ...blank, ...o });
const strike = (assetId: string, targetAssetId: string) => opt({ kind: "ATTACK", assetId, targetFactionId: BLUE, targetAssetId });

export const OPTIONS: FactionOption[] = [
  opt({ kind: "BUY_ASSET", cost: 4, regionId: HARBOUR, typeKey: "mob" }),
  opt({ kind: "BUY_ASSET", cost: 6, regionId: HARBOUR, typeKey: "zealots", allowed: false,
    reason: "Red will have 5 FacGold when its action comes and Zealots costs 6", rule: "seed 002, Faction Actions" }),
  opt({ kind: "BUY_ASSET", cost: 2, regionId: HARBOUR, typeKey: "stealth" }),
  opt({ kind: "BUY_ASSET", cost: 2, regionId: HARBOUR, typeKey: "informers" }),
  strike(THUGS, GUARDS), strike(THUGS, MOB), strike(THUGS2, GUARDS), strike(THUGS2, MOB),
  opt({ kind: "CHANGE_HOME", regionId: HILLS }),
  opt({ kind: "EXPAND_INFLUENCE", cost: 1, regionId: HILLS }),
  opt({ kind: "REFIT_ASSET", cost: 1, assetId: THUGS, typeKey: "mob" }),
  opt({ kind: "REPAIR_ASSET", cost: 1, assetId: THUGS }), opt({ kind: "REPAIR_ASSET", cost: 1, assetId: THUGS2 }),
  opt({ kind: "REPAIR_ASSET", cost: 1 }),
  opt({ kind: "SELL_ASSET", assetId: INFORMERS }),
  opt({ kind: "SEIZE_REGION", regionId: HARBOUR }),
  opt({ kind: "USE_ASSET_ABILITY", assetId: INFORMERS, regionId: HARBOUR }),
  opt({ kind: "CUSTOM_ACTION", cost: 3, name: "Bribe the Beholder" }),
];

const asset = (id: string, name: string, typeKey: string) => ({ id, name, typeKey, regionId: HARBOUR, hp: 4, maxHp: 6 });

export const FACTS: FactionFacts = {
  factionId: RED,
  ratings: { FORCE: 4, CUNNING: 3, WEALTH: 3 },
  xp: 6,
  assets: [asset(THUGS, "Thugs", "thugs"), asset(THUGS2, "Thugs", "thugs"), asset(INFORMERS, "Informers", "informers")],
  rivals: [{ id: BLUE, name: "Blue" }],
  rivalAssets: [{ ...asset(GUARDS, "Guardsmen", "guardsmen"), factionId: BLUE }, { ...asset(MOB, "Mob", "mob"), factionId: BLUE }],
  regions: [{ id: HARBOUR, label: "Harbour (hex q 0, r 0)" }, { id: HILLS, label: "Hills (hex q 1, r 0)" }],
  types: [
    { key: "mob", name: "Mob", attribute: "FORCE", rating: 1, cost: 4 },
    { key: "zealots", name: "Zealots", attribute: "FORCE", rating: 2, cost: 6 },
    { key: "stealth", name: "Stealth", attribute: "CUNNING", rating: 3, cost: 2 },
    { key: "informers", name: "Informers", attribute: "CUNNING", rating: 1, cost: 2 },
  ],
  goals: [{ key: "military_conquest", name: "Military Conquest", difficulty: "number of assets destroyed / 2", requirement: "" }],
};

export const NAMES: Names = {
  regions: new Map(FACTS.regions.map((r) => [r.id, r.label])),
  factions: new Map([[RED, "Red"], [BLUE, "Blue"]]),
  assets: new Map([[THUGS, "Thugs (Red)"], [THUGS2, "Thugs II (Red)"], [INFORMERS, "Informers (Red)"], [GUARDS, "Guardsmen (Blue)"], [MOB, "Mob (Blue)"]]),
  types: new Map(FACTS.types.map((t) => [t.key, t.name])),
  houses: new Map(),
};
