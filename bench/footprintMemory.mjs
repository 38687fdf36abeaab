// What a check pays to read a tower's footprint, as the compiled server keeps it (dist/server): one
// footprint computed over the SRTM tiles in a folder, deflated as memory keeps it, then read at
// its centre from the inflated grids held (a hit) and after inflating them (a miss, as for a tower
// not read lately). Prints one JSON line of sizes (bytes) and times.
// Usage: node bench/footprintMemory.mjs <terrainDir> <lat> <lng> <radiusKm>
import { computeFootprintInWorker } from '../dist/server/server/footprints/footprintCompute.js';
import { deflateFootprint, inflatedBytes } from '../dist/server/server/footprints/deflatedFootprint.js';
import { FootprintMemory } from '../dist/server/server/footprints/footprintMemory.js';
import { readFootprint } from '../dist/server/server/footprints/footprintService.js';
import { HgtDirectory } from '../dist/server/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../dist/server/server/terrain/hgtElevationSource.js';
import { Terrain } from '../dist/server/server/terrain/terrain.js';
import { TileMemory } from '../dist/server/server/terrain/tileMemory.js';

const MISSES = 30;
const HITS = 100_000;
const [dir, lat, lng, radiusKm] = process.argv.slice(2);
const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(dir, new TileMemory(256 * 1024 * 1024)))]);
const point = { lat: Number(lat), lng: Number(lng) };
const radiusM = Number(radiusKm) * 1000;
const antenna = { lat: point.lat, lng: point.lng, antennaM: 35, frequencyHz: 5.8e9, radiusM, powerDbm: 20, txGainDbi: 17, rxGainDbi: 23 };
const { grid } = await terrain.heightGrid(point, radiusM, 1_000_000);
const { footprint: omni } = await computeFootprintInWorker({ heights: grid, receiverM: 6, antennas: [{ tower: antenna }] }, () => undefined);
const footprint = asThreeSectors(omni);
const grids = await deflateFootprint(footprint);
const kept = { towerId: 1, inputsKey: 'bench', terrainSource: 'hgt', sectorIds: [], grids, areas: new Uint8Array(), reach: null };
const tower = { latitude: point.lat, longitude: point.lng, coverage_radius_km: Number(radiusKm) };
const read = (memory) => readFootprint({ footprint: memory.grids(kept), terrainSource: kept.terrainSource, sectorIds: kept.sectorIds }, point, tower);

const missMs = [];
for (let i = 0; i < MISSES; i++) {
  // A memory with nothing inflated yet: the read inflates.
  const memory = new FootprintMemory(64 * 1024 * 1024);
  memory.set(kept);
  const started = performance.now();
  read(memory);
  missMs.push(performance.now() - started);
}
const memory = new FootprintMemory(64 * 1024 * 1024);
memory.set(kept);
read(memory);
const started = performance.now();
for (let i = 0; i < HITS; i++) read(memory);
const hitUs = ((performance.now() - started) * 1000) / HITS;
missMs.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    cells: footprint.rows * footprint.cols,
    inflatedBytes: inflatedBytes(footprint),
    deflatedBytes: grids.signal.byteLength + grids.bits.byteLength + (grids.servingSector?.byteLength ?? 0),
    missMsP50: missMs[Math.floor(MISSES / 2)],
    missMsMax: missMs[MISSES - 1],
    hitUs,
  }),
);

/**
 * The omni footprint with the grids a tower of three 120° sectors has too: line-of-sight bits
 * (where there is a signal) and the serving sector's byte, by the cell's bearing from the tower.
 */
function asThreeSectors(footprint) {
  const { rows, cols, signalDeciDbm } = footprint;
  const lineOfSight = new Uint8Array(footprint.fresnel60.length);
  const servingAntenna = new Uint8Array(rows * cols).fill(255);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      if (signalDeciDbm[cell] === -32768) continue;
      lineOfSight[cell >> 3] |= 1 << (cell & 7);
      const bearingDeg = (Math.atan2(col - cols / 2, row - rows / 2) * 180) / Math.PI + 360;
      servingAntenna[cell] = Math.floor(bearingDeg / 120) % 3;
    }
  }
  return { ...footprint, lineOfSight, servingAntenna };
}
