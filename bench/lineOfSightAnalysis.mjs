// One line-of-sight analysis of many towers, timed in the compiled server's own code (dist/server,
// as in production: no TypeScript loader in the process, whose transpile caches would make the
// heap and the garbage collector's pauses unlike the server's). Prints one JSON line.
// Usage: node bench/lineOfSightAnalysis.mjs <terrain dir> <towers.json> <analyses> [model] [sectors per tower]
// model: itm (the default settings') or free_space_knife_edge; sectors: 0 (omni towers, the default)
// or that many generic 120° sectors a tower, evenly round.
import { readFileSync } from 'node:fs';
import { defaultRadioSettings } from '../dist/server/common/api/radioSettings.js';
import { BUILTIN_PATTERNS } from '../dist/server/geo/rf/antenna/builtinPatterns.js';
import { destinationPoint } from '../dist/server/geo/sphere.js';
import { noClutterAreas } from '../dist/server/server/clutter/clutterAreaService.js';
import { LineOfSightService } from '../dist/server/server/line-of-sight/lineOfSightService.js';
import { FlatElevationSource } from '../dist/server/server/terrain/flatElevationSource.js';
import { HgtDirectory } from '../dist/server/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../dist/server/server/terrain/hgtElevationSource.js';
import { Terrain } from '../dist/server/server/terrain/terrain.js';
import { TileMemory } from '../dist/server/server/terrain/tileMemory.js';

const [terrainDir, towersFile, analysesText, model = 'itm', sectorsText = '0'] = process.argv.slice(2);
const towers = JSON.parse(readFileSync(towersFile, 'utf8'));
const centre = { lat: -33.5, lng: 18.5 };
const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(terrainDir, new TileMemory(256 * 1024 * 1024))), new FlatElevationSource()]);
const perTower = Number(sectorsText);
const sector120 = BUILTIN_PATTERNS.find((builtin) => builtin.id === 'sector_120').pattern;
const sectors = towers.flatMap((tower) =>
  Array.from({ length: perTower }, (_, i) => ({
    id: tower.id * 100 + i,
    tower_id: tower.id,
    name: `S${i}`,
    azimuth_deg: (360 * i) / perTower,
    downtilt_deg: 2,
    antenna_pattern_id: 1,
    frequency_ghz: tower.frequency_ghz,
    power_dbm: tower.power_dbm,
    height_m: null,
    active: true,
  })),
);
const settings = { ...defaultRadioSettings({ gainDbi: 23, heightM: 6 }), model };
const service = new LineOfSightService({
  towers: { listActive: async () => towers, find: async (id) => towers[id - 1] },
  sectors: { listAll: async () => sectors, listOf: async (id) => sectors.filter((sector) => sector.tower_id === id) },
  patterns: { get: async () => sector120 },
  terrain,
  settings: { current: async () => settings },
  clutter: { current: async () => noClutterAreas() },
  radio: { towerDbi: 17, channelWidthMHz: 40 },
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
