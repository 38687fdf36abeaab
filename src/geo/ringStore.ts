import type { PackedRing } from './packedGeometry.js';
import { EDGE_CROSSED, EDGE_TOLERANCE, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, testEdge, type RingSide } from './pointInPolygon.js';
import { RingCrossings, type RingCrossingsData } from './ringCrossings.js';

/** A RingStore as plain typed arrays, to move between threads (see RingStore.data). */
export interface RingStoreData {
  xy: Float64Array;
  meta: Float64Array;
  bands: Uint32Array;
  crossings: RingCrossingsData[];
}

/** What a store holds, for tests and benchmarks that check its size stays linear. */
export interface RingStoreStats {
  vertices: number;
  /** Edge numbers listed in latitude bands (an edge reaching into several bands is listed in each). */
  bandEntries: number;
  /** Rings tested through RingCrossings rather than bands. */
  crossingRings: number;
  /** Chains of edges (strips, see ringCrossings.ts) those rings keep. */
  crossingEntries: number;
  /** Bytes of all the typed arrays kept. */
  byteLength: number;
}

/**
 * Many rings in flat typed arrays, prepared for fast repeated point tests. Same answers, boundary
 * rule included (see pointInPolygon.ts), as a test of every edge (ringSide in
 * testing/pointInPolygonReference.ts, which the tests compare it with).
 *
 * Most rings (the benchmark's 200-vertex areas, a 1,000-vertex circle) are cut into latitude bands
 * of equal height, about one per 4 vertices, and each band lists the edges that reach into it. Only
 * edges whose latitude span holds the point can be crossed by its eastward ray or touch it, and all
 * of those are in the point's band: a test reads about 4 edges instead of every edge.
 *
 * Bands are bounded: an edge spanning many bands is listed in each, so a zig-zag whose every edge
 * spans the ring's height would list n edges in each of n/4 bands (40,000 vertices: 400 million
 * entries, 1.6 GB). A ring whose bands would list more than MAX_ENTRIES_PER_EDGE entries per edge
 * gets half as many bands, and again, down to one band if need be. A ring whose fullest band then
 * still lists too many edges for a quick test (MAX_EDGES_PER_BAND) is tested through RingCrossings
 * instead, a strip tree over its chain of edges: O(n) memory, and for combs, coastlines and
 * starbursts a few strips per level and a few edges per test. Every ring thus costs O(n) memory
 * and O(n log n) time to build.
 *
 * Flat arrays rather than an object per ring: a lookup over 10,000 polygons is bound by memory
 * latency, not arithmetic, and every pointer followed is another likely cache miss. Memory: 16
 * bytes per vertex (none when read in place), about 13 more for the bands (at most 4 x
 * MAX_ENTRIES_PER_EDGE), 56 per ring; about 12 (at most 24) more per vertex of the rings in
 * RingCrossings.
 */
export class RingStore {
  readonly ringCount: number;
  /**
   * The vertices, [lng0, lat0, lng1, lat1, …] degrees: ring after ring, or the stored geometry the
   * rings are views into (with other bytes between them).
   */
  private readonly xy: Float64Array;
  /** RING_FIELDS numbers per ring, see the FIELD_ constants. */
  private readonly meta: Float64Array;
  /**
   * Per banded ring, from its FIELD_BANDS_START: bandCount + 1 offsets (relative to that start)
   * delimiting each band's entries, then the entries: edge numbers k, the edge from the ring's
   * vertex k to k + 1.
   */
  private readonly bands: Uint32Array;
  /** The rings too jagged for bands, numbered by their FIELD_CROSSINGS. */
  private readonly crossings: RingCrossings[];

  constructor(data: RingStoreData) {
    this.xy = data.xy;
    this.meta = data.meta;
    this.bands = data.bands;
    this.crossings = data.crossings.map((crossings) => new RingCrossings(crossings));
    this.ringCount = this.meta.length / RING_FIELDS;
  }

  /**
   * @param rings the rings, numbered from 0 in this order
   * @param coordinates when every ring is a view into this array (the stored geometry of a layer,
   *   read in place: see decodePackedCollection), the store keeps reading the rings there instead of
   *   copying them (16 bytes a vertex saved); otherwise, or when a ring is not in it, they are copied.
   */
  static build(rings: readonly PackedRing[], coordinates?: Float64Array): RingStore {
    const meta = new Float64Array(RING_FIELDS * rings.length);
    const layouts = rings.map(layoutOf);
    const inPlace = coordinates !== undefined && rings.every((ring) => isViewInto(ring, coordinates));
    let vertices = 0;
    let slots = 0;
    for (const layout of layouts) {
      vertices += layout.vertexCount;
      if (!layout.crossings) slots += layout.bandCount + 1 + layout.entries;
    }
    const xy = inPlace ? coordinates : new Float64Array(2 * vertices);
    const bands = new Uint32Array(slots);
    const crossings: RingCrossingsData[] = [];
    let copyStart = 0;
    let bandsStart = 0;
    layouts.forEach((layout, r) => {
      const ring = rings[r] as PackedRing;
      let start = copyStart;
      if (inPlace) start = (ring.byteOffset - xy.byteOffset) / 8;
      else xy.set(ring.subarray(0, 2 * layout.vertexCount), start);
      copyStart += 2 * layout.vertexCount;
      const m = RING_FIELDS * r;
      meta[m + FIELD_START] = start;
      meta[m + FIELD_VERTEX_COUNT] = layout.vertexCount;
      meta[m + FIELD_SOUTH] = layout.south;
      meta[m + FIELD_BAND_HEIGHT] = layout.bandHeight;
      meta[m + FIELD_BAND_COUNT] = layout.bandCount;
      meta[m + FIELD_BANDS_START] = bandsStart;
      meta[m + FIELD_CROSSINGS] = -1;
      if (layout.crossings) {
        meta[m + FIELD_CROSSINGS] = crossings.length;
        crossings.push(RingCrossings.build(xy, start, layout.vertexCount).data());
      } else {
        fillBands(ring, layout, bands, bandsStart);
        bandsStart += layout.bandCount + 1 + layout.entries;
      }
    });
    return new RingStore({ xy, meta, bands, crossings });
  }

  /** The typed arrays behind this store; a store built from them answers the same. */
  data(): RingStoreData {
    return { xy: this.xy, meta: this.meta, bands: this.bands, crossings: this.crossings.map((crossings) => crossings.data()) };
  }

  stats(): RingStoreStats {
    let bandEntries = 0;
    for (let r = 0; r < this.ringCount; r++) {
      const m = RING_FIELDS * r;
      if ((this.meta[m + FIELD_CROSSINGS] as number) >= 0) continue;
      bandEntries += Math.max(0, bandEntryCount(this.meta, this.bands, m));
    }
    let crossingEntries = 0;
    let crossingBytes = 0;
    for (const crossings of this.crossings) {
      crossingEntries += crossings.entries;
      crossingBytes += crossings.byteLength;
    }
    let vertices = 0;
    for (let r = 0; r < this.ringCount; r++) vertices += this.meta[RING_FIELDS * r + FIELD_VERTEX_COUNT] as number;
    return {
      vertices,
      bandEntries,
      crossingRings: this.crossings.length,
      crossingEntries,
      byteLength: this.xy.byteLength + this.meta.byteLength + this.bands.byteLength + crossingBytes,
    };
  }

  /** Where (lng, lat) lies relative to ring r: inside, on an edge (within EDGE_TOLERANCE) or outside. */
  side(r: number, lng: number, lat: number): RingSide {
    const m = RING_FIELDS * r;
    const bandCount = this.meta[m + FIELD_BAND_COUNT] as number;
    const band = Math.floor((lat - (this.meta[m + FIELD_SOUTH] as number)) / (this.meta[m + FIELD_BAND_HEIGHT] as number));
    // Below or above the ring, tolerance included; the top band also takes its upper border.
    if (!(band >= 0 && band <= bandCount) || bandCount === 0) return OUTSIDE;
    const { xy, bands } = this;
    const start = this.meta[m + FIELD_START] as number;
    const vertexCount = this.meta[m + FIELD_VERTEX_COUNT] as number;
    const crossings = this.meta[m + FIELD_CROSSINGS] as number;
    if (crossings >= 0) return (this.crossings[crossings] as RingCrossings).side(xy, start, vertexCount, lng, lat);
    const b = band === bandCount ? band - 1 : band;
    const bandsStart = this.meta[m + FIELD_BANDS_START] as number;
    let inside = false;
    const end = bandsStart + (bands[bandsStart + b + 1] as number);
    for (let i = bandsStart + (bands[bandsStart + b] as number); i < end; i++) {
      const k = bands[i] as number;
      const p = start + 2 * k;
      const q = start + 2 * (k + 1 === vertexCount ? 0 : k + 1);
      const edge = testEdge(xy[p] as number, xy[p + 1] as number, xy[q] as number, xy[q + 1] as number, lng, lat);
      if (edge === EDGE_TOUCHED) return ON_EDGE;
      if (edge === EDGE_CROSSED) inside = !inside;
    }
    return inside ? INSIDE : OUTSIDE;
  }
}

const RING_FIELDS = 7;
/** Where the ring's first longitude is in xy. */
const FIELD_START = 0;
const FIELD_VERTEX_COUNT = 1;
/** Southern border of band 0, degrees latitude. */
const FIELD_SOUTH = 2;
/** Height of one band, degrees latitude. */
const FIELD_BAND_HEIGHT = 3;
const FIELD_BAND_COUNT = 4;
const FIELD_BANDS_START = 5;
/** The ring's number among the store's RingCrossings, or -1 for a ring tested through its bands. */
const FIELD_CROSSINGS = 6;

/** About this many edges per band. */
const EDGES_PER_BAND = 4;
/** A ring whose bands would list more entries than this per edge gets no bands. */
const MAX_ENTRIES_PER_EDGE = 4;
/**
 * Nor one whose fullest band would list more edges than this or 2 sqrt(n), whichever is more (a
 * test reads them all). A circle's flattest bands, at its top and bottom, hold about 1.3 sqrt(n).
 */
const MAX_EDGES_PER_BAND = 256;

interface BandLayout {
  /** Vertices kept: a closed ring's repeated last vertex is dropped, its closing edge wraps to vertex 0. */
  vertexCount: number;
  south: number;
  bandHeight: number;
  bandCount: number;
  /** Total band entries: an edge reaching into several bands is listed in each. */
  entries: number;
  /** Tested through RingCrossings: no band entries (one band spans the ring, for the quick rejection). */
  crossings: boolean;
}

function layoutOf(ring: PackedRing): BandLayout {
  let vertexCount = ring.length >> 1;
  if (vertexCount > 1 && ring[0] === ring[2 * vertexCount - 2] && ring[1] === ring[2 * vertexCount - 1]) vertexCount--;
  let south = Infinity;
  let north = -Infinity;
  for (let k = 0; k < vertexCount; k++) {
    const lat = ring[2 * k + 1] as number;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  if (vertexCount < 3) return { vertexCount, south: 0, bandHeight: 1, bandCount: 0, entries: 0, crossings: false };
  south -= EDGE_TOLERANCE;
  north += EDGE_TOLERANCE;
  // Halve the bands until they list at most MAX_ENTRIES_PER_EDGE entries per edge: at worst
  // log2(n) tries, and one band always fits (every edge listed once). An edge of height h reaches
  // into at least h / bandHeight bands, so the edges' total height rules out, without counting, the
  // band counts that would list too many (a zig-zag's every one above 4, 17 counts of O(n) for a
  // million vertices); the slack keeps rounding in the bands' arithmetic from ruling out one that fits.
  const height = totalEdgeHeight(ring, vertexCount);
  const allowed = MAX_ENTRIES_PER_EDGE * vertexCount;
  let layout: BandLayout;
  let fullest: number;
  for (let bandCount = Math.ceil(vertexCount / EDGES_PER_BAND); ; bandCount = Math.ceil(bandCount / 2)) {
    if (bandCount > 1 && (height * bandCount) / (north - south) > allowed * (1 + 1e-6)) continue;
    layout = { vertexCount, south, bandHeight: (north - south) / bandCount, bandCount, entries: 0, crossings: false };
    fullest = countEntries(ring, layout);
    if (layout.entries <= allowed || bandCount === 1) break;
  }
  if (fullest <= Math.max(MAX_EDGES_PER_BAND, 2 * Math.sqrt(vertexCount))) return layout;
  // One band spanning the ring, for the quick rejection of points above or below it.
  return { vertexCount, south, bandHeight: north - south, bandCount: 1, entries: 0, crossings: true };
}

/** The sum of the heights (degrees latitude) of the ring's edges, the closing edge included. */
function totalEdgeHeight(ring: PackedRing, vertexCount: number): number {
  let height = 0;
  let previous = ring[2 * vertexCount - 1] as number;
  for (let k = 0; k < vertexCount; k++) {
    const lat = ring[2 * k + 1] as number;
    height += Math.abs(lat - previous);
    previous = lat;
  }
  return height;
}

/** Sets layout.entries, the entries its bands would list, without listing them; answers the most in one band. */
function countEntries(ring: PackedRing, layout: BandLayout): number {
  // +1 where an edge's bands begin, -1 after they end.
  const changes = new Int32Array(layout.bandCount + 1);
  let entries = 0;
  for (let k = 0; k < layout.vertexCount; k++) {
    const first = firstBand(ring, layout, k);
    const last = lastBand(ring, layout, k);
    changes[first] = (changes[first] as number) + 1;
    changes[last + 1] = (changes[last + 1] as number) - 1;
    entries += last - first + 1;
  }
  layout.entries = entries;
  let inBand = 0;
  let fullest = 0;
  for (let b = 0; b < layout.bandCount; b++) {
    inBand += changes[b] as number;
    if (inBand > fullest) fullest = inBand;
  }
  return fullest;
}

/** Whether the ring's numbers lie in `coordinates`' memory, at a whole number of doubles from its start. */
function isViewInto(ring: PackedRing, coordinates: Float64Array): boolean {
  const offset = ring.byteOffset - coordinates.byteOffset;
  return ring.buffer === coordinates.buffer && offset >= 0 && offset % 8 === 0 && offset + ring.byteLength <= coordinates.byteLength;
}

/** The entries of the banded ring whose meta starts at m (its offsets say where they end). */
function bandEntryCount(meta: Float64Array, bands: Uint32Array, m: number): number {
  const bandCount = meta[m + FIELD_BAND_COUNT] as number;
  if (bandCount === 0) return 0;
  const start = meta[m + FIELD_BANDS_START] as number;
  return (bands[start + bandCount] as number) - (bandCount + 1);
}

/** The first band that edge k (from vertex k to the next) reaches into, tolerance included. */
function firstBand(ring: PackedRing, layout: BandLayout, k: number): number {
  const next = k + 1 === layout.vertexCount ? 0 : k + 1;
  return bandOf(layout, Math.min(ring[2 * k + 1] as number, ring[2 * next + 1] as number) - EDGE_TOLERANCE);
}

/** The last band that edge k reaches into, tolerance included. */
function lastBand(ring: PackedRing, layout: BandLayout, k: number): number {
  const next = k + 1 === layout.vertexCount ? 0 : k + 1;
  return bandOf(layout, Math.max(ring[2 * k + 1] as number, ring[2 * next + 1] as number) + EDGE_TOLERANCE);
}

/** The same arithmetic as RingStore.side, so an edge is always listed in the band a point looks in. */
function bandOf(layout: BandLayout, lat: number): number {
  return Math.min(layout.bandCount - 1, Math.max(0, Math.floor((lat - layout.south) / layout.bandHeight)));
}

function fillBands(ring: PackedRing, layout: BandLayout, bands: Uint32Array, start: number): void {
  if (layout.bandCount === 0) return;
  const counts = new Uint32Array(layout.bandCount);
  for (let k = 0; k < layout.vertexCount; k++) {
    for (let b = firstBand(ring, layout, k), last = lastBand(ring, layout, k); b <= last; b++) counts[b] = (counts[b] as number) + 1;
  }
  let offset = layout.bandCount + 1;
  for (let b = 0; b < layout.bandCount; b++) {
    bands[start + b] = offset;
    offset += counts[b] as number;
  }
  bands[start + layout.bandCount] = offset;
  counts.fill(0);
  for (let k = 0; k < layout.vertexCount; k++) {
    for (let b = firstBand(ring, layout, k), last = lastBand(ring, layout, k); b <= last; b++) {
      bands[start + (bands[start + b] as number) + (counts[b] as number)] = k;
      counts[b] = (counts[b] as number) + 1;
    }
  }
}
