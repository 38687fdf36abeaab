import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadEventLead } from '../src/common/api/webhookEvents.js';
import { type SourceServer, startSourceServer } from './support/sourceServer.js';
import { databaseKinds, type DatabaseKind } from './support/testApp.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver.js';

// Issue 20, Reliability: webhook delivery is at least once and survives crashes, one process
// delivers each event. Real server processes (src/server/main.ts through tsx), killed with SIGKILL.

const databaseUrl = process.env.TEST_DATABASE_URL;
const SERVER_ENV = {
  ALLOW_PRIVATE_FETCH: 'true',
  OUTBOX_POLL_MS: '50',
  LEAD_RATE_LIMIT_PER_HOUR: '100000',
  APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
};

/** The data of one deployment: its own DATA_DIR (SQLite file inside) or PostgreSQL schema. */
function deploymentEnv(kind: DatabaseKind): { env: Record<string, string>; drop(): Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-crash-'));
  const schema = `hooks_${randomBytes(4).toString('hex')}`;
  return {
    env: { ...SERVER_ENV, DATA_DIR: dataDir, ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl!, DATABASE_SCHEMA: schema } : {}) },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind !== 'postgres') return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

async function addEndpoint(server: SourceServer, receiver: WebhookReceiver): Promise<number> {
  const response = await fetch(`${server.base}/api/webhooks`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['lead.created'] }),
  });
  const body = (await response.json()) as { data: { id: number; secret: string } };
  receiver.secret = body.data.secret;
  return body.data.id;
}

let leadNumber = 0;
/** A visitor's lead; its id when the server acknowledged it (200), else null (refused, or the process died first). */
async function submitLead(server: SourceServer): Promise<number | null> {
  leadNumber += 1;
  try {
    const response = await fetch(`${server.base}/api/submit_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider_id: 0, lead_type: 'contact_request', name: `Visitor ${leadNumber}`, email: `visitor${leadNumber}@example.com` }),
    });
    if (response.status !== 200) return null;
    return ((await response.json()) as { data: { id: number } }).data.id;
  } catch {
    return null;
  }
}

/** The lead ids of the verified lead.created deliveries, and the webhook-ids each arrived under. */
function receivedLeads(receiver: WebhookReceiver): Map<number, Set<string>> {
  const byLead = new Map<number, Set<string>>();
  for (const delivery of receiver.verified()) {
    if (delivery.type !== 'lead.created') continue;
    const id = (delivery.data.lead as LeadEventLead).id;
    byLead.set(id, (byLead.get(id) ?? new Set()).add(delivery.id));
  }
  return byLead;
}

async function pendingDeliveries(server: SourceServer): Promise<number> {
  const response = await fetch(`${server.base}/api/webhooks`, { headers: server.auth });
  const body = (await response.json()) as { data: { pending_count: number }[] };
  return body.data.reduce((sum, endpoint) => sum + endpoint.pending_count, 0);
}

describe.each(databaseKinds())('webhook delivery across a kill -9 (%s)', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("delivers every acknowledged lead's lead.created after the server is killed while leads arrive", async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const deployment = deploymentEnv(kind);
    cleanups.push(() => deployment.drop());
    const first = await startSourceServer(deployment.env);
    cleanups.push(() => first.kill());
    await addEndpoint(first, receiver);

    // Visitors send leads four at a time; the process is killed with requests (and deliveries) in flight.
    const acknowledged: number[] = [];
    let killed = false;
    const visitors = Array.from({ length: 4 }, async () => {
      while (!killed) {
        const id = await submitLead(first);
        if (id !== null && !killed) acknowledged.push(id);
      }
    });
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(40), { timeout: 20_000, interval: 10 });
    await first.kill();
    killed = true;
    await Promise.all(visitors);

    const second = await startSourceServer(deployment.env);
    cleanups.push(() => second.stop());
    await vi.waitFor(
      () => {
        const received = receivedLeads(receiver);
        expect(acknowledged.filter((id) => !received.has(id))).toEqual([]);
      },
      { timeout: 20_000, interval: 50 },
    );
    await vi.waitFor(async () => expect(await pendingDeliveries(second)).toBe(0), { timeout: 10_000, interval: 50 });

    const received = receivedLeads(receiver);
    // One webhook-id per lead: a repeat after the crash (sent, its outcome not yet written) carries the same id.
    expect([...received.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const webhookIds = new Set(receiver.verified().map((delivery) => delivery.id));
    expect(webhookIds.size).toBe(received.size);
    expect(receiver.received.filter((delivery) => !delivery.verified)).toEqual([]);
    console.log(
      `${kind}: ${acknowledged.length} acknowledged leads, ${received.size} delivered (${receiver.received.length - webhookIds.size} repeated deliveries of a webhook-id)`,
    );
  });
});

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('deliver each event once', async () => {
    // A receiver that takes a few milliseconds, so both processes look for work while a send is in flight.
    const receiver = await startWebhookReceiver({ delayMs: 5 });
    cleanups.push(() => receiver.close());
    const deployment = deploymentEnv('postgres');
    cleanups.push(() => deployment.drop());
    const servers = await Promise.all([startSourceServer(deployment.env), startSourceServer(deployment.env)]);
    for (const server of servers) cleanups.push(() => server.stop());
    await addEndpoint(servers[0], receiver);

    const acknowledged: number[] = [];
    await Promise.all(
      servers.map(async (server) => {
        for (let i = 0; i < 30; i++) {
          const id = await submitLead(server);
          if (id !== null) acknowledged.push(id);
        }
      }),
    );
    expect(acknowledged).toHaveLength(60);
    await vi.waitFor(() => expect(receivedLeads(receiver).size).toBe(60), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect(await pendingDeliveries(servers[1])).toBe(0), { timeout: 10_000, interval: 50 });

    const ids = receiver.received.map((delivery) => delivery.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'webhook-ids received twice',
    ).toEqual([]);
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
    expect(new Set(acknowledged)).toEqual(new Set(receivedLeads(receiver).keys()));
  });
});
