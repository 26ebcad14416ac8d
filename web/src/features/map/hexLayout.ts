// Pointy-top hexes in axial coordinates (q, r), as domain/hexmap.py lays the campaign's map out
// (redblobgames' "Hexagonal Grids": x = size·√3·(q + r/2), y = size·3/2·r).
export const HEX_SIZE = 32;
const SQRT3 = Math.sqrt(3);

export type Point = { x: number; y: number };

export function hexCenter(q: number, r: number, size = HEX_SIZE): Point {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

/** The six corners of a hex around (0, 0), as an SVG `points` string. */
export function hexCorners(size = HEX_SIZE): string {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return `${(size * Math.cos(angle)).toFixed(2)},${(size * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
}

/** The box around every hex's corners, with a margin: the SVG's viewBox. */
export function mapBounds(hexes: { q: number; r: number }[], size = HEX_SIZE, margin = 8) {
  if (hexes.length === 0) return { x: 0, y: 0, width: 100, height: 100 };
  const centres = hexes.map((h) => hexCenter(h.q, h.r, size));
  const halfWidth = (size * SQRT3) / 2;
  const minX = Math.min(...centres.map((c) => c.x)) - halfWidth - margin;
  const maxX = Math.max(...centres.map((c) => c.x)) + halfWidth + margin;
  const minY = Math.min(...centres.map((c) => c.y)) - size - margin;
  const maxY = Math.max(...centres.map((c) => c.y)) + size + margin;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

// Distinct colours for factions and houses, each dark enough for white text on it (WCAG AA at 4.5:1).
export const FACTION_COLOURS = ["#1f5fa8", "#a3341f", "#2d7a3e", "#7b3fa0", "#9a5b00", "#0f6f73", "#a0286a", "#4b5563"];
export const HOUSE_COLOURS = ["#6b2d0c", "#173f5f", "#3f5f17", "#5f173f", "#37474f"];

/** Terrain difficulty (0 to 6 and beyond) as a light land shade: a dark label stays readable on every one. */
export function terrainFill(difficulty: number, wild: boolean): string {
  const shades = ["#f4f1e6", "#ebe6d2", "#e2dbbf", "#d9d0ac", "#d0c599", "#c7ba86", "#bfb077"];
  const shade = shades[Math.max(0, Math.min(shades.length - 1, difficulty))] ?? shades[0];
  return wild ? shade : "#fbfaf5";
}
