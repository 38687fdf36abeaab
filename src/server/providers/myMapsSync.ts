import type { FastifyBaseLogger } from 'fastify';
import { KML_MAX_BYTES } from '../../common/api/coverageLayers.js';
import type { Provider } from '../../common/api/providers.js';
import type { Clock } from '../clock.js';
import type { LayerService } from '../coverage/layerService.js';
import { toBool } from '../db/dialect.js';
import { AppError, ConflictError, UpstreamError, ValidationError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { JobLocks } from '../system/jobLock.js';
import { myMapsKmlUrl, parseMyMapsUrl } from './myMaps.js';
import type { ProviderRepository } from './providerRepository.js';
import type { ProviderService } from './providerService.js';

const DOWNLOAD_TIMEOUT_MS = 60_000;
const AUTO_SYNC_LOCK = 'my-maps-auto-sync';
/** Longer than a download (60 s) plus parsing; a crashed holder frees the provider after this. */
const SYNC_LOCK_MS = 5 * 60_000;
/** How often the scheduler looks for providers due a sync; the sync interval itself is configured. */
const SCHEDULER_TICK_MS = 60_000;

export interface MyMapsSyncOptions {
  kmlUrlTemplate: string;
  syncIntervalMinutes: number;
}

/** Downloads a provider's Google My Maps KML export into the layer that source owns. */
export class MyMapsSync {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: ProviderRepository,
    private readonly providers: ProviderService,
    private readonly layers: LayerService,
    private readonly outbound: OutboundClient,
    private readonly locks: JobLocks,
    private readonly options: MyMapsSyncOptions,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Syncs now; records success or the error on the provider either way. */
  async sync(providerId: number): Promise<Provider> {
    const row = await this.providers.requireRow(providerId);
    const mapId = row.data_source === 'my_maps_url' && row.my_maps_url ? parseMyMapsUrl(row.my_maps_url)?.mapId : undefined;
    if (!mapId) throw new ValidationError('Provider is not configured for My Maps sync');
    // One sync per provider at a time, across processes: two at once would each add the layer.
    const lock = `my-maps-sync:${row.id}`;
    if (!(await this.locks.tryAcquire(lock, this.clock.now(), SYNC_LOCK_MS))) {
      throw new ConflictError('A My Maps sync of this provider is already running');
    }
    const now = () => this.clock.now().toISOString();
    try {
      const response = await this.outbound.request(myMapsKmlUrl(this.options.kmlUrlTemplate, mapId), {
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        maxBytes: KML_MAX_BYTES,
      });
      if (response.status !== 200) throw new UpstreamError(`My Maps answered HTTP ${response.status}; is the map shared publicly?`);
      await this.layers.replaceSourceLayer(row.id, `${row.name} (My Maps)`, `my-maps:${mapId}`, response.body);
      await this.repo.recordSync(row.id, { sync_status: 'success', last_sync: now(), sync_error_message: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.recordSync(row.id, { sync_status: 'error', last_sync: now(), sync_error_message: message });
      throw error instanceof AppError ? error : new UpstreamError(message);
    } finally {
      await this.locks.release(lock);
    }
    return this.providers.get(row.id);
  }

  /** Starts the schedule: providers with auto_sync are synced every syncIntervalMinutes, by one process. */
  startSchedule(): void {
    this.timer = setInterval(() => {
      this.syncDueProviders().catch((error: unknown) => this.log.error({ err: error }, 'My Maps auto-sync failed'));
    }, SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One scheduler pass; returns how many providers it synced (an error still counts as a sync). */
  async syncDueProviders(): Promise<number> {
    const now = this.clock.now();
    if (!(await this.locks.tryAcquire(AUTO_SYNC_LOCK, now, 30 * 60_000))) return 0;
    try {
      const dueBefore = now.getTime() - this.options.syncIntervalMinutes * 60_000;
      const due = (await this.repo.list()).filter(
        (row) =>
          toBool(row.active) &&
          toBool(row.auto_sync) &&
          row.data_source === 'my_maps_url' &&
          (!row.last_sync || Date.parse(row.last_sync) <= dueBefore),
      );
      for (const row of due) {
        await this.sync(row.id).catch((error: unknown) =>
          this.log.warn({ providerId: row.id, err: error instanceof Error ? error.message : String(error) }, 'My Maps auto-sync of a provider failed'),
        );
      }
      return due.length;
    } finally {
      await this.locks.release(AUTO_SYNC_LOCK);
    }
  }
}
