import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIL_RETRY_SECONDS, messageIdOf } from '../src/server/outbox/mailSender.js';
import { WEBHOOK_TIMEOUT_MS } from '../src/server/webhooks/webhookSender.js';
import { type LocalSmtp, startLocalSmtp } from './support/localSmtp.js';
import { TcpProxy } from './support/tcpProxy.js';
import { bearer, createTestApp, databaseKinds, type DatabaseKind, ManualClock, signIn, type TestApp } from './support/testApp.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver.js';

// The outboxes' outside parts dropping, stalling and coming back (issue 20): PostgreSQL under the
// mail sender and the webhook worker, an SMTP server and a webhook receiver that take the
// connection and never answer. Nothing acknowledged is lost, nothing hangs, the process stays up.

const databaseUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'https://map.example';
const BASE_ENV = {
  PUBLIC_URL,
  LEADS_EMAIL: 'leads@isp.example',
  OUTBOX_POLL_MS: '50',
  ALLOW_PRIVATE_FETCH: 'true',
  WEBHOOK_RETRY_SECONDS: '1,1,1',
  LEAD_RATE_LIMIT_PER_HOUR: '1000',
};
/** A request that never waits on SMTP or a receiver answers within this, ms (a wait on them would take 10 s). */
const ANSWER_MS = 2000;
/** nodemailer gives up on a server that never greets after this (src/server/outbox/mailer.ts), ms. */
const SMTP_GREETING_TIMEOUT_MS = 10_000;
/** How long a stopping app may take beyond the send it waits for, ms. */
const STOP_MARGIN_MS = 3000;
/** How long PostgreSQL stalls in the first test, ms. */
const PAUSE_MS = 3000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

/** The host and port of a local server's URL, as a proxy's target. */
function addressOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

let visitorNumber = 0;
/** A visitor's lead: a notice to LEADS_EMAIL, the visitor's confirmation and lead.created. Its id when acknowledged (200). */
async function submitLead(app: TestApp): Promise<{ statusCode: number; id: number | null }> {
  visitorNumber += 1;
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/submit_lead',
    payload: { provider_id: 0, lead_type: 'contact_request', name: `Visitor ${visitorNumber}`, email: `visitor${visitorNumber}@example.com` },
  });
  return { statusCode: response.statusCode, id: response.statusCode === 200 ? (response.json().data.id as number) : null };
}

/** A waitlist sign-up: its confirmation e-mail. The status it was answered. */
async function joinWaitlist(app: TestApp): Promise<number> {
  visitorNumber += 1;
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { lat: -33.92, lng: 18.7, address: `${visitorNumber} Dorp St`, email: `waiting${visitorNumber}@example.com`, consent: true },
  });
  return response.statusCode;
}

/** Adds an endpoint for lead.created at `url` and gives its secret to `receiver`; its id and an admin token. */
async function addEndpoint(app: TestApp, url: string, receiver: WebhookReceiver): Promise<{ id: number; token: string }> {
  const token = await signIn(app);
  const response = await app.server.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(token), payload: { url, events: ['lead.created'] } });
  expect(response.statusCode, response.body).toBe(200);
  receiver.secret = response.json().data.secret;
  return { id: response.json().data.id, token };
}

/** The Message-ID of every queued mail, as the sender writes it. */
async function queuedMessageIds(app: TestApp): Promise<string[]> {
  const rows = await app.db.kysely.selectFrom('mail_outbox').select(['id', 'created_at']).execute();
  return rows.map((row) => messageIdOf({ id: row.id, createdAt: row.created_at }, new URL(PUBLIC_URL).hostname));
}

/** The webhook-id of every event written. */
async function queuedWebhookIds(app: TestApp): Promise<string[]> {
  return (await app.db.kysely.selectFrom('webhook_events').select('message_id').execute()).map((row) => row.message_id);
}

/** Mails and deliveries still waiting to be sent. */
async function unsent(app: TestApp): Promise<{ mails: number; deliveries: number }> {
  const mails = await app.db.kysely.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute();
  const deliveries = await app.db.kysely.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute();
  return { mails: mails.length, deliveries: deliveries.length };
}

const receivedMessageIds = (smtp: LocalSmtp) => new Set(smtp.received.map((mail) => mail.parsed.messageId));

async function health(app: TestApp): Promise<{ statusCode: number; database: string }> {
  const response = await app.server.inject({ method: 'GET', url: '/api/health' });
  return { statusCode: response.statusCode, database: response.json().data.database };
}

describe.skipIf(!databaseUrl)('the outboxes when PostgreSQL drops and stalls', () => {
  /** TEST_DATABASE_URL with its host and port replaced by the proxy's. */
  function throughProxy(port: number): string {
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    return proxied.toString();
  }

  it('send every queued mail and webhook event once PostgreSQL is back, after a reset and a stall in the middle of sends', { timeout: 90_000 }, async () => {
    const smtp = await startLocalSmtp();
    cleanups.push(() => smtp.close());
    // Each answer takes a moment, so a delivery is surely in flight when the database goes.
    const receiver = await startWebhookReceiver({ delayMs: 300 });
    cleanups.push(() => receiver.close());
    let webhooksArrived = 0;
    receiver.answer = () => {
      webhooksArrived += 1;
      return 200;
    };
    const database = new URL(databaseUrl!);
    const proxy = await TcpProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
    cleanups.push(() => proxy.close());
    const app = await createTestApp('postgres', {
      env: {
        ...BASE_ENV,
        DATABASE_URL: throughProxy(proxy.port),
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1500',
        SMTP_URL: smtp.url,
      },
    });
    cleanups.push(() => app.close());
    cleanups.push(() => proxy.resume());
    await addEndpoint(app, receiver.url, receiver);

    const leads: number[] = [];
    let joins = 0;
    async function queueWork(count: number): Promise<void> {
      for (let i = 0; i < count; i++) {
        const lead = await submitLead(app);
        expect(lead.statusCode).toBe(200);
        leads.push(lead.id!);
        expect(await joinWaitlist(app)).toBe(200);
        joins += 1;
      }
    }
    /** Until the mail sender waits on SMTP (its claim's transaction open) and a webhook waits on the receiver. */
    async function untilBothSending(): Promise<void> {
      await vi.waitFor(
        () => {
          expect(smtp.held()).toBeGreaterThan(0);
          expect(webhooksArrived).toBeGreaterThan(receiver.received.length);
        },
        { timeout: 10_000, interval: 5 },
      );
    }

    // The connections are reset while a mail and a webhook are being sent: their claims die with
    // them, and what SMTP and the receiver took cannot be marked sent.
    smtp.hold();
    await queueWork(4);
    await untilBothSending();
    proxy.reset();
    smtp.release();
    await vi.waitFor(async () => expect((await health(app)).database).toBe('ok'), { timeout: 15_000, interval: 50 });

    // More work, then PostgreSQL stalls while it is being sent.
    smtp.hold();
    await queueWork(4);
    await untilBothSending();
    proxy.pause();
    smtp.release();
    const during = await timed(health(app));
    expect(during.result).toEqual({ statusCode: 200, database: 'unreachable' });
    expect(during.ms).toBeLessThan(ANSWER_MS);
    await sleep(PAUSE_MS);
    proxy.resume();

    await vi.waitFor(async () => expect(await unsent(app)).toEqual({ mails: 0, deliveries: 0 }), { timeout: 30_000, interval: 100 });
    const mails = await queuedMessageIds(app);
    expect(mails).toHaveLength(2 * leads.length + joins);
    expect(receivedMessageIds(smtp)).toEqual(new Set(mails));
    const events = await queuedWebhookIds(app);
    expect(events).toHaveLength(leads.length);
    expect(new Set(receiver.verified().map((delivery) => delivery.id))).toEqual(new Set(events));
    expect(new Set(receiver.verified().map((delivery) => (delivery.data.lead as { id: number }).id))).toEqual(new Set(leads));
    expect(receiver.received.filter((delivery) => !delivery.verified)).toEqual([]);
    // The outages did cut sends in flight: those were sent again, under the same ids.
    expect(smtp.received.length).toBeGreaterThan(mails.length);
    expect(receiver.received.length).toBeGreaterThan(events.length);
    expect(await health(app)).toEqual({ statusCode: 200, database: 'ok' });
  });
});

describe.each(databaseKinds())('an SMTP server that takes the connection and never answers (%s)', (kind: DatabaseKind) => {
  /**
   * A real SMTP server behind a paused proxy: a connection is accepted and never greeted (a hung
   * server) until resume(), when the same address answers again.
   */
  async function start(): Promise<{ app: TestApp; smtp: LocalSmtp; silent: TcpProxy; clock: ManualClock }> {
    const smtp = await startLocalSmtp();
    cleanups.push(() => smtp.close());
    const silent = await TcpProxy.start(addressOf(smtp.url));
    cleanups.push(() => silent.close());
    silent.pause();
    // The mail backoff is by the app's clock: a test moves it rather than wait 30 s.
    const clock = new ManualClock();
    const app = await createTestApp(kind, { env: { ...BASE_ENV, SMTP_URL: `smtp://127.0.0.1:${silent.port}` }, deps: { clock } });
    cleanups.push(() => app.close());
    return { app, smtp, silent, clock };
  }

  const mailRows = (app: TestApp) =>
    app.db.kysely.selectFrom('mail_outbox').select(['id', 'status', 'attempts', 'last_error', 'next_attempt_at']).orderBy('id').execute();

  it('answers sign-ups and leads at once while SMTP is silent, and sends every mail once when it answers', { timeout: 60_000 }, async () => {
    const { app, smtp, silent, clock } = await start();
    expect(await joinWaitlist(app)).toBe(200);
    // The sender has connected and waits for a greeting.
    await vi.waitFor(() => expect(silent.connections).toBe(1), { timeout: 5000, interval: 5 });

    const lead = await timed(submitLead(app));
    const join = await timed(joinWaitlist(app));
    expect(lead.result.statusCode).toBe(200);
    expect(join.result).toBe(200);
    expect(lead.ms).toBeLessThan(ANSWER_MS);
    expect(join.ms).toBeLessThan(ANSWER_MS);
    // Answered while the first mail was still waiting on SMTP: nothing attempted to the end yet.
    expect(silent.connections).toBe(1);
    expect((await mailRows(app)).map((row) => [row.status, row.attempts])).toEqual(Array(4).fill(['pending', 0]));

    // The greeting never comes: the attempt ends and the mail waits for its retry.
    const failed = await vi.waitFor(
      async () => {
        const attempted = (await mailRows(app)).filter((row) => row.attempts > 0);
        expect(attempted).toHaveLength(1);
        return attempted[0]!;
      },
      { timeout: SMTP_GREETING_TIMEOUT_MS + 10_000, interval: 100 },
    );
    expect(failed).toMatchObject({ status: 'pending', last_error: 'Greeting never received' });
    expect(Date.parse(failed.next_attempt_at)).toBe(clock.now().getTime() + MAIL_RETRY_SECONDS[0] * 1000);

    // SMTP answers again and the retry comes due: every queued mail arrives, each once.
    silent.resume();
    clock.advance(MAIL_RETRY_SECONDS[0] * 1000);
    const queued = await queuedMessageIds(app);
    await vi.waitFor(() => expect(receivedMessageIds(smtp)).toEqual(new Set(queued)), { timeout: 20_000, interval: 50 });
    expect(smtp.received).toHaveLength(queued.length);
    await vi.waitFor(async () => expect((await unsent(app)).mails).toBe(0), { timeout: 5000, interval: 50 });
  });

  it('stops within the greeting timeout while a send waits on a silent SMTP server, and sends that mail after a restart', { timeout: 60_000 }, async () => {
    const { app, smtp, silent, clock } = await start();
    expect(await joinWaitlist(app)).toBe(200);
    await vi.waitFor(() => expect(silent.connections).toBe(1), { timeout: 5000, interval: 5 });
    const queued = await queuedMessageIds(app);

    const stopping = await timed(app.server.close());
    expect(stopping.ms).toBeLessThan(SMTP_GREETING_TIMEOUT_MS + STOP_MARGIN_MS);

    silent.resume();
    await app.restart();
    clock.advance(MAIL_RETRY_SECONDS[0] * 1000);
    await vi.waitFor(() => expect(receivedMessageIds(smtp)).toEqual(new Set(queued)), { timeout: 20_000, interval: 50 });
  });
});

describe.each(databaseKinds())('a webhook receiver that takes the connection and never answers (%s)', (kind: DatabaseKind) => {
  it('gives the attempt up after 10 s, retries on WEBHOOK_RETRY_SECONDS and delivers once the receiver answers', { timeout: 60_000 }, async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    // The receiver behind a paused proxy: connections are accepted and never answered until resume().
    const silent = await TcpProxy.start(addressOf(receiver.url));
    cleanups.push(() => silent.close());
    silent.pause();
    const app = await createTestApp(kind, { env: BASE_ENV });
    cleanups.push(() => app.close());
    const endpoint = await addEndpoint(app, `http://127.0.0.1:${silent.port}/hooks`, receiver);
    const deliveries = async () => {
      const response = await app.server.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries`, headers: bearer(endpoint.token) });
      return response.json().data as Array<{
        message_id: string;
        status: string;
        attempts: number;
        last_attempt_at: string | null;
        next_attempt_at: string | null;
        delivered_at: string | null;
        last_status_code: number | null;
        last_error: string | null;
      }>;
    };

    const lead = await timed(submitLead(app));
    expect(lead.result.statusCode).toBe(200);
    expect(lead.ms).toBeLessThan(ANSWER_MS);
    await vi.waitFor(() => expect(silent.connections).toBe(1), { timeout: 5000, interval: 5 });
    const heldAt = performance.now();

    const failed = await vi.waitFor(
      async () => {
        const [delivery] = await deliveries();
        expect(delivery?.attempts).toBe(1);
        return delivery!;
      },
      { timeout: WEBHOOK_TIMEOUT_MS + 10_000, interval: 50 },
    );
    const waited = performance.now() - heldAt;
    expect(waited).toBeGreaterThan(WEBHOOK_TIMEOUT_MS - 1000);
    expect(waited).toBeLessThan(WEBHOOK_TIMEOUT_MS + 3000);
    expect(failed).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'The request to 127.0.0.1 timed out after 10 s' });
    expect(Date.parse(failed.next_attempt_at!) - Date.parse(failed.last_attempt_at!)).toBe(1000);
    expect(await queuedWebhookIds(app)).toEqual([failed.message_id]);

    silent.resume();
    await vi.waitFor(async () => expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 }), {
      timeout: 10_000,
      interval: 50,
    });
    const [delivered] = await deliveries();
    expect(Date.parse(delivered!.delivered_at!) - Date.parse(failed.last_attempt_at!)).toBeGreaterThanOrEqual(1000);
    // Under its one webhook-id, signed. The abandoned attempt may arrive too: a hung receiver that
    // comes back reads the request still waiting in its socket (the proxy passes it on at resume).
    expect(new Set(receiver.received.map((delivery) => delivery.id))).toEqual(new Set([failed.message_id]));
    expect(receiver.received.filter((delivery) => !delivery.verified)).toEqual([]);
  });
});
