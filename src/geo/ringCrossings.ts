import Flatbush from 'flatbush';
import { EDGE_CROSSED, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, testEdge, type RingSide } from './pointInPolygon.js';
import { countAtMost, sortOrder } from './sortOrder.js';
import { WaveletMatrix, type WaveletMatrixData } from './waveletMatrix.js';

/**
 * How far (degrees) each edge's box is widened. Far above EDGE_TOLERANCE (1e-12) and the rounding
 * of any coordinate arithmetic (about 1e-14 at 180 degrees), far below any real distance (0.1 mm).
 */
const BOX_MARGIN = 1e-9;

/** A RingCrossings as plain typed arrays, to move between threads (see RingCrossings.data). */
export interface RingCrossingsData {
  /** Both end latitudes of every sloped edge, ascending. */
  endLats: Float64Array;
  /** The west side of every sloped edge's widened box, ascending. */
  wests: Float64Array;
  /** Per entry of endLats: the rank of its edge's west side in `wests`. */
  westRanks: WaveletMatrixData;
  /** Flatbush's buffer: every edge's box, widened by BOX_MARGIN. */
  boxes: ArrayBuffer;
}

/**
 * The exact point test of one ring whose latitude bands would hold too many edges: zig-zags, combs,
 * long coastlines, a million vertices. Memory O(n) (about 75 bytes an edge beside its vertices),
 * build O(n log n), and a test costs O(log n) plus one exact test per edge whose box holds the
 * point, whatever the shape. Same answers as ringSide in testing/pointInPolygonReference.ts, which
 * tests every edge (pointInPolygon.ts has the boundary rule).
 *
 * An edge can only matter to a point if its box, widened by BOX_MARGIN, holds the point, or if it
 * lies wholly east of the point. The first kind are few and get the exact test (testEdge), found in
 * a flatbush R-tree of the widened edge boxes. An edge of the second kind (its widened box starts
 * east of the point) is crossed by the point's eastward ray exactly when one end is at or below the
 * point's latitude and the other above it; only the parity of that count matters, and it is the
 * parity of the number of edge ends (lat_e, west_e) with lat_e <= lat and west_e > lng, since an
 * edge with both ends at or below the point adds two. That is a dominance count: the ends sorted by
 * latitude give a prefix (binary search), and a wavelet matrix over the ranks of their edges' west
 * sides counts, in that prefix, those west of a rank. Edges of neither kind cannot be crossed or
 * touched. Horizontal edges are never crossed and only need the R-tree.
 */
export class RingCrossings {
  private readonly endLats: Float64Array;
  private readonly wests: Float64Array;
  private readonly westRanks: WaveletMatrix;
  private readonly boxes: Flatbush;

  constructor(data: RingCrossingsData) {
    this.endLats = data.endLats;
    this.wests = data.wests;
    this.westRanks = new WaveletMatrix(data.westRanks);
    this.boxes = Flatbush.from(data.boxes);
  }

  /**
   * Builds for the ring of `count` vertices whose first longitude is xy[start] ([lng, lat, …]
   * degrees; the closing vertex is not counted: the last edge runs from the last vertex to the first).
   */
  static build(xy: Float64Array, start: number, count: number): RingCrossings {
    if (count < 3) throw new Error(`RingCrossings needs a ring of at least 3 vertices, got ${count}`);
    const boxes = new Flatbush(count);
    let sloped = 0;
    for (let k = 0; k < count; k++) {
      if (xy[start + 2 * k + 1] !== xy[start + 2 * nextOf(k, count) + 1]) sloped++;
    }
    // Per sloped edge j: its widened west side, and its two end latitudes (2j lower, 2j + 1 upper).
    const edgeWests = new Float64Array(sloped);
    const ends = new Float64Array(2 * sloped);
    let j = 0;
    for (let k = 0; k < count; k++) {
      const p = start + 2 * k;
      const q = start + 2 * nextOf(k, count);
      const x1 = xy[p] as number;
      const y1 = xy[p + 1] as number;
      const x2 = xy[q] as number;
      const y2 = xy[q + 1] as number;
      // The same west value goes into the R-tree and into `wests`, so that an edge is always in
      // exactly one of the two: box holds the point, or box starts east of it.
      const west = Math.min(x1, x2) - BOX_MARGIN;
      boxes.add(west, Math.min(y1, y2) - BOX_MARGIN, Math.max(x1, x2) + BOX_MARGIN, Math.max(y1, y2) + BOX_MARGIN);
      if (y1 === y2) continue;
      edgeWests[j] = west;
      ends[2 * j] = Math.min(y1, y2);
      ends[2 * j + 1] = Math.max(y1, y2);
      j++;
    }
    boxes.finish();

    const byWest = sortOrder(edgeWests);
    const wests = new Float64Array(sloped);
    const rankOf = new Uint32Array(sloped);
    for (let rank = 0; rank < sloped; rank++) {
      const edge = byWest[rank] as number;
      wests[rank] = edgeWests[edge] as number;
      rankOf[edge] = rank;
    }
    const byLat = sortOrder(ends);
    const endLats = new Float64Array(2 * sloped);
    const ranks = new Uint32Array(2 * sloped);
    for (let i = 0; i < 2 * sloped; i++) {
      const end = byLat[i] as number;
      endLats[i] = ends[end] as number;
      ranks[i] = rankOf[end >>> 1] as number;
    }
    return new RingCrossings({ endLats, wests, westRanks: WaveletMatrix.build(ranks, Math.max(sloped, 1)).data(), boxes: boxes.data as ArrayBuffer });
  }

  data(): RingCrossingsData {
    return { endLats: this.endLats, wests: this.wests, westRanks: this.westRanks.data(), boxes: this.boxes.data as ArrayBuffer };
  }

  /** Edges listed beside the ring's vertices (each sloped edge twice, every edge once in the R-tree). */
  get entries(): number {
    return this.endLats.length + this.boxes.numItems;
  }

  /** Where (lng, lat) lies relative to the ring this was built for (the same xy, start and count). */
  side(xy: Float64Array, start: number, count: number, lng: number, lat: number): RingSide {
    const endsAtOrBelow = countAtMost(this.endLats, lat);
    const westsAtOrWestOf = countAtMost(this.wests, lng);
    // Ends at or below the point whose edge's box starts east of it.
    const eastEnds = endsAtOrBelow - this.westRanks.countBelow(endsAtOrBelow, westsAtOrWestOf);
    let inside = (eastEnds & 1) === 1;
    for (const k of this.boxes.search(lng, lat, lng, lat)) {
      const p = start + 2 * k;
      const q = start + 2 * nextOf(k, count);
      const edge = testEdge(xy[p] as number, xy[p + 1] as number, xy[q] as number, xy[q + 1] as number, lng, lat);
      if (edge === EDGE_TOUCHED) return ON_EDGE;
      if (edge === EDGE_CROSSED) inside = !inside;
    }
    return inside ? INSIDE : OUTSIDE;
  }

  /** Bytes of the typed arrays kept. */
  get byteLength(): number {
    const ranks = this.westRanks.data();
    return this.endLats.byteLength + this.wests.byteLength + ranks.words.byteLength + ranks.zeros.byteLength + this.boxes.data.byteLength;
  }
}

function nextOf(k: number, count: number): number {
  return k + 1 === count ? 0 : k + 1;
}
