import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoverageCheckResult } from '../../common/api/coverage.js';
import { WIRELESS_UNAVAILABLE } from '../../common/api/coverage.js';
import { bestStatus, type ServiceStatus, statusRank } from '../../common/serviceStatus.js';
import { toBool } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import { type ProviderApiSource, queryProviderApi } from '../providers/providerApi.js';
import type { ProviderRepository, ProviderRow } from '../providers/providerRepository.js';
import { CoverageSnapshot } from './coverageSnapshot.js';
import { readCoverageRevision } from './coverageRevision.js';
import type { LayerRepository } from './layerRepository.js';
import { VectorTileSet } from './vectorTiles.js';

type PublicProvider = Pick<ProviderRow, 'id' | 'name' | 'description' | 'logo_filename' | 'signup_url'>;

/** Everything a coverage check needs, built once per revision so that a check touches no database. */
interface EngineState {
  snapshot: CoverageSnapshot;
  providers: Map<number, PublicProvider>;
  apiSources: { provider: PublicProvider; source: ProviderApiSource }[];
  tiles: VectorTileSet | null;
}

export interface CoverageEngineDeps {
  db: Kysely<Database>;
  layers: LayerRepository;
  providers: ProviderRepository;
  apiSourceOf: (row: ProviderRow) => ProviderApiSource | null;
  outbound: OutboundClient;
  pollMs: number;
  providerApiTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * "Who covers this point?" from an in-memory index of every live polygon, plus providers' own APIs.
 * The index is rebuilt whenever the coverage revision in the database moves: at once after a
 * change made through this process, and within `pollMs` after one made by another process.
 */
export class CoverageEngine {
  private state: EngineState | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshWanted = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: CoverageEngineDeps) {}

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
      const revision = await readCoverageRevision(this.deps.db);
      if (this.state?.snapshot.revision !== revision) await this.rebuild(revision);
    }
  }

  private async rebuild(revision: number): Promise<void> {
    const started = performance.now();
    // The revision was read before the data: a change landing in between only causes one more pass.
    const [layers, providerRows] = await Promise.all([this.deps.layers.liveLayers(), this.deps.providers.list()]);
    const active = providerRows.filter((row) => toBool(row.active));
    const providers = new Map(active.map((row) => [row.id, publicProvider(row)]));
    const apiSources = active.flatMap((row) => {
      try {
        const source = this.deps.apiSourceOf(row);
        return source ? [{ provider: publicProvider(row), source }] : [];
      } catch (error) {
        this.deps.log.warn({ providerId: row.id, err: error instanceof Error ? error.message : String(error) }, 'provider API source unusable; skipped in coverage checks');
        return [];
      }
    });
    const snapshot = CoverageSnapshot.build(revision, layers);
    this.state = { snapshot, providers, apiSources, tiles: null };
    this.deps.log.info(
      { revision, layers: layers.length, features: snapshot.size, ms: Math.round(performance.now() - started) },
      'coverage index built',
    );
  }

  private current(): EngineState {
    if (!this.state) throw new Error('CoverageEngine used before start()');
    return this.state;
  }

  /** The Coverage check result of SPEC.md section 3 for a point (degrees). */
  async check(lat: number, lng: number, address: string | null): Promise<CoverageCheckResult> {
    const state = this.current();
    const found = new Map<number, { statuses: ServiceStatus[]; services: Set<string> }>();
    const add = (providerId: number, status: ServiceStatus, services: string[]) => {
      const entry = found.get(providerId) ?? { statuses: [], services: new Set<string>() };
      entry.statuses.push(status);
      for (const service of services) entry.services.add(service);
      found.set(providerId, entry);
    };
    for (const hit of state.snapshot.index.query(lng, lat)) add(hit.providerId, hit.status, hit.services);
    for (const answer of await this.askProviderApis(state, lat, lng, address)) add(answer.providerId, answer.status, answer.services);

    const providers = [...found.entries()]
      .flatMap(([id, entry]) => {
        const provider = state.providers.get(id);
        return provider ? [{ ...provider, service_status: bestStatus(entry.statuses), services: [...entry.services] }] : [];
      })
      .sort((a, b) => statusRank(a.service_status) - statusRank(b.service_status) || a.name.localeCompare(b.name));
    const counts = { live: 0, in_progress: 0, coming_soon: 0, unknown: 0 };
    for (const provider of providers) counts[provider.service_status] += 1;
    const wireless = WIRELESS_UNAVAILABLE;
    return {
      location: { lat, lng, address },
      coverage_available: providers.length > 0 || wireless.wireless_available,
      total_providers: providers.length,
      providers,
      service_statuses: counts,
      wireless_feasibility: wireless,
    };
  }

  /** Providers' APIs in parallel, each with a short timeout; a failing API is logged and skipped. */
  private async askProviderApis(state: EngineState, lat: number, lng: number, address: string | null) {
    const answers = await Promise.all(
      state.apiSources.map(async ({ provider, source }) => {
        try {
          const answer = await queryProviderApi(this.deps.outbound, source, { lat, lng, address }, this.deps.providerApiTimeoutMs);
          if (!answer.coverage_detected) return null;
          const status = (answer.response.serviceStatus ?? 'unknown') as ServiceStatus;
          return { providerId: provider.id, status, services: answer.response.services };
        } catch (error) {
          this.deps.log.warn({ providerId: provider.id, err: error instanceof Error ? error.message : String(error) }, 'provider API failed during a coverage check');
          return null;
        }
      }),
    );
    return answers.filter((a): a is NonNullable<typeof a> => a !== null);
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

function publicProvider(row: ProviderRow): PublicProvider {
  return { id: row.id, name: row.name, description: row.description, logo_filename: row.logo_filename, signup_url: row.signup_url };
}
