// The server's own code path for a KML upload, run from the compiled server (dist/server, as in
// production: no TypeScript loader in the process or its worker): ingestKml (parse + encode to the
// stored packed form, in a worker thread), then the coverage snapshot built from those bytes as
// the engine builds it after reading them from the database. Prints one JSON line like
// bench/ingestWorker.ts. Usage: node bench/ingestServerPath.mjs <file.kml>
import { CoverageSnapshot } from '../dist/server/server/coverage/coverageSnapshot.js';
import { ingestKml } from '../dist/server/server/coverage/kmlIngest.js';

const path = process.argv[2];
const started = performance.now();
const stored = await ingestKml({ path }, path);
const parsed = performance.now();
const now = new Date().toISOString();
const snapshot = CoverageSnapshot.build(1, [
  {
    id: 1,
    name: 'bench',
    provider_id: 1,
    provider_name: 'Bench',
    services: ['Fiber'],
    geometry: stored.geometry,
    kml_filename: 'bench.kml',
    active: true,
    default_status: 'unknown',
    color_mappings: null,
    use_manual_override: false,
    manual_override_status: null,
    feature_count: stored.featureCount,
    detected_colors: stored.colors,
    has_geometry: true,
    created_at: now,
    updated_at: now,
  },
]);
const indexed = performance.now();
console.log(
  JSON.stringify({
    mode: 'server',
    entries: snapshot.size,
    colors: stored.colors.length,
    parseMs: parsed - started,
    indexMs: indexed - parsed,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
