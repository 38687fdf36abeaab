import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { revisionChannel } from '../src/server/coverage-revision/revisionNotifications.js';
import { bearer, createTestApp, signIn, type TestApp } from './support/testApp.js';
import { TcpProxy } from './support/tcpProxy.js';

const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1500;
/** A request that waits for the database gives up within its timeouts; this much more for the rest of its work. */
const ANSWER_MARGIN_MS = 1000;
const PAUSE_MS = 10_000;
const UNAVAILABLE = { success: false, message: 'Service temporarily unavailable' };

const databaseUrl = process.env.TEST_DATABASE_URL;

/** TEST_DATABASE_URL with its host and port replaced by the proxy's. */
function throughProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

function schemaOf(app: TestApp): string {
  if (app.config.database.kind !== 'postgres' || !app.config.database.schema) throw new Error('a PostgreSQL app in its own schema');
  return app.config.database.schema;
}

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe.skipIf(!databaseUrl)('a PostgreSQL server that goes away', () => {
  let app: TestApp | undefined;
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    app = undefined;
    proxy = undefined;
  });

  async function start(): Promise<{ app: TestApp; proxy: TcpProxy }> {
    const target = new URL(databaseUrl!);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    app = await createTestApp('postgres', {
      env: {
        DATABASE_URL: throughProxy(databaseUrl!, proxy.port),
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        LEAD_RATE_LIMIT_PER_HOUR: '1000',
        // No polling within a test: another process's change can only arrive by LISTEN/NOTIFY.
        COVERAGE_POLL_MS: '600000',
      },
    });
    return { app, proxy };
  }

  let leadNumber = 0;
  /** Sends a lead; returns its e-mail address when the server acknowledged it (200), else null. */
  async function submitLead(app: TestApp): Promise<{ statusCode: number; body: unknown; acknowledged: string | null }> {
    leadNumber += 1;
    const email = `visitor${leadNumber}@example.com`;
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/submit_lead',
      payload: { provider_id: 0, lead_type: 'contact_request', name: `Visitor ${leadNumber}`, email, phone: '', message: 'Do you cover us?' },
    });
    return { statusCode: response.statusCode, body: response.json(), acknowledged: response.statusCode === 200 ? email : null };
  }

  const health = async (app: TestApp) => (await app.server.inject({ method: 'GET', url: '/api/health' })).json().data;

  /** Health until the database answers again (the pool reconnects on demand). */
  async function untilDatabaseAnswers(app: TestApp): Promise<void> {
    await expect.poll(async () => (await health(app)).database, { timeout: 15_000, interval: 10 }).toBe('ok');
  }

  /** The e-mail addresses of the stored leads, read straight from PostgreSQL (not through the proxy). */
  async function storedLeadEmails(app: TestApp): Promise<Set<string>> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = await client.query<{ email: string }>(`select email from ${client.escapeIdentifier(schemaOf(app))}.leads`);
      return new Set(rows.rows.map((row) => row.email));
    } finally {
      await client.end();
    }
  }

  /** What another server's coverage change does in the database: the revision moves and NOTIFYs its channel. */
  async function bumpRevisionAsAnotherProcess(app: TestApp): Promise<void> {
    const schema = schemaOf(app);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ revision: number }>(
        `update ${client.escapeIdentifier(schema)}.coverage_revision set revision = revision + 1 where id = 1 returning revision`,
      );
      await client.query('select pg_notify($1, $2)', [revisionChannel(schema), String(rows[0]!.revision)]);
    } finally {
      await client.end();
    }
  }

  it('stays up when its connections are reset, answers the request in flight 503, and serves the next ones', async () => {
    const { app, proxy } = await start();
    const token = await signIn(app);
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await submitLead(app)).acknowledged!);

    // Idle connections reset: nothing is asked of them, and the process must not die of it.
    proxy.reset();
    await untilDatabaseAnswers(app);
    const afterIdleReset = await submitLead(app);
    expect(afterIdleReset.statusCode, JSON.stringify(afterIdleReset.body)).toBe(200);
    acknowledged.push(afterIdleReset.acknowledged!);

    // A request waiting on the database when its connection is reset: a clear 503 at once. The
    // leads table is locked from another connection so the request is surely waiting on its own.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${locker.escapeIdentifier(schemaOf(app))}.leads in access exclusive mode`);
      const inFlight = timed(submitLead(app));
      // pg_locks, not pg_stat_activity: inside the locker's transaction pg_stat_activity answers the
      // snapshot of its first read, so a request that queued after it was never seen (a CI failure).
      const leadsTable = `${locker.escapeIdentifier(schemaOf(app))}.leads`;
      await expect
        .poll(
          async () => (await locker.query(`select count(*)::int as n from pg_locks where relation = $1::regclass and not granted`, [leadsTable])).rows[0].n,
          { timeout: 5000 },
        )
        .toBeGreaterThan(0);
      proxy.reset();
      const { result: cut, ms } = await inFlight;
      expect(cut.statusCode).toBe(503);
      expect(cut.body).toEqual(UNAVAILABLE);
      expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }

    await untilDatabaseAnswers(app);
    const next = await submitLead(app);
    expect(next.statusCode, JSON.stringify(next.body)).toBe(200);
    acknowledged.push(next.acknowledged!);
    expect((await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(token) })).statusCode).toBe(200);

    const stored = await storedLeadEmails(app);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

    // Its LISTEN connection was reset too: it listens again by itself and hears another process's change.
    const before = app.coverage.revision!;
    await expect
      .poll(
        async () => {
          await bumpRevisionAsAnotherProcess(app);
          return app.coverage.revision!;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBeGreaterThan(before);
  });

  it('answers 503 within its timeouts while the database stalls, health and coverage checks at once, and recovers after', async () => {
    const { app, proxy } = await start();
    const token = await signIn(app);
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await submitLead(app)).acknowledged!);

    proxy.pause();
    const pausedAt = performance.now();
    const waits = { health: [] as number[], check: [] as number[], lead: [] as number[], admin: [] as number[] };
    while (performance.now() - pausedAt < PAUSE_MS) {
      const checked = await timed(health(app));
      expect(checked.result).toEqual({ status: 'degraded', database: 'unreachable', dialect: 'postgres' });
      waits.health.push(checked.ms);

      const coverage = await timed(app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-33.92&lng=18.42' }));
      expect(coverage.result.statusCode).toBe(200);
      waits.check.push(coverage.ms);

      const lead = await timed(submitLead(app));
      expect(lead.result.statusCode).toBe(503);
      expect(lead.result.body).toEqual(UNAVAILABLE);
      waits.lead.push(lead.ms);

      const admin = await timed(app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(token) }));
      expect(admin.result.statusCode).toBe(503);
      expect(admin.result.json()).toEqual(UNAVAILABLE);
      waits.admin.push(admin.ms);
    }
    proxy.resume();

    expect(Math.max(...waits.health)).toBeLessThan(1000);
    expect(Math.max(...waits.check)).toBeLessThan(1000);
    expect(Math.max(...waits.lead)).toBeLessThan(CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + ANSWER_MARGIN_MS);
    expect(Math.max(...waits.admin)).toBeLessThan(CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + ANSWER_MARGIN_MS);

    await untilDatabaseAnswers(app);
    const after = await submitLead(app);
    expect(after.statusCode, JSON.stringify(after.body)).toBe(200);
    acknowledged.push(after.acknowledged!);
    expect((await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(token) })).statusCode).toBe(200);

    const stored = await storedLeadEmails(app);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});
