/**
 * Issue 9 targets, with 1,000,000 search logs over 12 months and 50,000 leads, on SQLite and on
 * PostgreSQL (when TEST_DATABASE_URL or DATABASE_URL is set): the dashboard for the year under
 * 300 ms and for 30 days under 100 ms; a page of the leads report under 50 ms; map_data for the
 * whole country under 500 ms; a CSV export of every search log streamed with the server's memory
 * growth under 50 MB. The data is written straight into the tables (and their roll-ups built as
 * migration 0006 builds them); the compiled server then answers over HTTP in its own
 * process, whose RSS is read from /proc while the export runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import type { Database } from '../src/server/db/schema.js';
import { rebuildSearchRollups } from './searchRollups.js';
import { quantile, seededRandom } from './syntheticTerrain.js';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-options.mjs';

const SEARCHES = 1_000_000;
const LEADS = 50_000;
const PROVIDERS = 50;
const ROWS_PER_INSERT = 1000;
const NOW = Date.now();
const YEAR_MS = 365 * 86_400_000;
/** South Africa's bounding box, degrees. */
const COUNTRY = { west: 16.4, south: -34.9, east: 32.9, north: -22.1 };
const ACTIONS = ['no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'contact_me', 'sign_up'];
const STATUSES = ['new', 'contacted', 'converted', 'closed'];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function seed(db: Kysely<Database>): Promise<void> {
  const random = seededRandom(2026);
  const started = performance.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  await db
    .insertInto('providers')
    .values(
      Array.from({ length: PROVIDERS }, (_, i) => ({
        name: `Provider ${i + 1}`,
        active: 1 as const,
        data_source: 'kml_upload' as const,
        auto_sync: 0 as const,
        api_auth_type: 'none' as const,
        created_at: iso(NOW),
        updated_at: iso(NOW),
      })),
    )
    .execute();
  for (let batch = 0; batch < SEARCHES / ROWS_PER_INSERT; batch++) {
    const logs = [];
    const found: { search_log_id: number; provider_id: number; service_status: string; created_at: string }[] = [];
    for (let i = 0; i < ROWS_PER_INSERT; i++) {
      const id = batch * ROWS_PER_INSERT + i + 1;
      // Spread over the year, oldest first, so that ids follow time as they do in use.
      const createdAt = iso(NOW - YEAR_MS + Math.floor((id / SEARCHES) * YEAR_MS));
      const providers = random() < 0.6 ? 1 + Math.floor(random() * 3) : 0;
      const chosen = new Set<number>();
      while (chosen.size < providers) chosen.add(1 + Math.floor(random() * PROVIDERS));
      for (const provider of chosen) found.push({ search_log_id: id, provider_id: provider, service_status: 'live', created_at: createdAt });
      logs.push({
        session_id: `visit-${id.toString(36).padStart(8, '0')}`,
        search_type: random() < 0.8 ? 'address' : 'geolocation',
        lat: COUNTRY.south + random() * (COUNTRY.north - COUNTRY.south),
        lng: COUNTRY.west + random() * (COUNTRY.east - COUNTRY.west),
        address: random() < 0.8 ? `${Math.floor(random() * 200)} Main Road` : null,
        action_taken: ACTIONS[Math.floor(random() * ACTIONS.length)]!,
        provider_count: chosen.size,
        follow_up_of: null,
        created_at: createdAt,
      });
    }
    await db.insertInto('search_logs').values(logs).execute();
    for (let start = 0; start < found.length; start += ROWS_PER_INSERT)
      await db
        .insertInto('search_log_providers')
        .values(found.slice(start, start + ROWS_PER_INSERT))
        .execute();
  }
  for (let batch = 0; batch < LEADS / ROWS_PER_INSERT; batch++) {
    const leads = Array.from({ length: ROWS_PER_INSERT }, () => {
      const search = 1 + Math.floor(random() * SEARCHES);
      const createdAt = iso(NOW - YEAR_MS + Math.floor((search / SEARCHES) * YEAR_MS) + 60_000);
      return {
        search_id: random() < 0.9 ? search : null,
        provider_id: random() < 0.85 ? 1 + Math.floor(random() * PROVIDERS) : null,
        name: 'Bench Visitor',
        email: 'visitor@example.com',
        phone: null,
        message: 'Please call me',
        lead_type: random() < 0.5 ? 'sign_up' : 'contact_request',
        status: STATUSES[Math.floor(random() * STATUSES.length)]!,
        notes: null,
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await db.insertInto('leads').values(leads).execute();
  }
  await rebuildSearchRollups(db);
  await sql`analyze`.execute(db);
  console.log(
    `  seeded ${SEARCHES.toLocaleString('en')} searches and ${LEADS.toLocaleString('en')} leads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function measure(label: string, env: Record<string, string>, database: DatabaseConfig): Promise<void> {
  console.log(
    `\n== Reports on ${label}: ${SEARCHES.toLocaleString('en')} search logs over 12 months, ${LEADS.toLocaleString('en')} leads (compiled server, own process) ==`,
  );
  const opened = await openDatabase(database, console);
  try {
    await seed(opened.kysely);
  } finally {
    await opened.close();
  }
  const port = await freePort();
  // Started as npm start starts it (scripts/start.mjs, scripts/server-options.mjs).
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve('dist/server/server/main.js')], {
    env: serverEnv({ ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' }),
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (
      let i = 0;
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 200) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = (await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
      })
    ).json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${login.data.token}` };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const year = `start_date=${day(NOW - 364 * 86_400_000)}&end_date=${day(NOW)}`;
    const timed = async (name: string, url: string, target: number) => {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < 12; i++) {
        const started = performance.now();
        const response = await fetch(`${base}${url}`, { headers: auth });
        body = await response.text();
        if (!response.ok) throw new Error(`${name}: ${response.status} ${body.slice(0, 200)}`);
        if (i >= 2) times.push(performance.now() - started);
      }
      const p50 = quantile(times, 0.5);
      console.log(
        `  ${name.padEnd(42)} p50 ${p50.toFixed(0).padStart(4)} ms, max ${Math.max(...times)
          .toFixed(0)
          .padStart(4)} ms (target < ${target} ms): ${p50 < target ? 'PASS' : 'FAIL'}`,
      );
      return body;
    };
    await timed('dashboard, the whole year', `/api/reports/dashboard?${year}`, 300);
    await timed('dashboard, the last 30 days', '/api/reports/dashboard', 100);
    const first = JSON.parse(await timed('leads, the first page of the year', `/api/reports/leads?${year}`, 50)) as { data: { next_cursor: string } };
    await timed('leads, the next page (keyset)', `/api/reports/leads?${year}&cursor=${first.data.next_cursor}`, 50);
    await timed('leads, filtered by provider and status', `/api/reports/leads?${year}&provider_id=7&status=contacted`, 50);
    const bbox = `west=${COUNTRY.west}&south=${COUNTRY.south}&east=${COUNTRY.east}&north=${COUNTRY.north}`;
    await timed('map_data, the whole country, 30 days', `/api/reports/map_data?zoom=6&${bbox}`, 500);
    await timed('map_data, the whole country, the year', `/api/reports/map_data?zoom=6&${year}&${bbox}`, 500);

    global.gc?.();
    const rss = () => Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    const idle = rss();
    let peak = idle;
    const poll = setInterval(() => (peak = Math.max(peak, rss())), 20);
    const started = performance.now();
    const response = await fetch(`${base}/api/reports/searches?${year}&format=csv`, { headers: auth });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    clearInterval(poll);
    const growth = peak - idle;
    console.log(
      `  CSV of every search of the year: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; server RSS ${idle.toFixed(0)} -> peak ${peak.toFixed(0)} MB: growth ${growth.toFixed(0)} MB (target < 50 MB): ${growth < 50 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

export async function run(): Promise<void> {
  if (spawnSync('npm', ['run', 'build:server'], { stdio: 'ignore' }).status !== 0) throw new Error('npm run build:server failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-reports-'));
  try {
    await measure('SQLite', { DATA_DIR: dataDir }, { kind: 'sqlite', file: path.join(dataDir, 'coverage.sqlite') });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.log('NOTICE: TEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
    return;
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'bench-reports-pg-'));
  try {
    await measure(
      'PostgreSQL',
      { DATA_DIR: pgDataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema },
      { kind: 'postgres', url, schema, timeouts: { connectMs: 3000, statementMs: 60_000 } },
    );
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
