import Flatbush from 'flatbush';
import type { PackedPolygon, PackedRing, RingBounds } from './packedGeometry.js';
import { EDGE_TOLERANCE, INSIDE, ON_EDGE } from './pointInPolygon.js';
import { CELL_BOUNDARY, CELL_INSIDE, PolygonCells, type PolygonCellsData } from './polygonCells.js';
import { RingStore, type RingStoreData, type RingStoreStats } from './ringStore.js';
import { sortOrder } from './sortOrder.js';

/**
 * Polygons to index, packed (see packedGeometry.ts; [lng, lat] degrees) as parsePackedCoverageKml
 * and decodePackedCollection give them, and what a lookup that hits them returns.
 */
export interface PackedCoverageEntry<T> {
  polygons: PackedPolygon[];
  payload: T;
}

/** A PolygonIndex as plain typed arrays, to move between threads (see PolygonIndex.data, transferListOf). */
export interface PolygonIndexData {
  entryCount: number;
  /** Flatbush's buffer: the polygons' boxes; null when there is no polygon. */
  tree: ArrayBuffer | null;
  polygonRings: Uint32Array;
  polygonEntry: Uint32Array;
  rings: RingStoreData;
  cells: PolygonCellsData;
}

export interface PolygonIndexStats extends RingStoreStats {
  polygons: number;
}

/**
 * "Which entries' polygons contain this point?" over many polygons, in microseconds; an entry is a
 * list of polygons (a placemark: one Polygon, or the parts of a MultiPolygon), numbered from 0 in
 * the order given. Each polygon (each part on its own, so boxes stay tight) has its bounding box
 * in a flatbush R-tree. A lookup looks only at the polygons whose box holds the point; most are
 * answered by a coarse grid of the polygon (see polygonCells.ts), the rest by an exact test of only
 * the edges near the point (see ringStore.ts). Holes are excluded and the boundary is included (see
 * pointInPolygon.ts).
 *
 * Everything is in flat typed arrays, about 30 bytes per vertex and 100 per polygon for ordinary
 * shapes and at most about 40 per vertex for any shape (ringStore.ts), 16 bytes a vertex less
 * when the vertices are read in place: 10,000 polygons of 200 vertices take about 62 MB, 30 MB
 * beside their stored geometry. Building takes O(n log n) time in the vertex count n. Immutable:
 * build a new index when the data changes. `data()` gives the arrays, which can be moved to another
 * thread (transferListOf) and made into the same index there with `new PolygonIndex(data)`, so
 * that a large index is built off the thread that answers lookups.
 */
export class PolygonIndex {
  /** Number of entries the index was built from (some may have no usable polygon). */
  readonly entryCount: number;
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

  constructor(data: PolygonIndexData) {
    this.entryCount = data.entryCount;
    this.tree = data.tree === null ? null : Flatbush.from(data.tree);
    this.polygonRings = data.polygonRings;
    this.polygonEntry = data.polygonEntry;
    this.rings = new RingStore(data.rings);
    this.cells = new PolygonCells(data.cells);
  }

  /**
   * Indexes the polygons of each entry; polygons whose outer ring has fewer than 3 vertices enclose
   * nothing. With `coordinates`, an array every ring is a view into (a layer's stored geometry,
   * decoded in place), the index reads the vertices there rather than copying them.
   */
  static build(entries: readonly (readonly PackedPolygon[])[], coordinates?: Float64Array): PolygonIndex {
    let count = 0;
    for (const polygons of entries) for (const polygon of polygons) if (isUsable(polygon)) count++;
    const found = new Array<PackedPolygon>(count);
    const foundEntry = new Uint32Array(count);
    const foundBounds = new Float64Array(4 * count);
    let p = 0;
    entries.forEach((polygons, entry) => {
      for (const polygon of polygons) {
        if (!isUsable(polygon)) continue;
        found[p] = polygon;
        foundEntry[p] = entry;
        // Only the outer ring bounds the polygon.
        writeBounds(polygon[0] as PackedRing, foundBounds, p);
        p++;
      }
    });
    // Polygons near each other on the map are stored near each other in memory: the few polygons
    // one lookup tests then share cache lines and pages (a lookup is bound by memory latency).
    const order = zOrder(foundBounds);
    const polygons = new Array<PackedPolygon>(count);
    const polygonEntry = new Uint32Array(count);
    const bounds = new Float64Array(4 * count);
    let ringCount = 0;
    for (let i = 0; i < count; i++) {
      const from = order[i] as number;
      polygons[i] = found[from] as PackedPolygon;
      polygonEntry[i] = foundEntry[from] as number;
      bounds.set(foundBounds.subarray(4 * from, 4 * from + 4), 4 * i);
      ringCount += (found[from] as PackedPolygon).length;
    }
    const rings = new Array<PackedRing>(ringCount);
    const polygonRings = new Uint32Array(count + 1);
    const tree = count === 0 ? null : new Flatbush(count);
    let r = 0;
    for (let i = 0; i < count; i++) {
      polygonRings[i] = r;
      for (const ring of polygons[i] as PackedPolygon) rings[r++] = ring;
      // Widened by the edge tolerance so that points which count as on an edge are found too.
      tree?.add(
        (bounds[4 * i] as number) - EDGE_TOLERANCE,
        (bounds[4 * i + 1] as number) - EDGE_TOLERANCE,
        (bounds[4 * i + 2] as number) + EDGE_TOLERANCE,
        (bounds[4 * i + 3] as number) + EDGE_TOLERANCE,
      );
    }
    polygonRings[count] = r;
    tree?.finish();
    const store = RingStore.build(rings, coordinates);
    const cells = PolygonCells.build(polygons, bounds, (polygon, lng, lat) => containsAt(store, polygonRings, polygon, lng, lat));
    return new PolygonIndex({
      entryCount: entries.length,
      tree: tree === null ? null : (tree.data as ArrayBuffer),
      polygonRings,
      polygonEntry,
      rings: store.data(),
      cells: cells.data(),
    });
  }

  /** The typed arrays behind this index; `new PolygonIndex(data)` answers the same. */
  data(): PolygonIndexData {
    return {
      entryCount: this.entryCount,
      tree: this.tree === null ? null : (this.tree.data as ArrayBuffer),
      polygonRings: this.polygonRings,
      polygonEntry: this.polygonEntry,
      rings: this.rings.data(),
      cells: this.cells.data(),
    };
  }

  /** The box of every polygon (widened by the edge tolerance), or null when there is no polygon. */
  get bounds(): RingBounds | null {
    const tree = this.tree;
    return tree === null ? null : { west: tree.minX, south: tree.minY, east: tree.maxX, north: tree.maxY };
  }

  stats(): PolygonIndexStats {
    const rings = this.rings.stats();
    const own = this.polygonRings.byteLength + this.polygonEntry.byteLength + (this.tree?.data.byteLength ?? 0);
    const cells = this.cells.data();
    return { ...rings, polygons: this.polygonEntry.length, byteLength: rings.byteLength + own + cells.frames.byteLength + cells.cells.byteLength };
  }

  /**
   * Numbers of every entry whose polygons contain (lng, lat) in degrees, boundary included,
   * ascending, each at most once. A point that is not finite finds nothing.
   */
  query(lng: number, lat: number): number[] {
    if (this.tree === null || !Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const candidates = this.tree.search(lng, lat, lng, lat);
    const hits: number[] = [];
    for (const polygon of candidates) {
      const cell = this.cells.state(polygon, lng, lat);
      if (cell === CELL_INSIDE || (cell === CELL_BOUNDARY && containsAt(this.rings, this.polygonRings, polygon, lng, lat))) {
        hits.push(this.polygonEntry[polygon] as number);
      }
    }
    if (hits.length < 2) return hits;
    hits.sort((a, b) => a - b);
    let kept = 1;
    for (let i = 1; i < hits.length; i++) if (hits[i] !== hits[kept - 1]) hits[kept++] = hits[i] as number;
    hits.length = kept;
    return hits;
  }
}

/**
 * The buffers of an index's data, each once: what postMessage should move rather than copy. The
 * index they came from is unusable here afterwards.
 */
export function transferListOf(data: PolygonIndexData): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (array: { buffer: ArrayBufferLike }) => buffers.add(array.buffer as ArrayBuffer);
  if (data.tree !== null) buffers.add(data.tree);
  add(data.polygonRings);
  add(data.polygonEntry);
  add(data.rings.xy);
  add(data.rings.meta);
  add(data.rings.bands);
  for (const crossings of data.rings.crossings) add(crossings.strips);
  add(data.cells.frames);
  add(data.cells.cells);
  return [...buffers];
}

/**
 * "Which geometries contain this point?": a PolygonIndex over the entries' polygons whose lookups
 * answer the entries' payloads. Built in the calling thread; the server builds PolygonIndexes in a
 * worker instead (server/coverage/layerIndexing.ts). It takes packed polygons only, as the server
 * stores them (tests that write GeoJSON pack it with testing/geoJsonCoverage.ts).
 */
export class CoverageIndex<T> {
  /** Number of entries (geometries) the index was built from. */
  readonly size: number;
  readonly polygons: PolygonIndex;
  private readonly payloads: readonly T[];

  constructor(entries: readonly PackedCoverageEntry<T>[]) {
    this.size = entries.length;
    this.payloads = entries.map((entry) => entry.payload);
    this.polygons = PolygonIndex.build(entries.map((entry) => entry.polygons));
  }

  /**
   * Payloads of every entry whose geometry contains (lng, lat) in degrees, boundary included, in the
   * order the entries were given, each at most once. A point that is not finite finds nothing.
   */
  query(lng: number, lat: number): T[] {
    const hits = this.polygons.query(lng, lat);
    const payloads = new Array<T>(hits.length);
    for (let i = 0; i < hits.length; i++) payloads[i] = this.payloads[hits[i] as number] as T;
    return payloads;
  }
}

function isUsable(polygon: PackedPolygon): boolean {
  return polygon[0] !== undefined && polygon[0].length >= 6;
}

/** Whether polygon p of the store's numbering contains the point: outer ring, boundary included, minus holes. */
function containsAt(rings: RingStore, polygonRings: Uint32Array, polygon: number, lng: number, lat: number): boolean {
  const outer = polygonRings[polygon] as number;
  const end = polygonRings[polygon + 1] as number;
  const side = rings.side(outer, lng, lat);
  if (side !== INSIDE) return side === ON_EDGE;
  for (let hole = outer + 1; hole < end; hole++) {
    if (rings.side(hole, lng, lat) === INSIDE) return false;
  }
  return true;
}

/** West, south, east, north of a ring's vertices into bounds[4p .. 4p + 3]. */
function writeBounds(ring: PackedRing, bounds: Float64Array, p: number): void {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    const lng = ring[i] as number;
    const lat = ring[i + 1] as number;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  bounds[4 * p] = west;
  bounds[4 * p + 1] = south;
  bounds[4 * p + 2] = east;
  bounds[4 * p + 3] = north;
}

/** The order of the boxes along the Z-order (Morton) curve of their centres, on a 65,536 x 65,536 grid over all boxes. */
function zOrder(bounds: Float64Array): Uint32Array {
  const count = bounds.length / 4;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let p = 0; p < count; p++) {
    west = Math.min(west, bounds[4 * p] as number);
    south = Math.min(south, bounds[4 * p + 1] as number);
    east = Math.max(east, bounds[4 * p + 2] as number);
    north = Math.max(north, bounds[4 * p + 3] as number);
  }
  const cell = (value: number, min: number, max: number) => Math.min(65_535, Math.floor((65_536 * (value - min)) / (max - min || 1)));
  const keys = new Float64Array(count);
  for (let p = 0; p < count; p++) {
    const x = cell(((bounds[4 * p] as number) + (bounds[4 * p + 2] as number)) / 2, west, east);
    const y = cell(((bounds[4 * p + 1] as number) + (bounds[4 * p + 3] as number)) / 2, south, north);
    keys[p] = spreadBits(x) * 2 + spreadBits(y);
  }
  return sortOrder(keys);
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
