/** A point of a ring in any planar units (tile units, grid cells), x then y. */
type Point = readonly number[];

/** Squared distance from p to the segment a-b, in the points' units squared. */
function squaredSegmentDistance(p: Point, a: Point, b: Point): number {
  let x = a[0]!;
  let y = a[1]!;
  const dx = b[0]! - x;
  const dy = b[1]! - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0]! - x) * dx + (p[1]! - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0]!;
      y = b[1]!;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  return (p[0]! - x) ** 2 + (p[1]! - y) ** 2;
}

/** The inner point of ring[first..last] farthest from the chord, with its squared distance; -1 when there is none. */
function farthestPoint(ring: readonly Point[], first: number, last: number): [index: number, squaredDistance: number] {
  let index = -1;
  let farthest = -1;
  for (let i = first + 1; i < last; i++) {
    const distance = squaredSegmentDistance(ring[i]!, ring[first]!, ring[last]!);
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
    for (let i = 1; i < open.length; i++) if (open[i]![3] > open[widest]![3]) widest = i;
    const [first, last, index] = open.splice(widest, 1)[0]!;
    keep[index] = 1;
    openSpan(first, index);
    openSpan(index, last);
  }
}

/**
 * Douglas-Peucker: the points of `ring` farther than `tolerance` (the points' units) from the line
 * kept so far, its first and last point always kept (a closed ring stays closed), and at least
 * `minInner` others when it has them: for a ring the tolerance cuts to fewer, the first `minInner`
 * the simplification picks. Every point left out lies within `tolerance` of the simplified ring.
 */
export function simplifyRing<P extends Point>(ring: readonly P[], tolerance: number, minInner = 0): P[] {
  if (ring.length < 3) return [...ring];
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  if (markBeyond(ring, tolerance * tolerance, keep) < minInner) markFirst(ring, minInner, keep);
  return ring.filter((_point, i) => keep[i] === 1);
}

/** Twice the signed area of a ring (shoelace), in the points' units squared; its sign tells the winding. */
export function doubleSignedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const x1 = ring[j]![0]!;
    const y1 = ring[j]![1]!;
    const x2 = ring[i]![0]!;
    const y2 = ring[i]![1]!;
    sum += (x2 - x1) * (y1 + y2);
  }
  return sum;
}
