/**
 * Issue 21: how fast the background predicts measurements (the line-of-sight link at each, ITM over
 * 1-arc-second terrain: synthetic hills, bench/syntheticTerrain.ts), and what it costs the event
 * loop meanwhile. 10 towers of 3 sectors (the generic 120° pattern), MEASUREMENT_PREDICTIONS
 * measurements (default 100,000) at seeded spots 0.3-10 km from their tower, half naming a sector,
 * stored in SQLite; then one predictor pass, timed until nothing is pending. The towers are stored
 * inactive so that no footprint is computed meanwhile (a measurement is predicted from its tower
 * whether active or not; the work per prediction is the same). Prints predictions per second and
 * the event loop's delay (p50, p90, p99, max) during the pass.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { destinationPoint } from '../src/geo/sphere.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { seededRandom, writeHillTile } from './syntheticTerrain.js';

const TOWERS = 10;
const SECTORS_PER_TOWER = 3;
/** The generic 120° sector (built-in pattern ids 1-4: 60°, 90°, 120°, dish). */
const SECTOR_120_PATTERN_ID = 3;
const INSERT_ROWS = 1000;

export async function run(): Promise<void> {
  const predictions = Number(process.env.MEASUREMENT_PREDICTIONS ?? 100_000);
  const root = mkdtempSync(path.join(tmpdir(), 'bench-predictions-'));
  const terrainDir = path.join(root, 'terrain');
  mkdirSync(terrainDir);
  for (const [south, west] of [
    [-34, 18],
    [-34, 19],
    [-33, 18],
    [-33, 19],
  ] as const) {
    writeHillTile(terrainDir, south, west);
  }
  const app = await buildApp(
    loadConfig({ DATA_DIR: path.join(root, 'data'), TERRAIN_DIR: terrainDir, LOG_LEVEL: 'warn', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Sup3r-Secret!' }),
  );
  try {
    const db = app.db.kysely;
    const random = seededRandom(21);
    const now = new Date().toISOString();
    const centre = { lat: -33.0, lng: 19.0 };
    const towers: Array<{ id: number; lat: number; lng: number; sectorIds: number[] }> = [];
    for (let t = 0; t < TOWERS; t++) {
      const at = destinationPoint(centre, random() * 360, 5000 + random() * 25_000);
      const tower = await db
        .insertInto('towers')
        .values({
          name: `Tower ${t + 1}`,
          code: null,
          latitude: at.lat,
          longitude: at.lng,
          height_meters: 25 + Math.round(random() * 30),
          antenna_height_meters: 5,
          frequency_ghz: 5.8,
          power_dbm: 20,
          coverage_radius_km: 12,
          description: null,
          active: 0,
          installed_date: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sectorIds: number[] = [];
      for (let s = 0; s < SECTORS_PER_TOWER; s++) {
        const sector = await db
          .insertInto('tower_sectors')
          .values({
            tower_id: tower.id,
            name: `S${s + 1}`,
            azimuth_deg: s * 120,
            downtilt_deg: 2,
            antenna_pattern_id: SECTOR_120_PATTERN_ID,
            frequency_ghz: 5.8,
            power_dbm: 20,
            height_m: null,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        sectorIds.push(sector.id);
      }
      towers.push({ id: tower.id, lat: at.lat, lng: at.lng, sectorIds });
    }
    for (let start = 0; start < predictions; start += INSERT_ROWS) {
      const rows = Array.from({ length: Math.min(INSERT_ROWS, predictions - start) }, (_, i) => {
        const tower = towers[(start + i) % TOWERS]!;
        const spot = destinationPoint({ lat: tower.lat, lng: tower.lng }, random() * 360, 300 + random() * 9700);
        return {
          tower_id: tower.id,
          sector_id: random() < 0.5 ? tower.sectorIds[Math.floor(random() * SECTORS_PER_TOWER)]! : null,
          latitude: spot.lat,
          longitude: spot.lng,
          height_m: 4 + Math.round(random() * 6),
          rssi_dbm: -60 - random() * 25,
          measured_at: now,
          cpe_profile: null,
          source: 'drive_test',
          note: null,
          lead_id: null,
          created_at: now,
        };
      });
      await db.insertInto('measurements').values(rows).execute();
    }

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    app.measurementPredictor.request();
    while ((await app.measurementPredictor.pending()) > 0) await sleep(250);
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    console.log(
      `measurementPrediction: ${predictions.toLocaleString('en-US')} predictions (ITM, 1-arc-second hills, ${TOWERS} towers × ${SECTORS_PER_TOWER} sectors, SQLite) in ${seconds.toFixed(1)} s: ` +
        `${Math.round(predictions / seconds).toLocaleString('en-US')} predictions/s; event loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p90 ${(delay.percentile(90) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  } finally {
    await app.server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
