// One use of an asset's ability (AbilityUseInput): the asset, and what the use names (a region, a rival and its
// asset, the assets a vehicle carries, the Force asset a Ruin Excavation buys). For Use Asset Ability and for the
// free uses that need no action (seed 002, Teleportation Web).
import type { AbilityUseInput } from "../../../graphql/generated";
import type { FactionFacts } from "../lib/factionFacts";

type Props = {
  id: string;
  /** The data-field path of the list (`orders.action.useAssetAbility.uses`, `orders.freeUses`). */
  path: string;
  legend: string;
  use: AbilityUseInput;
  /** The assets this use may be of, with a label each (a refused one carries its reason). */
  assets: readonly { id: string; label: string }[];
  facts: FactionFacts;
  onChange: (use: AbilityUseInput | null) => void;
};

export function AbilityUseRow({ id, path, legend, use, assets, facts, onChange }: Props) {
  const targets = facts.rivalAssets.filter((a) => a.factionId === use.targetFactionId);
  const force = facts.types.filter((t) => t.attribute === "FORCE");
  const set = (change: Partial<AbilityUseInput>) => onChange({ ...use, ...change });
  return (
    <fieldset className="row">
      <legend>{legend}</legend>
      <div className="field">
        <label htmlFor={`${id}-asset`}>Asset</label>
        <select id={`${id}-asset`} data-field={`${path}.assetId`} value={use.assetId} onChange={(e) => set({ assetId: e.target.value })}>
          {assets.map((a) => <option key={a.id} value={a.id}>{a.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-region`}>Region it acts in</label>
        <select id={`${id}-region`} data-field={`${path}.regionId`} value={use.regionId ?? ""} onChange={(e) => set({ regionId: e.target.value || null })}>
          <option value="">Where the asset stands</option>
          {facts.regions.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-faction`}>Rival it targets</label>
        <select id={`${id}-faction`} data-field={`${path}.targetFactionId`} value={use.targetFactionId ?? ""}
                onChange={(e) => set({ targetFactionId: e.target.value || null, targetAssetId: null })}>
          <option value="">None</option>
          {facts.rivals.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-target`}>Rival's asset it targets</label>
        <select id={`${id}-target`} data-field={`${path}.targetAssetId`} value={use.targetAssetId ?? ""} onChange={(e) => set({ targetAssetId: e.target.value || null })}>
          <option value="">None</option>
          {targets.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-carried`}>Assets it carries (a vehicle's)</label>
        <select id={`${id}-carried`} data-field={`${path}.carriedIds`} multiple size={Math.min(4, Math.max(2, facts.assets.length))}
                value={[...(use.carriedIds ?? [])]}
                onChange={(e) => set({ carriedIds: [...e.target.selectedOptions].map((o) => o.value) })}>
          {facts.assets.filter((a) => a.id !== use.assetId).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Force asset to buy (Ruin Excavation)</label>
        <select id={`${id}-type`} data-field={`${path}.typeKey`} value={use.typeKey ?? ""} onChange={(e) => set({ typeKey: e.target.value })}>
          <option value="">None</option>
          {force.map((t) => <option key={t.key} value={t.key}>{t.name} (Force {t.rating})</option>)}
        </select>
      </div>
      <button type="button" onClick={() => onChange(null)}>Remove {legend.toLowerCase()}</button>
    </fieldset>
  );
}
