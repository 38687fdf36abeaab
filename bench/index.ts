/**
 * `npm run bench`: generates the benchmark KML when it is missing, then runs each benchmark
 * module's run() in turn. A new benchmark is a module exporting run(context) added to BENCHES.
 * `npm run bench -- lineOfSight reports` runs only the named ones.
 */
import { existsSync } from 'node:fs';
import type { BenchContext } from './benchContext.js';
import { DEFAULT_COVERAGE_KML, generateCoverageKml } from './generateCoverageKml.js';
import * as calibration from './calibration.js';
import * as throughput from './checkCoverageThroughput.js';
import * as coverageServer from './coverageServer.js';
import * as databaseOutage from './databaseOutage.js';
import * as editorReports from './editorReports.js';
import * as footprints from './footprints.js';
import * as indexScaling from './indexScaling.js';
import * as ingest from './ingest.js';
import * as lighthouse from './lighthouse.js';
import * as lineOfSight from './lineOfSight.js';
import * as lookup from './lookup.js';
import * as measurementImport from './measurementImport.js';
import * as measurementPrediction from './measurementPrediction.js';
import * as publicBurst from './publicBurst.js';
import * as publicMap from './publicMap.js';
import * as reports from './reports.js';
import * as sectorFootprint from './sectorFootprint.js';
import * as sectorMemory from './sectorMemory.js';
import * as terrainMemory from './terrainMemory.js';
import * as terrainUploads from './terrainUploads.js';
import * as webhookDelivery from './webhookDelivery.js';
import * as waitlistMatching from './waitlistMatching.js';

interface BenchModule {
  run(context: BenchContext): Promise<void>;
}

const BENCHES: Record<string, BenchModule> = {
  ingest,
  lookup,
  throughput,
  indexScaling,
  coverageServer,
  publicMap,
  lineOfSight,
  terrainMemory,
  terrainUploads,
  reports,
  editorReports,
  lighthouse,
  footprints,
  sectorFootprint,
  sectorMemory,
  databaseOutage,
  publicBurst,
  webhookDelivery,
  waitlistMatching,
  measurementImport,
  measurementPrediction,
  calibration,
};
const chosen = process.argv.slice(2);
for (const name of chosen) if (!(name in BENCHES)) throw new Error(`no benchmark "${name}"; choose from ${Object.keys(BENCHES).join(', ')}`);
const selected = chosen.length > 0 ? chosen.map((name) => BENCHES[name]!) : Object.values(BENCHES);
const needsKml = chosen.length === 0 || chosen.some((name) => ['ingest', 'lookup', 'throughput', 'coverageServer', 'publicMap', 'publicBurst'].includes(name));

if (needsKml && !existsSync(DEFAULT_COVERAGE_KML)) {
  console.log(`Generating ${DEFAULT_COVERAGE_KML} …`);
  const bytes = await generateCoverageKml(DEFAULT_COVERAGE_KML);
  console.log(`  ${(bytes / 1e6).toFixed(1)} MB`);
}

const context: BenchContext = { coverageKml: DEFAULT_COVERAGE_KML };
for (const bench of selected) await bench.run(context);
