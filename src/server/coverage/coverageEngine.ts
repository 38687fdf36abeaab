import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CoverageCheckResult, WirelessFeasibility } from '../../common/api/coverage.js';
import { WIRELESS_UNAVAILABLE } from '../../common/api/coverage.js';
import type { GeoBox } from '../../geo/mapExtent.js';
import { bestStatus, type ServiceStatus, statusRank } from '../../common/serviceStatus.js';
import type { CoverageRevisionRepository } from '../coverage-revision/coverageRevisionRepository.js';
import type { CoverageProviders, CoveragePoint, LiveProvider, PublicProvider } from './coverageProviders.js';
import { CoverageSnapshot, type SnapshotLayer } from './coverageSnapshot.js';
import type { IndexedLayer } from './indexedLayer.js';
import { indexLayers, type LayerToIndex } from './layerIndexing.js';
import type { LayerRepository } from './layerRepository.js';
import { VectorTileSet } from './vectorTiles.js';
import { servingTowers, type WirelessCheck, type WirelessSource } from './wirelessCheck.js';

/**
 * A check waits at most this long for its wireless part (terrain tiles may be fetched the first
 * time an area is asked about); after that it answers WIRELESS_UNAVAILABLE.
 */
const WIRELESS_TIMEOUT_MS = 4000;

/**
 * Everything a coverage check needs, built once per revision. The polygon part of a check touches
 * no database; the wireless part may (see WirelessCheck).
 */
interface EngineState {
  snapshot: CoverageSnapshot;
  providers: Map<number, PublicProvider>;
  apiProviders: (LiveProvider & { askApi: NonNullable<LiveProvider['askApi']> })[];
  wireless: WirelessCheck;
  tiles: VectorTileSet | null;
}

/** Told after each rebuild, with the revision now answered from (see CoverageEngine.onRebuilt). */
export type RebuiltListener = (revision: number) => void;

export interface CoverageEngineDeps {
  revisions: CoverageRevisionRepository;
  layers: LayerRepository;
  providers: CoverageProviders;
  wireless: WirelessSource;
  pollMs: number;
  log: FastifyBaseLogger;
  /**
   * Changed layers adding up to at least this many bytes of stored geometry are indexed in a
   * worker thread (layerIndexing.ts; default INDEX_IN_WORKER_FROM_BYTES, 256 KiB).
   */
  indexInWorkerFromBytes?: number;
}

/**
 * "Who covers this point?" from an in-memory index of every live polygon, plus providers' own APIs.
 * The index is rebuilt whenever the coverage revision in the database moves: at once after a
 * change made through this process, and within `pollMs` after one made by another process.
 *
 * A rebuild never stalls the checks: layers whose stored geometry did not change keep their index
 * (only their rules are applied again), changed layers are indexed in a worker thread when large,
 * and checks are answered from the current snapshot until the next one is swapped in whole.
 */
export class CoverageEngine {
  private state: EngineState | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshWanted = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly rebuiltListeners: RebuiltListener[] = [];

  constructor(private readonly deps: CoverageEngineDeps) {}

  /**
   * Tells `listener` after every rebuild (the first one in start() included), once the new
   * snapshot answers checks: what else follows the coverage data (the towers' footprints) is wired
   * to it in app.ts. A listener that throws is logged; the rebuild stands.
   */
  onRebuilt(listener: RebuiltListener): void {
    this.rebuiltListeners.push(listener);
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.deps.log.error({ err: error }, 'coverage index refresh failed'));
    }, this.deps.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get revision(): number | null {
    return this.state?.snapshot.revision ?? null;
  }

  /**
   * Rebuilds when the stored revision differs from the built one. One pass runs at a time; a call
   * made during a pass makes it read the revision once more before it ends, so every caller's
   * promise settles only after a build at least as new as the revision stored when it called.
   */
  refresh(): Promise<void> {
    this.refreshWanted = true;
    this.refreshing ??= this.refreshUntilCurrent().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshUntilCurrent(): Promise<void> {
    while (this.refreshWanted) {
      this.refreshWanted = false;
      const revision = await this.deps.revisions.read();
      if (this.state?.snapshot.revision !== revision) await this.rebuild(revision);
    }
  }

  private async rebuild(revision: number): Promise<void> {
    const started = performance.now();
    // The revision was read before the data: a change landing in between only causes one more pass.
    const live = await this.deps.providers.live();
    const providers = new Map(live.map(({ provider }) => [provider.id, provider]));
    const records = await this.deps.layers.liveLayerRecords([...providers.keys()]);
    const apiProviders = live.filter((entry): entry is EngineState['apiProviders'][number] => entry.askApi !== null);
    const previous = this.state?.snapshot;
    const indexed = new Map<number, IndexedLayer>();
    const changed: LayerToIndex[] = [];
    for (const record of records) {
      // A layer whose geometry version is the one its index was built from keeps it, unread.
      const prior = previous?.indexedLayer(record.id, record.geometry_version);
      if (prior) {
        indexed.set(record.id, prior);
        continue;
      }
      // One layer's geometry at a time, and the checks waiting meanwhile are answered in between.
      await yieldToRequests();
      // Read after its version: bytes newer than the version are indexed again on the next pass
      // (the change that moved the version moved the revision too), never the other way round.
      const geometry = await this.deps.layers.geometry(record.id);
      if (geometry === null) continue; // removed since: the revision moved, so another pass follows
      changed.push({ layerId: record.id, geometry });
    }
    // No collection of the whole heap here (collectGarbage): after a large upload it stopped every
    // check for about 20 ms, and the server's peak memory is the same without it (bench/coverageServer.ts).
    const reindexed = changed.length;
    for (const layer of await indexLayers(changed, { workerFromBytes: this.deps.indexInWorkerFromBytes })) indexed.set(layer.layerId, layer);
    const layers: SnapshotLayer[] = [];
    for (const record of records) {
      const layer = indexed.get(record.id);
      if (layer) layers.push({ record: { ...record, provider_name: providers.get(record.provider_id)?.name ?? '' }, indexed: layer, geometryVersion: record.geometry_version });
    }
    const snapshot = new CoverageSnapshot(revision, layers);
    const wireless = await this.deps.wireless.load();
    this.state = { snapshot, providers, apiProviders, wireless, tiles: null };
    this.deps.log.info(
      { revision, layers: layers.length, reindexed, features: snapshot.size, ms: Math.round(performance.now() - started) },
      'coverage index built',
    );
    this.announceRebuilt(revision);
  }

  private announceRebuilt(revision: number): void {
    for (const listener of this.rebuiltListeners) {
      try {
        listener(revision);
      } catch (error) {
        this.deps.log.error({ err: error, revision }, 'a listener of coverage rebuilds failed');
      }
    }
  }

  private current(): EngineState {
    if (!this.state) throw new Error('CoverageEngine used before start()');
    return this.state;
  }

  /** The coverage check result for a point (degrees): docs/api.md, "The coverage check result". */
  async check(lat: number, lng: number, address: string | null): Promise<CoverageCheckResult> {
    const state = this.current();
    const found = new Map<number, { statuses: ServiceStatus[]; services: Set<string> }>();
    const add = (providerId: number, status: ServiceStatus, services: string[]) => {
      const entry = found.get(providerId) ?? { statuses: [], services: new Set<string>() };
      entry.statuses.push(status);
      for (const service of services) entry.services.add(service);
      found.set(providerId, entry);
    };
    for (const hit of state.snapshot.query(lng, lat)) add(hit.providerId, hit.status, hit.services);
    const [answers, wireless] = await Promise.all([this.askProviderApis(state, { lat, lng, address }), this.assessWireless(state, { lat, lng })]);
    for (const answer of answers) add(answer.providerId, answer.status, answer.services);

    const providers = [...found.entries()]
      .flatMap(([id, entry]) => {
        const provider = state.providers.get(id);
        return provider ? [{ ...provider, service_status: bestStatus(entry.statuses), services: [...entry.services] }] : [];
      })
      .sort((a, b) => statusRank(a.service_status) - statusRank(b.service_status) || a.name.localeCompare(b.name));
    const counts = { live: 0, in_progress: 0, coming_soon: 0, unknown: 0 };
    for (const provider of providers) counts[provider.service_status] += 1;
    return {
      location: { lat, lng, address },
      coverage_available: providers.length > 0 || wireless.wireless_available,
      total_providers: providers.length,
      providers,
      service_statuses: counts,
      wireless_feasibility: wireless,
    };
  }

  /**
   * The providers this process's index finds at a point, each with its best status there, plus
   * those of `claimed` that answer through their own API (checked live, so not in the index).
   */
  providersAt(point: { lat: number; lng: number }, claimed: readonly number[]): { provider_id: number; service_status: ServiceStatus | null }[] {
    const state = this.current();
    const statuses = new Map<number, ServiceStatus[]>();
    for (const hit of state.snapshot.query(point.lng, point.lat)) {
      if (state.providers.has(hit.providerId)) statuses.set(hit.providerId, [...(statuses.get(hit.providerId) ?? []), hit.status]);
    }
    const found: { provider_id: number; service_status: ServiceStatus | null }[] = [...statuses].map(([id, list]) => ({ provider_id: id, service_status: bestStatus(list) }));
    const apiIds = new Set(state.apiProviders.map(({ provider }) => provider.id));
    for (const id of claimed) if (apiIds.has(id) && !statuses.has(id)) found.push({ provider_id: id, service_status: null });
    return found;
  }

  /**
   * The providers whose layers cover a point, each with its best status there: the index only,
   * never a provider's own API (which stores nothing, so it cannot tell that something changed).
   */
  layerProvidersAt(point: { lat: number; lng: number }): { provider: PublicProvider; service_status: ServiceStatus }[] {
    const state = this.current();
    const statuses = new Map<number, ServiceStatus[]>();
    for (const hit of state.snapshot.query(point.lng, point.lat)) statuses.set(hit.providerId, [...(statuses.get(hit.providerId) ?? []), hit.status]);
    return [...statuses].flatMap(([id, list]) => {
      const provider = state.providers.get(id);
      return provider ? [{ provider, service_status: bestStatus(list) }] : [];
    });
  }

  /**
   * Whether a tower reaches the point, as a check would answer (unavailable when the wireless check
   * fails or is late), and the towers that serve it.
   */
  async wirelessAt(point: { lat: number; lng: number }): Promise<{ wireless: boolean; towers: number[] }> {
    const answer = await this.assessWireless(this.current(), point);
    return { wireless: answer.wireless_available, towers: servingTowers(answer) };
  }

  /** A wireless check that fails or takes too long answers "unavailable", never a failed check. */
  private async assessWireless(state: EngineState, point: { lat: number; lng: number }): Promise<WirelessFeasibility> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<WirelessFeasibility>((resolve) => {
      timer = setTimeout(() => {
        this.deps.log.warn({ ms: WIRELESS_TIMEOUT_MS }, 'wireless feasibility took too long; answered unavailable');
        resolve(WIRELESS_UNAVAILABLE);
      }, WIRELESS_TIMEOUT_MS);
    });
    const assessed = state.wireless.assess(point).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'wireless feasibility failed; answered unavailable');
      return WIRELESS_UNAVAILABLE;
    });
    try {
      return await Promise.race([assessed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Providers' APIs in parallel, each with its own timeout; a failing API is logged and skipped. */
  private async askProviderApis(state: EngineState, point: CoveragePoint) {
    const answers = await Promise.all(
      state.apiProviders.map(async ({ provider, askApi }) => {
        try {
          const answer = await askApi(point);
          return answer && { providerId: provider.id, ...answer };
        } catch (error) {
          this.deps.log.warn({ providerId: provider.id, err: error instanceof Error ? error.message : String(error) }, 'provider API failed during a coverage check');
          return null;
        }
      }),
    );
    return answers.filter((a): a is NonNullable<typeof a> => a !== null);
  }

  /** The revision answered from and the box (degrees) of each of its live layers; null before the first build. */
  layerBoxes(): { revision: number; boxes: GeoBox[] } | null {
    const snapshot = this.state?.snapshot;
    return snapshot ? { revision: snapshot.revision, boxes: snapshot.layerBoxes() } : null;
  }

  /** All live polygons with service_status, provider id and name, as GeoJSON text (GET /api/coverage_map). */
  coverageMapText(): string {
    return this.current().snapshot.mapGeoJsonText();
  }

  /** A vector tile of the coverage map at this revision, or null when empty. */
  tile(z: number, x: number, y: number): { revision: number; bytes: Uint8Array | null } {
    const state = this.current();
    state.tiles ??= new VectorTileSet(state.snapshot.mapGeoJson());
    return { revision: state.snapshot.revision, bytes: state.tiles.tile(z, x, y) };
  }
}
