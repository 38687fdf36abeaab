/**
 * `npm run bench`: generates the benchmark KML when it is missing, then runs each benchmark
 * module's run() in turn. A new benchmark is a module exporting run(context) added to BENCHES.
 */
import { existsSync } from 'node:fs';
import type { BenchContext } from './benchContext.js';
import { DEFAULT_COVERAGE_KML, generateCoverageKml } from './generateCoverageKml.js';
import * as throughput from './checkCoverageThroughput.js';
import * as ingest from './ingest.js';
import * as lookup from './lookup.js';
import * as publicMap from './publicMap.js';

interface BenchModule {
  run(context: BenchContext): Promise<void>;
}

const BENCHES: BenchModule[] = [ingest, lookup, throughput, publicMap];

if (!existsSync(DEFAULT_COVERAGE_KML)) {
  console.log(`Generating ${DEFAULT_COVERAGE_KML} …`);
  const bytes = await generateCoverageKml(DEFAULT_COVERAGE_KML);
  console.log(`  ${(bytes / 1e6).toFixed(1)} MB`);
}

const context: BenchContext = { coverageKml: DEFAULT_COVERAGE_KML };
for (const bench of BENCHES) await bench.run(context);
