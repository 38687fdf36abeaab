import { sql } from 'kysely';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../common/api/webhookEvents.js';
import type { WebhookDeliveryStatus } from '../../common/api/webhooks.js';
import { type DialectName, fromBool, fromJsonText, toBool, toCount, toJsonText } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** A stored endpoint, its secret still sealed. */
export interface WebhookEndpointRecord {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  secret_sealed: string;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** What the list shows of an endpoint's deliveries. */
export interface EndpointActivity {
  last_delivery: { status: WebhookDeliveryStatus; last_status_code: number | null; last_attempt_at: string | null } | null;
  pending_count: number;
}

export type NewWebhookEndpoint = Omit<WebhookEndpointRecord, 'id'>;
export type WebhookEndpointChanges = Partial<Omit<WebhookEndpointRecord, 'id' | 'created_at'>>;

/** A delivery with its event, as the log lists it. */
export interface WebhookDeliveryRecord {
  id: number;
  endpoint_id: number;
  event_id: number;
  message_id: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_response: string | null;
  last_error: string | null;
  delivered_at: string | null;
}

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events_json',
  'secret_sealed',
  'enabled',
  'disabled_reason',
  'failing_since',
  'created_at',
  'updated_at',
] as const;

const KNOWN_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

type EndpointRow = {
  id: number;
  url: string;
  description: string | null;
  events_json: string;
  secret_sealed: string;
  enabled: boolean | number;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

function asEndpoint(row: EndpointRow): WebhookEndpointRecord {
  const { events_json: eventsJson, enabled, ...rest } = row;
  const events = fromJsonText(eventsJson, (value) =>
    Array.isArray(value) ? value.filter((type): type is WebhookEventType => typeof type === 'string' && KNOWN_TYPES.has(type)) : [],
  );
  return { ...rest, events, enabled: toBool(enabled) };
}

function endpointColumns(changes: WebhookEndpointChanges) {
  const { events, enabled, ...rest } = changes;
  return {
    ...rest,
    ...(events === undefined ? {} : { events_json: toJsonText(events) }),
    ...(enabled === undefined ? {} : { enabled: fromBool(enabled) }),
  };
}

/** SQL for the admin side of webhooks (migration 0016): endpoints, and the deliveries' log. */
export class WebhookRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /** Oldest first (the order they were added). */
  async list(): Promise<WebhookEndpointRecord[]> {
    const rows = await this.db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).orderBy('id', 'asc').execute();
    return rows.map(asEndpoint);
  }

  async find(id: number, trx?: Executor): Promise<WebhookEndpointRecord | undefined> {
    const row = await (trx ?? this.db).selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && asEndpoint(row);
  }

  async count(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('webhook_endpoints')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** The newest delivery and the pending count of each of `ids` (one indexed look-up each). */
  async activityOf(ids: readonly number[]): Promise<Map<number, EndpointActivity>> {
    const activity = new Map<number, EndpointActivity>();
    if (ids.length === 0) return activity;
    const rows = await this.db
      .selectFrom('webhook_endpoints as e')
      .leftJoin('webhook_deliveries as d', (join) =>
        join.on('d.id', '=', (eb) =>
          eb
            .selectFrom('webhook_deliveries as n')
            .select((sub) => sub.fn.max('n.id').as('id'))
            .whereRef('n.endpoint_id', '=', 'e.id'),
        ),
      )
      .select((eb) => [
        'e.id',
        'd.status',
        'd.last_status_code',
        'd.last_attempt_at',
        eb
          .selectFrom('webhook_deliveries as p')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('p.endpoint_id', '=', 'e.id')
          .where('p.status', '=', 'pending')
          .as('pending_count'),
      ])
      .where('e.id', 'in', [...ids])
      .execute();
    for (const row of rows) {
      activity.set(row.id, {
        last_delivery: row.status ? { status: row.status, last_status_code: row.last_status_code, last_attempt_at: row.last_attempt_at } : null,
        pending_count: toCount(row.pending_count ?? 0),
      });
    }
    return activity;
  }

  async insert(endpoint: NewWebhookEndpoint, trx?: Executor): Promise<WebhookEndpointRecord> {
    const { events, enabled, ...columns } = endpoint;
    const row = await (trx ?? this.db)
      .insertInto('webhook_endpoints')
      .values({ ...columns, events_json: toJsonText(events), enabled: fromBool(enabled) })
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    return asEndpoint(row);
  }

  /** The endpoint after the change; undefined when there is no such endpoint. */
  async update(id: number, changes: WebhookEndpointChanges, trx?: Executor): Promise<WebhookEndpointRecord | undefined> {
    const row = await (trx ?? this.db)
      .updateTable('webhook_endpoints')
      .set(endpointColumns(changes))
      .where('id', '=', id)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirst();
    return row && asEndpoint(row);
  }

  /** Whether a row was deleted (its deliveries go with it; the events stay for other endpoints). */
  async delete(id: number, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db).deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** An endpoint's deliveries, newest first. */
  async deliveries(endpointId: number, limit: number): Promise<WebhookDeliveryRecord[]> {
    return this.deliveryQuery(this.db).where('d.endpoint_id', '=', endpointId).orderBy('d.id', 'desc').limit(limit).execute();
  }

  async findDelivery(endpointId: number, deliveryId: number, trx?: Executor): Promise<WebhookDeliveryRecord | undefined> {
    return this.deliveryQuery(trx ?? this.db)
      .where('d.endpoint_id', '=', endpointId)
      .where('d.id', '=', deliveryId)
      .executeTakeFirst();
  }

  /** An event written for one endpoint only (the test event), not fanned out to the subscribers. */
  async insertEvent(event: { message_id: string; type: string; payload_json: string; created_at: string }, trx: Executor): Promise<number> {
    const row = await trx.insertInto('webhook_events').values(event).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Whether the event is still stored, its row locked until `trx` ends (PostgreSQL; SQLite runs one
   * transaction at a time): the prune of events (outboxRetentionRepository.ts) skips a locked event,
   * so a delivery queued under the lock is not deleted with it.
   */
  async lockEvent(eventId: number, trx: Executor): Promise<boolean> {
    let query = trx.selectFrom('webhook_events').select('id').where('id', '=', eventId);
    if (this.dialect === 'postgres') query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** A new pending delivery of `eventId` to `endpointId`, due at `now`; its id. */
  async insertDelivery(eventId: number, endpointId: number, now: string, trx: Executor): Promise<number> {
    const row = await trx
      .insertInto('webhook_deliveries')
      .values({ event_id: eventId, endpoint_id: endpointId, next_attempt_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Every pending delivery of the endpoint becomes failed with `reason` (it was disabled). */
  /**
   * Locks the endpoint's pending deliveries, oldest first, until `trx` ends (PostgreSQL; SQLite has
   * one writer at a time). The delivery worker holds an endpoint's head delivery, then writes the
   * later ones it sent, then the endpoint's row (webhookQueueRepository.ts): an admin change that
   * fails or deletes the deliveries takes them first too, in the same order, before the endpoint's
   * row, so neither waits on the other while holding what the other waits for (a deadlock). The
   * head is the oldest, so this waits on a run in flight holding nothing, and goes on after its commit.
   */
  async lockPending(endpointId: number, trx: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async failPending(endpointId: number, reason: string, trx: Executor): Promise<void> {
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: reason })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
  }

  private deliveryQuery(db: Executor) {
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .select([
        'd.id',
        'd.endpoint_id',
        'd.event_id',
        'ev.message_id',
        'ev.type',
        'd.status',
        'd.attempts',
        'd.created_at',
        'd.next_attempt_at',
        'd.last_attempt_at',
        'd.last_status_code',
        'd.last_response',
        'd.last_error',
        'd.delivered_at',
      ]);
  }
}
