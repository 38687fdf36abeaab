import type { ExpressionBuilder } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Executor, Transactions } from '../db/transactions.js';

/** No delivery refers to the event any more. */
function withoutDelivery(eb: ExpressionBuilder<Database, 'webhook_events'>) {
  return eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'webhook_events.id')));
}

/**
 * The SQL of the outboxes' retention: deletes, a bounded batch a statement, the mails sent or
 * given up and the webhook deliveries delivered or failed before a cutoff, then the webhook events
 * no delivery refers to any more. Pending rows are never touched, however old. Each batch is its
 * own short transaction, so one run never holds a long one (or SQLite's writer) over the whole prune.
 */
export class OutboxRetentionRepository {
  constructor(
    private readonly db: Executor,
    private readonly transactions: Transactions,
    private readonly dialect: DialectName,
  ) {}

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
   *
   * A redelivery being queued holds its event's row (WebhookRepository.lockEvent, or the key share
   * its insert takes): on PostgreSQL the events are chosen `FOR UPDATE SKIP LOCKED`, so such an
   * event is skipped, and those chosen are checked again by the delete, whose snapshot is newer than
   * the choice's: a delivery committed in between keeps its event. A single delete would not do: it
   * waits for the redelivery's commit, then deletes the event it chose from its older snapshot, and
   * the cascade takes the new delivery. SQLite runs one transaction at a time.
   */
  async pruneEventBatch(cutoff: string, limit: number): Promise<number> {
    return this.transactions.run(async (trx) => {
      let unreferenced = trx.selectFrom('webhook_events').select('id').where('created_at', '<', cutoff).where(withoutDelivery).limit(limit);
      if (this.dialect === 'postgres') unreferenced = unreferenced.forUpdate().skipLocked();
      const ids = (await unreferenced.execute()).map((row) => row.id);
      if (ids.length === 0) return 0;
      const result = await trx.deleteFrom('webhook_events').where('id', 'in', ids).where(withoutDelivery).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
