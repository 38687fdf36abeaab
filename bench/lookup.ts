/**
 * Lookup benchmark (issue 3, Performance): one point lookup in the coverage index with the 10,000
 * benchmark polygons loaded must take under 20 microseconds at the 99th percentile. Points are
 * drawn uniformly (seeded, so runs compare) over the data's bounding box, where most points lie
 * in one to a few polygons and some in none. Each lookup is timed on its own with
 * process.hrtime.bigint(), whose own cost (well under a microsecond) is included.
 */
import { CoverageIndex } from '../src/geo/coverageIndex.js';
import { kmlTextChunks, parsePackedCoverageKml } from '../src/geo/kml/index.js';
import type { BenchContext } from './benchContext.js';

const LOOKUPS = 100_000;
const WARM_UP = 20_000;
const TARGET_P99_MICROSECONDS = 20;

export async function run(context: BenchContext): Promise<void> {
  const { placemarks } = parsePackedCoverageKml(kmlTextChunks({ path: context.coverageKml }, context.coverageKml));
  const index = new CoverageIndex(placemarks.map((placemark) => ({ polygons: placemark.polygons, payload: placemark.color })));
  const extent = boundsOf(placemarks.flatMap((placemark) => placemark.polygons.map((rings) => rings[0] ?? new Float64Array(0))));
  console.log(
    `\n== Lookup: ${index.size} polygons, ${LOOKUPS.toLocaleString('en')} random points in ` +
      `lng ${extent.west.toFixed(2)}..${extent.east.toFixed(2)}, lat ${extent.south.toFixed(2)}..${extent.north.toFixed(2)} ==`,
  );

  const random = seededRandom(42);
  const point = (): [number, number] => [extent.west + random() * (extent.east - extent.west), extent.south + random() * (extent.north - extent.south)];
  for (let i = 0; i < WARM_UP; i++) index.query(...point());

  const nanoseconds = new Float64Array(LOOKUPS);
  let hits = 0;
  let found = 0;
  for (let i = 0; i < LOOKUPS; i++) {
    const [lng, lat] = point();
    const started = process.hrtime.bigint();
    const result = index.query(lng, lat);
    nanoseconds[i] = Number(process.hrtime.bigint() - started);
    if (result.length > 0) hits++;
    found += result.length;
  }
  nanoseconds.sort();
  const micro = (fraction: number) => (nanoseconds[Math.min(LOOKUPS - 1, Math.floor(fraction * LOOKUPS))] ?? 0) / 1000;
  const p99 = micro(0.99);
  console.log(`  points in at least one polygon: ${((100 * hits) / LOOKUPS).toFixed(1)}%, polygons per point: ${(found / LOOKUPS).toFixed(2)}`);
  console.log(`  p50 ${micro(0.5).toFixed(2)} us   p99 ${p99.toFixed(2)} us   max ${micro(1).toFixed(2)} us`);
  console.log(`  target: p99 < ${TARGET_P99_MICROSECONDS} us  -> ${p99 < TARGET_P99_MICROSECONDS ? 'PASS' : 'FAIL'}`);
}

interface Extent {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Bounds of packed rings ([lng0, lat0, …] degrees). */
function boundsOf(rings: Float64Array[]): Extent {
  const extent = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 2) {
      extent.west = Math.min(extent.west, ring[i] as number);
      extent.east = Math.max(extent.east, ring[i] as number);
      extent.south = Math.min(extent.south, ring[i + 1] as number);
      extent.north = Math.max(extent.north, ring[i + 1] as number);
    }
  }
  return extent;
}

/** Park-Miller minimal standard generator: floats in (0, 1), the same sequence for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}
