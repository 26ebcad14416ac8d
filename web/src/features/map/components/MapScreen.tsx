// The map (issue 18): the campaign's hexes as the seat may see them, a legend, and the chosen region's panel.
import { useMemo, useState } from "react";
import { ErrorMessage, Loading, Section } from "../../../components/ui";
import { MapViewDocument } from "../../../graphql/generated";
import { useCampaign, useLiveQuery } from "../../../lib/campaign";
import { mapModel } from "../mapModel";
import { HexMap } from "./HexMap";
import { Legend, RegionPanel } from "./RegionPanel";
import "./map.css";

export function MapScreen() {
  const { campaignId } = useCampaign();
  const [{ data, fetching, error }] = useLiveQuery({ query: MapViewDocument, variables: { campaignId } });
  const [selected, setSelected] = useState<string | null>(null);
  const model = useMemo(() => (data ? mapModel(data) : null), [data]);
  const region = model?.regions.find((r) => r.id === selected) ?? null;
  return (
    <Section title="Map">
      {fetching && !data ? <Loading what="the map" /> : null}
      <ErrorMessage error={error} />
      {model ? (
        model.regions.length ? (
          <div className="map-layout">
            <HexMap model={model} selected={selected} onSelect={setSelected} />
            <div className="map-side">
              <RegionPanel region={region} model={model} />
              <Legend model={model} />
            </div>
          </div>
        ) : <p>This campaign has no regions yet.</p>
      ) : null}
    </Section>
  );
}
