/**
 * Issue 10, section 1: the coverage index's memory and build time per shape and size, in this
 * process (the whole server's RSS is in coverageServer.ts). The zig-zag is the shape that made the
 * old latitude bands quadratic (+25 / 97 / 383 / 1,524 MB and 0.1 / 0.3 / 1.1 / 6.4 s for 5k / 10k /
 * 20k / 40k vertices): here every figure should grow linearly. Per row: build time, bytes the
 * index keeps (its typed arrays, counted exactly) per vertex, entries (edge numbers listed in
 * latitude bands, or chains of a strip tree, see ringStore.ts) per vertex, and lookup latency at
 * random points of the ring's box.
 */
import { PolygonIndex } from '../src/geo/coverageIndex.js';
import type { PackedRing } from '../src/geo/packedGeometry.js';
import { circleRing, coastlineRing, seededRandom, starburstRing, zigZagRing, type Box } from '../src/geo/testing/shapes.js';

const BOX: Box = { west: 18, south: -34, east: 18.4, north: -33.9 };
const LOOKUPS = 20_000;

export async function run(): Promise<void> {
  console.log('\n== Coverage index scaling: one ring per index, built in this process ==');
  console.log('  shape        vertices   build s   index MB   bytes/vertex  entries/vertex   lookup p50 us  p99 us');
  const rows: [string, (n: number, box: Box) => PackedRing, number[]][] = [
    ['zig-zag', zigZagRing, [5_000, 10_000, 20_000, 40_000, 1_000_000]],
    ['outline', circleRing, [40_000, 1_000_000]],
    ['starburst', starburstRing, [1_000_000]],
    ['coastline', coastlineRing, [1_000_000]],
  ];
  for (const [shape, make, sizes] of rows) {
    for (const vertices of sizes) {
      const ring = make(vertices, BOX);
      const started = performance.now();
      const index = PolygonIndex.build([[[ring]]]);
      const seconds = (performance.now() - started) / 1000;
      const stats = index.stats();
      const random = seededRandom(vertices);
      const nanoseconds = new Float64Array(LOOKUPS);
      for (let i = 0; i < LOOKUPS; i++) {
        const lng = BOX.west + random() * (BOX.east - BOX.west);
        const lat = BOX.south + random() * (BOX.north - BOX.south);
        const t = process.hrtime.bigint();
        index.query(lng, lat);
        nanoseconds[i] = Number(process.hrtime.bigint() - t);
      }
      nanoseconds.sort();
      const micro = (fraction: number) => (nanoseconds[Math.floor(fraction * (LOOKUPS - 1))] ?? 0) / 1000;
      console.log(
        `  ${shape.padEnd(11)}${vertices.toLocaleString('en').padStart(10)}${seconds.toFixed(2).padStart(10)}${(stats.byteLength / 1e6).toFixed(1).padStart(11)}` +
          `${(stats.byteLength / vertices).toFixed(0).padStart(15)}${((stats.bandEntries + stats.crossingEntries) / vertices).toFixed(2).padStart(16)}` +
          `${micro(0.5).toFixed(2).padStart(16)}${micro(0.99).toFixed(2).padStart(8)}`,
      );
    }
  }
}
