import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBool } from '../src/server/db/dialect.js';
import { OUTBOX_PRUNE_BATCH_ROWS, OUTBOX_RETENTION_DAYS } from '../src/server/outbox/outboxPrune.js';
import { OutboxRetentionRepository } from '../src/server/outbox/outboxRetentionRepository.js';
import { NotFoundError } from '../src/server/errors.js';
import { transactionsOf } from '../src/server/db/transactions.js';
import { JobLockRepository } from '../src/server/system/jobLockRepository.js';
import { WebhookRepository } from '../src/server/webhooks/webhookRepository.js';
import { DELIVERY_PRUNED, WebhookService } from '../src/server/webhooks/webhookService.js';
import { createTestApp, databaseKinds, ManualClock, type TestApp } from './support/testApp.js';

// The outboxes' retention: mails sent or given up and webhook deliveries finished go after
// OUTBOX_RETENTION_DAYS, a bounded batch a statement, by the one process holding the job lock;
// pending rows stay whatever their age.

const DAY_MS = 86_400_000;

describe.each(databaseKinds())('outbox retention on %s', (kind) => {
  let app: TestApp;
  let clock: ManualClock;
  /** A time `days` before the clock's now. */
  const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString();
  const pastRetention = () => daysAgo(OUTBOX_RETENTION_DAYS + 1);

  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
    // The schedule's own run at start is over, and no tick comes during a test: each runs it by hand.
    await app.outboxPrune.stop();
  });
  afterEach(() => app.close());

  /** `count` mails queued at `createdAt` that are `status`; those sent or given up finished at `finishedAt` (by default when queued). */
  async function mails(
    count: number,
    status: 'pending' | 'sent' | 'failed',
    createdAt: string,
    subject: string = status,
    finishedAt = createdAt,
  ): Promise<void> {
    const finished = status === 'pending' ? null : finishedAt;
    const row = {
      kind: 'lead_notice',
      to_address: 'leads@isp.example',
      subject,
      text_body: 'text',
      html_body: '<p>html</p>',
      status,
      next_attempt_at: createdAt,
      created_at: createdAt,
      sent_at: status === 'sent' ? finished : null,
      finished_at: finished,
    };
    for (let start = 0; start < count; start += 500) {
      await app.db.kysely
        .insertInto('mail_outbox')
        .values(Array.from({ length: Math.min(500, count - start) }, () => row))
        .execute();
    }
  }

  const subjectsLeft = async () => (await app.db.kysely.selectFrom('mail_outbox').select('subject').orderBy('subject').execute()).map((row) => row.subject);

  async function endpoint(enabled = false): Promise<number> {
    const now = clock.now().toISOString();
    const row = await app.db.kysely
      .insertInto('webhook_endpoints')
      // Disabled: the delivery worker leaves its pending deliveries alone.
      .values({
        url: 'https://hooks.example.com/in',
        events_json: '["lead.created"]',
        secret_sealed: 'sealed',
        enabled: fromBool(enabled),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function event(messageId: string, createdAt: string): Promise<number> {
    const row = await app.db.kysely
      .insertInto('webhook_events')
      .values({ message_id: messageId, type: 'lead.created', payload_json: '{}', created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function delivery(eventId: number, endpointId: number, status: 'pending' | 'delivered' | 'failed', createdAt: string): Promise<{ id: number }> {
    return app.db.kysely
      .insertInto('webhook_deliveries')
      .values({ event_id: eventId, endpoint_id: endpointId, status, next_attempt_at: createdAt, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  const deliveriesLeft = async () =>
    (
      await app.db.kysely
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
        .select(['ev.message_id', 'd.status'])
        .orderBy('ev.message_id')
        .orderBy('d.id')
        .execute()
    ).map((row) => `${row.message_id} ${row.status}`);
  const eventsLeft = async () =>
    (await app.db.kysely.selectFrom('webhook_events').select('message_id').orderBy('message_id').execute()).map((row) => row.message_id);

  it('deletes mails sent or given up past the retention, more than two batches of them, and keeps pending and recent ones', async () => {
    await mails(2 * OUTBOX_PRUNE_BATCH_ROWS + 1, 'sent', pastRetention(), 'old sent');
    await mails(1, 'failed', pastRetention(), 'old failed');
    // SMTP unset for two months: still waiting to be sent.
    await mails(1, 'pending', daysAgo(60), 'old pending');
    await mails(1, 'sent', daysAgo(OUTBOX_RETENTION_DAYS - 1), 'recent sent');
    await mails(1, 'failed', daysAgo(OUTBOX_RETENTION_DAYS - 1), 'recent failed');

    expect(await app.outboxPrune.runOnce()).toBe(true);
    expect(await subjectsLeft()).toEqual(['old pending', 'recent failed', 'recent sent']);

    clock.advance(2 * DAY_MS);
    expect(await app.outboxPrune.runOnce()).toBe(true);
    expect(await subjectsLeft()).toEqual(['old pending']);
  });

  it("counts a mail's retention from when it was sent or given up, not from when it was queued", async () => {
    // SMTP unset for two months, then set: sent yesterday.
    await mails(1, 'sent', daysAgo(60), 'waited then sent', daysAgo(1));
    // Refused for two months (the give-up counts from the mail's queueing), given up yesterday.
    await mails(1, 'failed', daysAgo(60), 'waited then given up', daysAgo(1));
    await mails(1, 'sent', daysAgo(60), 'sent long ago', pastRetention());

    expect(await app.outboxPrune.runOnce()).toBe(true);
    expect(await subjectsLeft()).toEqual(['waited then given up', 'waited then sent']);
  });

  it('deletes webhook deliveries delivered or failed past the retention and the events left without one, keeping pending ones and their events', async () => {
    const endpointId = await endpoint();
    await delivery(await event('msg_a_old_delivered', pastRetention()), endpointId, 'delivered', pastRetention());
    const redelivered = await event('msg_b_old_redelivered', pastRetention());
    await delivery(redelivered, endpointId, 'failed', pastRetention());
    // The admin's redelivery of the old event, today: it keeps its event.
    await delivery(redelivered, endpointId, 'pending', clock.now().toISOString());
    await delivery(await event('msg_c_old_pending', pastRetention()), endpointId, 'pending', pastRetention());
    await event('msg_d_old_unsubscribed', pastRetention());
    await delivery(await event('msg_e_recent', daysAgo(1)), endpointId, 'delivered', daysAgo(1));
    await event('msg_f_recent_unsubscribed', daysAgo(1));

    expect(await app.outboxPrune.runOnce()).toBe(true);
    expect(await deliveriesLeft()).toEqual(['msg_b_old_redelivered pending', 'msg_c_old_pending pending', 'msg_e_recent delivered']);
    expect(await eventsLeft()).toEqual(['msg_b_old_redelivered', 'msg_c_old_pending', 'msg_e_recent', 'msg_f_recent_unsubscribed']);
  });

  it('deletes no more than its limit a statement', async () => {
    const repository = retention();
    const cutoff = daysAgo(OUTBOX_RETENTION_DAYS);
    await mails(5, 'sent', pastRetention());
    expect(await repository.pruneMailBatch(cutoff, 2)).toBe(2);
    expect(await subjectsLeft()).toHaveLength(3);

    const endpointId = await endpoint();
    for (const name of ['msg_1', 'msg_2', 'msg_3']) await delivery(await event(name, pastRetention()), endpointId, 'delivered', pastRetention());
    expect(await repository.pruneDeliveryBatch(cutoff, 2)).toBe(2);
    expect(await deliveriesLeft()).toHaveLength(1);
    expect(await repository.pruneEventBatch(cutoff, 1)).toBe(1);
    expect(await eventsLeft()).toHaveLength(2);
  });

  const retention = () => new OutboxRetentionRepository(app.db.kysely, transactionsOf(app.db.kysely), app.db.dialect);

  it('answers 404 to a redelivery whose event the prune deleted after the delivery was read, and queues nothing', async () => {
    const endpointId = await endpoint(true);
    const eventId = await event('msg_old', pastRetention());
    const old = await delivery(eventId, endpointId, 'delivered', pastRetention());
    const webhooks = new WebhookRepository(app.db.kysely, app.db.dialect);
    // The hourly prune runs between the redelivery's read of the old delivery and its transaction.
    const racedByThePrune = Object.assign(Object.create(webhooks) as WebhookRepository, {
      findDelivery: async (...args: Parameters<WebhookRepository['findDelivery']>) => {
        const found = await webhooks.findDelivery(...args);
        expect(await app.outboxPrune.runOnce()).toBe(true);
        return found;
      },
    });
    const service = new WebhookService({
      repository: racedByThePrune,
      transactions: transactionsOf(app.db.kysely),
      secrets: {} as never,
      checkUrl: async () => {},
      clock,
      publicUrl: 'https://map.example',
      audit: { record: async () => {} },
    });

    const refused = await service.redeliver(endpointId, old.id).catch((error: unknown) => error);
    // A 404 with its reason, not the database's foreign-key refusal (a 500).
    expect(refused).toBeInstanceOf(NotFoundError);
    expect(refused).toMatchObject({ message: DELIVERY_PRUNED });
    expect(await deliveriesLeft()).toEqual([]);
    expect(await eventsLeft()).toEqual([]);
  });

  it('keeps an old event whose redelivery is being queued while the prune runs, and the redelivery with it', async () => {
    const endpointId = await endpoint();
    const eventId = await event('msg_old', pastRetention());
    const webhooks = new WebhookRepository(app.db.kysely, app.db.dialect);
    let commit = () => {};
    let queued = () => {};
    const inserted = new Promise<void>((resolve) => (queued = resolve));
    // The redelivery's transaction, held open between its insert and its commit.
    const redelivery = app.db.kysely.transaction().execute(async (trx) => {
      await webhooks.insertDelivery(eventId, endpointId, clock.now().toISOString(), trx);
      queued();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await inserted;
    let settled = false;
    const pruned = retention()
      .pruneEventBatch(daysAgo(OUTBOX_RETENTION_DAYS), 10)
      .finally(() => (settled = true));
    if (kind === 'postgres') {
      // The prune has chosen the event, or passed it by: it ended, or it waits on the redelivery's lock.
      const waiting = async () => {
        const blocked = await sql<{ n: number }>`select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database() and a.query like '%webhook_events%'`.execute(app.db.kysely);
        return Number(blocked.rows[0]!.n);
      };
      await expect.poll(async () => settled || (await waiting()) > 0).toBe(true);
    }
    commit();
    await redelivery;
    expect(await pruned).toBe(0);
    expect(await deliveriesLeft()).toEqual(['msg_old pending']);
  });

  it('runs only while it holds the job lock, so one process prunes at a time', async () => {
    await mails(3, 'sent', pastRetention(), 'old sent');
    const otherServer = new JobLockRepository(app.db.kysely, 'another-server');
    expect(await otherServer.tryAcquire('outbox_prune', clock.now(), 60_000)).toBe(true);

    expect(await app.outboxPrune.runOnce()).toBe(false);
    expect(await subjectsLeft()).toHaveLength(3);

    await otherServer.release('outbox_prune');
    expect(await app.outboxPrune.runOnce()).toBe(true);
    expect(await subjectsLeft()).toEqual([]);
  });
});
