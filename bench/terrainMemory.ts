/**
 * Issue 8 target: the server's memory with 16 one-arc-second tiles (26 MB each decoded, 415 MB in
 * all) used one after another stays within TERRAIN_MEMORY_MB of its idle RSS. The compiled server
 * runs as its own process, as in production; its whole RSS is read from /proc while the requests
 * run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHillTile } from './syntheticTerrain.js';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-options.mjs';

const MEMORY_MB = 128;
const TILES = { south: [-34, -33, -32, -31], west: [18, 19, 20, 21] };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

export async function run(): Promise<void> {
  console.log(`\n== Terrain memory: 16 one-arc-second tiles, TERRAIN_MEMORY_MB=${MEMORY_MB}, the compiled server's RSS ==`);
  if (spawnSync('npm', ['run', 'build:server'], { stdio: 'ignore' }).status !== 0) throw new Error('npm run build:server failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-terrain-memory-'));
  const terrainDir = path.join(dataDir, 'terrain');
  mkdirSync(terrainDir);
  for (const south of TILES.south) for (const west of TILES.west) writeHillTile(terrainDir, south, west);
  const port = await freePort();
  // Started as npm start starts it (scripts/start.mjs, scripts/server-options.mjs).
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve('dist/server/server/main.js')], {
    env: serverEnv({
      ...process.env,
      DATA_DIR: dataDir,
      // Set, so the tiles stay files read from the folder (unset, DATA_DIR/terrain would move into the database at start).
      TERRAIN_DIR: terrainDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
      TERRAIN_MEMORY_MB: String(MEMORY_MB),
    }),
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 100) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = (await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
      })
    ).json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
    const towers = TILES.south.flatMap((south) =>
      TILES.west.map((west) => ({ name: `T ${south} ${west}`, latitude: south + 0.3, longitude: west + 0.3, height_meters: 30, coverage_radius_km: 30 })),
    );
    // One more, far from every tile, to warm the line-of-sight code on flat ground before the idle reading.
    towers.push({ name: 'Warm-up', latitude: 0.3, longitude: 0.3, height_meters: 30, coverage_radius_km: 30 });
    await fetch(`${base}/api/towers/bulk-import`, { method: 'POST', headers: auth, body: JSON.stringify({ towers }) });
    const list = (await (await fetch(`${base}/api/towers`, { headers: auth })).json()) as { data: { id: number; latitude: number; longitude: number }[] };
    const warmUp = list.data.find((tower) => tower.latitude > 0)!;
    const inTiles = list.data.filter((tower) => tower !== warmUp);
    // The server warm (coverage checks and line of sight on flat ground), no terrain loaded.
    for (let i = 0; i < 20; i++) {
      await fetch(`${base}/api/check_coverage?lat=0&lng=0`);
      await (await fetch(`${base}/api/line-of-sight/tower/${warmUp.id}?lat=0.4&lng=0.4`, { headers: auth })).arrayBuffer();
    }
    const idle = rssMb(server.pid!);
    let peak = idle;
    const poll = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 10);
    const started = performance.now();
    for (const tower of inTiles) {
      const target = `lat=${tower.latitude + 0.15}&lng=${tower.longitude + 0.15}&height=2`;
      const response = await fetch(`${base}/api/line-of-sight/tower/${tower.id}?${target}`, { headers: auth });
      if (!response.ok) throw new Error(`line of sight failed: ${await response.text()}`);
      const body = (await response.json()) as { data: { terrain_source: string } };
      if (body.data.terrain_source !== 'hgt') throw new Error(`expected hgt terrain, got ${body.data.terrain_source}`);
    }
    clearInterval(poll);
    const growth = peak - idle;
    console.log(
      `  16 tiles read (${((performance.now() - started) / 1000).toFixed(1)} s, each decoded on first use): idle RSS ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
    );
    console.log(`  growth ${growth.toFixed(0)} MB against the ${MEMORY_MB} MB limit (all 16 tiles would be 415 MB): ${growth <= MEMORY_MB ? 'PASS' : 'FAIL'}`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
