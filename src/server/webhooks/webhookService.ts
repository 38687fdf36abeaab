import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT } from '../../common/api/webhookEvents.js';
import {
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TOO_MANY_MESSAGE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../../common/api/webhooks.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { DbTransaction, Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, OutboundError, ValidationError } from '../errors.js';
import { newMessageId } from '../outbox/eventOutbox.js';
import type { SecretBox } from '../system/secretBox.js';
import { testEventData } from './webhookEventTypes.js';
import type { EndpointActivity, WebhookDeliveryRecord, WebhookEndpointRecord, WebhookRepository } from './webhookRepository.js';

/** Standard Webhooks' secret form: `whsec_` and the base64 of the key; 32 random bytes (256 bits), as its libraries generate. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const DELIVERY_PRUNED = 'This delivery was deleted just now, past the 30-day retention: it can no longer be redelivered';
export const ENDPOINT_DISABLED_MESSAGE = 'This endpoint is disabled: enable it first';
const DISABLED_BY_HAND = 'The endpoint was disabled';

export interface WebhookServiceDeps {
  repository: Pick<
    WebhookRepository,
    | 'list'
    | 'find'
    | 'count'
    | 'activityOf'
    | 'insert'
    | 'update'
    | 'delete'
    | 'deliveries'
    | 'findDelivery'
    | 'insertEvent'
    | 'insertDelivery'
    | 'lockEvent'
    | 'lockPending'
    | 'failPending'
  >;
  transactions: Transactions;
  secrets: SecretBox;
  /** The outbound client's SSRF guard, without fetching (outbound/checkOutboundUrl). */
  checkUrl: (url: string) => Promise<void>;
  clock: Clock;
  /** The site's address, named in the test event. */
  publicUrl: string;
  audit: AuditRecorder;
}

/** Rules for webhook endpoints: the URL through the SSRF guard, the secret sealed at rest and shown once, the test event, redelivery. */
export class WebhookService {
  private readonly queuedListeners: Array<() => void> = [];

  constructor(private readonly deps: WebhookServiceDeps) {}

  /** `listener` runs after a test event or a redelivery was queued (committed): the delivery worker's nudge. */
  onQueued(listener: () => void): void {
    this.queuedListeners.push(listener);
  }

  async list(): Promise<WebhookEndpoint[]> {
    const records = await this.deps.repository.list();
    const activity = await this.deps.repository.activityOf(records.map((record) => record.id));
    return records.map((record) => toEndpoint(record, activity.get(record.id)));
  }

  async get(id: number): Promise<WebhookEndpoint> {
    return this.answer(await this.existing(id));
  }

  async create(input: CreateWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const now = this.deps.clock.now().toISOString();
    const record = await this.deps.transactions.run(async (trx) => {
      if ((await this.deps.repository.count(trx)) >= WEBHOOK_MAX_ENDPOINTS) throw new ConflictError(WEBHOOK_TOO_MANY_MESSAGE);
      const inserted = await this.deps.repository.insert(
        {
          url: input.url,
          description: input.description || null,
          events: input.events,
          secret_sealed: this.deps.secrets.seal(secret),
          enabled: true,
          disabled_reason: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      // The secret's key is in the entry (masked by the trail): a secret was set, never its value.
      await this.deps.audit.record(trx, { entity: 'webhook', entityId: inserted.id, action: 'create', after: { ...auditedEndpoint(inserted), secret } });
      return inserted;
    });
    return { ...toEndpoint(record, undefined), secret };
  }

  /**
   * Enabling a disabled endpoint clears why it was disabled and since when it failed; disabling it
   * fails its pending deliveries (nothing is sent to it; redeliver them once it is enabled again).
   */
  async update(id: number, input: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
    const stored = await this.existing(id);
    if (input.url !== undefined && input.url !== stored.url) await this.checkUrl(input.url);
    const reenabled = input.enabled === true && !stored.enabled;
    const disabled = input.enabled === false && stored.enabled;
    const updated = await this.deps.transactions.run(async (trx) => {
      // The deliveries before the endpoint's row, as the delivery worker takes them (lockPending says why).
      if (disabled) {
        await this.deps.repository.lockPending(id, trx);
        await this.deps.repository.failPending(id, DISABLED_BY_HAND, trx);
      }
      const changed = await this.deps.repository.update(
        id,
        {
          ...(input.url === undefined ? {} : { url: input.url }),
          ...(input.events === undefined ? {} : { events: input.events }),
          ...(input.description === undefined ? {} : { description: input.description || null }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(reenabled || disabled ? { disabled_reason: null, failing_since: null } : {}),
          updated_at: this.deps.clock.now().toISOString(),
        },
        trx,
      );
      if (changed) {
        await this.deps.audit.record(trx, {
          entity: 'webhook',
          entityId: id,
          action: 'update',
          before: auditedEndpoint(stored),
          after: auditedEndpoint(changed),
        });
      }
      return changed;
    });
    if (!updated) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    return this.answer(updated);
  }

  /** Deletes the endpoint and its deliveries; its pending ones are locked first, as the delivery worker takes them (lockPending says why). */
  async delete(id: number): Promise<void> {
    const deleted = await this.deps.transactions.run(async (trx) => {
      await this.deps.repository.lockPending(id, trx);
      const stored = await this.deps.repository.find(id, trx);
      const removed = await this.deps.repository.delete(id, trx);
      if (removed && stored) await this.deps.audit.record(trx, { entity: 'webhook', entityId: id, action: 'delete', before: auditedEndpoint(stored) });
      return removed;
    });
    if (!deleted) throw new NotFoundError(ENDPOINT_NOT_FOUND);
  }

  async rotateSecret(id: number): Promise<{ secret: string }> {
    await this.existing(id);
    const secret = newWebhookSecret();
    await this.deps.transactions.run(async (trx) => {
      const updated = await this.deps.repository.update(
        id,
        { secret_sealed: this.deps.secrets.seal(secret), updated_at: this.deps.clock.now().toISOString() },
        trx,
      );
      if (!updated) throw new NotFoundError(ENDPOINT_NOT_FOUND);
      // Both sides masked by the trail: the entry says the secret changed, not what it is.
      await this.deps.audit.record(trx, { entity: 'webhook', entityId: id, action: 'rotate_secret', before: { secret: 'previous' }, after: { secret: 'new' } });
    });
    return { secret };
  }

  async deliveries(id: number, limit: number): Promise<WebhookDelivery[]> {
    await this.existing(id);
    return (await this.deps.repository.deliveries(id, limit)).map(toDelivery);
  }

  /** Queues a webhook.test event for this endpoint only (whatever events it wants). */
  async sendTest(id: number): Promise<WebhookDelivery> {
    const endpoint = await this.enabledEndpoint(id);
    const now = this.deps.clock.now().toISOString();
    const data = testEventData(endpoint.id, this.deps.publicUrl);
    return this.queue(endpoint.id, async (trx) => {
      const eventId = await this.deps.repository.insertEvent(
        { message_id: newMessageId(), type: WEBHOOK_TEST_EVENT, payload_json: JSON.stringify(data), created_at: now },
        trx,
      );
      const deliveryId = await this.deps.repository.insertDelivery(eventId, endpoint.id, now, trx);
      await this.deps.audit.record(trx, { entity: 'webhook', entityId: endpoint.id, action: 'test', after: { delivery_id: deliveryId } });
      return deliveryId;
    });
  }

  /** A new pending delivery of the delivery's event: the same body and webhook-id, so the receiver can tell it is a repeat. */
  async redeliver(id: number, deliveryId: number): Promise<WebhookDelivery> {
    const endpoint = await this.enabledEndpoint(id);
    const delivery = await this.deps.repository.findDelivery(endpoint.id, deliveryId);
    if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
    const now = this.deps.clock.now().toISOString();
    return this.queue(endpoint.id, async (trx) => {
      // The retention's prune may have deleted the delivery and its event since it was read; the
      // event is held until the commit, so the prune cannot delete it (and the new delivery) after.
      if (!(await this.deps.repository.lockEvent(delivery.event_id, trx))) throw new NotFoundError(DELIVERY_PRUNED);
      const newDeliveryId = await this.deps.repository.insertDelivery(delivery.event_id, endpoint.id, now, trx);
      const after = { delivery_id: newDeliveryId, redelivery_of: deliveryId, webhook_id: delivery.message_id };
      await this.deps.audit.record(trx, { entity: 'webhook', entityId: endpoint.id, action: 'redeliver', after });
      return newDeliveryId;
    });
  }

  /** Runs `insert` (the new delivery's id) in a transaction, then nudges the worker and answers the delivery. */
  private async queue(endpointId: number, insert: (trx: DbTransaction) => Promise<number>): Promise<WebhookDelivery> {
    const deliveryId = await this.deps.transactions.run(insert);
    for (const listener of this.queuedListeners) listener();
    const delivery = await this.deps.repository.findDelivery(endpointId, deliveryId);
    if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
    return toDelivery(delivery);
  }

  private async enabledEndpoint(id: number): Promise<WebhookEndpointRecord> {
    const endpoint = await this.existing(id);
    if (!endpoint.enabled) throw new ConflictError(ENDPOINT_DISABLED_MESSAGE);
    return endpoint;
  }

  private async existing(id: number): Promise<WebhookEndpointRecord> {
    const record = await this.deps.repository.find(id);
    if (!record) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    return record;
  }

  private async answer(record: WebhookEndpointRecord): Promise<WebhookEndpoint> {
    const activity = await this.deps.repository.activityOf([record.id]);
    return toEndpoint(record, activity.get(record.id));
  }

  /** The SSRF guard's answer as a 400 the admin can act on. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await this.deps.checkUrl(url);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (error.kind === 'refused') {
        throw new ValidationError('Webhooks can only be sent to public addresses: this URL is on a private or local network (ALLOW_PRIVATE_FETCH allows it)');
      }
      if (error.kind === 'invalid_url') throw new ValidationError(error.message);
      throw new ValidationError(`The URL's host cannot be reached: ${error.message}`);
    }
  }
}

/** An endpoint as its audit entries keep it: the record, the sealed secret left out. */
function auditedEndpoint(record: WebhookEndpointRecord): Record<string, unknown> {
  const { secret_sealed: _sealed, ...shown } = record;
  return shown;
}

function toEndpoint(record: WebhookEndpointRecord, activity: EndpointActivity | undefined): WebhookEndpoint {
  const { secret_sealed: _sealed, ...shown } = record;
  return { ...shown, last_delivery: activity?.last_delivery ?? null, pending_count: activity?.pending_count ?? 0 };
}

function toDelivery(record: WebhookDeliveryRecord): WebhookDelivery {
  const { endpoint_id: _endpoint, type, next_attempt_at: nextAttemptAt, ...rest } = record;
  return { ...rest, type: type as WebhookDelivery['type'], next_attempt_at: record.status === 'pending' ? nextAttemptAt : null };
}
