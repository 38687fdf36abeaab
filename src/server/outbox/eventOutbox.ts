import { randomBytes } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '../../common/api/webhookEvents.js';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import type { EventSink } from './eventSink.js';

/** Crockford's base32: the alphabet of ULIDs and KSUIDs, which webhook ids usually look like. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A webhook-id: `msg_` and 26 random base32 characters (130 bits); the same on every retry of one event. */
export function newMessageId(): string {
  const bytes = randomBytes(26);
  let id = 'msg_';
  for (const byte of bytes) id += BASE32[byte % 32];
  return id;
}

/** Whether stored events_json (a JSON array of event types) includes `type`; unreadable text subscribes to nothing. */
export function subscribesTo(eventsJson: string, type: string): boolean {
  try {
    const events: unknown = JSON.parse(eventsJson);
    return Array.isArray(events) && events.includes(type);
  } catch {
    return false;
  }
}

/**
 * The webhooks' outbox: an event is written in the transaction of the change it tells of, with one
 * pending delivery for each enabled endpoint subscribed to its type at that moment, so the event is
 * delivered if and only if the change committed, whatever crashes after.
 */
export class EventOutbox implements EventSink {
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly clock: Clock) {}

  async emit<T extends WebhookEventType>(type: T, data: WebhookEventData[T], trx: Executor): Promise<void> {
    const now = this.clock.now().toISOString();
    const event = await trx
      .insertInto('webhook_events')
      .values({ message_id: newMessageId(), type, payload_json: JSON.stringify(data), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events_json']).where('enabled', '=', 1).execute();
    const subscribed = endpoints.filter((endpoint) => subscribesTo(endpoint.events_json, type));
    if (subscribed.length === 0) return;
    await trx
      .insertInto('webhook_deliveries')
      .values(subscribed.map((endpoint) => ({ event_id: event.id, endpoint_id: endpoint.id, next_attempt_at: now, created_at: now })))
      .execute();
    for (const listener of this.listeners) listener();
  }

  /**
   * `listener` runs after each emit that queued a delivery (before its transaction commits: the
   * delivery worker looks again shortly after, and polls in any case).
   */
  onEmitted(listener: () => void): void {
    this.listeners.push(listener);
  }
}
