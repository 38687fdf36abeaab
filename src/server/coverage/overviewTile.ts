import type { LegacyFeature, LegacyTile } from 'geojson-vt';
import { COVERAGE_OVERVIEW_MAX_ZOOM } from '../../common/mapDefaults.js';

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

/** Squared distance (tile units squared) from p to the segment a-b. */
function squaredSegmentDistance(p: Point, a: Point, b: Point): number {
  let x = a[0];
  let y = a[1];
  const dx = b[0] - x;
  const dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  return (p[0] - x) ** 2 + (p[1] - y) ** 2;
}

/** The inner point of ring[first..last] farthest from the chord, with its squared distance; -1 when there is none. */
function farthestPoint(ring: readonly Point[], first: number, last: number): [index: number, squaredDistance: number] {
  let index = -1;
  let farthest = -1;
  for (let i = first + 1; i < last; i++) {
    const distance = squaredSegmentDistance(ring[i] as Point, ring[first] as Point, ring[last] as Point);
    if (distance > farthest) {
      index = i;
      farthest = distance;
    }
  }
  return [index, farthest];
}

/**
 * Douglas-Peucker: marks in `keep` the points of ring[first..last] farther than the tolerance from
 * the line kept so far. Iterative, so no ring overflows the stack. Answers how many it marked.
 */
function markBeyond(ring: readonly Point[], squaredTolerance: number, keep: Uint8Array): number {
  let marked = 0;
  const spans = [0, ring.length - 1];
  while (spans.length > 0) {
    const last = spans.pop() as number;
    const first = spans.pop() as number;
    const [index, distance] = farthestPoint(ring, first, last);
    if (index < 0 || distance <= squaredTolerance) continue;
    keep[index] = 1;
    marked++;
    spans.push(first, index, index, last);
  }
  return marked;
}

/**
 * Marks in `keep` the `count` points Douglas-Peucker keeps first (each time the farthest from the
 * line kept so far), for a ring that the tolerance would cut to fewer.
 */
function markFirst(ring: readonly Point[], count: number, keep: Uint8Array): void {
  keep.fill(0, 1, -1);
  const open: [first: number, last: number, index: number, squaredDistance: number][] = [];
  const openSpan = (first: number, last: number) => {
    const [index, distance] = farthestPoint(ring, first, last);
    if (index >= 0) open.push([first, last, index, distance]);
  };
  openSpan(0, ring.length - 1);
  for (let marked = 0; marked < count && open.length > 0; marked++) {
    let widest = 0;
    for (let i = 1; i < open.length; i++) if ((open[i] as (typeof open)[number])[3] > (open[widest] as (typeof open)[number])[3]) widest = i;
    const [first, last, index] = open.splice(widest, 1)[0] as (typeof open)[number];
    keep[index] = 1;
    openSpan(first, index);
    openSpan(index, last);
  }
}

/**
 * Douglas-Peucker: the points of `ring` farther than `tolerance` (tile units) from the line kept so
 * far, its first and last point always kept (a closed ring stays closed), and at least `minInner`
 * others when it has them: for a ring the tolerance cuts to fewer, the first `minInner` the
 * simplification picks.
 */
export function simplifyRing(ring: readonly Point[], tolerance: number, minInner = 0): Point[] {
  if (ring.length < 3) return [...ring];
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  if (markBeyond(ring, tolerance * tolerance, keep) < minInner) markFirst(ring, minInner, keep);
  return ring.filter((_point, i) => keep[i] === 1);
}

/** Twice the signed area of a ring (shoelace), tile units squared; its sign tells the winding. */
export function doubleSignedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as Point;
    const [x2, y2] = ring[i] as Point;
    sum += (x2 - x1) * (y1 + y2);
  }
  return sum;
}

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
