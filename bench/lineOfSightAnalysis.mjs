// One line-of-sight analysis of many towers, timed in the compiled server's own code (dist/server,
// as in production: no TypeScript loader in the process, whose transpile caches would make the
// heap and the garbage collector's pauses unlike the server's). Prints one JSON line.
// Usage: node bench/lineOfSightAnalysis.mjs <terrain dir> <towers.json> <analyses>
import { readFileSync } from 'node:fs';
import { destinationPoint } from '../dist/server/geo/sphere.js';
import { LineOfSightService } from '../dist/server/server/line-of-sight/lineOfSightService.js';
import { FlatElevationSource } from '../dist/server/server/terrain/flatElevationSource.js';
import { HgtDirectory } from '../dist/server/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../dist/server/server/terrain/hgtElevationSource.js';
import { Terrain } from '../dist/server/server/terrain/terrain.js';
import { TileMemory } from '../dist/server/server/terrain/tileMemory.js';

const [terrainDir, towersFile, analysesText] = process.argv.slice(2);
const towers = JSON.parse(readFileSync(towersFile, 'utf8'));
const centre = { lat: -33.5, lng: 18.5 };
const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(terrainDir, new TileMemory(256 * 1024 * 1024))), new FlatElevationSource()]);
const service = new LineOfSightService({ listActive: async () => towers, find: async (id) => towers[id - 1] }, terrain, {
  towerDbi: 17,
  cpeDbi: 23,
  channelWidthMHz: 40,
});

let seed = 11;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};
const target = () => destinationPoint(centre, random() * 360, random() * 2000);

// Warm: the tile decoded and the code compiled, as in a server that has been answering a while.
for (let i = 0; i < 50; i++) await service.check(target(), 2);
const times = [];
let clear = 0;
for (let i = 0; i < Number(analysesText); i++) {
  const started = performance.now();
  const result = await service.check(target(), 2);
  times.push(performance.now() - started);
  clear += result.towers_with_los;
}
const samples = (await terrain.path({ lat: towers[0].latitude, lng: towers[0].longitude }, centre)).distancesM.length;
console.log(JSON.stringify({ times, clear: clear / times.length, samples }));
