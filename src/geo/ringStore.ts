import type { PackedRing } from './packedGeometry.js';
import { EDGE_CROSSED, EDGE_TOLERANCE, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, testEdge, type RingSide } from './pointInPolygon.js';

/**
 * Many rings in three flat typed arrays, prepared for fast repeated point tests.
 *
 * Each ring's latitude span is cut into bands of equal height, and each band lists the edges that
 * reach into it. Only edges whose latitude span holds the point can be crossed by its eastward ray
 * or touch it, and all of those are in the point's band: a test reads about 4 edges instead of
 * every edge. Same answers as ringSide, boundary rule included (see pointInPolygon.ts).
 *
 * Flat arrays rather than an object per ring: a lookup over 10,000 polygons is bound by memory
 * latency, not arithmetic, and every pointer followed is another likely cache miss. Memory: 16
 * bytes per vertex, about 5 more for the bands, 48 per ring.
 */
export class RingStore {
  readonly ringCount: number;
  /** All vertices, ring after ring: [lng0, lat0, lng1, lat1, …] degrees. */
  private readonly xy: Float64Array;
  /** RING_FIELDS numbers per ring, see the FIELD_ constants. */
  private readonly meta: Float64Array;
  /**
   * Per ring, from its FIELD_BANDS_START: bandCount + 1 offsets (relative to that start) delimiting
   * each band's entries, then the entries: edge numbers k, the edge from the ring's vertex k to k + 1.
   */
  private readonly bands: Uint32Array;

  constructor(rings: readonly PackedRing[]) {
    this.ringCount = rings.length;
    this.meta = new Float64Array(RING_FIELDS * rings.length);
    const layouts = rings.map(bandLayout);
    let vertices = 0;
    let slots = 0;
    for (const layout of layouts) {
      vertices += layout.vertexCount;
      slots += layout.bandCount + 1 + layout.entries;
    }
    this.xy = new Float64Array(2 * vertices);
    this.bands = new Uint32Array(slots);
    let vertexStart = 0;
    let bandsStart = 0;
    layouts.forEach((layout, r) => {
      const ring = rings[r] as PackedRing;
      this.xy.set(ring.subarray(0, 2 * layout.vertexCount), 2 * vertexStart);
      const m = RING_FIELDS * r;
      this.meta[m + FIELD_VERTEX_START] = vertexStart;
      this.meta[m + FIELD_VERTEX_COUNT] = layout.vertexCount;
      this.meta[m + FIELD_SOUTH] = layout.south;
      this.meta[m + FIELD_BAND_HEIGHT] = layout.bandHeight;
      this.meta[m + FIELD_BAND_COUNT] = layout.bandCount;
      this.meta[m + FIELD_BANDS_START] = bandsStart;
      fillBands(ring, layout, this.bands, bandsStart);
      vertexStart += layout.vertexCount;
      bandsStart += layout.bandCount + 1 + layout.entries;
    });
  }

  /** Where (lng, lat) lies relative to ring r: the same answer as ringSide on that ring. */
  side(r: number, lng: number, lat: number): RingSide {
    const m = RING_FIELDS * r;
    const bandCount = this.meta[m + FIELD_BAND_COUNT] as number;
    const band = Math.floor((lat - (this.meta[m + FIELD_SOUTH] as number)) / (this.meta[m + FIELD_BAND_HEIGHT] as number));
    // Below or above the ring, tolerance included; the top band also takes its upper border.
    if (!(band >= 0 && band <= bandCount) || bandCount === 0) return OUTSIDE;
    const b = band === bandCount ? band - 1 : band;
    const { xy, bands } = this;
    const vertexStart = this.meta[m + FIELD_VERTEX_START] as number;
    const vertexCount = this.meta[m + FIELD_VERTEX_COUNT] as number;
    const bandsStart = this.meta[m + FIELD_BANDS_START] as number;
    let inside = false;
    const end = bandsStart + (bands[bandsStart + b + 1] as number);
    for (let i = bandsStart + (bands[bandsStart + b] as number); i < end; i++) {
      const k = bands[i] as number;
      const p = 2 * (vertexStart + k);
      const q = 2 * (vertexStart + (k + 1 === vertexCount ? 0 : k + 1));
      const edge = testEdge(xy[p] as number, xy[p + 1] as number, xy[q] as number, xy[q + 1] as number, lng, lat);
      if (edge === EDGE_TOUCHED) return ON_EDGE;
      if (edge === EDGE_CROSSED) inside = !inside;
    }
    return inside ? INSIDE : OUTSIDE;
  }

  /** [west, south, east, north] of ring r in degrees; an empty ring gives [Infinity, Infinity, -Infinity, -Infinity]. */
  bounds(r: number): [number, number, number, number] {
    const m = RING_FIELDS * r;
    const start = 2 * (this.meta[m + FIELD_VERTEX_START] as number);
    const end = start + 2 * (this.meta[m + FIELD_VERTEX_COUNT] as number);
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (let i = start; i < end; i += 2) {
      const lng = this.xy[i] as number;
      const lat = this.xy[i + 1] as number;
      if (lng < west) west = lng;
      if (lng > east) east = lng;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
    return [west, south, east, north];
  }
}

const RING_FIELDS = 6;
const FIELD_VERTEX_START = 0;
const FIELD_VERTEX_COUNT = 1;
/** Southern border of band 0, degrees latitude. */
const FIELD_SOUTH = 2;
/** Height of one band, degrees latitude. */
const FIELD_BAND_HEIGHT = 3;
const FIELD_BAND_COUNT = 4;
const FIELD_BANDS_START = 5;

/** About this many edges per band. */
const EDGES_PER_BAND = 4;

interface BandLayout {
  /** Vertices kept: a closed ring's repeated last vertex is dropped, its closing edge wraps to vertex 0. */
  vertexCount: number;
  south: number;
  bandHeight: number;
  bandCount: number;
  /** Total band entries: an edge reaching into several bands is listed in each. */
  entries: number;
}

function bandLayout(ring: PackedRing): BandLayout {
  let vertexCount = ring.length >> 1;
  if (vertexCount > 1 && ring[0] === ring[2 * vertexCount - 2] && ring[1] === ring[2 * vertexCount - 1]) vertexCount--;
  let south = Infinity;
  let north = -Infinity;
  for (let k = 0; k < vertexCount; k++) {
    const lat = ring[2 * k + 1] as number;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  if (vertexCount < 3) return { vertexCount, south: 0, bandHeight: 1, bandCount: 0, entries: 0 };
  south -= EDGE_TOLERANCE;
  north += EDGE_TOLERANCE;
  const bandCount = Math.ceil(vertexCount / EDGES_PER_BAND);
  const layout = { vertexCount, south, bandHeight: (north - south) / bandCount, bandCount, entries: 0 };
  for (let k = 0; k < vertexCount; k++) layout.entries += lastBand(ring, layout, k) - firstBand(ring, layout, k) + 1;
  return layout;
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
