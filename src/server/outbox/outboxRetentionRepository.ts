import type { Executor } from '../db/transactions.js';

/**
 * The SQL of the outboxes' retention: deletes, a bounded batch a statement, the mails sent or
 * given up and the webhook deliveries delivered or failed before a cutoff, then the webhook events
 * no delivery refers to any more. Pending rows are never touched, however old. Each statement is
 * its own transaction, so one run never holds a long one (or SQLite's writer) over the whole prune.
 */
export class OutboxRetentionRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Deletes up to `limit` mails sent or failed (given up) before `cutoff`; how many. Counted from when
   * they finished, not when they were queued: a mail that waited a month is kept a month after it went.
   * Pending mails have no finished_at.
   */
  async pruneMailBatch(cutoff: string, limit: number): Promise<number> {
    const batch = this.db.selectFrom('mail_outbox').select('id').where('finished_at', '<', cutoff).limit(limit);
    const result = await this.db.deleteFrom('mail_outbox').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes up to `limit` webhook deliveries delivered or failed that were queued before `cutoff`; how many. */
  async pruneDeliveryBatch(cutoff: string, limit: number): Promise<number> {
    const batch = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['delivered', 'failed'])
      .where('created_at', '<', cutoff)
      .limit(limit);
    const result = await this.db.deleteFrom('webhook_deliveries').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes up to `limit` webhook events written before `cutoff` that no delivery refers to (their
   * deliveries pruned, or no endpoint was subscribed); how many. An event with a delivery left, a
   * pending redelivery included, stays: deleting it would cascade to that delivery.
   */
  async pruneEventBatch(cutoff: string, limit: number): Promise<number> {
    const batch = this.db
      .selectFrom('webhook_events as ev')
      .select('ev.id')
      .where('ev.created_at', '<', cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'ev.id'))))
      .limit(limit);
    const result = await this.db.deleteFrom('webhook_events').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
