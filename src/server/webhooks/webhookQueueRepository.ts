import { fromBool } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';
import type { AfterAttempt } from './deliverySchedule.js';

/** The oldest pending delivery of an endpoint, with what sending it needs. */
export interface HeadDelivery {
  id: number;
  endpoint_id: number;
  attempts: number;
  next_attempt_at: string;
  message_id: string;
  type: string;
  payload_json: string;
  /** The event's time: the body's `timestamp`. */
  event_created_at: string;
  url: string;
  secret_sealed: string;
  failing_since: string | null;
}

/**
 * SQL of the delivery worker (migration 0016's webhook tables). Deliveries of one endpoint go in
 * order of id: only the oldest pending one (the head) is ever sent, so a head waiting for its
 * retry holds the later ones back.
 */
export class WebhookQueueRepository {
  constructor(private readonly db: Executor) {}

  /** The enabled endpoints whose head is due at `now`. */
  async dueEndpoints(now: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints as e')
      .innerJoin('webhook_deliveries as d', (join) =>
        // The head: the endpoint's oldest pending delivery (index webhook_deliveries_queue).
        join.on('d.id', '=', (eb) =>
          eb
            .selectFrom('webhook_deliveries as q')
            .select((sub) => sub.fn.min('q.id').as('id'))
            .whereRef('q.endpoint_id', '=', 'e.id')
            .where('q.status', '=', 'pending'),
        ),
      )
      .select('e.id')
      .where('e.enabled', '=', fromBool(true))
      .where('d.next_attempt_at', '<=', now)
      .orderBy('d.next_attempt_at')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The endpoint's head, when it is enabled; read without a lock (SQLite: this process is the only sender). */
  async head(endpointId: number, trx?: Executor): Promise<HeadDelivery | undefined> {
    return this.headQuery(trx ?? this.db, endpointId).executeTakeFirst();
  }

  /**
   * The endpoint's head, locked FOR UPDATE in `trx` (PostgreSQL) until it commits; undefined when
   * another transaction holds it (SKIP LOCKED: that process is sending it) or there is none. Only
   * the delivery row is locked, so the admin can still edit the endpoint meanwhile. A head that
   * another process finished while this one waited is seen as no longer pending and skipped.
   */
  async lockHead(endpointId: number, trx: Executor): Promise<HeadDelivery | undefined> {
    return this.headQuery(trx, endpointId).forUpdate('d').skipLocked().executeTakeFirst();
  }

  /** Writes an attempt's outcome: the delivery's row, and the endpoint's failing_since. */
  async recordAttempt(head: HeadDelivery, after: AfterAttempt, trx: Executor): Promise<void> {
    const { next_attempt_at: nextAttemptAt, ...delivery } = after.delivery;
    await trx
      .updateTable('webhook_deliveries')
      .set({ ...delivery, ...(nextAttemptAt === null ? {} : { next_attempt_at: nextAttemptAt }) })
      .where('id', '=', head.id)
      .where('status', '=', 'pending')
      .execute();
    if (after.failingSince !== head.failing_since) {
      await trx.updateTable('webhook_endpoints').set({ failing_since: after.failingSince }).where('id', '=', head.endpoint_id).execute();
    }
  }

  /** Disables the endpoint with `reason` and fails its pending deliveries; false when it was already disabled. */
  async disable(endpointId: number, reason: string, now: string, trx: Executor): Promise<boolean> {
    const result = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: fromBool(false), disabled_reason: reason, updated_at: now })
      .where('id', '=', endpointId)
      .where('enabled', '=', fromBool(true))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: reason })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
    return true;
  }

  private headQuery(db: Executor, endpointId: number) {
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.endpoint_id',
        'd.attempts',
        'd.next_attempt_at',
        'ev.message_id',
        'ev.type',
        'ev.payload_json',
        'ev.created_at as event_created_at',
        'e.url',
        'e.secret_sealed',
        'e.failing_since',
      ])
      .where('d.id', '=', (eb) =>
        eb
          .selectFrom('webhook_deliveries as q')
          .select((sub) => sub.fn.min('q.id').as('id'))
          .where('q.endpoint_id', '=', endpointId)
          .where('q.status', '=', 'pending'),
      )
      .where('d.status', '=', 'pending')
      .where('e.enabled', '=', fromBool(true));
  }
}
