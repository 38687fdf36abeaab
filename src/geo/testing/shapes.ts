import type { PackedRing } from '../packedGeometry.js';

/**
 * Test helpers, not for production code: rings ([lng, lat, …] degrees, closed: the last vertex
 * repeats the first) of the shapes that stress the coverage index, and seeded points to test
 * them at. Benchmarks use them too.
 */

/** A box in degrees. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A ~0.4 x 0.1 degree box near Cape Town. */
export const CAPE_BOX: Box = { west: 18.0, south: -34.0, east: 18.4, north: -33.9 };

/** Park-Miller minimal standard generator: floats in (0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

function closed(ring: Float64Array, vertices: number): PackedRing {
  ring[2 * vertices] = ring[0] as number;
  ring[2 * vertices + 1] = ring[1] as number;
  return ring;
}

/**
 * The shape that made the old index quadratic: a comb of `vertices` vertices whose teeth run from
 * the box's south edge almost to its north edge, closed by a thin spine along the north edge.
 * Every tooth edge spans nearly the whole latitude range, so a horizontal line crosses about n edges.
 */
export function zigZagRing(vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  const teeth = vertices - 2;
  const spine = (box.north - box.south) / 100;
  for (let i = 0; i < teeth; i++) {
    ring[2 * i] = box.west + (i * (box.east - box.west)) / (teeth - 1);
    ring[2 * i + 1] = i % 2 === 0 ? box.south : box.north - spine;
  }
  ring.set([box.east, box.north, box.west, box.north], 2 * teeth);
  return closed(ring, vertices);
}

/** A wobbly circle: an ordinary detailed coverage outline. */
export function circleRing(vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  const cx = (box.west + box.east) / 2;
  const cy = (box.south + box.north) / 2;
  for (let k = 0; k < vertices; k++) {
    const angle = (2 * Math.PI * k) / vertices;
    const radius = 0.5 * (0.9 + 0.1 * Math.sin(37 * angle));
    ring[2 * k] = cx + radius * (box.east - box.west) * Math.cos(angle);
    ring[2 * k + 1] = cy + radius * (box.north - box.south) * Math.sin(angle);
  }
  return closed(ring, vertices);
}

/** A jagged star: each vertex at a random radius, the shape of the benchmark polygons. */
export function starRing(random: () => number, vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  const cx = (box.west + box.east) / 2;
  const cy = (box.south + box.north) / 2;
  for (let k = 0; k < vertices; k++) {
    const angle = (2 * Math.PI * k) / vertices;
    const radius = 0.5 * (0.2 + 0.8 * random());
    ring[2 * k] = cx + radius * (box.east - box.west) * Math.cos(angle);
    ring[2 * k + 1] = cy + radius * (box.north - box.south) * Math.sin(angle);
  }
  return closed(ring, vertices);
}

/** Long thin spikes from the centre, every other vertex near it: long diagonal edges in every direction. */
export function starburstRing(vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  const cx = (box.west + box.east) / 2;
  const cy = (box.south + box.north) / 2;
  for (let k = 0; k < vertices; k++) {
    const angle = (2 * Math.PI * k) / vertices;
    const radius = k % 2 === 0 ? 0.5 : 0.01;
    ring[2 * k] = cx + radius * (box.east - box.west) * Math.cos(angle);
    ring[2 * k + 1] = cy + radius * (box.north - box.south) * Math.sin(angle);
  }
  return closed(ring, vertices);
}

/**
 * A long wiggly coastline: nearly all vertices within a thin latitude strip along the south of the
 * box, closed through one point at the north. Equal-height bands put almost every edge in one band.
 */
export function coastlineRing(vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  const strip = (box.north - box.south) / 1000;
  const coast = vertices - 1;
  for (let k = 0; k < coast; k++) {
    ring[2 * k] = box.west + (k * (box.east - box.west)) / (coast - 1);
    ring[2 * k + 1] = box.south + strip * (0.5 + 0.5 * Math.sin(k * 0.7));
  }
  ring.set([(box.west + box.east) / 2, box.north], 2 * coast);
  return closed(ring, vertices);
}

/**
 * Random vertices in the box, joined in order: edges cross one another, some are horizontal or
 * vertical, some vertices repeat. The crossing-number rule still gives each point one answer.
 */
export function tangledRing(random: () => number, vertices: number, box: Box = CAPE_BOX): PackedRing {
  const ring = new Float64Array(2 * (vertices + 1));
  // A coarse grid makes shared coordinates (horizontal, vertical and repeated edges) common.
  const snap = (value: number, min: number, max: number) => min + (Math.round(value * 40) / 40) * (max - min);
  for (let k = 0; k < vertices; k++) {
    if (k > 0 && random() < 0.1) {
      ring[2 * k] = ring[2 * k - 2] as number;
      ring[2 * k + 1] = random() < 0.5 ? (ring[2 * k - 1] as number) : snap(random(), box.south, box.north);
      continue;
    }
    ring[2 * k] = snap(random(), box.west, box.east);
    ring[2 * k + 1] = snap(random(), box.south, box.north);
  }
  return closed(ring, vertices);
}

/**
 * Points to test a ring at: every `step`-th vertex, the midpoints of those vertices' edges, points
 * a hair (1e-13 degrees, inside the edge tolerance) and a little (1e-7) off those midpoints, and
 * `random` points in the ring's box widened by a tenth.
 */
export function testPoints(ring: PackedRing, random: () => number, options: { step?: number; random?: number } = {}): [number, number][] {
  const step = options.step ?? 1;
  const points: [number, number][] = [];
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    west = Math.min(west, ring[i] as number);
    east = Math.max(east, ring[i] as number);
    south = Math.min(south, ring[i + 1] as number);
    north = Math.max(north, ring[i + 1] as number);
  }
  for (let k = 0; 2 * k + 3 < ring.length; k += step) {
    const x = ring[2 * k] as number;
    const y = ring[2 * k + 1] as number;
    const mx = (x + (ring[2 * k + 2] as number)) / 2;
    const my = (y + (ring[2 * k + 3] as number)) / 2;
    points.push([x, y], [mx, my], [mx + 1e-13, my], [mx, my - 1e-13], [mx + 1e-7, my], [mx, my + 1e-7]);
  }
  const padX = (east - west) / 10;
  const padY = (north - south) / 10;
  for (let n = 0; n < (options.random ?? 1000); n++) {
    points.push([west - padX + random() * (east - west + 2 * padX), south - padY + random() * (north - south + 2 * padY)]);
  }
  return points;
}
