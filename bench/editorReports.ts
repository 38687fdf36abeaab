/**
 * Issue 22 follow-up: a provider editor's reports against the admin's, with 200,000 search logs
 * over 12 months across 10 providers, on SQLite and on PostgreSQL (when TEST_DATABASE_URL or
 * DATABASE_URL is set). Searches are served each way a spot can be: by providers' layers or APIs
 * (search_log_providers), by a tower alone (wireless only: search_log_towers, towers owned by
 * providers or by the map operator), by both, or not at all; a few are follow-ups. The data is
 * written straight into the tables (roll-ups built as migration 0012 builds them); the compiled
 * server then answers over HTTP in its own process (bench/serverProcess.ts). Each report endpoint
 * is timed as the admin (the reference) and as an editor scoped to one provider, in the same run:
 * median, p95 and the ratio editor/admin. Targets: a report's editor median under 1 s (a screen's
 * budget; the admin reads pre-summed hours and days, the editor counts their searches one by one,
 * so their ratio is shown, not held to), an export's at most twice the admin's; the server's RSS
 * is read from /proc during the requests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords.js';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import type { Database } from '../src/server/db/schema.js';
import { buildServer, RssPeak, rssMb, type ServerProcess, startServer } from './serverProcess.js';
import { rebuildSearchRollups } from './searchRollups.js';
import { quantile, seededRandom } from './syntheticTerrain.js';

const SEARCHES = 200_000;
const PROVIDERS = 10;
/** Two towers per provider, and two of the map operator's own (no provider). */
const TOWERS = 2 * PROVIDERS + 2;
const LEADS = 10_000;
const ROWS_PER_INSERT = 500;
/** Timed requests per endpoint and user, after WARM_UP untimed ones. */
const REPEATS = 10;
const WARM_UP = 2;
const NOW = Date.now();
const YEAR_MS = 365 * 86_400_000;
/** South Africa's bounding box, degrees. */
const COUNTRY = { west: 16.4, south: -34.9, east: 32.9, north: -22.1 };
const ACTIONS = ['no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'no_action', 'contact_me', 'sign_up'];
const STATUSES = ['new', 'contacted', 'converted', 'closed'];
const EDITOR = { username: 'bench-editor', password: 'Bench-Editor-Pass-42!' };
/** The provider the editor is scoped to. */
const EDITOR_PROVIDER = 3;
/** An export's editor median against the admin's. */
const MAX_EXPORT_RATIO = 2;
/** A report's editor median, ms. */
const MAX_EDITOR_MS = 1000;

/** Towers owned by provider p are ids 2p-1 and 2p; the last two belong to no provider. */
const towerOwner = (towerId: number) => (towerId <= 2 * PROVIDERS ? Math.ceil(towerId / 2) : null);

async function seed(db: Kysely<Database>): Promise<void> {
  const random = seededRandom(22);
  const started = performance.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const base = { active: 1 as const, created_at: iso(NOW), updated_at: iso(NOW) };
  await db
    .insertInto('providers')
    .values(
      Array.from({ length: PROVIDERS }, (_, i) => ({
        ...base,
        name: `Provider ${i + 1}`,
        data_source: 'kml_upload' as const,
        auto_sync: 0 as const,
        api_auth_type: 'none' as const,
      })),
    )
    .execute();
  // Inactive: the reports read only a tower's owner, and the server then computes no footprint for them.
  await db
    .insertInto('towers')
    .values(
      Array.from({ length: TOWERS }, (_, i) => ({
        ...base,
        active: 0 as const,
        name: `Tower ${i + 1}`,
        latitude: -30,
        longitude: 25,
        height_meters: 30,
        antenna_height_meters: 30,
        frequency_ghz: 5.8,
        power_dbm: 30,
        coverage_radius_km: 10,
        provider_id: towerOwner(i + 1),
      })),
    )
    .execute();
  let previous: number | null = null;
  for (let batch = 0; batch < SEARCHES / ROWS_PER_INSERT; batch++) {
    const logs = [];
    const providerRows: { search_log_id: number; provider_id: number; service_status: string; created_at: string }[] = [];
    const towerRows: { search_log_id: number; tower_id: number }[] = [];
    for (let i = 0; i < ROWS_PER_INSERT; i++) {
      const id = batch * ROWS_PER_INSERT + i + 1;
      // Spread over the year, oldest first, so that ids follow time as they do in use.
      const createdAt = iso(NOW - YEAR_MS + Math.floor((id / SEARCHES) * YEAR_MS));
      // 5 % are follow-ups of the log before (the action after a lead), 55 % of searches found 1-2
      // providers, 10 % only a tower; a quarter of those with a provider were reached by a tower too.
      const followUp = previous !== null && random() < 0.05;
      const kind = random();
      const providers = kind < 0.55 ? 1 + Math.floor(random() * 2) : 0;
      const towers = kind < 0.55 ? (random() < 0.25 ? 1 : 0) : kind < 0.65 ? 1 + Math.floor(random() * 2) : 0;
      const chosen = new Set<number>();
      while (chosen.size < providers) chosen.add(1 + Math.floor(random() * PROVIDERS));
      const reached = new Set<number>();
      while (reached.size < towers) reached.add(1 + Math.floor(random() * TOWERS));
      for (const provider of chosen) providerRows.push({ search_log_id: id, provider_id: provider, service_status: 'live', created_at: createdAt });
      for (const tower of reached) towerRows.push({ search_log_id: id, tower_id: tower });
      logs.push({
        session_id: `visit-${id.toString(36).padStart(8, '0')}`,
        search_type: random() < 0.8 ? 'address' : 'geolocation',
        lat: COUNTRY.south + random() * (COUNTRY.north - COUNTRY.south),
        lng: COUNTRY.west + random() * (COUNTRY.east - COUNTRY.west),
        address: random() < 0.8 ? `${Math.floor(random() * 200)} Main Road` : null,
        action_taken: ACTIONS[Math.floor(random() * ACTIONS.length)]!,
        provider_count: chosen.size,
        wireless_available: reached.size > 0 ? 1 : 0,
        follow_up_of: followUp ? previous : null,
        created_at: createdAt,
      });
      previous = id;
    }
    await db.insertInto('search_logs').values(logs).execute();
    if (providerRows.length > 0) await db.insertInto('search_log_providers').values(providerRows).execute();
    if (towerRows.length > 0) await db.insertInto('search_log_towers').values(towerRows).execute();
  }
  for (let batch = 0; batch < LEADS / ROWS_PER_INSERT; batch++) {
    const leads = Array.from({ length: ROWS_PER_INSERT }, () => {
      const search = 1 + Math.floor(random() * SEARCHES);
      const createdAt = iso(NOW - YEAR_MS + Math.floor((search / SEARCHES) * YEAR_MS) + 60_000);
      return {
        search_id: search,
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

/** The provider editor, written as an accepted invitation leaves one (the server made the admin at start), signed in: its authorization header. */
async function signInEditor(db: Kysely<Database>, server: ServerProcess): Promise<{ authorization: string }> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('admin_users')
    .values({ username: EDITOR.username, password_hash: await hashPassword(EDITOR.password), role: 'provider_editor', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_providers').values({ user_id: id, provider_id: EDITOR_PROVIDER }).execute();
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  if (!login.ok) throw new Error(`the editor's sign-in failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

interface Timing {
  p50: number;
  p95: number;
}

async function timed(server: ServerProcess, url: string, auth: { authorization: string }): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REPEATS; i++) {
    const started = performance.now();
    const response = await fetch(`${server.base}${url}`, { headers: auth });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function measure(label: string, database: DatabaseConfig, env: Record<string, string>): Promise<void> {
  console.log(
    `\n== A provider editor's reports on ${label}: ${SEARCHES.toLocaleString('en')} search logs over 12 months, ${PROVIDERS} providers (compiled server, own process) ==`,
  );
  const opened = await openDatabase(database, console);
  let server: ServerProcess | null = null;
  try {
    await seed(opened.kysely);
    server = await startServer({ ...env, LOG_LEVEL: 'warn' });
    const editor = await signInEditor(opened.kysely, server);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const year = `start_date=${day(NOW - 364 * 86_400_000)}&end_date=${day(NOW)}`;
    const bbox = `west=${COUNTRY.west}&south=${COUNTRY.south}&east=${COUNTRY.east}&north=${COUNTRY.north}`;
    /** Name, URL, whether it is a CSV export. */
    const endpoints: [string, string, boolean][] = [
      ['dashboard, the last 30 days', '/api/reports/dashboard', false],
      ['dashboard, the year', `/api/reports/dashboard?${year}`, false],
      ['searches, the year', `/api/reports/searches?${year}`, false],
      ['searches CSV, the year', `/api/reports/searches?${year}&format=csv`, true],
      ['providers, the year', `/api/reports/providers?${year}`, false],
      ['lead_activity, the year', `/api/reports/lead_activity?${year}`, false],
      ['leads, the first page of the year', `/api/reports/leads?${year}`, false],
      ['map_data, the whole country, the year', `/api/reports/map_data?zoom=6&${year}&${bbox}`, false],
    ];
    const pid = server.pid;
    const idle = rssMb(pid);
    const peak = new RssPeak(pid);
    const ms = (value: number) => value.toFixed(0).padStart(5);
    console.log(`  ${'endpoint'.padEnd(40)}   admin p50   p95 | editor p50   p95 | ratio`);
    let failures = 0;
    for (const [name, url, isExport] of endpoints) {
      const admin = await timed(server, url, server.auth);
      const scoped = await timed(server, url, editor);
      const ratio = scoped.p50 / admin.p50;
      const pass = isExport ? ratio <= MAX_EXPORT_RATIO : scoped.p50 < MAX_EDITOR_MS;
      if (!pass) failures++;
      console.log(
        `  ${name.padEnd(40)} ${ms(admin.p50)} ms ${ms(admin.p95)} | ${ms(scoped.p50)} ms ${ms(scoped.p95)} | ${ratio.toFixed(2).padStart(5)}${pass ? '' : '  FAIL'}`,
      );
    }
    const top = peak.stop();
    console.log(
      `  server RSS ${idle.toFixed(0)} MB before the requests, peak ${top.toFixed(0)} MB during them; ` +
        `${failures === 0 ? 'PASS' : `FAIL (${failures})`}: every report's editor median < ${MAX_EDITOR_MS} ms, an export's <= ${MAX_EXPORT_RATIO} x the admin's; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
  } finally {
    await server?.stop();
    await opened.close();
  }
}

export async function run(): Promise<void> {
  buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-editor-reports-'));
  try {
    await measure('SQLite', { kind: 'sqlite', file: path.join(dataDir, 'coverage.sqlite') }, { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.log('NOTICE: TEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
    return;
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'bench-editor-reports-pg-'));
  try {
    await measure(
      'PostgreSQL',
      { kind: 'postgres', url, schema, timeouts: { connectMs: 3000, statementMs: 60_000 } },
      { DATA_DIR: pgDataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema },
    );
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
