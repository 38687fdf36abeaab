/**
 * The compiled server on PostgreSQL (TEST_DATABASE_URL, default the local test database) behind a
 * TCP proxy that the benchmark resets and pauses while visitors send leads without a break:
 * - three resets of every connection a second apart, then a 10 s pause, then the database back;
 * - prints whether the process stayed up, the answers by status, the longest wait of a lead and
 *   of /api/health and /api/check_coverage during the pause, the time from the database's return
 *   to the first stored lead, and how many acknowledged leads are missing from the database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TcpProxy } from '../test/support/tcpProxy.js';
import { buildServer, startServer } from './serverProcess.js';

const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 3000;
const VISITORS = 8;
const PAUSE_MS = 10_000;

interface Answer {
  status: number;
  ms: number;
  at: number;
}

export async function run(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log('\n== Database outage: resets and a 10 s stall of PostgreSQL under lead load (compiled server, own process) ==');
  buildServer();
  const target = new URL(url);
  const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const schema = `bench_outage_${randomBytes(4).toString('hex')}`;
  const server = await startServer({
    DATABASE_URL: proxied.toString(),
    DATABASE_SCHEMA: schema,
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    LEAD_RATE_LIMIT_PER_HOUR: '1000000',
  });
  const acknowledged: string[] = [];
  const leads: Answer[] = [];
  let stopping = false;
  let serial = 0;
  const visitor = async () => {
    while (!stopping) {
      const email = `visitor${++serial}@example.com`;
      const started = performance.now();
      const response = await fetch(`${server.base}/api/submit_lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider_id: 0, lead_type: 'contact_request', name: 'Visitor', email, phone: '', message: 'Do you cover us?' }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      await response?.arrayBuffer();
      const status = response?.status ?? 0;
      leads.push({ status, ms: performance.now() - started, at: performance.now() });
      if (status === 200) acknowledged.push(email);
    }
  };
  const load = Promise.all(Array.from({ length: VISITORS }, visitor));
  const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    await waitFor(2000);
    for (let i = 0; i < 3; i++) {
      proxy.reset();
      await waitFor(1000);
    }
    proxy.pause();
    const pausedAt = performance.now();
    const health: number[] = [];
    const checks: number[] = [];
    let healthSaid = '';
    while (performance.now() - pausedAt < PAUSE_MS) {
      let started = performance.now();
      const body = (await (await fetch(`${server.base}/api/health`)).json()) as { data: { database: string } };
      health.push(performance.now() - started);
      healthSaid = body.data.database;
      started = performance.now();
      await (await fetch(`${server.base}/api/check_coverage?lat=-33.92&lng=18.42`)).arrayBuffer();
      checks.push(performance.now() - started);
      await waitFor(200);
    }
    proxy.resume();
    const resumedAt = performance.now();
    await waitFor(5000);
    stopping = true;
    await load;

    const alive = (() => {
      try {
        process.kill(server.pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    const byStatus = new Map<number, number>();
    for (const lead of leads) byStatus.set(lead.status, (byStatus.get(lead.status) ?? 0) + 1);
    const duringPause = leads.filter((lead) => lead.at > pausedAt && lead.at <= resumedAt + STATEMENT_TIMEOUT_MS);
    const firstStoredAfter = leads.find((lead) => lead.at > resumedAt && lead.status === 200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const stored = new Set((await client.query<{ email: string }>(`select email from ${client.escapeIdentifier(schema)}.leads`)).rows.map((row) => row.email));
    await client.end();
    const lost = acknowledged.filter((email) => !stored.has(email)).length;

    console.log(`  server process alive at the end: ${alive ? 'yes' : 'NO'}`);
    console.log(
      `  lead answers by status: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status || 'no answer'}: ${n}`)
        .join(', ')}`,
    );
    console.log(
      `  during the pause: longest lead answer ${Math.max(...duringPause.map((lead) => lead.ms)).toFixed(0)} ms (timeouts ${CONNECT_TIMEOUT_MS} + ${STATEMENT_TIMEOUT_MS} ms)`,
    );
    console.log(
      `  during the pause: /api/health longest ${Math.max(...health).toFixed(0)} ms over ${health.length} calls (said "${healthSaid}"), /api/check_coverage longest ${Math.max(...checks).toFixed(0)} ms`,
    );
    console.log(`  first lead stored ${firstStoredAfter ? `${(firstStoredAfter.at - resumedAt).toFixed(0)} ms` : 'NEVER'} after the database came back`);
    console.log(`  acknowledged leads: ${acknowledged.length}, missing from the database: ${lost} ${lost === 0 && alive ? 'PASS' : 'FAIL'}`);
  } finally {
    stopping = true;
    proxy.resume();
    await load;
    await server.stop();
    await proxy.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${client.escapeIdentifier(schema)} cascade`);
    await client.end();
  }
}
