import { EDGE_CROSSED, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, testEdge, type RingSide } from './pointInPolygon.js';

/**
 * How far (degrees) a point must lie outside a strip for its chain to be skipped. Far above
 * EDGE_TOLERANCE (1e-12) and the rounding of the strip arithmetic (about 1e-13 at 180 degrees), far
 * below any real distance (0.1 mm).
 */
const STRIP_MARGIN = 1e-9;
/** A chain of at most this many edges is not split further: its edges get the exact test. */
const LEAF_EDGES = 8;
/**
 * Numbers per strip in `strips`: the chord's direction (a unit vector: east, north), then the
 * chain's extent along it and across it (counter-clockwise of it) from its first vertex: min, max,
 * min, max (degrees).
 */
const STRIP_FIELDS = 6;

/** A RingCrossings as plain typed arrays, to move between threads (see RingCrossings.data). */
export interface RingCrossingsData {
  /** STRIP_FIELDS numbers per chain, chains numbered as a binary heap (root 1; children 2c, 2c + 1). */
  strips: Float64Array;
}

/**
 * The exact point test of one ring whose latitude bands would hold too many edges: zig-zags, combs,
 * starbursts, long coastlines, a million vertices. A strip tree (Ballard, "Strip trees: a
 * hierarchical representation for curves", 1981) over the ring's edges in ring order: the edges
 * [lo, hi) are a chain from vertex lo to vertex hi, halved until at most LEAF_EDGES remain, and each
 * chain keeps the rectangle aligned with its chord (the segment from its first to its last vertex)
 * that holds all its vertices.
 *
 * Why the chord stands in for a chain: the chain and its reversed chord form a closed loop, and the
 * eastward ray from a point outside a closed loop's convex hull crosses it an even number of times,
 * so it crosses the chain exactly as often, modulo 2, as the chord. The rectangle holds the hull;
 * a point more than STRIP_MARGIN outside it is also more than EDGE_TOLERANCE from every edge of
 * the chain (none touches it) and far enough from each edge and the chord that testEdge's rounding
 * cannot flip a crossing. A test thus walks down from the whole ring, replacing each chain whose
 * strip misses the point by its chord, and gives only the edges of leaf chains whose strip holds
 * the point the exact test (testEdge). Same answers as ringSide in
 * testing/pointInPolygonReference.ts, which tests every edge (pointInPolygon.ts has the boundary rule).
 *
 * Cost: the strips shrink with their chains, so a point lies in a few per level for the shapes the
 * bounding boxes of single edges handle badly (the long diagonal spokes of a starburst, all of
 * whose boxes hold its centre), as for combs and coastlines: O(log n) strips and a few leaf
 * chains per test. Not a guarantee for every ring: a ring whose chains each wander across the
 * point (random, self-crossing vertices) still costs O(n). Memory: 48 bytes per chain, at most
 * 4n / LEAF_EDGES chains (about 12 bytes a vertex); build O(n log n) (each vertex is projected once
 * per level), no sorting.
 */
export class RingCrossings {
  private readonly strips: Float64Array;
  /** Exact edge tests (testEdge) run by `side` so far: for tests and benchmarks of its cost. */
  edgeTests = 0;
  /**
   * Chains `side` has still to look at, 3 numbers each (chain number, first edge, end edge): depth
   * first, at most one waits per level beside the one looked at, and a ring has fewer than 32 levels.
   */
  private readonly pending = new Int32Array(3 * 40);

  constructor(data: RingCrossingsData) {
    this.strips = data.strips;
  }

  /**
   * Builds for the ring of `count` vertices whose first longitude is xy[start] ([lng, lat, …]
   * degrees; the closing vertex is not counted: the last edge runs from the last vertex to the first).
   */
  static build(xy: Float64Array, start: number, count: number): RingCrossings {
    if (count < 3) throw new Error(`RingCrossings needs a ring of at least 3 vertices, got ${count}`);
    const strips = new Float64Array(STRIP_FIELDS * chainSlots(count));
    // Depth first; a chain is [lo, hi) edges, numbered c.
    const pending: number[] = [1, 0, count];
    while (pending.length > 0) {
      const hi = pending.pop() as number;
      const lo = pending.pop() as number;
      const c = pending.pop() as number;
      fillStrip(xy, start, count, lo, hi, strips, STRIP_FIELDS * c);
      if (hi - lo <= LEAF_EDGES) continue;
      const mid = (lo + hi) >>> 1;
      pending.push(2 * c, lo, mid, 2 * c + 1, mid, hi);
    }
    return new RingCrossings({ strips });
  }

  data(): RingCrossingsData {
    return { strips: this.strips };
  }

  /** Chains kept (strips), as entries listed beside the ring's vertices. */
  get entries(): number {
    return this.strips.length / STRIP_FIELDS;
  }

  /** Where (lng, lat) lies relative to the ring this was built for (the same xy, start and count). */
  side(xy: Float64Array, start: number, count: number, lng: number, lat: number): RingSide {
    const strips = this.strips;
    let inside = false;
    const pending = this.pending;
    let top = 0;
    pending[top++] = 1;
    pending[top++] = 0;
    pending[top++] = count;
    while (top > 0) {
      const hi = pending[--top] as number;
      const lo = pending[--top] as number;
      const c = pending[--top] as number;
      const s = STRIP_FIELDS * c;
      const a = start + 2 * lo;
      const ax = xy[a] as number;
      const ay = xy[a + 1] as number;
      const ux = strips[s] as number;
      const uy = strips[s + 1] as number;
      const along = ux * (lng - ax) + uy * (lat - ay);
      const across = ux * (lat - ay) - uy * (lng - ax);
      if (
        along < (strips[s + 2] as number) - STRIP_MARGIN ||
        along > (strips[s + 3] as number) + STRIP_MARGIN ||
        across < (strips[s + 4] as number) - STRIP_MARGIN ||
        across > (strips[s + 5] as number) + STRIP_MARGIN
      ) {
        // Well outside the chain's hull: the chord is crossed as often as the chain, modulo 2.
        const b = start + 2 * (hi === count ? 0 : hi);
        const bx = xy[b] as number;
        const by = xy[b + 1] as number;
        if (ay > lat !== by > lat && lng < ax + ((lat - ay) * (bx - ax)) / (by - ay)) inside = !inside;
        continue;
      }
      if (hi - lo <= LEAF_EDGES) {
        this.edgeTests += hi - lo;
        for (let k = lo; k < hi; k++) {
          const p = start + 2 * k;
          const q = start + 2 * (k + 1 === count ? 0 : k + 1);
          const edge = testEdge(xy[p] as number, xy[p + 1] as number, xy[q] as number, xy[q + 1] as number, lng, lat);
          if (edge === EDGE_TOUCHED) return ON_EDGE;
          if (edge === EDGE_CROSSED) inside = !inside;
        }
        continue;
      }
      const mid = (lo + hi) >>> 1;
      pending[top++] = 2 * c;
      pending[top++] = lo;
      pending[top++] = mid;
      pending[top++] = 2 * c + 1;
      pending[top++] = mid;
      pending[top++] = hi;
    }
    return inside ? INSIDE : OUTSIDE;
  }

  /** Bytes of the typed arrays kept. */
  get byteLength(): number {
    return this.strips.byteLength;
  }
}

/** Chain numbers up to the deepest: chains are halved until they hold LEAF_EDGES edges or fewer. */
function chainSlots(count: number): number {
  let levels = 1;
  for (let edges = count; edges > LEAF_EDGES; edges = Math.ceil(edges / 2)) levels++;
  return 2 ** levels;
}

/**
 * Writes at strips[s] the direction of the chord of edges [lo, hi) (east when the chain closes on
 * itself) and the rectangle aligned with it that holds the chain's vertices lo..hi.
 */
function fillStrip(xy: Float64Array, start: number, count: number, lo: number, hi: number, strips: Float64Array, s: number): void {
  const a = start + 2 * lo;
  const b = start + 2 * (hi === count ? 0 : hi);
  const ax = xy[a] as number;
  const ay = xy[a + 1] as number;
  const bx = xy[b] as number;
  const by = xy[b + 1] as number;
  const length = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  const ux = length === 0 ? 1 : (bx - ax) / length;
  const uy = length === 0 ? 0 : (by - ay) / length;
  let alongMin = Infinity;
  let alongMax = -Infinity;
  let acrossMin = Infinity;
  let acrossMax = -Infinity;
  for (let k = lo; k <= hi; k++) {
    const p = start + 2 * (k === count ? 0 : k);
    const dx = (xy[p] as number) - ax;
    const dy = (xy[p + 1] as number) - ay;
    const along = ux * dx + uy * dy;
    const across = ux * dy - uy * dx;
    if (along < alongMin) alongMin = along;
    if (along > alongMax) alongMax = along;
    if (across < acrossMin) acrossMin = across;
    if (across > acrossMax) acrossMax = across;
  }
  strips[s] = ux;
  strips[s + 1] = uy;
  strips[s + 2] = alongMin;
  strips[s + 3] = alongMax;
  strips[s + 4] = acrossMin;
  strips[s + 5] = acrossMax;
}
