import type { PackedCoveragePlacemark } from '../../../geo/kml/parseCoverageKml.js';
import { ringBounds, type PackedRing } from '../../../geo/packedGeometry.js';

/** The side of the square picture, in SVG user units (the swatch shows it at 32 px). */
export const OUTLINE_BOX = 32;
/** A picture that small shows no more: at most this many rings per colour, and this many vertices per ring. */
const MAX_RINGS = 200;
const MAX_VERTICES = 24;

/**
 * A tiny map of each colour's polygons: an SVG path of their outer rings fitted into an
 * OUTLINE_BOX square (x east, y south; a degree of longitude shortened by the cosine of the middle
 * latitude, so shapes are not stretched). Rings are thinned to a few vertices and the largest are
 * kept when there are many, so this costs little even for a 50 MB file.
 */
export function colorOutlines(placemarks: readonly PackedCoveragePlacemark[]): Map<string, string> {
  const ringsByColor = new Map<string, PackedRing[]>();
  for (const { color, polygons } of placemarks) {
    if (color === null) continue;
    const rings = ringsByColor.get(color) ?? [];
    for (const [outer] of polygons) if (outer) rings.push(outer);
    ringsByColor.set(color, rings);
  }
  const paths = new Map<string, string>();
  for (const [color, rings] of ringsByColor) {
    const path = outlinePath(largest(rings));
    if (path) paths.set(color, path);
  }
  return paths;
}

/** Rings sorted by vertex count, the largest MAX_RINGS: the ones that shape the picture. */
function largest(rings: PackedRing[]): PackedRing[] {
  return rings.length <= MAX_RINGS ? rings : [...rings].sort((a, b) => b.length - a.length).slice(0, MAX_RINGS);
}

function outlinePath(rings: readonly PackedRing[]): string | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings) {
    const bounds = ringBounds(ring);
    west = Math.min(west, bounds.west);
    south = Math.min(south, bounds.south);
    east = Math.max(east, bounds.east);
    north = Math.max(north, bounds.north);
  }
  if (!Number.isFinite(west)) return null;
  const xScale = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const span = Math.max((east - west) * xScale, north - south) || 1;
  const unit = OUTLINE_BOX / span;
  // Centred in the box: the shorter side gets equal margins.
  const dx = (OUTLINE_BOX - (east - west) * xScale * unit) / 2;
  const dy = (OUTLINE_BOX - (north - south) * unit) / 2;
  const point = (lng: number, lat: number) => `${(dx + (lng - west) * xScale * unit).toFixed(1)} ${(dy + (north - lat) * unit).toFixed(1)}`;
  const parts: string[] = [];
  for (const ring of rings) {
    const vertices = ring.length / 2;
    const step = Math.max(1, Math.ceil(vertices / MAX_VERTICES));
    const points: string[] = [];
    for (let v = 0; v < vertices; v += step) points.push(point(ring[2 * v] as number, ring[2 * v + 1] as number));
    parts.push(`M${points.join('L')}Z`);
  }
  return parts.join('');
}
