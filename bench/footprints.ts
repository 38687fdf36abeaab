/**
 * Issue 11 targets, on the compiled server with 1-arc-second terrain (synthetic hills):
 * - one tower's footprint, 10 km radius (about 450,000 cells), in under 1 s in a worker;
 * - 50 towers' footprints recomputed after a terrain upload in under 60 s, while visitors' checks
 *   keep a p99 under 50 ms;
 * - GET /api/check_coverage with 50 footprints loaded at >= 0.8x the req/s of GET /api/health
 *   (autocannon, interleaved rounds);
 * - the wireless overlay's tiles of the 50-tower region at zoom 10 under 300 KB in all.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { destinationPoint, type LatLng } from '../src/geo/sphere.js';
import { decode } from 'fast-png';
import { launchChromium } from '../e2e/support/chromium.js';
import { autocannon } from './autocannon.js';
import { buildServer, checkWhile, type ServerProcess, startServer } from './serverProcess.js';
import { quantile, seededRandom, writeHillTile } from './syntheticTerrain.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TOWERS = 50;
/** The middle of tile S34E018; towers within 30 km of it keep their 10 km footprints on the tile. */
const CENTRE: LatLng = { lat: -33.5, lng: 18.5 };
const TILE_SOUTH = -34;
const TILE_WEST = 18;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-footprints-'));
  try {
    buildServer();
    const tileDir = path.join(dataDir, 'tiles');
    mkdirSync(tileDir);
    const tile = writeHillTile(tileDir, TILE_SOUTH, TILE_WEST);
    oneTower(tileDir);
    await fiftyTowers(tile);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function oneTower(tileDir: string): void {
  console.log('\n== Footprint of one tower, 10 km radius, 1-arc-second terrain (compiled server code, worker thread) ==');
  const child = spawnSync(process.execPath, [path.join(HERE, 'footprintCompute.mjs'), tileDir, String(CENTRE.lat), String(CENTRE.lng), '10', '5'], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`footprint run failed: ${child.stderr}`);
  const runs = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    gridMs: number;
    workerMs: number;
    cells: number;
    seen: number;
    areasBytes: number;
    source: string;
  }[];
  for (const [i, r] of runs.entries()) {
    console.log(
      `  run ${i + 1}: heights ${r.gridMs.toFixed(0)} ms + sweep and band areas in a worker ${r.workerMs.toFixed(0)} ms = ${(r.gridMs + r.workerMs).toFixed(0)} ms; ` +
        `${r.cells.toLocaleString('en')} cells, ${r.seen.toLocaleString('en')} see the tower, areas ${(r.areasBytes / 1024).toFixed(0)} KB, terrain ${r.source}`,
    );
  }
  const worst = Math.max(...runs.slice(1).map((r) => r.gridMs + r.workerMs));
  console.log(`  slowest of runs 2-5 (run 1 reads the tile from disk) ${worst.toFixed(0)} ms, target < 1000 ms: ${worst < 1000 ? 'PASS' : 'FAIL'}`);
}

/** 50 towers over a 30 km disk around the centre, 20-60 m tall, 10 km radius (seeded). */
function towers(): Record<string, unknown>[] {
  const random = seededRandom(11);
  return Array.from({ length: TOWERS }, (_, i) => {
    const at = destinationPoint(CENTRE, random() * 360, 30_000 * Math.sqrt(random()));
    return {
      name: `Mast ${i + 1}`,
      latitude: at.lat,
      longitude: at.lng,
      height_meters: 20 + Math.round(random() * 40),
      antenna_height_meters: 5,
      coverage_radius_km: 10,
    };
  });
}

async function fiftyTowers(tilePath: string): Promise<void> {
  console.log(`\n== ${TOWERS} towers: footprints after a terrain upload, checks meanwhile, throughput, overlay tiles (compiled server) ==`);
  const server = await startServer();
  try {
    const imported = await fetch(`${server.base}/api/towers/bulk-import`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ towers: towers() }),
    });
    if (!imported.ok) throw new Error(`tower import failed: ${await imported.text()}`);
    const flat = await untilAllReady(server, '');
    console.log(`  on flat ground (no terrain yet): ${TOWERS} footprints in ${(flat.ms / 1000).toFixed(1)} s`);

    const form = new FormData();
    form.append('file', new Blob([readFileSync(tilePath)]), path.basename(tilePath));
    const uploadedAt = new Date().toISOString();
    const started = performance.now();
    const upload = await fetch(`${server.base}/api/terrain/tiles`, { method: 'POST', headers: server.auth, body: form });
    if (!upload.ok) throw new Error(`terrain upload failed: ${await upload.text()}`);
    let done = false;
    const checking = checkWhile(server.base, CENTRE, () => done, 2);
    const recomputed = await untilAllReady(server, uploadedAt);
    done = true;
    const checks = await checking;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  after uploading ${path.basename(tilePath)}: ${TOWERS} footprints recomputed in ${seconds.toFixed(1)} s (each ${quantile(recomputed.each, 0.5).toFixed(0)} ms p50, ${Math.max(...recomputed.each).toFixed(0)} ms max), target < 60 s: ${seconds < 60 ? 'PASS' : 'FAIL'}`,
    );
    const checksOk = checks.p99 < 50 && checks.failed + checks.timedOut === 0;
    console.log(
      `  check_coverage meanwhile: ${checks.count} checks, p50 ${checks.p50.toFixed(1)} ms, p99 ${checks.p99.toFixed(1)} ms, max ${checks.max.toFixed(0)} ms, ${checks.failed} errors, ${checks.timedOut} timeouts; target p99 < 50 ms and none: ${checksOk ? 'PASS' : 'FAIL'}`,
    );

    const check = `${server.base}/api/check_coverage?lat=${CENTRE.lat}&lng=${CENTRE.lng}&address=bench`;
    const probe = (await (await fetch(check)).json()) as { data: { wireless_feasibility: { total_towers_checked: number; towers_with_los: number } } };
    const health: number[] = [];
    const checksPerSecond: number[] = [];
    for (let round = 0; round < 2; round++) {
      health.push(await autocannon(`${server.base}/api/health`));
      checksPerSecond.push(await autocannon(check));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const ratio = mean(checksPerSecond) / mean(health);
    const { total_towers_checked: reaching, towers_with_los: clear } = probe.data.wireless_feasibility;
    console.log(
      `  GET /api/health ${mean(health).toFixed(0)} req/s, GET /api/check_coverage ${mean(checksPerSecond).toFixed(0)} req/s (${reaching} towers reach the point, ${clear} see it): ` +
        `ratio ${(ratio * 100).toFixed(1)}% (target >= 80%): ${ratio >= 0.8 ? 'PASS' : 'FAIL'}`,
    );

    await overlayTiles(server);
    await drawTime(server);
  } finally {
    await server.stop();
  }
}

/** Polls until every tower's footprint is ready and newer than `after`; the time it took and each one's computing time. */
async function untilAllReady(server: ServerProcess, after: string): Promise<{ ms: number; each: number[] }> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${server.base}/api/towers/footprints`, { headers: server.auth });
    const states = ((await response.json()) as { data: { status: string; updated_at: string; computed_ms: number | null }[] }).data;
    if (states.some((state) => state.status === 'failed')) throw new Error('a footprint failed');
    const ready = states.filter((state) => state.status === 'ready' && state.updated_at > after);
    if (ready.length === TOWERS) return { ms: performance.now() - started, each: ready.map((state) => state.computed_ms ?? 0) };
    if (performance.now() - started > 300_000) throw new Error(`only ${ready.length} of ${TOWERS} footprints were ready after 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every zoom-10 tile over the towers' region (their centres ± 40 km), fetched as the map would. */
async function overlayTiles(server: ServerProcess): Promise<void> {
  const zoom = 10;
  const reach = 40_000;
  const north = destinationPoint(CENTRE, 0, reach).lat;
  const south = destinationPoint(CENTRE, 180, reach).lat;
  const east = destinationPoint(CENTRE, 90, reach).lng;
  const west = destinationPoint(CENTRE, 270, reach).lng;
  const [x0, y0] = tileOf(north, west, zoom);
  const [x1, y1] = tileOf(south, east, zoom);
  let bytes = 0;
  let tiles = 0;
  let largest = 0;
  let firstMs: number | null = null;
  // The first tile after a change builds the tile index of every footprint's areas (in a worker):
  // visitors' checks go on meanwhile.
  let firstDone = false;
  const checking = checkWhile(server.base, CENTRE, () => firstDone, 2);
  for (let x = x0; x <= x1; x++) {
    for (let y = y0; y <= y1; y++) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/wireless_tiles/${zoom}/${x}/${y}.pbf`);
      firstMs ??= performance.now() - started;
      firstDone = true;
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status === 200) tiles++;
      bytes += body.byteLength;
      largest = Math.max(largest, body.byteLength);
    }
  }
  console.log(
    `  wireless overlay at zoom ${zoom} over the region: ${tiles} tiles with footprints of ${(x1 - x0 + 1) * (y1 - y0 + 1)}, ${(bytes / 1024).toFixed(0)} KB in all (largest ${(largest / 1024).toFixed(0)} KB), ` +
      `target < 300 KB: ${bytes < 300 * 1024 ? 'PASS' : 'FAIL'}`,
  );
  const checks = await checking;
  console.log(
    `  the first tile after the footprints changed took ${firstMs?.toFixed(0)} ms (the tile index of all ${TOWERS} footprints is built then, in a worker); ` +
      `${checks.count} checks meanwhile: p99 ${checks.p99.toFixed(1)} ms, max ${checks.max.toFixed(0)} ms`,
  );
}

/**
 * In headless Chromium (software WebGL), /embed centred on the towers at zoom 10: the time from
 * navigation to the map's canvas, and to the overlay drawn (the pixels around the centre turn
 * violet), three loads.
 */
async function drawTime(server: ServerProcess): Promise<void> {
  const browser = await launchChromium();
  try {
    for (let load = 1; load <= 3; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      let tileBytes = 0;
      page.on('response', (response) => {
        if (response.url().includes('/api/wireless_tiles/'))
          void response.body().then(
            (body) => (tileBytes += body.byteLength),
            () => undefined,
          );
      });
      const started = performance.now();
      await page.goto(`${server.base}/embed?location=${CENTRE.lat},${CENTRE.lng}&zoom=10`);
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 30_000 });
      const canvasMs = performance.now() - started;
      let drawnMs = NaN;
      while (performance.now() - started < 30_000) {
        const png = decode(await page.screenshot({ clip: { x: 620, y: 380, width: 40, height: 40 } }));
        let violet = 0;
        for (let i = 0; i < png.width * png.height; i++) {
          const [r, g, b] = [png.data[i * png.channels]!, png.data[i * png.channels + 1]!, png.data[i * png.channels + 2]!];
          if (r > g + 10 && b > g + 10) violet++;
        }
        if (violet > (png.width * png.height) / 2) {
          drawnMs = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      console.log(
        `  /embed load ${load}: map canvas at ${canvasMs.toFixed(0)} ms, wireless overlay drawn at ${drawnMs.toFixed(0)} ms (${(drawnMs - canvasMs).toFixed(0)} ms after), ${(tileBytes / 1024).toFixed(0)} KB of overlay tiles`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

function tileOf(lat: number, lng: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n)];
}
