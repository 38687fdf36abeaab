import type { FastifyBaseLogger } from 'fastify';
import type { WaitlistEventEntry } from '../../common/api/webhookEvents.js';
import type {
  WaitlistEntry,
  WaitlistFilters,
  WaitlistJoinRequest,
  WaitlistListQuery,
  WaitlistOutcome,
  WaitlistPage,
  WaitlistPoint,
  WaitlistSummaryRow,
} from '../../common/api/waitlist.js';
import { WAITLIST_POINTS_LIMIT } from '../../common/api/waitlist.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import type { ProviderRepository } from '../providers/providerRepository.js';
import { csvPhone, csvStream } from '../reports/csv.js';
import { confirmationMail } from './waitlistMails.js';
import type { WaitlistRecord, WaitlistRepository } from './waitlistRepository.js';
import { dedupeKeyOf, newToken, tokenHash, unsubscribeToken } from './waitlistTokens.js';
import type { WaitlistZones } from './waitlistZones.js';

export const ZONE_NOT_FOUND = 'Zone not found';
export const OUTSIDE_ZONE = 'This address is outside the zone';
export const ZONE_CLOSED = 'This zone is not taking pre-registrations';
/** Unconfirmed entries are deleted this long after their last sign-up. */
export const PENDING_KEPT_MS = 7 * 24 * 3600_000;
/** A pending or unsubscribed entry joining again is mailed a new confirmation at most this often, ms. */
export const WAITLIST_RESEND_MS = 15 * 60_000;
const EXPORT_BATCH = 1000;

/** What the sign-up, the links and the purge need of the repository (the admin's views need the rest). */
type EntryStore = Pick<
  WaitlistRepository,
  | 'findByDedupeKey'
  | 'insertIfNew'
  | 'renewPending'
  | 'findByConfirmHash'
  | 'markConfirmed'
  | 'findByUnsubscribeHash'
  | 'markUnsubscribed'
  | 'deletePendingBefore'
>;

export interface WaitlistServiceDeps {
  repository: EntryStore & Pick<WaitlistRepository, 'summary' | 'list' | 'listBatch' | 'points' | 'delete'>;
  providers: Pick<ProviderRepository, 'find'>;
  /** null until the zones domain is wired: a zone_id is then refused as not found. */
  zones: WaitlistZones | null;
  transactions: Transactions;
  mail: MailQueue;
  events: EventSink;
  /** The site's public address (PUBLIC_URL): the links in e-mails. */
  publicUrl: string;
  /** The app secret, which unsubscribe tokens are derived from. */
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditRecorder;
}

/** The payload of an entry in webhook events. */
export function eventEntryOf(entry: WaitlistRecord): WaitlistEventEntry {
  const { id, provider_id, zone_id, name, email, phone, address, lat, lng, created_at, confirmed_at } = entry;
  return { id, provider_id, zone_id, name, email, phone, address, lat, lng, created_at, confirmed_at };
}

/**
 * "Notify me when it's available": sign-ups with double opt-in (an entry counts once the e-mailed
 * link is opened), unsubscribing, the purge of unconfirmed entries and the admin's views. What
 * the visitor is told never reveals whether the address was already on the list.
 */
export class WaitlistService {
  private readonly confirmedListeners: Array<() => void> = [];

  constructor(private readonly deps: WaitlistServiceDeps) {}

  /** `listener` runs after each confirmation has committed (the matcher: the spot may be live already). */
  onConfirmed(listener: () => void): void {
    this.confirmedListeners.push(listener);
  }

  /** Adds or renews an entry and queues its confirmation mail; a confirmed entry is left as it is. */
  async join(input: WaitlistJoinRequest): Promise<void> {
    if (input.website?.trim()) {
      this.deps.log.info('waitlist sign-up dropped: honeypot field filled');
      return;
    }
    const { providerId, zoneId, providerName, zoneName } = await this.target(input);
    const email = input.email.toLowerCase();
    const dedupeKey = dedupeKeyOf({ email, lat: input.lat, lng: input.lng, provider_id: providerId, zone_id: zoneId });
    const token = newToken();
    const now = this.deps.clock.now().toISOString();
    const details = { name: input.name ?? null, phone: input.phone ?? null, address: input.address };
    const queued = await this.deps.transactions.run(async (trx) => {
      let existing = await this.deps.repository.findByDedupeKey(dedupeKey, trx);
      if (!existing) {
        const entry = {
          ...details,
          provider_id: providerId,
          zone_id: zoneId,
          email,
          lat: input.lat,
          lng: input.lng,
          dedupe_key: dedupeKey,
          confirm_token_hash: tokenHash(token),
          unsubscribe_token_hash: tokenHash(unsubscribeToken(this.deps.secret, dedupeKey)),
          now,
        };
        const id = await this.deps.repository.insertIfNew(entry, trx);
        if (id !== null) return this.queueConfirmation(id, email, input.address, dedupeKey, token, providerName, zoneName, trx);
        existing = await this.deps.repository.findByDedupeKey(dedupeKey, trx);
      }
      // Confirmed already: nothing new to send (and the answer is the same, so nothing is revealed).
      if (!existing || existing.status === 'confirmed') return false;
      // A repeat soon after the last mail sends none (an inbox is not flooded) and leaves that mail's link valid.
      const lastSent = existing.confirm_sent_at === null ? null : Date.parse(existing.confirm_sent_at);
      if (lastSent !== null && Date.parse(now) - lastSent < WAITLIST_RESEND_MS) {
        await this.deps.repository.renewPending(existing.id, { ...details, now }, trx);
        return false;
      }
      await this.deps.repository.renewPending(existing.id, { ...details, confirm_token_hash: tokenHash(token), now }, trx);
      return this.queueConfirmation(existing.id, email, input.address, dedupeKey, token, providerName, zoneName, trx);
    });
    this.deps.log.info({ queued }, 'waitlist sign-up');
  }

  /** The confirmation page's button (its POST; the link's GET only shows the page): the entry counts from now (its zone's goal too), and the webhooks hear of it. */
  async confirm(token: string): Promise<WaitlistOutcome> {
    if (!token) return 'invalid';
    const outcome = await this.deps.transactions.run(async (trx): Promise<WaitlistOutcome> => {
      const entry = await this.deps.repository.findByConfirmHash(tokenHash(token), trx);
      if (!entry) return 'invalid';
      if (entry.status === 'confirmed') return 'already_confirmed';
      // An unsubscribed entry's old confirmation link does not sign it up again.
      if (entry.status === 'unsubscribed') return 'invalid';
      const now = this.deps.clock.now().toISOString();
      // Only the confirmation that changed the row tells the webhooks and the zone (a link opened twice at once).
      if (!(await this.deps.repository.markConfirmed(entry.id, now, trx))) {
        const current = await this.deps.repository.findByConfirmHash(tokenHash(token), trx);
        return current?.status === 'confirmed' ? 'already_confirmed' : 'invalid';
      }
      await this.deps.events.emit('waitlist.confirmed', { entry: eventEntryOf({ ...entry, status: 'confirmed', confirmed_at: now }) }, trx);
      if (entry.zone_id !== null && this.deps.zones) await this.deps.zones.entryConfirmed(entry.zone_id, trx);
      this.deps.log.info({ entryId: entry.id }, 'waitlist entry confirmed');
      return 'confirmed';
    });
    if (outcome === 'confirmed') for (const listener of this.confirmedListeners) listener();
    return outcome;
  }

  /** The unsubscribe page's button and RFC 8058's one-click POST: nothing more is sent to the entry. */
  async unsubscribe(token: string): Promise<WaitlistOutcome> {
    if (!token) return 'invalid';
    const entry = await this.deps.repository.findByUnsubscribeHash(tokenHash(token));
    if (!entry) return 'invalid';
    if (entry.status !== 'unsubscribed') {
      await this.deps.repository.markUnsubscribed(entry.id, this.deps.clock.now().toISOString());
      this.deps.log.info({ entryId: entry.id }, 'waitlist entry unsubscribed');
    }
    return 'unsubscribed';
  }

  /** Deletes entries not confirmed within PENDING_KEPT_MS of their last sign-up; how many. */
  async purgeUnconfirmed(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - PENDING_KEPT_MS).toISOString();
    const deleted = await this.deps.repository.deletePendingBefore(before);
    if (deleted > 0) this.deps.log.info({ deleted }, 'unconfirmed waitlist entries deleted');
    return deleted;
  }

  /** The unsubscribe address of an entry, for every mail to it. */
  unsubscribeUrlOf(dedupeKey: string): string {
    return this.linkTo('unsubscribe', unsubscribeToken(this.deps.secret, dedupeKey));
  }

  summary(): Promise<WaitlistSummaryRow[]> {
    return this.deps.repository.summary();
  }

  list(query: WaitlistListQuery): Promise<WaitlistPage> {
    const { page, page_size, ...filters } = query;
    return this.deps.repository.list(filters, (page - 1) * page_size, page_size);
  }

  points(): Promise<WaitlistPoint[]> {
    return this.deps.repository.points(WAITLIST_POINTS_LIMIT);
  }

  async delete(id: number): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      const deleted = await this.deps.repository.delete(id, trx);
      if (!deleted) throw new NotFoundError('Waitlist entry not found');
      // Never the visitor's contact details: a deletion may be their request to be forgotten.
      await this.deps.audit.record(trx, { entity: 'waitlist_entry', entityId: id, action: 'delete', before: { ...deleted } });
    });
  }

  /** Every entry matching the filters as CSV, newest first, read a batch at a time. */
  exportCsv(filters: WaitlistFilters): { fileName: string; body: AsyncGenerator<string> } {
    const repository = this.deps.repository;
    async function* batches(): AsyncGenerator<WaitlistEntry[]> {
      let before: number | null = null;
      for (;;) {
        const batch = await repository.listBatch(filters, before, EXPORT_BATCH);
        if (batch.length === 0) return;
        yield batch;
        before = batch.at(-1)!.id;
      }
    }
    const header = [
      'id',
      'status',
      'provider',
      'zone',
      'name',
      'email',
      'phone',
      'address',
      'lat',
      'lng',
      'created_at',
      'confirmed_at',
      'unsubscribed_at',
      'notified_at',
    ];
    const body = csvStream(header, batches(), (e) => [
      e.id,
      e.status,
      e.provider_name ?? 'Any provider',
      e.zone_name,
      e.name,
      e.email,
      csvPhone(e.phone),
      e.address,
      e.lat,
      e.lng,
      e.created_at,
      e.confirmed_at,
      e.unsubscribed_at,
      e.notified_at,
    ]);
    return { fileName: `waitlist-${this.deps.clock.now().toISOString().slice(0, 10)}.csv`, body };
  }

  /** The provider and zone a sign-up is for, checked: a zone entry takes the zone's provider. */
  private async target(
    input: WaitlistJoinRequest,
  ): Promise<{ providerId: number | null; zoneId: number | null; providerName: string | null; zoneName: string | null }> {
    let providerId = input.provider_id ?? null;
    let zoneName: string | null = null;
    if (input.zone_id !== undefined) {
      const zone = this.deps.zones ? await this.deps.zones.find(input.zone_id) : undefined;
      if (!zone) throw new ValidationError(ZONE_NOT_FOUND);
      if (!zone.active) throw new ValidationError(ZONE_CLOSED);
      if (!zone.contains(input.lat, input.lng)) throw new ValidationError(OUTSIDE_ZONE);
      providerId = zone.provider_id;
      zoneName = zone.name;
    }
    if (providerId === null) return { providerId, zoneId: null, providerName: null, zoneName };
    const provider = await this.deps.providers.find(providerId);
    if (!provider) throw new ValidationError('Provider not found');
    return { providerId, zoneId: input.zone_id ?? null, providerName: provider.name, zoneName };
  }

  private async queueConfirmation(
    entryId: number,
    to: string,
    address: string,
    dedupeKey: string,
    token: string,
    providerName: string | null,
    zoneName: string | null,
    trx: Executor,
  ): Promise<true> {
    const mail = confirmationMail({
      entryId,
      to,
      address,
      providerName,
      zoneName,
      confirmUrl: this.linkTo('confirm', token),
      unsubscribeUrl: this.unsubscribeUrlOf(dedupeKey),
    });
    await this.deps.mail.enqueue(mail, trx);
    return true;
  }

  private linkTo(action: 'confirm' | 'unsubscribe', token: string): string {
    // PUBLIC_URL may carry a path (a site served under /coverage): the API is below it.
    return `${this.deps.publicUrl.replace(/\/+$/, '')}/api/waitlist/${action}?token=${encodeURIComponent(token)}`;
  }
}
