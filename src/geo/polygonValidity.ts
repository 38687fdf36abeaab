import Flatbush from 'flatbush';
import type { Position } from 'geojson';

/**
 * Whether a polygon outline is simple enough to stand for an area (issue 20 §2: a zone's outline
 * must not cross itself). Positions are GeoJSON [lng, lat] degrees, treated as planar, as
 * pointInPolygon.ts does.
 *
 * The rule, per polygon (the parts of a MultiPolygon are judged each on its own): no two edges of
 * its rings (the outer ring and the holes) cross, and no two overlap along a stretch of positive
 * length (a ring that doubles back on itself included). Touching is allowed: a hole may touch the
 * outer ring, or a ring itself, at a point, as long as the outlines only meet there and do not pass
 * through each other.
 *
 * Cost: O(n log n) for ordinary outlines. Each edge's box goes into a flatbush index; each edge
 * then gets the exact segment test against the edges whose boxes meet its own (adjacent edges of a
 * ring share a vertex by construction and are tested only for doubling back). Outlines whose long
 * diagonal edges have boxes that overlap many others (a starburst of thin spikes) cost more, up to
 * the number of overlapping boxes: past `maxCandidates` pairs the check gives up with
 * OutlineTooIntricateError rather than hold the thread for seconds.
 */

/**
 * Candidate pairs (edges whose boxes meet) examined before giving up: about a third of a second. A
 * 50,000-vertex circle or comb takes about 100,000; a starburst of 50,000 thin spikes about 10⁹.
 */
export const MAX_CANDIDATE_PAIRS = 10_000_000;

/** The outline's edges overlap in too many boxes to be checked in time. */
export class OutlineTooIntricateError extends Error {
  constructor() {
    super('The outline is too intricate to check for crossings');
  }
}

/** A GeoJSON polygon's coordinates: the outer ring, then its holes. */
export type PolygonCoordinates = readonly (readonly Position[])[];

/** Where an outline crosses itself. */
export interface OutlineCrossing {
  lng: number;
  lat: number;
}

/**
 * The first place found where an outline crosses or overlaps itself, or null when none does.
 * Throws OutlineTooIntricateError past `maxCandidates` candidate pairs.
 */
export function findOutlineCrossing(polygons: readonly PolygonCoordinates[], maxCandidates = MAX_CANDIDATE_PAIRS): OutlineCrossing | null {
  const edges = edgesOf(polygons);
  if ('degenerate' in edges) return edges.degenerate;
  if (edges.count === 0) return null;
  const index = new Flatbush(edges.count);
  for (let e = 0; e < edges.count; e++) {
    const x1 = edges.x1[e]!;
    const y1 = edges.y1[e]!;
    const x2 = edges.x2[e]!;
    const y2 = edges.y2[e]!;
    index.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
  }
  index.finish();
  let found: OutlineCrossing | null = null;
  let candidates = 0;
  for (let e = 0; e < edges.count && found === null; e++) {
    const x1 = edges.x1[e]!;
    const y1 = edges.y1[e]!;
    const x2 = edges.x2[e]!;
    const y2 = edges.y2[e]!;
    // The filter does the work and keeps nothing: no result array grows with the candidates.
    index.search(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2), (other) => {
      candidates += 1;
      if (candidates > maxCandidates) throw new OutlineTooIntricateError();
      if (found !== null || other <= e || edges.polygon[other] !== edges.polygon[e]) return false;
      found = contactOf(edges, e, other);
      return false;
    });
  }
  return found;
}

/**
 * Every edge of every ring, numbered in ring order: a ring's edge k runs from its vertex k to its
 * vertex k + 1 (the last back to the first). Repeated consecutive positions are dropped first (they
 * make edges of no length, which neither cross nor bound anything).
 */
interface Edges {
  count: number;
  x1: Float64Array;
  y1: Float64Array;
  x2: Float64Array;
  y2: Float64Array;
  /** Which polygon (index in the list) and which ring (numbered over all polygons) the edge is in. */
  polygon: Int32Array;
  ring: Int32Array;
  /** The edge's number within its ring, and the ring's edge count. */
  k: Int32Array;
  ringEdges: Int32Array;
  /** The first edge of each ring, by ring number. */
  ringStart: number[];
}

function edgesOf(polygons: readonly PolygonCoordinates[]): Edges | { degenerate: OutlineCrossing } {
  const rings: { polygon: number; vertices: Position[] }[] = [];
  for (const [polygon, polygonRings] of polygons.entries()) {
    for (const ring of polygonRings) {
      const vertices = distinctVertices(ring);
      // A ring of two vertices runs out and back along one edge; of one, it is a point. Neither bounds an area.
      if (vertices.length < 3) {
        const [lng, lat] = (vertices[0] ?? ring[0] ?? [0, 0]) as [number, number];
        return { degenerate: { lng, lat } };
      }
      rings.push({ polygon, vertices });
    }
  }
  const count = rings.reduce((sum, ring) => sum + ring.vertices.length, 0);
  const edges: Edges = {
    count,
    x1: new Float64Array(count),
    y1: new Float64Array(count),
    x2: new Float64Array(count),
    y2: new Float64Array(count),
    polygon: new Int32Array(count),
    ring: new Int32Array(count),
    k: new Int32Array(count),
    ringEdges: new Int32Array(count),
    ringStart: [],
  };
  let e = 0;
  rings.forEach(({ polygon, vertices }, r) => {
    edges.ringStart.push(e);
    const n = vertices.length;
    for (let k = 0; k < n; k++, e++) {
      const [x1, y1] = vertices[k] as [number, number];
      const [x2, y2] = vertices[(k + 1) % n] as [number, number];
      edges.x1[e] = x1;
      edges.y1[e] = y1;
      edges.x2[e] = x2;
      edges.y2[e] = y2;
      edges.polygon[e] = polygon;
      edges.ring[e] = r;
      edges.k[e] = k;
      edges.ringEdges[e] = n;
    }
  });
  return edges;
}

/** A ring's vertices without repeats in a row and without the closing position. */
function distinctVertices(ring: readonly Position[]): Position[] {
  const vertices: Position[] = [];
  for (const position of ring) {
    const last = vertices[vertices.length - 1];
    if (last === undefined || last[0] !== position[0] || last[1] !== position[1]) vertices.push(position);
  }
  while (vertices.length > 1 && samePosition(vertices[0]!, vertices[vertices.length - 1]!)) vertices.pop();
  return vertices;
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The vertex `offset` places after vertex `k` of edge e's ring (offset may be negative). */
function vertexOf(edges: Edges, e: number, offset: number): [number, number] {
  const n = edges.ringEdges[e]!;
  const first = edges.ringStart[edges.ring[e]!]!;
  const at = first + ((((edges.k[e]! + offset) % n) + n) % n);
  return [edges.x1[at]!, edges.y1[at]!];
}

/** Twice the signed area of the triangle a, b, c: > 0 when c is left of a -> b, 0 when collinear. */
function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether c, known to be collinear with a -> b, lies within the segment's box (on the segment). */
function withinBox(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Where edges e and f (e < f, one polygon) make the outline cross itself, or null. */
function contactOf(edges: Edges, e: number, f: number): OutlineCrossing | null {
  const ax = edges.x1[e]!;
  const ay = edges.y1[e]!;
  const bx = edges.x2[e]!;
  const by = edges.y2[e]!;
  const cx = edges.x1[f]!;
  const cy = edges.y1[f]!;
  const dx = edges.x2[f]!;
  const dy = edges.y2[f]!;
  if (edges.ring[e] === edges.ring[f]) {
    const n = edges.ringEdges[e]!;
    const step = edges.k[f]! - edges.k[e]!;
    // Neighbours share a vertex by construction: they are wrong only when one doubles back along the other.
    if (step === 1) return doublesBack(bx, by, ax, ay, dx, dy);
    if (step === n - 1) return doublesBack(ax, ay, bx, by, cx, cy);
  }
  const d1 = orient(ax, ay, bx, by, cx, cy);
  const d2 = orient(ax, ay, bx, by, dx, dy);
  const d3 = orient(cx, cy, dx, dy, ax, ay);
  const d4 = orient(cx, cy, dx, dy, bx, by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    const t = d3 / (d3 - d4);
    return { lng: ax + t * (bx - ax), lat: ay + t * (by - ay) };
  }
  if (d1 === 0 && d2 === 0) return collinearContact(edges, e, f);
  // One end lying on the other edge: the outlines meet at that point; whether they cross there depends on where they come from and go to.
  if (d1 === 0 && withinBox(ax, ay, bx, by, cx, cy)) return crossesAt(edges, e, f, cx, cy);
  if (d2 === 0 && withinBox(ax, ay, bx, by, dx, dy)) return crossesAt(edges, e, f, dx, dy);
  if (d3 === 0 && withinBox(cx, cy, dx, dy, ax, ay)) return crossesAt(edges, e, f, ax, ay);
  if (d4 === 0 && withinBox(cx, cy, dx, dy, bx, by)) return crossesAt(edges, e, f, bx, by);
  return null;
}

/** Edges p -> q and p -> r from their shared vertex p: r turning back along p -> q is a fold at p. */
function doublesBack(px: number, py: number, qx: number, qy: number, rx: number, ry: number): OutlineCrossing | null {
  const foldsOver = orient(px, py, qx, qy, rx, ry) === 0 && (qx - px) * (rx - px) + (qy - py) * (ry - py) > 0;
  return foldsOver ? { lng: px, lat: py } : null;
}

/** Two edges on one line: an overlap of positive length is a crossing; meeting end to end is a touch. */
function collinearContact(edges: Edges, e: number, f: number): OutlineCrossing | null {
  const ax = edges.x1[e]!;
  const ay = edges.y1[e]!;
  const bx = edges.x2[e]!;
  const by = edges.y2[e]!;
  // Measured along the axis the edges run most along, so that neither a vertical nor a horizontal line loses its length.
  const alongX = Math.abs(bx - ax) >= Math.abs(by - ay);
  const ends: [number, number][] = [
    [edges.x1[e]!, edges.y1[e]!],
    [edges.x2[e]!, edges.y2[e]!],
    [edges.x1[f]!, edges.y1[f]!],
    [edges.x2[f]!, edges.y2[f]!],
  ];
  const along = (point: [number, number]) => (alongX ? point[0] : point[1]);
  const low = Math.max(Math.min(along(ends[0]!), along(ends[1]!)), Math.min(along(ends[2]!), along(ends[3]!)));
  const high = Math.min(Math.max(along(ends[0]!), along(ends[1]!)), Math.max(along(ends[2]!), along(ends[3]!)));
  if (high < low) return null;
  const start = ends.find((point) => along(point) === low)!;
  if (high > low) return { lng: start[0], lat: start[1] };
  return crossesAt(edges, e, f, start[0], start[1]);
}

/**
 * Whether the outlines of edges e and f, meeting at p, pass through each other there. Each outline
 * arrives at p from one point and leaves toward another (an edge's ends when p is inside it, the
 * neighbouring vertices when p is its vertex); they cross when the directions of one pair
 * alternate with the other's around p. Shared directions are overlaps, found as such by the
 * edges that overlap.
 */
function crossesAt(edges: Edges, e: number, f: number, px: number, py: number): OutlineCrossing | null {
  const [e1, e2] = neighboursAt(edges, e, px, py);
  const [f1, f2] = neighboursAt(edges, f, px, py);
  const angle = (point: [number, number]) => Math.atan2(point[1] - py, point[0] - px);
  const from = angle(e1);
  const to = angle(e2);
  const g1 = angle(f1);
  const g2 = angle(f2);
  if (g1 === from || g1 === to || g2 === from || g2 === to) return null;
  // Strictly inside the counter-clockwise arc from `from` to `to`.
  const arc = (to - from + 2 * Math.PI) % (2 * Math.PI);
  const inArc = (a: number) => {
    const turn = (a - from + 2 * Math.PI) % (2 * Math.PI);
    return turn > 0 && turn < arc;
  };
  return inArc(g1) !== inArc(g2) ? { lng: px, lat: py } : null;
}

/** Where edge e's outline comes from and goes to around p (a point of the edge). */
function neighboursAt(edges: Edges, e: number, px: number, py: number): [[number, number], [number, number]] {
  const start: [number, number] = [edges.x1[e]!, edges.y1[e]!];
  const end: [number, number] = [edges.x2[e]!, edges.y2[e]!];
  if (start[0] === px && start[1] === py) return [vertexOf(edges, e, -1), end];
  if (end[0] === px && end[1] === py) return [start, vertexOf(edges, e, 2)];
  return [start, end];
}
