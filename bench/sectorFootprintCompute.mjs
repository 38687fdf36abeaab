// One sector's footprint as the compiled server computes it (dist/server), with ITM and the
// built-in 90° pattern: the height grid read from the SRTM tiles in a folder, then the sweep and the
// band areas in a worker thread (a fresh one a run, as each footprint job has). Prints one JSON
// line of timings (ms) per run.
// Usage: node bench/sectorFootprintCompute.mjs <terrainDir> <job JSON: lat, lng, antennaM, radiusKm, receiverM, azimuthDeg, downtiltDeg> <runs>
import { BUILTIN_PATTERNS } from '../dist/server/geo/rf/antenna/builtinPatterns.js';
import { ITM_DEFAULTS } from '../dist/server/geo/rf/itm/parameters.js';
import { computeFootprintInWorker } from '../dist/server/server/footprints/footprintCompute.js';
import { FlatElevationSource } from '../dist/server/server/terrain/flatElevationSource.js';
import { HgtDirectory } from '../dist/server/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../dist/server/server/terrain/hgtElevationSource.js';
import { Terrain } from '../dist/server/server/terrain/terrain.js';
import { TileMemory } from '../dist/server/server/terrain/tileMemory.js';

const [dir, jobJson, runs] = process.argv.slice(2);
const job = JSON.parse(jobJson);
const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(dir, new TileMemory(256 * 1024 * 1024))), new FlatElevationSource()]);
const tower = {
  lat: job.lat,
  lng: job.lng,
  antennaM: job.antennaM,
  frequencyHz: 5.8e9,
  radiusM: job.radiusKm * 1000,
  powerDbm: 27,
  txGainDbi: 0,
  rxGainDbi: 23,
};
const pattern = BUILTIN_PATTERNS.find((p) => p.id === 'sector_90').pattern;
const results = [];
for (let run = 0; run < Number(runs); run++) {
  const started = performance.now();
  const { grid, source } = await terrain.heightGrid({ lat: tower.lat, lng: tower.lng }, tower.radiusM, 2_000_000);
  const gridded = performance.now();
  const { footprint } = await computeFootprintInWorker(
    {
      heights: grid,
      receiverM: job.receiverM,
      propagation: { model: 'itm', itm: { ...ITM_DEFAULTS }, clutterHeightM: 0 },
      antennas: [{ tower, antenna: { pattern, mount: { azimuthDeg: job.azimuthDeg, downtiltDeg: job.downtiltDeg } } }],
    },
    () => undefined,
  );
  const done = performance.now();
  let withSignal = 0;
  for (const value of footprint.signalDeciDbm) if (value !== -32768) withSignal++;
  results.push({ gridMs: gridded - started, workerMs: done - gridded, cells: footprint.rows * footprint.cols, withSignal, source });
}
console.log(JSON.stringify(results));
