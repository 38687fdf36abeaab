/**
 * One ingest of a KML file, run by bench/ingest.ts in a child process of its own so that the
 * process's peak RSS is the ingest's. Prints one JSON line: counts and in-process timings (ms).
 *
 * Usage: tsx bench/ingestWorker.ts <file.kml>
 * kmlTextChunks -> parsePackedCoverageKml -> CoverageIndex: parse, styles and index. The server's
 * whole upload path is measured by bench/ingestServerPath.mjs.
 */
import { CoverageIndex } from '../src/geo/coverageIndex.js';
import { kmlTextChunks, parsePackedCoverageKml } from '../src/geo/kml/index.js';

export type IngestMode = 'packed' | 'server';

export interface IngestReport {
  mode: IngestMode;
  entries: number;
  colors: number;
  parseMs: number;
  indexMs: number;
  maxRssMb: number;
}

function ingestPacked(path: string): IngestReport {
  const started = performance.now();
  // The file is read and parsed a megabyte at a time, as in the server.
  const parse = () =>
    parsePackedCoverageKml(kmlTextChunks({ path }, path)).placemarks.map((placemark) => ({
      polygons: placemark.polygons,
      payload: placemark.color,
    }));
  const entries = parse();
  const parsed = performance.now();
  const index = new CoverageIndex(entries);
  const indexed = performance.now();
  return {
    mode: 'packed',
    entries: index.size,
    colors: new Set(entries.map((entry) => entry.payload)).size,
    parseMs: parsed - started,
    indexMs: indexed - parsed,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

const path = process.argv[2];
if (!path) {
  console.error('usage: tsx bench/ingestWorker.ts <file.kml>');
  process.exit(2);
}
console.log(JSON.stringify(ingestPacked(path)));
