import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveService } from '../../common/api/webhookEvents.js';
import { distanceM } from '../../geo/sphere.js';
import type { Clock } from '../clock.js';
import type { CoverageEngine } from '../coverage/coverageEngine.js';
import type { Transactions } from '../db/transactions.js';
import type { FootprintService } from '../footprints/footprintService.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import type { TowerRecord, TowerRepository } from '../towers/towerRepository.js';
import { liveMail } from './waitlistMails.js';
import { notificationKey, type WaitlistRecord, type WaitlistRepository } from './waitlistRepository.js';
import { eventEntryOf } from './waitlistService.js';

/** Entries read and matched at a time, with a turn of the event loop between batches (checks go on meanwhile). */
export const MATCH_BATCH = 200;
/**
 * Entries written per transaction: each entry's notification rows, mail and event are in one
 * transaction, with those of up to this many others (a commit per entry costs SQLite a sync of its
 * log each: 2,000 entries going live at once would take seconds). A turn of the event loop
 * follows each transaction, so checks are answered meanwhile.
 */
export const ENTRIES_PER_TRANSACTION = 20;
/** The provider key of the site's own towers in waitlist_notifications. */
export const TOWERS_KEY = 0;
/** What the site's towers are called in the mail and the event. */
export const FIXED_WIRELESS = 'Fixed wireless';
/** After a failed run (a database outage), the next one is asked for this much later, ms; doubling up to MATCH_RETRY_MAX_MS. */
export const MATCH_RETRY_FIRST_MS = 30_000;
export const MATCH_RETRY_MAX_MS = 600_000;

/** A service that went live at an entry's spot, with its key in waitlist_notifications and where to sign up. */
interface LiveAtSpot extends LiveService {
  key: number;
  url: string | null;
}

export interface WaitlistMatcherDeps {
  repository: Pick<WaitlistRepository, 'confirmedAfter' | 'notifiedAmong' | 'insertNotifications' | 'confirmedAmong'>;
  /** The coverage index: which providers' layers say `live` at a spot. */
  coverage: Pick<CoverageEngine, 'layerProvidersAt'>;
  /** The active towers and their ready footprints (no live analysis: a footprint not ready yet counts later, when it is). */
  towers: Pick<TowerRepository, 'listActive'>;
  footprints: Pick<FootprintService, 'read'>;
  /**
   * Whether a footprint's signal (dBm, seen with line of sight) makes wireless available, read once
   * a run: the public check's rule for the default CPE profile (LineOfSightService.defaultProfileRule,
   * its probability of service at least "possible").
   */
  wirelessRule: () => Promise<(signalDbm: number) => boolean>;
  transactions: Transactions;
  mail: MailQueue;
  events: EventSink;
  /** The unsubscribe address of an entry (by its dedupe key). */
  unsubscribeUrlOf: (dedupeKey: string) => string;
  /** The site's public address: the "Fixed wireless" link is the public map at the spot. */
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Tells waiting people that service arrived: after a coverage rebuild or a footprint change, every
 * confirmed entry whose spot is now live for its provider (or, for an entry without one, for any
 * provider or the site's towers by the public check's rule) and who was not told of that provider yet
 * gets one mail. An entry's notification rows, mail and webhook event are written in one
 * transaction (ENTRIES_PER_TRANSACTION entries share one), so a crash loses or repeats nothing; the unique (entry_id, provider_key) makes a
 * second process's (or a second run's) rows no-ops, and only what a run inserted is mailed.
 */
export class WaitlistMatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The run asked for after a failed one; reset to the first wait by a run that succeeds. */
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = MATCH_RETRY_FIRST_MS;

  constructor(private readonly deps: WaitlistMatcherDeps) {}

  /** Asks for a run; a request during a run asks for one more after it. Returns at once. */
  request(): void {
    if (this.stopped) return;
    this.again = true;
    this.running ??= this.runWhileAsked().finally(() => (this.running = null));
  }

  /** Settles once no run is going or asked for. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.idle();
  }

  /**
   * One pass over every confirmed entry; how many entries were told. Never throws (logged): a pass
   * that failed in part asks for another after a backoff (no coverage change may come for hours).
   */
  async run(): Promise<number> {
    const started = performance.now();
    let told = 0;
    let failed = false;
    try {
      const [towers, serves] = await Promise.all([this.deps.towers.listActive(), this.deps.wirelessRule()]);
      let afterId = 0;
      for (;;) {
        if (this.stopped) break;
        const batch = await this.deps.repository.confirmedAfter(afterId, MATCH_BATCH);
        if (batch.length === 0) break;
        afterId = batch.at(-1)!.id;
        const notified = await this.deps.repository.notifiedAmong(batch.map((entry) => entry.id));
        const due = batch.flatMap((entry) => {
          const services = this.liveAt(entry, towers, serves).filter((service) => !notified.has(notificationKey(entry.id, service.key)));
          return services.length > 0 ? [{ entry, services }] : [];
        });
        for (let start = 0; start < due.length; start += ENTRIES_PER_TRANSACTION) {
          const toldInBatch = await this.tell(due.slice(start, start + ENTRIES_PER_TRANSACTION));
          if (toldInBatch === null) failed = true;
          else told += toldInBatch;
          await yieldToRequests();
        }
        await yieldToRequests();
      }
    } catch (error) {
      failed = true;
      this.deps.log.error({ err: error, retryInMs: this.retryMs }, 'waitlist matching failed; trying again after a wait');
    }
    if (failed) this.retryLater();
    else this.retryMs = MATCH_RETRY_FIRST_MS;
    if (told > 0) this.deps.log.info({ told, ms: Math.round(performance.now() - started) }, 'waitlist entries told of service');
    return told;
  }

  /** Asks for a run after the current backoff (once: a retry already waiting stands), and doubles the next wait. */
  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.request();
    }, this.retryMs);
    // A retry never keeps the process alive on its own.
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, MATCH_RETRY_MAX_MS);
  }

  private async runWhileAsked(): Promise<void> {
    while (this.again && !this.stopped) {
      this.again = false;
      await this.run();
    }
  }

  /** What is live at an entry's spot for what it waits for: its provider's layers, or any provider's and the towers'. */
  private liveAt(entry: WaitlistRecord, towers: readonly TowerRecord[], serves: (signalDbm: number) => boolean): LiveAtSpot[] {
    const point = { lat: entry.lat, lng: entry.lng };
    const live: LiveAtSpot[] = this.deps.coverage
      .layerProvidersAt(point)
      .filter(({ provider, service_status }) => service_status === 'live' && (entry.provider_id === null || provider.id === entry.provider_id))
      .map(({ provider }) => ({
        key: provider.id,
        provider_id: provider.id,
        name: provider.name,
        signup_url: provider.signup_url ?? null,
        url: provider.signup_url ?? null,
      }));
    if (entry.provider_id === null && towers.some((tower) => this.towerServes(tower, point, serves))) {
      const map = `${this.deps.publicUrl.replace(/\/+$/, '')}/?lat=${entry.lat}&lng=${entry.lng}`;
      live.push({ key: TOWERS_KEY, provider_id: null, name: FIXED_WIRELESS, signup_url: map, url: map });
    }
    return live;
  }

  /** The public check's rule for wireless_available, from the tower's ready footprint. */
  private towerServes(tower: TowerRecord, point: { lat: number; lng: number }, serves: (signalDbm: number) => boolean): boolean {
    if (distanceM({ lat: tower.latitude, lng: tower.longitude }, point) > tower.coverage_radius_km * 1000) return false;
    const reading = this.deps.footprints.read(tower, point);
    return reading !== null && reading.lineOfSight && reading.signalDbm !== null && serves(reading.signalDbm);
  }

  /**
   * Entries' notification rows, mails and events in one transaction; how many entries were told
   * (an entry another process or run told first, or that unsubscribed meanwhile, is not); null when
   * the transaction failed (logged).
   */
  private async tell(due: readonly { entry: WaitlistRecord; services: readonly LiveAtSpot[] }[]): Promise<number | null> {
    try {
      return await this.deps.transactions.run(async (trx) => {
        const confirmed = await this.deps.repository.confirmedAmong(
          due.map(({ entry }) => entry.id),
          trx,
        );
        const now = this.deps.clock.now().toISOString();
        let told = 0;
        for (const { entry, services } of due) {
          if (!confirmed.has(entry.id)) continue;
          const inserted = new Set(
            await this.deps.repository.insertNotifications(
              entry.id,
              services.map((service) => service.key),
              now,
              trx,
            ),
          );
          const fresh = services.filter((service) => inserted.has(service.key));
          if (fresh.length === 0) continue;
          await this.deps.mail.enqueue(
            liveMail({
              entryId: entry.id,
              to: entry.email,
              address: entry.address,
              services: fresh,
              unsubscribeUrl: this.deps.unsubscribeUrlOf(entry.dedupe_key),
            }),
            trx,
          );
          await this.deps.events.emit(
            'coverage.live_at_waitlist',
            { entry: eventEntryOf(entry), services: fresh.map(({ provider_id, name, signup_url }) => ({ provider_id, name, signup_url })) },
            trx,
          );
          told += 1;
        }
        return told;
      });
    } catch (error) {
      this.deps.log.error({ err: error, entryIds: due.map(({ entry }) => entry.id) }, 'waitlist entries not told; the next run tries again');
      return null;
    }
  }
}
