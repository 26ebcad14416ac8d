// The chosen region: its terrain, arcana and population, who governs and controls it, and the assets and troops
// in it that this seat was sent.
import { hexCoords } from "../../../lib/hex";
import type { MapModel, MapRegion } from "../mapModel";

export function RegionPanel({ region, model }: { region: MapRegion | null; model: MapModel }) {
  if (!region) {
    return (
      <aside className="region-panel" aria-label="Region" data-testid="region-panel">
        <p>Choose a hex (click it, or Tab to it and press Enter) to see its region.</p>
      </aside>
    );
  }
  const governor = region.governingFactionId ? model.factions.get(region.governingFactionId) : undefined;
  const house = region.controllingHouseId ? model.houses.get(region.controllingHouseId) : undefined;
  const assets = model.assets.get(region.id) ?? [];
  const troops = model.troops.get(region.id) ?? [];
  return (
    <aside className="region-panel" aria-label={`Region ${region.name}`} data-testid="region-panel">
      <h3>{region.name}</h3>
      <dl className="region-facts">
        <dt>Hex</dt><dd>{hexCoords(region.q, region.r)}</dd>
        <dt>Terrain</dt><dd>difficulty {region.terrainDifficulty}{region.wild ? ", wild" : ""}</dd>
        <dt>Arcana</dt><dd>{region.arcana}</dd>
        <dt>Population</dt><dd>{region.population.toLowerCase().replaceAll("_", " ")}</dd>
        {region.tags.length ? <><dt>Tags</dt><dd>{region.tags.join(", ")}</dd></> : null}
        <dt>Governed by</dt><dd>{governor?.name ?? "nobody"}</dd>
        <dt>Controlled by</dt><dd>{house?.name ?? "no house"}</dd>
        {region.monthlyIncome ? <><dt>Monthly income</dt><dd>{region.monthlyIncome}</dd></> : null}
      </dl>
      <h4>Assets</h4>
      {assets.length ? (
        <ul className="region-list" data-testid="region-assets">
          {assets.map((a) => (
            <li key={a.id}>
              <span className="swatch" style={{ background: model.factions.get(a.factionId)?.colour }} aria-hidden="true" />
              {a.name} ({a.factionName}), {a.hp}/{a.maxHp} HP{a.stealthed ? ", stealthed" : ""}
            </li>
          ))}
        </ul>
      ) : <p>None that you can see.</p>}
      {troops.length ? (
        <>
          <h4>Troops</h4>
          <ul className="region-list" data-testid="region-troops">
            {troops.map((t) => (
              <li key={t.houseId}>{model.houses.get(t.houseId)?.name ?? "a house"}: {t.power} power</li>
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}

export function Legend({ model }: { model: MapModel }) {
  return (
    <div className="map-legend" aria-label="Legend" role="group">
      <h3>Legend</h3>
      <p className="legend-note">A hex's fill is its governing faction, else its terrain (T difficulty, A arcana);
        dots are the assets in it; a coloured border and diamond, the house that controls it.</p>
      <ul>
        {[...model.factions.values()].map((f) => (
          <li key={f.id}><span className="swatch" style={{ background: f.colour }} aria-hidden="true" />{f.name}</li>
        ))}
        {[...model.houses.values()].map((h) => (
          <li key={h.id}><span className="swatch diamond" style={{ background: h.colour }} aria-hidden="true" />{h.name}</li>
        ))}
      </ul>
    </div>
  );
}
