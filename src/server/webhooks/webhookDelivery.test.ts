import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { newWebhookDelivery, specSecrets } from '../testing/services.js';
import { fakeWebhookSender, type MemoryEndpoint, OK, SERVER_ERROR } from '../testing/webhookFakes.js';
import { DISABLE_AFTER_FAILING_MS } from './deliverySchedule.js';
import { deliveryBody } from './webhookDelivery.js';
import { signedHeaders } from './webhookSender.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function endpoint(id: number): MemoryEndpoint {
  return { id, url: `https://crm${id}.example/hooks`, secret_sealed: specSecrets.seal(SECRET), enabled: true, disabled_reason: null, failing_since: null };
}

/** The lead id of each message sent, in order. */
function leadIds(sent: { body: string }[]): number[] {
  return sent.map((message) => (JSON.parse(message.body) as { data: { lead: number } }).data.lead);
}

describe('WebhookDelivery', () => {
  it("sends an endpoint's deliveries oldest first, holding the later ones while the oldest waits for its retry", async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({ sender: fakeWebhookSender((n) => (n < 2 ? SERVER_ERROR : OK)) });
    const now = clock.now().toISOString();
    for (const lead of [1, 2, 3]) queue.add(1, { lead }, now);

    await worker.deliverDue();
    expect(leadIds(sender.sent), 'the first failed; the others wait behind it').toEqual([1]);
    clock.advance(59_999);
    await worker.deliverDue();
    expect(leadIds(sender.sent), 'not due a millisecond early').toEqual([1]);
    clock.advance(1);
    await worker.deliverDue();
    expect(leadIds(sender.sent)).toEqual([1, 1]);
    clock.advance(300_000);
    await worker.deliverDue();
    expect(leadIds(sender.sent)).toEqual([1, 1, 1, 2, 3]);
    expect(queue.deliveries.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(queue.endpoints[0]!.failing_since, 'cleared by the success').toBeNull();
  });

  it('gives a delivery up after its last retry, and the next one goes at once', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({ retrySeconds: [1, 2], sender: fakeWebhookSender((n) => (n < 3 ? SERVER_ERROR : OK)) });
    const now = clock.now().toISOString();
    queue.add(1, { lead: 1 }, now);
    queue.add(1, { lead: 2 }, now);
    await worker.deliverDue();
    clock.advance(1000);
    await worker.deliverDue();
    clock.advance(2000);
    await worker.deliverDue();
    expect(leadIds(sender.sent)).toEqual([1, 1, 1, 2]);
    expect(queue.deliveries.map((d) => d.status)).toEqual(['failed', 'delivered']);
  });

  it('keeps each endpoint to its own order: a failing endpoint does not hold back another', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({
      endpoints: [endpoint(1), endpoint(2)],
      sender: fakeWebhookSender((_n, message) => (message.url.includes('crm1') ? SERVER_ERROR : OK)),
    });
    const now = clock.now().toISOString();
    queue.add(1, { lead: 1 }, now);
    queue.add(2, { lead: 2 }, now);
    queue.add(1, { lead: 3 }, now);
    queue.add(2, { lead: 4 }, now);
    await worker.deliverDue();
    expect(sender.sent.filter((m) => m.url.includes('crm2')).map((m) => JSON.parse(m.body).data.lead)).toEqual([2, 4]);
    expect(sender.sent.filter((m) => m.url.includes('crm1')).map((m) => JSON.parse(m.body).data.lead)).toEqual([1]);
  });

  it('disables an endpoint that has failed for three days by the clock, fails its pending deliveries and e-mails LEADS_EMAIL once', async () => {
    const { worker, queue, mail, clock } = newWebhookDelivery({
      retrySeconds: [86_400, 86_400, 86_400, 86_400],
      leadsEmail: 'leads@isp.example',
      sender: fakeWebhookSender(() => SERVER_ERROR),
    });
    const now = clock.now().toISOString();
    queue.add(1, { lead: 1 }, now);
    queue.add(1, { lead: 2 }, now);
    await worker.deliverDue();
    for (let day = 1; day <= 2; day++) {
      clock.advance(86_400_000);
      await worker.deliverDue();
      expect(queue.endpoints[0]!.enabled).toBe(true);
    }
    clock.advance(DISABLE_AFTER_FAILING_MS - 2 * 86_400_000);
    await worker.deliverDue();
    expect(queue.endpoints[0]).toMatchObject({ enabled: false, failing_since: now });
    expect(queue.endpoints[0]!.disabled_reason).toContain(`from ${now} for 3 days`);
    expect(queue.deliveries.map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(mail.queued).toHaveLength(1);
    expect(mail.queued[0]).toMatchObject({
      kind: 'webhook_disabled',
      to: 'leads@isp.example',
      subject: 'Webhook endpoint disabled: https://crm.example',
    });
    expect(mail.queued[0]!.text).toContain('The receiver answered HTTP 500');
    expect(mail.queued[0]!.text).toContain('https://coverage.example/admin/webhooks');
  });

  it('tells nobody when LEADS_EMAIL is not set, and still disables the endpoint', async () => {
    const { worker, queue, mail, clock } = newWebhookDelivery({ retrySeconds: [259_200], sender: fakeWebhookSender(() => SERVER_ERROR) });
    queue.add(1, { lead: 1 }, clock.now().toISOString());
    await worker.deliverDue();
    clock.advance(DISABLE_AFTER_FAILING_MS);
    await worker.deliverDue();
    expect(queue.endpoints[0]!.enabled).toBe(false);
    expect(mail.queued).toEqual([]);
  });

  it('on PostgreSQL claims the head with the row lock, and leaves a head another process holds', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({ lockRows: true });
    queue.add(1, { lead: 1 }, clock.now().toISOString());
    queue.lockHead.mockResolvedValueOnce(undefined);
    await worker.deliverDue();
    expect(sender.sent, 'held by another process').toEqual([]);
    expect(queue.head).not.toHaveBeenCalled();
    await worker.deliverDue();
    expect(leadIds(sender.sent)).toEqual([1]);
  });

  it('works a backlog off in runs of up to 100 deliveries, each run claiming the head once', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({ lockRows: true });
    for (let lead = 1; lead <= 150; lead++) queue.add(1, { lead }, clock.now().toISOString());
    await worker.deliverDue();
    expect(leadIds(sender.sent)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(queue.lockHead, 'two runs, then no head left').toHaveBeenCalledTimes(3);
    expect(queue.deliveries.every((d) => d.status === 'delivered')).toBe(true);
  });

  it('signs the body {type, timestamp, data} with the endpoint secret so that standardwebhooks verifies it', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery();
    const delivery = queue.add(1, { lead: 7 }, '2026-11-22T07:59:00.000Z');
    await worker.deliverDue();
    const [message] = sender.sent;
    expect(message).toMatchObject({ secret: SECRET, messageId: delivery.message_id, sentAt: clock.now() });
    expect(JSON.parse(message!.body)).toEqual({ type: 'lead.created', timestamp: '2026-11-22T07:59:00.000Z', data: { lead: 7 } });

    const sentAt = new Date();
    const headers = signedHeaders({ ...message!, sentAt });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': delivery.message_id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    });
    expect(new Webhook(SECRET).verify(message!.body, headers)).toEqual({ type: 'lead.created', timestamp: '2026-11-22T07:59:00.000Z', data: { lead: 7 } });
    expect(() => new Webhook('whsec_c29tZSBvdGhlciBzZWNyZXQgb2YgMzIgYnl0ZXMhIQ==').verify(message!.body, headers)).toThrow('No matching signature found');
  });

  it('writes the same body on every attempt of an event', () => {
    const head = { type: 'lead.created', event_created_at: '2026-11-22T08:00:00.000Z', payload_json: '{"lead":{"id":1}}' };
    expect(deliveryBody(head)).toBe('{"type":"lead.created","timestamp":"2026-11-22T08:00:00.000Z","data":{"lead":{"id":1}}}');
  });

  it('records a secret sealed under another app secret as a failed attempt instead of stopping', async () => {
    const { worker, queue, sender, clock } = newWebhookDelivery({
      endpoints: [{ ...endpoint(1), secret_sealed: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' }],
    });
    queue.add(1, { lead: 1 }, clock.now().toISOString());
    await worker.deliverDue();
    expect(sender.sent).toEqual([]);
    expect(queue.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queue.deliveries[0]!.last_error).toMatch(/signing secret cannot be read/);
  });

  it('lets a send in flight finish when stopped, and starts nothing after', async () => {
    let release = () => {};
    const { worker, queue, sender, clock } = newWebhookDelivery({
      sender: fakeWebhookSender(() => new Promise((resolve) => (release = () => resolve(OK)))),
    });
    queue.add(1, { lead: 1 }, clock.now().toISOString());
    queue.add(1, { lead: 2 }, clock.now().toISOString());
    const delivering = worker.deliverDue();
    await vi.waitFor(() => expect(sender.sent).toHaveLength(1));
    const stopped = worker.stop();
    release();
    await stopped;
    await delivering;
    expect(queue.deliveries.map((d) => d.status)).toEqual(['delivered', 'pending']);
    expect(sender.sent).toHaveLength(1);
  });
});
