/**
 * Webhook delivery under lead load (issue 20, Performance: keeps up with 100 leads per second to a
 * local receiver, p99 from commit to delivery under 1 s). The compiled server in its own process,
 * on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; one endpoint wanting lead.created at
 * a receiver in this process that verifies every signature with standardwebhooks. Visitors send
 * 100 leads a second for 20 s (each without waiting for the one before); for each lead, the time
 * from its 200 answer (the commit) to the receiver's arrival of its lead.created. Prints p50, p99
 * and the largest, and whether every acknowledged lead arrived.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { buildServer, type ServerProcess, startServer } from './serverProcess.js';

const LEADS_PER_SECOND = 100;
const SECONDS = 20;
/** After the last lead, how long deliveries may still take before the run counts them missing, ms. */
const DRAIN_MS = 30_000;

interface Receiver {
  url: string;
  secret: string | null;
  /** performance.now() of each lead id's first verified lead.created. */
  arrivals: Map<number, number>;
  unverified: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', secret: null, arrivals: new Map(), unverified: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const payload = new Webhook(receiver.secret ?? '').verify(body, req.headers as Record<string, string>) as { data: { lead: { id: number } } };
        if (!receiver.arrivals.has(payload.data.lead.id)) receiver.arrivals.set(payload.data.lead.id, at);
      } catch {
        receiver.unverified++;
      }
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

async function addEndpoint(server: ServerProcess, receiver: Receiver): Promise<void> {
  const response = await fetch(`${server.base}/api/webhooks`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['lead.created'] }),
  });
  if (!response.ok) throw new Error(`adding the endpoint failed: ${await response.text()}`);
  receiver.secret = ((await response.json()) as { data: { secret: string } }).data.secret;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const receiver = await startReceiver();
  const server = await startServer({ ...env, ALLOW_PRIVATE_FETCH: 'true', LEAD_RATE_LIMIT_PER_HOUR: '1000000', LOG_LEVEL: 'warn' });
  try {
    await addEndpoint(server, receiver);
    const acknowledged = new Map<number, number>();
    let refused = 0;
    const sent: Promise<void>[] = [];
    const total = LEADS_PER_SECOND * SECONDS;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / LEADS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(
        fetch(`${server.base}/api/submit_lead`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ provider_id: 0, lead_type: 'contact_request', name: `Visitor ${i}`, email: `visitor${i}@example.com` }),
        }).then(
          async (response) => {
            const at = performance.now();
            const body = (await response.json()) as { data?: { id: number } };
            if (response.status === 200 && body.data) acknowledged.set(body.data.id, at);
            else refused++;
          },
          () => void refused++,
        ),
      );
    }
    await Promise.all(sent);
    const sentSeconds = (performance.now() - started) / 1000;
    const drainUntil = performance.now() + DRAIN_MS;
    while ([...acknowledged.keys()].some((id) => !receiver.arrivals.has(id)) && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latencies = [...acknowledged].flatMap(([id, at]) => {
      const arrived = receiver.arrivals.get(id);
      // A delivery can arrive before the 200 answer reaches the visitor: 0 ms after the commit, then.
      return arrived === undefined ? [] : [Math.max(0, arrived - at)];
    });
    latencies.sort((a, b) => a - b);
    const missing = acknowledged.size - latencies.length;
    console.log(
      `  ${label}: ${acknowledged.size} leads acknowledged in ${sentSeconds.toFixed(1)} s (${refused} not), ${latencies.length} delivered, ${missing} missing, ${receiver.unverified} unverified; ` +
        `commit -> delivery p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${percentile(latencies, 1).toFixed(1)} ms ` +
        `(target: p99 under 1000 ms) ${missing === 0 && percentile(latencies, 0.99) < 1000 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await server.stop();
    await receiver.close();
  }
}

export async function run(): Promise<void> {
  console.log(`\n== Webhook delivery: ${LEADS_PER_SECOND} leads a second for ${SECONDS} s to a local receiver (compiled server, own process) ==`);
  buildServer();
  await measure('SQLite', {});
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `bench_hooks_${randomBytes(4).toString('hex')}`;
  try {
    await measure('PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema });
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}
