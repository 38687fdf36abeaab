/**
 * Importing 100,000 measurements (issue 21 §1): a drive test's CSV (one tower, one path, a row
 * every few metres) POSTed as text/csv to the compiled server in its own process, on SQLite and,
 * when TEST_DATABASE_URL is set, PostgreSQL. Prints the answer's time, the server's RSS before and
 * at its peak during the import, the server's longest event-loop stall meanwhile (bench/eventLoopProbe.cjs:
 * the import parses, checks and inserts in slices with a turn of the event loop between), and the
 * time to export them all.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MEASUREMENT_CSV_COLUMNS, MEASUREMENT_IMPORT_MAX_ROWS } from '../src/common/api/measurements.js';
import { buildServer, EVENT_LOOP_PROBE_ENV, eventLoopDelay, RssPeak, rssMb, type ServerProcess, startServer } from './serverProcess.js';

const DRIVE_START_MS = Date.UTC(2026, 2, 1, 8);

/** A drive along a line north-east of the tower: 100,000 points about 2 m apart, signals falling with distance plus a ripple. */
function driveTestCsv(rows: number): string {
  const lines = [MEASUREMENT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const lat = (-33.93 + i * 0.000018).toFixed(6);
    const lng = (18.86 + i * 0.000018).toFixed(6);
    const rssi = (-45 - i * 0.0004 - 6 * Math.sin(i / 50)).toFixed(1);
    // One point a second from 08:00 UTC on.
    const measuredAt = new Date(DRIVE_START_MS + i * 1000).toISOString();
    lines.push(`${lat},${lng},2,HILL,North,${rssi},${measuredAt},,drive_test,`);
  }
  return `${lines.join('\n')}\n`;
}

async function api(server: ServerProcess, method: string, path: string, body?: unknown): Promise<{ data: unknown }> {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { ...server.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown };
}

async function measure(label: string, env: Record<string, string>, csv: string): Promise<void> {
  const server = await startServer({ ...env, ...EVENT_LOOP_PROBE_ENV });
  try {
    const tower = (await api(server, 'POST', '/api/towers', { name: 'Hill', code: 'HILL', latitude: -33.93, longitude: 18.86, height_meters: 30 })).data as {
      id: number;
    };
    await api(server, 'POST', `/api/towers/${tower.id}/sectors`, { name: 'North', azimuth_deg: 45, antenna_pattern_id: 2 });
    // Read (and reset) the event loop's delay so far: the import's own stalls are read after it.
    await eventLoopDelay(server);
    const rssBefore = rssMb(server.pid);
    const peak = new RssPeak(server.pid);
    const started = performance.now();
    const response = await fetch(`${server.base}/api/measurements/import`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'text/csv' },
      body: csv,
    });
    const seconds = (performance.now() - started) / 1000;
    const peakMb = peak.stop();
    const loop = await eventLoopDelay(server);
    const result = (await response.json()) as { data: { imported_count: number; error_count: number } };
    if (!response.ok || result.data.imported_count !== MEASUREMENT_IMPORT_MAX_ROWS)
      throw new Error(`the import failed: ${response.status} ${JSON.stringify(result).slice(0, 500)}`);

    const exportStarted = performance.now();
    const exported = await fetch(`${server.base}/api/measurements/export`, { headers: server.auth }).then((r) => r.text());
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const exportedRows = exported.split('\r\n').length - 2;

    console.log(
      `  ${label}: ${result.data.imported_count.toLocaleString('en-US')} rows (${(csv.length / 1e6).toFixed(1)} MB) imported in ${seconds.toFixed(2)} s; ` +
        `server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB during; event loop's longest stall ${loop.maxMs.toFixed(0)} ms (p99 ${loop.p99Ms.toFixed(0)} ms); ` +
        `export of ${exportedRows.toLocaleString('en-US')} rows (${(exported.length / 1e6).toFixed(1)} MB) ${exportSeconds.toFixed(2)} s`,
    );
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<void> {
  console.log(`\n== Measurement import: ${MEASUREMENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows of CSV through HTTP (compiled server, own process) ==`);
  buildServer();
  const csv = driveTestCsv(MEASUREMENT_IMPORT_MAX_ROWS);
  await measure('SQLite', {}, csv);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `bench_measurements_${randomBytes(4).toString('hex')}`;
  try {
    await measure('PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema }, csv);
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}
