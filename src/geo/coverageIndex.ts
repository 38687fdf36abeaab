import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import { packGeometry, type PackedPolygon, type PackedRing } from './packedGeometry.js';
import { EDGE_TOLERANCE, INSIDE, ON_EDGE } from './pointInPolygon.js';
import { CELL_BOUNDARY, CELL_INSIDE, PolygonCells } from './polygonCells.js';
import { RingStore } from './ringStore.js';

/** A GeoJSON geometry to index ([lng, lat] degrees) and what a lookup that hits it returns. */
export interface CoverageEntry<T> {
  geometry: Polygon | MultiPolygon;
  payload: T;
}

/** The same with the geometry already packed (see packedGeometry.ts), as parsePackedCoverageKml gives it. */
export interface PackedCoverageEntry<T> {
  polygons: PackedPolygon[];
  payload: T;
}

/**
 * "Which geometries contain this point?" over many polygons, in microseconds. Each polygon (each
 * part of a MultiPolygon on its own, so boxes stay tight) has its bounding box in a flatbush
 * R-tree. A lookup looks only at the polygons whose box holds the point; most are answered by a
 * coarse grid of the polygon (see polygonCells.ts), the rest by an exact test of only the edges
 * near the point's latitude (see ringStore.ts). Holes are excluded and the boundary is included
 * (see pointInPolygon.ts).
 *
 * The coordinates are copied into flat typed arrays, about 21 bytes per vertex and 100 per polygon:
 * 10,000 polygons of 200 vertices take about 43 MB, where the same as GeoJSON takes about 140 MB,
 * and the input can be dropped once the index is built. Immutable: build a new index when the
 * data changes.
 */
export class CoverageIndex<T> {
  /** Number of entries (geometries) the index was built from. */
  readonly size: number;
  private readonly payloads: readonly T[];
  private readonly rings: RingStore;
  /**
   * Polygon p (numbered as flatbush numbers its boxes) is rings polygonRings[p] .. polygonRings[p + 1] - 1
   * of the store, outer ring first.
   */
  private readonly polygonRings: Uint32Array;
  /** The entry polygon p belongs to. */
  private readonly polygonEntry: Uint32Array;
  /** Answers most lookups per polygon without reading its rings. */
  private readonly cells: PolygonCells;
  /** Null when there is no polygon at all (flatbush needs at least one item). */
  private readonly tree: Flatbush | null;

  constructor(entries: readonly (CoverageEntry<T> | PackedCoverageEntry<T>)[]) {
    this.size = entries.length;
    this.payloads = entries.map((entry) => entry.payload);
    const polygons: { polygon: PackedPolygon; entry: number; bounds: Bounds }[] = [];
    entries.forEach((entry, entryIndex) => {
      for (const polygon of 'geometry' in entry ? packGeometry(entry.geometry) : entry.polygons) {
        // Fewer than 3 vertices enclose nothing. Only the outer ring bounds the polygon.
        if (polygon[0] === undefined || polygon[0].length < 6) continue;
        polygons.push({ polygon, entry: entryIndex, bounds: ringBounds(polygon[0]) });
      }
    });
    // Polygons near each other on the map are stored near each other in memory: the few polygons
    // one lookup tests then share cache lines and pages (a lookup is bound by memory latency).
    sortAlongZOrderCurve(polygons);
    const rings: PackedRing[] = [];
    const polygonRings: number[] = [];
    const bounds = new Float64Array(4 * polygons.length);
    const tree = polygons.length === 0 ? null : new Flatbush(polygons.length);
    polygons.forEach(({ polygon, bounds: { west, south, east, north } }, p) => {
      polygonRings.push(rings.length);
      rings.push(...polygon);
      bounds.set([west, south, east, north], 4 * p);
      // Widened by the edge tolerance so that points which count as on an edge are found too.
      tree?.add(west - EDGE_TOLERANCE, south - EDGE_TOLERANCE, east + EDGE_TOLERANCE, north + EDGE_TOLERANCE);
    });
    tree?.finish();
    this.tree = tree;
    polygonRings.push(rings.length);
    this.rings = new RingStore(rings);
    this.polygonRings = Uint32Array.from(polygonRings);
    this.polygonEntry = Uint32Array.from(polygons, ({ entry }) => entry);
    this.cells = new PolygonCells(
      polygons.map(({ polygon }) => polygon),
      bounds,
      (p, lng, lat) => this.polygonContains(p, lng, lat),
    );
  }

  /**
   * Payloads of every entry whose geometry contains (lng, lat) in degrees, boundary included, in the
   * order the entries were given, each at most once. A point that is not finite finds nothing.
   */
  query(lng: number, lat: number): T[] {
    if (this.tree === null || !Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const candidates = this.tree.search(lng, lat, lng, lat);
    const hits: number[] = [];
    for (const polygon of candidates) {
      const cell = this.cells.state(polygon, lng, lat);
      if (cell === CELL_INSIDE || (cell === CELL_BOUNDARY && this.polygonContains(polygon, lng, lat))) {
        hits.push(this.polygonEntry[polygon] as number);
      }
    }
    if (hits.length > 1) hits.sort((a, b) => a - b);
    const payloads: T[] = [];
    for (let i = 0; i < hits.length; i++) {
      if (i === 0 || hits[i] !== hits[i - 1]) payloads.push(this.payloads[hits[i] as number] as T);
    }
    return payloads;
  }

  private polygonContains(polygon: number, lng: number, lat: number): boolean {
    const outer = this.polygonRings[polygon] as number;
    const end = this.polygonRings[polygon + 1] as number;
    const side = this.rings.side(outer, lng, lat);
    if (side !== INSIDE) return side === ON_EDGE;
    for (let hole = outer + 1; hole < end; hole++) {
      if (this.rings.side(hole, lng, lat) === INSIDE) return false;
    }
    return true;
  }
}

interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

function ringBounds(ring: PackedRing): Bounds {
  const bounds = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (let i = 0; i < ring.length; i += 2) {
    const lng = ring[i] as number;
    const lat = ring[i + 1] as number;
    if (lng < bounds.west) bounds.west = lng;
    if (lng > bounds.east) bounds.east = lng;
    if (lat < bounds.south) bounds.south = lat;
    if (lat > bounds.north) bounds.north = lat;
  }
  return bounds;
}

/** Sorts by the Z-order (Morton) key of each box's centre on a 65,536 x 65,536 grid over all boxes. */
function sortAlongZOrderCurve<B extends { bounds: Bounds }>(items: B[]): void {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { bounds } of items) {
    west = Math.min(west, bounds.west);
    south = Math.min(south, bounds.south);
    east = Math.max(east, bounds.east);
    north = Math.max(north, bounds.north);
  }
  const cell = (value: number, min: number, max: number) => Math.min(65_535, Math.floor((65_536 * (value - min)) / (max - min || 1)));
  const keyed = items.map((item) => {
    const x = cell((item.bounds.west + item.bounds.east) / 2, west, east);
    const y = cell((item.bounds.south + item.bounds.north) / 2, south, north);
    return { item, key: spreadBits(x) * 2 + spreadBits(y) };
  });
  keyed.sort((a, b) => a.key - b.key);
  keyed.forEach(({ item }, i) => (items[i] = item));
}

/** The 16 bits of n moved to the even bit positions of a 32-bit number. */
function spreadBits(n: number): number {
  let x = n & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}
