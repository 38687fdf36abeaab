import type { FastifyBaseLogger } from 'fastify';
import { KML_MAX_BYTES } from '../../common/api/coverageLayers.js';
import type { Provider } from '../../common/api/providers.js';
import type { ProviderScope } from '../access/providerScope.js';
import type { Clock } from '../clock.js';
import type { LayerService } from '../coverage/layerService.js';
import { AppError, ConflictError, UpstreamError, ValidationError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import { myMapsKmlUrl, parseMyMapsUrl } from '../providers/myMaps.js';
import type { ProviderService } from '../providers/providerService.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';

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

/** What POST /providers/validate-my-maps-url answers. */
export interface MyMapsUrlCheck {
  message: string;
  result: { valid: boolean; map_id: string | null; kml_url: string | null };
}

/** What the sync needs of the services and adapters it is given (tests hand in fakes). */
export type SyncProviders = Pick<ProviderService, 'requireRecord' | 'get' | 'recordSync' | 'listRecords'>;
export type SyncLayers = Pick<LayerService, 'replaceSourceLayer'>;
export type SyncLocks = Pick<JobLockRepository, 'tryAcquire' | 'release'>;

export interface MyMapsSyncDeps {
  providers: SyncProviders;
  layers: SyncLayers;
  outbound: OutboundClient;
  locks: SyncLocks;
  options: MyMapsSyncOptions;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Downloads a provider's Google My Maps KML export into the layer that source owns. */
export class MyMapsSync {
  private timer: NodeJS.Timeout | null = null;

  private readonly providers: SyncProviders;
  private readonly layers: SyncLayers;
  private readonly outbound: OutboundClient;
  private readonly locks: SyncLocks;
  private readonly options: MyMapsSyncOptions;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(deps: MyMapsSyncDeps) {
    this.providers = deps.providers;
    this.layers = deps.layers;
    this.outbound = deps.outbound;
    this.locks = deps.locks;
    this.options = deps.options;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Syncs now a provider inside the scope; records success or the error on the provider either way. */
  async sync(providerId: number, scope: ProviderScope): Promise<Provider> {
    const provider = await this.providers.requireRecord(providerId, scope);
    const mapId = provider.data_source === 'my_maps_url' && provider.my_maps_url ? parseMyMapsUrl(provider.my_maps_url)?.mapId : undefined;
    if (!mapId) throw new ValidationError('Provider is not configured for My Maps sync');
    // One sync per provider at a time, across processes: two at once would each add the layer.
    const lock = `my-maps-sync:${provider.id}`;
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
      await this.layers.replaceSourceLayer(provider.id, `${provider.name} (My Maps)`, `my-maps:${mapId}`, response.body);
      await this.providers.recordSync(provider.id, { sync_status: 'success', last_sync: now(), sync_error_message: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.providers.recordSync(provider.id, { sync_status: 'error', last_sync: now(), sync_error_message: message });
      throw error instanceof AppError ? error : new UpstreamError(message);
    } finally {
      await this.locks.release(lock);
    }
    // Inside the scope: requireRecord checked it above.
    return this.providers.get(provider.id, null);
  }

  /** Whether a link is a Google My Maps map, and where its KML export would be downloaded from. */
  checkUrl(url: string): MyMapsUrlCheck {
    const parsed = parseMyMapsUrl(url);
    return {
      message: parsed ? 'This is a valid My Maps URL' : 'Not a Google My Maps URL: it needs a map id (mid=...)',
      result: {
        valid: parsed !== null,
        map_id: parsed?.mapId ?? null,
        kml_url: parsed ? myMapsKmlUrl(this.options.kmlUrlTemplate, parsed.mapId) : null,
      },
    };
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
      const due = (await this.providers.listRecords()).filter(
        (provider) =>
          provider.active &&
          provider.auto_sync &&
          provider.data_source === 'my_maps_url' &&
          (!provider.last_sync || Date.parse(provider.last_sync) <= dueBefore),
      );
      for (const provider of due) {
        await this.sync(provider.id, null).catch((error: unknown) =>
          this.log.warn({ providerId: provider.id, err: error instanceof Error ? error.message : String(error) }, 'My Maps auto-sync of a provider failed'),
        );
      }
      return due.length;
    } finally {
      await this.locks.release(AUTO_SYNC_LOCK);
    }
  }
}
