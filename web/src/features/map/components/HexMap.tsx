// The campaign's hexes in SVG: each hex a focusable button (Enter or Space chooses it), zoom and pan by buttons,
// keyboard (+, −, 0, arrows), wheel and drag.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { hexCenter, hexCorners, mapBounds, terrainFill, HEX_SIZE } from "../hexLayout";
import type { MapModel, MapRegion } from "../mapModel";

export type View = { scale: number; x: number; y: number };
export const HOME: View = { scale: 1, x: 0, y: 0 };
const STEP = 40;
const MIN_SCALE = 0.5;
const MAX_SCALE = 4;

export function zoomed(view: View, factor: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  return { ...view, scale };
}

function describe(region: MapRegion, model: MapModel): string {
  const parts = [region.name, `terrain ${region.terrainDifficulty}`, `arcana ${region.arcana}`];
  const governor = region.governingFactionId ? model.factions.get(region.governingFactionId) : undefined;
  if (governor) parts.push(`governed by ${governor.name}`);
  const house = region.controllingHouseId ? model.houses.get(region.controllingHouseId) : undefined;
  if (house) parts.push(`controlled by ${house.name}`);
  const assets = model.assets.get(region.id)?.length ?? 0;
  if (assets) parts.push(`${assets} asset${assets === 1 ? "" : "s"}`);
  return parts.join(", ");
}

export function HexMap({ model, selected, onSelect }: {
  model: MapModel; selected: string | null; onSelect: (id: string) => void;
}) {
  const [view, setView] = useState<View>(HOME);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const box = mapBounds(model.regions);
  const corners = hexCorners();

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((v) => zoomed(v, event.deltaY < 0 ? 1.15 : 1 / 1.15));
    };
    element.addEventListener("wheel", wheel, { passive: false });
    return () => element.removeEventListener("wheel", wheel);
  }, []);

  function pan(dx: number, dy: number) {
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  }

  function keys(event: KeyboardEvent) {
    const moves: Record<string, () => void> = {
      "+": () => setView((v) => zoomed(v, 1.25)), "=": () => setView((v) => zoomed(v, 1.25)),
      "-": () => setView((v) => zoomed(v, 0.8)), "0": () => setView(HOME),
      ArrowLeft: () => pan(STEP, 0), ArrowRight: () => pan(-STEP, 0),
      ArrowUp: () => pan(0, STEP), ArrowDown: () => pan(0, -STEP),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  }

  function down(event: PointerEvent<SVGSVGElement>) {
    drag.current = { x: event.clientX, y: event.clientY, moved: false };
  }
  function move(event: PointerEvent<SVGSVGElement>) {
    const start = drag.current;
    if (!start || event.buttons === 0) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < 4) return;
    const rect = svg.current?.getBoundingClientRect();
    const unit = rect && rect.width ? box.width / rect.width : 1; // screen pixels to the viewBox's units
    drag.current = { x: event.clientX, y: event.clientY, moved: true };
    pan(dx * unit, dy * unit);
  }

  return (
    <div className="hex-map" onKeyDown={keys}>
      <div className="map-controls" role="toolbar" aria-label="Zoom and pan">
        <button type="button" onClick={() => setView((v) => zoomed(v, 1.25))} aria-label="Zoom in">+</button>
        <button type="button" onClick={() => setView((v) => zoomed(v, 0.8))} aria-label="Zoom out">−</button>
        <button type="button" onClick={() => pan(STEP, 0)} aria-label="Pan left">←</button>
        <button type="button" onClick={() => pan(0, STEP)} aria-label="Pan up">↑</button>
        <button type="button" onClick={() => pan(0, -STEP)} aria-label="Pan down">↓</button>
        <button type="button" onClick={() => pan(-STEP, 0)} aria-label="Pan right">→</button>
        <button type="button" className="secondary" onClick={() => setView(HOME)}>Reset view</button>
        <span className="map-zoom" data-testid="map-zoom">{Math.round(view.scale * 100)}%</span>
      </div>
      <svg
        ref={svg}
        role="group"
        aria-label="Hex map: arrows pan, + and − zoom, 0 resets"
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className="hex-svg"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => { drag.current = null; }}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`} data-testid="map-transform">
          {model.regions.map((region) => {
            const { x, y } = hexCenter(region.q, region.r);
            const governor = region.governingFactionId ? model.factions.get(region.governingFactionId) : undefined;
            const house = region.controllingHouseId ? model.houses.get(region.controllingHouseId) : undefined;
            const here = model.assets.get(region.id) ?? [];
            const owners = [...new Set(here.map((a) => a.factionId))];
            const isSelected = region.id === selected;
            const choose = () => { if (!drag.current?.moved) onSelect(region.id); };
            return (
              <g
                key={region.id}
                role="button"
                tabIndex={0}
                aria-label={describe(region, model)}
                aria-pressed={isSelected}
                data-testid={`hex-${region.q}-${region.r}`}
                className={`hex${isSelected ? " selected" : ""}`}
                transform={`translate(${x} ${y})`}
                onClick={choose}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    event.stopPropagation();
                    onSelect(region.id);
                  }
                }}
              >
                <polygon points={corners} fill={governor?.colour ?? terrainFill(region.terrainDifficulty, region.wild)}
                  stroke={house?.colour ?? "#8a8370"} strokeWidth={house ? 4 : 1} />
                {house ? <rect x={-4.5} y={-HEX_SIZE * 0.86} width={9} height={9} fill={house.colour}
                  transform={`rotate(45 0 ${-HEX_SIZE * 0.86 + 4.5})`} /> : null}
                {owners.map((owner, i) => (
                  <circle key={owner} cx={(i - (owners.length - 1) / 2) * 11} cy={20} r={4.5}
                    fill={model.factions.get(owner)?.colour ?? "#4b5563"} stroke="#ffffff" strokeWidth={1.5} />
                ))}
              </g>
            );
          })}
          <g aria-hidden="true" className="hex-labels">
            {model.regions.map((region) => {
              const { x, y } = hexCenter(region.q, region.r);
              const governor = region.governingFactionId ? model.factions.get(region.governingFactionId) : undefined;
              return (
                <g key={region.id} transform={`translate(${x} ${y})`}>
                  <HexLabel region={region} light={Boolean(governor)} />
                </g>
              );
            })}
          </g>
        </g>
      </svg>
    </div>
  );
}

/** A hex's visible text, drawn above the hexes and outside their buttons (their accessible names say it all). */
function HexLabel({ region, light }: { region: MapRegion; light: boolean }) {
  const named = !region.wild || light;
  return (
    <>
      {named ? (
        <text y={-4} textAnchor="middle" className={light ? "hex-label light" : "hex-label"}>
          {region.name.length > 11 ? `${region.name.slice(0, 10)}…` : region.name}
        </text>
      ) : null}
      <text y={named ? 9 : 4} textAnchor="middle" className={light ? "hex-terrain light" : "hex-terrain"}>
        {`T${region.terrainDifficulty}${region.arcana ? ` A${region.arcana}` : ""}`}
      </text>
    </>
  );
}
