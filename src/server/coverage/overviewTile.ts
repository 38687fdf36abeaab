import type { LegacyFeature, LegacyTile } from 'geojson-vt';
import { COVERAGE_OVERVIEW_MAX_ZOOM } from '../../common/mapDefaults.js';
import { doubleSignedArea, simplifyRing } from '../../geo/simplifyRing.js';

/** A point in tile units (4096 across the tile, y down). */
type Point = [number, number];

/**
 * Tile units per CSS pixel, at least: MapLibre draws a vector tile 512 to 1024 CSS pixels across
 * (from its own zoom to just under the next), and geojson-vt cuts it 4096 units across.
 */
const UNITS_PER_PIXEL = 4096 / 512;

/**
 * The simplification tolerance of an overview tile (tile units): one pixel at the deepest overview
 * zoom (COVERAGE_OVERVIEW_MAX_ZOOM, 7), doubling with each zoom out, at most 8 pixels (geojson-vt's 64-unit buffer, so that no clipped edge of a
 * polygon is pulled into the tile's visible square). Deeper tiles keep geojson-vt's own 3 units.
 * A map fitted to a whole country opens around zoom 5, where a tile may hold thousands of small
 * polygons: at 4 pixels the four tiles of the 10,000-polygon benchmark map's country view hold
 * 64,000 points (370 KB) instead of 1.1 million (2.4 MB), which a browser drawing in software took
 * seconds to draw. One tolerance per zoom, not per tile, so that neighbouring tiles meet without a
 * seam.
 */
export function overviewTolerance(z: number): number {
  return Math.min(8, 2 ** (COVERAGE_OVERVIEW_MAX_ZOOM - z)) * UNITS_PER_PIXEL;
}

/** Rings under one square pixel (tile units squared) are left out of an overview tile. */
export const OVERVIEW_MIN_RING_AREA = UNITS_PER_PIXEL ** 2;

/**
 * A ring kept in an overview tile keeps at least this many points besides its first and last, so
 * that a small polygon keeps its rough extent (a quadrilateral) rather than collapse to a line and
 * vanish.
 */
const MIN_INNER_POINTS = 3;

/**
 * A polygon feature's rings simplified to `tolerance`, without those under `minRingArea` nor the
 * holes of an outer ring left out. Rings are read as MapLibre reads them (classifyRings): a ring
 * wound like the first ring of non-zero area starts a polygon, one wound the other way is a hole.
 */
function lightenPolygon(rings: readonly Point[][], tolerance: number, minRingArea: number): Point[][] {
  let outerSign = 0;
  let outerKept = false;
  const kept: Point[][] = [];
  for (const ring of rings) {
    const area = doubleSignedArea(ring);
    if (area === 0) continue;
    if (outerSign === 0) outerSign = Math.sign(area);
    const large = Math.abs(area) / 2 >= minRingArea;
    if (Math.sign(area) === outerSign) outerKept = large;
    if (large && outerKept) kept.push(simplifyRing(ring, tolerance, MIN_INNER_POINTS));
  }
  return kept;
}

/**
 * An overview tile at zoom `z` as light as it can be drawn (see overviewTolerance): polygon rings
 * simplified to the zoom's tolerance and those under a square pixel left out. Points and lines
 * pass unchanged. A fresh tile; `tile` is not changed.
 */
export function lightenOverviewTile(tile: LegacyTile, z: number): LegacyTile {
  const tolerance = overviewTolerance(z);
  const features: LegacyFeature[] = [];
  for (const feature of tile.features) {
    if (feature.type !== 3) {
      features.push(feature);
      continue;
    }
    const geometry = lightenPolygon(feature.geometry, tolerance, OVERVIEW_MIN_RING_AREA);
    if (geometry.length > 0) features.push({ ...feature, geometry });
  }
  return { features };
}
