import { afterEach, describe, expect, it, vi } from 'vitest';
import { TcpProxy } from './support/tcpProxy.js';
import { bearer, createTestApp, signIn, type TestApp } from './support/testApp.js';

// The measurement predictor when PostgreSQL stalls and drops in the middle of a pass (issue 21):
// the pass breaks off, the process stays up, and the predictions resume once the database is back,
// keeping what was written (each batch is its own transaction).

const databaseUrl = process.env.TEST_DATABASE_URL;
const MEASUREMENTS = 10_000;
/** How long PostgreSQL stalls, ms: beyond the statement timeout (1.5 s), so the pass fails. */
const PAUSE_MS = 3000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function predictedCount(app: TestApp): Promise<number> {
  const rows = await app.db.kysely.selectFrom('measurements').select('id').where('prediction_key', 'is not', null).execute();
  return rows.length;
}

describe.skipIf(!databaseUrl)('measurement predictions when PostgreSQL stalls and drops', () => {
  it('break off, keep what was written, and resume once the database is back', { timeout: 120_000 }, async () => {
    const database = new URL(databaseUrl!);
    const proxy = await TcpProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const app = await createTestApp('postgres', {
      env: {
        DATABASE_URL: proxied.toString(),
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1500',
        // A pass the database broke off is tried again after the coverage poll interval.
        COVERAGE_POLL_MS: '200',
      },
    });
    cleanups.push(() => app.close());
    cleanups.push(() => proxy.resume());
    const token = await signIn(app);
    const send = async (url: string, payload: object) => {
      const response = await app.server.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const tower = await send('/api/towers', { name: 'Plain', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 15 });
    const rows = Array.from({ length: MEASUREMENTS }, (_, i) => ({
      lat: -33.5 + (i % 100) * 0.0005,
      lng: 18.21 + Math.floor(i / 100) * 0.0005,
      height_m: 6,
      tower: tower.id,
      rssi_dbm: -70,
      source: 'drive_test',
    }));
    expect(await send('/api/measurements/import', { measurements: rows })).toMatchObject({ imported_count: MEASUREMENTS });

    // Stalled in the middle of the pass: some predictions written, not all.
    await vi.waitFor(async () => expect(await predictedCount(app)).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    proxy.pause();
    await new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));
    proxy.resume();
    const afterStall = await predictedCount(app);
    expect(afterStall, 'the stall came before the pass ended').toBeLessThan(MEASUREMENTS);

    // Then the connections drop while it goes on.
    await vi.waitFor(async () => expect(await predictedCount(app)).toBeGreaterThan(afterStall), { timeout: 30_000, interval: 5 });
    proxy.reset();

    await vi.waitFor(async () => expect(await predictedCount(app)).toBe(MEASUREMENTS), { timeout: 60_000, interval: 200 });
    expect(await app.measurementPredictor.pending()).toBe(0);
    const health = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.database).toBe('ok');
  });
});
