/**
 * Issue 19 target: a network of 1,000 sectors keeps the server under 1 GB of RSS. The compiled
 * server runs as its own process (serverProcess.ts); 334 towers of 3 sectors each (120° built-in
 * pattern, 10 km radius) over synthetic hills are imported at once, every footprint is computed
 * (the union of a tower's sectors, one worker job a tower), then the checks and the overlay's tile
 * index load what they keep. RSS is read from /proc before, at its peak meanwhile, and after.
 *
 * The terrain is the 3-arc-second hill tile (by default) and the model free space + knife edge, so
 * that the 1,002 sweeps finish in minutes on a small machine: a footprint's grids are the same size
 * under ITM (Int16 signal, two bit grids, a byte of serving sector a cell), and its cells follow the
 * terrain's resolution (FOOTPRINT_MAX_CELLS at most), not the number of sectors. Memory keeps every
 * footprint deflated (the server logs the bytes of each) and the grids of the towers read lately
 * inflated, FOOTPRINT_MEMORY_MB at most; footprintMemory.mjs times a check's read of one footprint
 * whose grids are held inflated (a hit) and one whose are not (a miss). The bench prints the
 * inflated grids' bytes a tower for 1-arc-second terrain too, worked out from the cell count.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { destinationPoint, type LatLng } from '../src/geo/sphere.js';
import { buildServer, checkWhile, RssPeak, rssMb, type ServerProcess, startServer } from './serverProcess.js';
import { seededRandom, writeHillTile } from './syntheticTerrain.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** SECTOR_MEMORY_TOWERS and SECTOR_MEMORY_ARC_SECONDS (3 or 1) change the network and the terrain, e.g. a smaller network on 1-arc-second terrain. */
const TOWERS = Number(process.env.SECTOR_MEMORY_TOWERS ?? 334);
const ARC_SECONDS = process.env.SECTOR_MEMORY_ARC_SECONDS === '1' ? 1 : 3;
const SECTORS_PER_TOWER = 3;
const RADIUS_KM = 10;
/** The built-in 120° sector (migration 0013 seeds the built-ins in this order). */
const SECTOR_120 = 3;
const CENTRE: LatLng = { lat: -33.5, lng: 18.5 };
const LIMIT_MB = 1024;
/** Bytes a cell of a tower's footprint inflated: Int16 signal, Fresnel and line-of-sight bits, the serving sector's byte. */
const BYTES_PER_CELL = 2 + 1 / 8 + 1 / 8 + 1;

export async function run(): Promise<void> {
  console.log(
    `\n== Server memory with ${TOWERS} towers x ${SECTORS_PER_TOWER} sectors, ${RADIUS_KM} km, ${ARC_SECONDS}-arc-second hills (compiled server, RSS from /proc) ==`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sector-memory-'));
  try {
    buildServer();
    const tileDir = path.join(dataDir, 'tiles');
    mkdirSync(tileDir);
    const tile = writeHillTile(tileDir, -34, 18, ARC_SECONDS === 1 ? 3601 : 1201);
    const server = await startServer();
    try {
      await measure(server, tile);
    } finally {
      await server.stop();
    }
    readCost(tileDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(server: ServerProcess, tilePath: string): Promise<void> {
  const json = { ...server.auth, 'content-type': 'application/json' };
  const form = new FormData();
  form.append('file', new Blob([readFileSync(tilePath)]), path.basename(tilePath));
  const upload = await fetch(`${server.base}/api/terrain/tiles`, { method: 'POST', headers: server.auth, body: form });
  if (!upload.ok) throw new Error(`terrain upload failed: ${await upload.text()}`);
  const settings = ((await (await fetch(`${server.base}/api/settings/radio`, { headers: server.auth })).json()) as { data: Record<string, unknown> }).data;
  const saved = await fetch(`${server.base}/api/settings/radio`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ ...settings, model: 'free_space_knife_edge' }),
  });
  if (!saved.ok) throw new Error(`saving the radio settings failed: ${await saved.text()}`);
  // Warm the check path on the empty network before the idle reading.
  await checkWhile(server.base, CENTRE, countdown(50), 1);
  const idleMb = rssMb(server.pid);

  const peak = new RssPeak(server.pid);
  const started = performance.now();
  const imported = await fetch(`${server.base}/api/towers/bulk-import`, { method: 'POST', headers: json, body: JSON.stringify({ towers: towers() }) });
  if (!imported.ok) throw new Error(`tower import failed: ${await imported.text()}`);
  const ready = await untilAllReady(server);
  const states = ready.map((state) => state.computed_ms ?? 0);
  const computeS = (performance.now() - started) / 1000;
  // What answering keeps: the checks read the footprints, the first overlay tile builds the tile index of every footprint's areas.
  await checkWhile(server.base, CENTRE, countdown(200), 2);
  const checkedMb = rssMb(server.pid);
  const tilePeak = new RssPeak(server.pid);
  const tileStarted = performance.now();
  const tile = await fetch(`${server.base}/api/wireless_tiles/9/${tileX(CENTRE.lng, 9)}/${tileY(CENTRE.lat, 9)}.pbf`);
  if (tile.status !== 200) throw new Error(`the overlay tile answered ${tile.status}`);
  const tileBytes = (await tile.arrayBuffer()).byteLength;
  const firstTileMs = performance.now() - tileStarted;
  const tilePeakMb = tilePeak.stop();
  const peakMb = peak.stop();
  const afterMb = rssMb(server.pid);

  const areas = await bandAreasSize(
    server,
    ready.map((state) => state.tower_id),
  );
  const computed = server.logs.filter((line) => line.msg === 'tower footprint computed');
  const meanOf = (field: string) => computed.reduce((sum, line) => sum + Number(line[field]), 0) / Math.max(computed.length, 1);
  const meanCells = meanOf('cells');
  const sectors = TOWERS * SECTORS_PER_TOWER;
  console.log(
    `  ${sectors} sectors on ${TOWERS} towers: every footprint ready in ${computeS.toFixed(0)} s (each ${median(states).toFixed(0)} ms p50); ` +
      `${Math.round(meanCells).toLocaleString('en')} cells a tower, kept deflated: ${(meanOf('gridBytes') / 1024).toFixed(0)} KB of grids and ` +
      `${(meanOf('areaBytes') / 1024).toFixed(0)} KB of band areas a tower (its grids inflated ${((meanCells * BYTES_PER_CELL) / 1024).toFixed(0)} KB, ` +
      `held only for the towers read lately: FOOTPRINT_MEMORY_MB, 128 MB by default)`,
  );
  console.log(
    `  band areas a tower: ${Math.round(areas.positions).toLocaleString('en')} positions, ${(areas.bytes / 1024).toFixed(0)} KB of GeoJSON text (mean of ${TOWERS})`,
  );
  console.log(
    `  the first overlay tile (zoom 9, ${(tileBytes / 1024).toFixed(0)} KB) answered in ${firstTileMs.toFixed(0)} ms, the overlay's tile index built on the way (RSS peak meanwhile ${tilePeakMb.toFixed(0)} MB)`,
  );
  console.log(
    `  RSS idle ${idleMb.toFixed(0)} MB, with every footprint ready and checked ${checkedMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, ` +
      `after the overlay's tile index is built ${afterMb.toFixed(0)} MB: ` +
      `${(((afterMb - idleMb) * 1024) / sectors).toFixed(0)} KB a sector (${(((afterMb - idleMb) * 1024) / TOWERS).toFixed(0)} KB a tower); ` +
      `target peak < ${LIMIT_MB} MB: ${peakMb < LIMIT_MB ? 'PASS' : 'FAIL'}`,
  );
  const oneArcSecondCells = Math.min(1_000_000, (((2 * RADIUS_KM * 1000) / 30.87) * (2 * RADIUS_KM * 1000)) / (30.87 * Math.cos((CENTRE.lat * Math.PI) / 180)));
  console.log(
    `  on 1-arc-second terrain a tower's grid would hold about ${Math.round(oneArcSecondCells).toLocaleString('en')} cells: ` +
      `${((oneArcSecondCells * BYTES_PER_CELL) / 1024 / 1024).toFixed(2)} MB a tower inflated, ${((TOWERS * oneArcSecondCells * BYTES_PER_CELL) / 1024 / 1024).toFixed(0)} MB for ${TOWERS} towers ` +
      `were they all held inflated`,
  );
}

/** A check's read of one 10 km footprint over the tile: from grids held inflated, and after inflating them. */
function readCost(tileDir: string): void {
  const child = spawnSync(process.execPath, [path.join(HERE, 'footprintMemory.mjs'), tileDir, String(CENTRE.lat), String(CENTRE.lng), String(RADIUS_KM)], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`footprint read run failed: ${child.stderr}`);
  const cost = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    cells: number;
    deflatedBytes: number;
    hitUs: number;
    missMsP50: number;
    missMsMax: number;
  };
  console.log(
    `  a check's read of one footprint (${cost.cells.toLocaleString('en')} cells, three sectors' grids, ${(cost.deflatedBytes / 1024).toFixed(0)} KB deflated): ` +
      `${cost.hitUs.toFixed(2)} µs held inflated, ${cost.missMsP50.toFixed(1)} ms p50 (${cost.missMsMax.toFixed(1)} ms max) inflating it first`,
  );
}

/** Towers over a 30 km disk around the centre, 20-60 m tall, each with sectors at 0°, 120° and 240° (seeded). */
function towers(): Record<string, unknown>[] {
  const random = seededRandom(19);
  return Array.from({ length: TOWERS }, (_, i) => {
    const at = destinationPoint(CENTRE, random() * 360, 30_000 * Math.sqrt(random()));
    return {
      name: `Mast ${i + 1}`,
      latitude: at.lat,
      longitude: at.lng,
      height_meters: 20 + Math.round(random() * 40),
      antenna_height_meters: 5,
      coverage_radius_km: RADIUS_KM,
      sectors: Array.from({ length: SECTORS_PER_TOWER }, (_, s) => ({
        name: `S${s + 1}`,
        azimuth_deg: (s * 360) / SECTORS_PER_TOWER,
        downtilt_deg: 2,
        antenna_pattern_id: SECTOR_120,
      })),
    };
  });
}

/** Polls until every tower's footprint is ready; each one's computing time, ms. */
async function untilAllReady(server: ServerProcess): Promise<{ tower_id: number; computed_ms: number | null }[]> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${server.base}/api/towers/footprints`, { headers: server.auth });
    const states = ((await response.json()) as { data: { tower_id: number; status: string; computed_ms: number | null }[] }).data;
    if (states.some((state) => state.status === 'failed')) throw new Error('a footprint failed');
    const ready = states.filter((state) => state.status === 'ready');
    if (ready.length === TOWERS) return ready;
    if (performance.now() - started > 3_600_000) throw new Error(`only ${ready.length} of ${TOWERS} footprints were ready after an hour`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The mean size of the towers' band areas (their GeoJSON exports, as stored): positions and bytes. */
async function bandAreasSize(server: ServerProcess, towerIds: number[]): Promise<{ positions: number; bytes: number }> {
  let positions = 0;
  let bytes = 0;
  for (const id of towerIds) {
    const text = await (await fetch(`${server.base}/api/towers/${id}/footprint`, { headers: server.auth })).text();
    const collection = JSON.parse(text) as { features: { geometry: { coordinates: number[][][][] } }[] };
    bytes += text.length;
    for (const feature of collection.features) positions += feature.geometry.coordinates.flat(2).length;
  }
  return { positions: positions / towerIds.length, bytes: bytes / towerIds.length };
}

/** A done() for checkWhile that turns true after `n` calls. */
function countdown(n: number): () => boolean {
  let left = n;
  return () => left-- <= 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function tileX(lng: number, zoom: number): number {
  return Math.floor(((lng + 180) / 360) * 2 ** zoom);
}

function tileY(lat: number, zoom: number): number {
  const latRad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** zoom);
}
