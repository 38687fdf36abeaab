import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadEventLead, WebhookEventData, WebhookEventType } from '../src/common/api/webhookEvents.js';
import { webhookEventData } from '../src/common/api/webhookEvents.js';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_TOO_MANY_MESSAGE } from '../src/common/api/webhooks.js';
import { afterAttempt } from '../src/server/webhooks/deliverySchedule.js';
import { WebhookQueueRepository } from '../src/server/webhooks/webhookQueueRepository.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver.js';

/** Retries in tests: 1 s, 2 s, 4 s, then failed. */
const RETRY_SECONDS = [1, 2, 4];
const BASE_ENV = { ALLOW_PRIVATE_FETCH: 'true', OUTBOX_POLL_MS: '50', WEBHOOK_RETRY_SECONDS: RETRY_SECONDS.join(','), LEADS_EMAIL: 'leads@isp.example' };

function leadOf(id: number): LeadEventLead {
  const at = '2026-11-22T08:00:00.000Z';
  return {
    id,
    provider_id: null,
    provider_name: null,
    lead_type: 'contact_request',
    name: `Visitor ${id}`,
    email: `visitor${id}@example.com`,
    phone: null,
    message: null,
    status: 'new',
    request_count: 1,
    search: null,
    created_at: at,
    updated_at: at,
  };
}

describe.each(databaseKinds())('webhooks (%s)', (kind: DatabaseKind) => {
  let app: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await app?.close();
    await receiver?.close();
    app = undefined;
    receiver = undefined;
  });

  async function start(env: Record<string, string> = {}, clock?: ManualClock) {
    app = await createTestApp(kind, { env: { ...BASE_ENV, ...env }, deps: clock ? { clock } : {} });
    receiver = await startWebhookReceiver();
    const current = app;
    let token = await signIn(current);
    const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      let response = await current.server.inject({ method, url, payload: payload as object, headers: bearer(token) });
      // A test that moves the clock by days outlives the session: sign in again, at the moved time.
      if (response.statusCode === 401) {
        token = await signIn(current);
        response = await current.server.inject({ method, url, payload: payload as object, headers: bearer(token) });
      }
      return { status: response.statusCode, body: response.json() };
    };
    return { app: current, receiver, api };
  }

  /** Writes an event as a domain does: inside a transaction (committed when this resolves). */
  async function emit<T extends WebhookEventType>(target: TestApp, type: T, data: WebhookEventData[T]): Promise<void> {
    await target.db.kysely.transaction().execute((trx) => target.events.emit(type, data, trx));
  }

  it('adds an endpoint with its secret shown once, lists, edits and deletes it', async () => {
    const { api, receiver } = await start();
    const created = await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created', 'lead.created'], description: 'CRM' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe('Webhook endpoint added');
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'CRM', events: ['lead.created'], enabled: true, last_delivery: null, pending_count: 0 });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const listed = await api('GET', '/api/webhooks');
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret.slice(6));
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data).not.toHaveProperty('secret');

    const edited = await api('PUT', `/api/webhooks/${endpoint.id}`, { events: ['lead.updated', 'zone.goal_reached'], description: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ events: ['lead.updated', 'zone.goal_reached'], description: null });

    expect((await api('DELETE', `/api/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it(`keeps at most ${WEBHOOK_MAX_ENDPOINTS} endpoints: the next is refused until one is deleted`, async () => {
    const { api, receiver } = await start();
    const ids: number[] = [];
    for (let n = 0; n < WEBHOOK_MAX_ENDPOINTS; n += 1) {
      const created = await api('POST', '/api/webhooks', { url: `${receiver.url}/hook-${n}`, events: ['lead.created'] });
      expect(created.status).toBe(200);
      ids.push(created.body.data.id);
    }
    const refused = await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WEBHOOK_TOO_MANY_MESSAGE);
    expect((await api('DELETE', `/api/webhooks/${ids[0]}`)).status).toBe(200);
    expect((await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).status).toBe(200);
  });

  it('refuses endpoints without events, with unknown events or without an http(s) URL', async () => {
    const { api, receiver } = await start();
    expect((await api('POST', '/api/webhooks', { url: receiver.url, events: [] })).body.message).toMatch(/^Choose at least one event/);
    expect((await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.deleted'] })).status).toBe(400);
    const ftp = await api('POST', '/api/webhooks', { url: 'ftp://example.com/hook', events: ['lead.created'] });
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toBe('Please enter a valid URL starting with http:// or https://');
  });

  it('refuses private addresses unless ALLOW_PRIVATE_FETCH is on', async () => {
    const { api, receiver } = await start({ ALLOW_PRIVATE_FETCH: 'false' });
    for (const url of [receiver.url, 'http://10.0.0.8/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/hook', 'http://localhost/hook']) {
      const refused = await api('POST', '/api/webhooks', { url, events: ['lead.created'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message, url).toMatch(/^Webhooks can only be sent to public addresses/);
    }
    expect((await api('GET', '/api/webhooks')).body.data).toEqual([]);
  });

  it('sends a signed test event, logs its delivery, and redelivers it with the same webhook-id', async () => {
    const { api, receiver } = await start();
    const endpoint = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    receiver.secret = endpoint.secret;

    const queued = await api('POST', `/api/webhooks/${endpoint.id}/test`);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.data).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const [test] = receiver.received;
    expect(test).toMatchObject({ id: queued.body.data.message_id, type: 'webhook.test', verified: true, data: { endpoint_id: endpoint.id } });
    expect(test!.id).toMatch(/^msg_[0-9A-Z]{26}$/);

    await vi.waitFor(async () => expect((await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data[0].status).toBe('delivered'));
    const [logged] = (await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data;
    expect(logged).toMatchObject({ attempts: 1, last_status_code: 200, last_response: 'ok', last_error: null, next_attempt_at: null });
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data.last_delivery).toMatchObject({ status: 'delivered', last_status_code: 200 });

    const again = await api('POST', `/api/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(logged.id);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receiver.received[1]).toMatchObject({ id: test!.id, verified: true, body: test!.body });
    expect((await api('POST', `/api/webhooks/${endpoint.id}/deliveries/999999/redeliver`)).status).toBe(404);
  });

  it('signs every delivery after a rotation with the new secret only', async () => {
    const { api, receiver } = await start();
    const endpoint = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    const rotated = await api('POST', `/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);

    receiver.secret = endpoint.secret;
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    expect(receiver.received[0]).toMatchObject({ verified: false, error: 'No matching signature found' });

    receiver.secret = rotated.body.data.secret;
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receiver.received[1]!.verified).toBe(true);
  });

  it('delivers emitted events to the endpoints subscribed to their type, as {type, timestamp, data}', async () => {
    const { app, api, receiver } = await start();
    const leads = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    const other = await startWebhookReceiver();
    try {
      const updates = (await api('POST', '/api/webhooks', { url: other.url, events: ['lead.updated'] })).body.data;
      receiver.secret = leads.secret;
      other.secret = updates.secret;

      await emit(app, 'lead.created', { lead: leadOf(1) });
      await emit(app, 'lead.updated', { lead: { ...leadOf(1), request_count: 2 } });
      await vi.waitFor(() => expect(receiver.received.length + other.received.length).toBe(2));
      expect(receiver.received.map((r) => [r.type, r.verified])).toEqual([['lead.created', true]]);
      expect(other.received.map((r) => [r.type, r.verified])).toEqual([['lead.updated', true]]);
      const body = receiver.received[0]!;
      expect(Object.keys(JSON.parse(body.body))).toEqual(['type', 'timestamp', 'data']);
      expect(webhookEventData['lead.created'].parse(body.data)).toEqual({ lead: leadOf(1) });
      expect(body.timestamp).toBe(new Date(body.timestamp).toISOString());
    } finally {
      await other.close();
    }
  });

  it('documents every event type with its body schema and an example that matches it', async () => {
    const { app, api } = await start();
    const types = (await api('GET', '/api/webhooks/event-types')).body.data as { type: string; example: { data: unknown } }[];
    expect(types.map((t) => t.type)).toEqual([...Object.keys(webhookEventData), 'webhook.test']);
    for (const { type, example } of types) {
      if (type in webhookEventData) webhookEventData[type as WebhookEventType].parse(example.data);
    }
    const document = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schemaText = JSON.stringify(document.paths['/api/webhooks/event-types'].get.responses['200']);
    for (const field of ['request_count', 'confirmed_at', 'reached_at', 'signup_url', 'endpoint_id']) expect(schemaText).toContain(field);
  });

  it('retries a failing receiver on WEBHOOK_RETRY_SECONDS and delivers every event in order of creation', async () => {
    const clock = new ManualClock();
    const { app, api, receiver } = await start({}, clock);
    const endpoint = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    receiver.secret = endpoint.secret;
    // 500 for the first three requests (the first event's first three attempts), then 200.
    receiver.answer = (n) => (n < 3 ? 500 : 200);
    for (const id of [1, 2, 3]) await emit(app, 'lead.created', { lead: leadOf(id) });

    const deliveries = async () => (await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data as Record<string, unknown>[];
    const head = async () => (await deliveries()).at(-1)!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(attempt));
      await vi.waitFor(async () => expect((await head()).attempts).toBe(attempt));
      const failed = await head();
      const retryMs = RETRY_SECONDS[attempt - 1]! * 1000;
      expect(failed).toMatchObject({
        status: 'pending',
        last_status_code: 500,
        last_response: 'receiver failing',
        last_error: 'The receiver answered HTTP 500',
      });
      expect(Date.parse(failed.next_attempt_at as string) - Date.parse(failed.last_attempt_at as string)).toBe(retryMs);
      expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data.failing_since).toEqual(attempt === 1 ? failed.last_attempt_at : expect.any(String));
      // Not due a millisecond early: the later events wait behind it too (several polls pass).
      clock.advance(retryMs - 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(attempt);
      clock.advance(1);
    }
    await vi.waitFor(() => expect(receiver.received).toHaveLength(6));
    expect(receiver.received.map((r) => [(r.data.lead as LeadEventLead).id, r.answered, r.verified])).toEqual([
      [1, 500, true],
      [1, 500, true],
      [1, 500, true],
      [1, 200, true],
      [2, 200, true],
      [3, 200, true],
    ]);
    expect(new Set(receiver.received.slice(0, 4).map((r) => r.id)).size, 'one webhook-id on every retry').toBe(1);
    await vi.waitFor(async () => expect((await deliveries()).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']));
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data.failing_since).toBeNull();
  });

  it('gives up a delivery after its last retry, and the next event goes', async () => {
    const clock = new ManualClock();
    const { app, api, receiver } = await start({}, clock);
    const endpoint = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    receiver.secret = endpoint.secret;
    receiver.answer = (n) => (n < 4 ? 503 : 200);
    await emit(app, 'lead.created', { lead: leadOf(1) });
    await emit(app, 'lead.created', { lead: leadOf(2) });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(attempt));
      await vi.waitFor(async () => expect((await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data.at(-1).attempts).toBe(attempt));
      clock.advance(RETRY_SECONDS[attempt - 1]! * 1000);
    }
    await vi.waitFor(() => expect(receiver.received).toHaveLength(5));
    expect(receiver.received.map((r) => (r.data.lead as LeadEventLead).id)).toEqual([1, 1, 1, 1, 2]);
    const [second, first] = (await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data;
    expect(first).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 503, next_attempt_at: null });
    await vi.waitFor(async () => expect((await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data[0].status).toBe('delivered'));
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('disables an endpoint that fails for three days, fails its pending deliveries, and e-mails LEADS_EMAIL', async () => {
    const clock = new ManualClock();
    const { app, api, receiver } = await start({ WEBHOOK_RETRY_SECONDS: '86400,86400,86400' }, clock);
    const url = `${receiver.url}?token=receiver-s3cret`;
    const endpoint = (await api('POST', '/api/webhooks', { url, events: ['lead.created'] })).body.data;
    receiver.secret = endpoint.secret;
    receiver.answer = () => 500;
    await emit(app, 'lead.created', { lead: leadOf(1) });
    await emit(app, 'lead.created', { lead: leadOf(2) });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(attempt));
      await vi.waitFor(async () => expect((await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data.at(-1).attempts).toBe(attempt));
      expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data.enabled).toBe(true);
      clock.advance(86_400 * 1000);
    }
    // The fourth attempt, 72 h after the first failure: the endpoint is disabled.
    await vi.waitFor(async () => expect((await api('GET', `/api/webhooks/${endpoint.id}`)).body.data.enabled).toBe(false));
    const disabled = (await api('GET', `/api/webhooks/${endpoint.id}`)).body.data;
    expect(disabled.disabled_reason).toMatch(/failed .* for 3 days/);
    expect(disabled.pending_count).toBe(0);
    const statuses = (await api('GET', `/api/webhooks/${endpoint.id}/deliveries`)).body.data.map((d: { status: string }) => d.status);
    expect(statuses).toEqual(['failed', 'failed']);
    const mail = await app.db.kysely.selectFrom('mail_outbox').selectAll().where('kind', '=', 'webhook_disabled').execute();
    expect(mail).toHaveLength(1);
    // The subject names the origin only: the URL's query may hold a token.
    expect(mail[0]).toMatchObject({ to_address: 'leads@isp.example', subject: `Webhook endpoint disabled: ${new URL(receiver.url).origin}` });
    expect(mail[0]!.subject).not.toContain('receiver-s3cret');
    expect(mail[0]!.text_body).toContain('The receiver answered HTTP 500');
    expect((await api('POST', `/api/webhooks/${endpoint.id}/test`)).status).toBe(409);

    const enabled = await api('PUT', `/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it.runIf(kind === 'postgres')('disables and deletes an endpoint while a delivery run holds its head, without a deadlock', async () => {
    const { app, api, receiver } = await start();
    // This test's transaction plays the delivery run; the worker stays out of it.
    await app.webhookDelivery.stop();
    const queue = new WebhookQueueRepository(app.db.kysely);

    /** `admin` asked while a run holds the endpoint's head; the run then writes its outcome (the head's row, then the endpoint's) and commits. */
    async function whileRunHoldsHead(endpointId: number, admin: () => ReturnType<typeof api>) {
      let asked!: ReturnType<typeof api>;
      await app.db.kysely.transaction().execute(async (trx) => {
        const head = await queue.lockHead(endpointId, trx);
        expect(head).toBeDefined();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const runPid = rows[0]!.pid;
        asked = admin();
        // The admin's statement waits on the run's lock.
        await vi.waitFor(async () => {
          const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${runPid}::int = any(pg_blocking_pids(pid))`.execute(
            app.db.kysely,
          );
          expect(waiting.rows[0]!.n).toBe(1);
        });
        const failed = afterAttempt(
          { attempts: head!.attempts, failingSince: head!.failing_since },
          { ok: false, statusCode: 503, response: null, error: 'HTTP 503' },
          new Date(),
          RETRY_SECONDS,
        );
        await queue.recordAttempt(head!, failed, trx);
      });
      return asked;
    }

    const toDisable = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    const toDelete = (await api('POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] })).body.data;
    await emit(app, 'lead.created', { lead: leadOf(1) });
    await emit(app, 'lead.created', { lead: leadOf(2) });

    const disabled = await whileRunHoldsHead(toDisable.id, () => api('PUT', `/api/webhooks/${toDisable.id}`, { enabled: false }));
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data).toMatchObject({ enabled: false, pending_count: 0 });
    const statuses = (await api('GET', `/api/webhooks/${toDisable.id}/deliveries`)).body.data.map((d: { status: string; attempts: number }) => [
      d.status,
      d.attempts,
    ]);
    // The head's attempt the run wrote, the one behind it failed by the admin.
    expect(statuses).toEqual([
      ['failed', 0],
      ['failed', 1],
    ]);

    const deleted = await whileRunHoldsHead(toDelete.id, () => api('DELETE', `/api/webhooks/${toDelete.id}`));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await api('GET', `/api/webhooks/${toDelete.id}`)).status).toBe(404);
  });
});
