// One tower's footprint as the compiled server computes it (dist/server: the worker is compiled
// JavaScript, as in production): the height grid read from the SRTM tiles in a folder, then the
// sweep and the band areas in a worker thread. Prints one JSON line of timings (ms) per run.
// Usage: node bench/footprintCompute.mjs <terrainDir> <lat> <lng> <radiusKm> <runs>
import { computeFootprintInWorker } from '../dist/server/server/footprints/footprintCompute.js';
import { FlatElevationSource } from '../dist/server/server/terrain/flatElevationSource.js';
import { HgtDirectory } from '../dist/server/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../dist/server/server/terrain/hgtElevationSource.js';
import { Terrain } from '../dist/server/server/terrain/terrain.js';
import { TileMemory } from '../dist/server/server/terrain/tileMemory.js';

const [dir, lat, lng, radiusKm, runs] = process.argv.slice(2);
const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(dir, new TileMemory(256 * 1024 * 1024))), new FlatElevationSource()]);
const tower = {
  lat: Number(lat),
  lng: Number(lng),
  antennaM: 35,
  frequencyHz: 5.8e9,
  radiusM: Number(radiusKm) * 1000,
  powerDbm: 20,
  txGainDbi: 17,
  rxGainDbi: 23,
};
const results = [];
for (let run = 0; run < Number(runs); run++) {
  const started = performance.now();
  const { grid, source } = await terrain.heightGrid({ lat: tower.lat, lng: tower.lng }, tower.radiusM, 1_000_000);
  const gridded = performance.now();
  const { footprint, areasJson } = await computeFootprintInWorker({ heights: grid, receiverM: 6, antennas: [{ tower }] }, () => undefined);
  const done = performance.now();
  let seen = 0;
  for (const value of footprint.signalDeciDbm) if (value !== -32768) seen++;
  results.push({ gridMs: gridded - started, workerMs: done - gridded, cells: footprint.rows * footprint.cols, seen, areasBytes: areasJson.length, source });
}
console.log(JSON.stringify(results));
