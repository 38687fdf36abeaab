import type { WebhookEventData, WebhookEventType } from '../../common/api/webhookEvents.js';
import type { Executor } from '../db/transactions.js';

/**
 * Where a domain writes an event for the webhooks: in `trx`, the transaction of the change it
 * tells of, so the event exists exactly when the change does (a crash loses neither alone). The
 * webhooks domain answers it (EventOutbox), fanning the event out to the subscribed endpoints.
 */
export interface EventSink {
  emit<T extends WebhookEventType>(type: T, data: WebhookEventData[T], trx: Executor): Promise<void>;
}
