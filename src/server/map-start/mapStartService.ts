import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAP_START_SETTING, type MapStartSetting, type MapStartSettings, type StartView } from '../../common/api/mapStart.js';
import type { GeoBox } from '../../geo/mapExtent.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import { coverageStartView } from './coverageStartView.js';
import type { MapStartRepository } from './mapStartRepository.js';

/**
 * How long a process serves the setting it last read before reading it again, in ms: another
 * server's change reaches this one within this time; a change made here applies at once.
 */
const SETTING_CACHE_MS = 10_000;

type TowerPlace = Pick<TowerRecord, 'id' | 'latitude' | 'longitude' | 'coverage_radius_km'>;

/** What the start view needs to know of the coverage; the coverage engine, the tower register and the footprints answer it (services.ts). */
export interface MapStartDeps {
  repository: MapStartRepository;
  /** The live layers' boxes at the revision the coverage index answers from; null before its first build. */
  layerBoxes: () => { revision: number; boxes: GeoBox[] } | null;
  activeTowers: () => Promise<TowerPlace[]>;
  /** The footprints' version (moves when any becomes current or goes) and each tower's reach. */
  footprints: { readonly currentVersion: number; reachOf(tower: TowerPlace): GeoBox | undefined };
  clock: Clock;
  log: FastifyBaseLogger;
  transactions: Transactions;
  audit: AuditRecorder;
}

/**
 * Where the public map, the widget and /embed open: the administrator's fixed start, or the box of
 * the coverage (the default). The coverage's view is worked out once per coverage revision and
 * footprint version (a few boxes, and the active towers read once), so GET /api/config stays cheap.
 */
export class MapStartService {
  private cachedSetting: { setting: MapStartSetting; readAt: number } | undefined;
  private readingSetting: Promise<MapStartSetting> | undefined;
  private coverageView: { key: string; view: Promise<StartView | null> } | undefined;
  private lastAnswered: StartView | null = null;

  constructor(private readonly deps: MapStartDeps) {}

  /** The stored setting read now, and the view it gives (for the admin screen). */
  async get(): Promise<MapStartSettings> {
    const setting = await this.readSetting();
    return { setting, start_view: await this.viewOf(setting) };
  }

  /** Saves a validated setting; returns it with the view it gives. */
  async save(setting: MapStartSetting): Promise<MapStartSettings> {
    const now = this.deps.clock.now();
    await this.deps.transactions.run(async (trx) => {
      const before = (await this.deps.repository.read(trx)) ?? DEFAULT_MAP_START_SETTING;
      await this.deps.repository.write(setting, now.toISOString(), trx);
      await this.deps.audit.record(trx, { entity: 'settings', entityId: 'map_start', action: 'update', before: { ...before }, after: { ...setting } });
    });
    this.cachedSetting = { setting, readAt: now.getTime() };
    return { setting, start_view: await this.viewOf(setting) };
  }

  /**
   * The view the maps open on (GET /api/config), from a setting at most SETTING_CACHE_MS old. The
   * browser's configuration must not fail with the database: when the setting or the towers cannot
   * be read, the last view answered stands (none before the first: each map's own fixed point).
   */
  async startView(): Promise<StartView | null> {
    try {
      this.lastAnswered = await this.viewOf(await this.recentSetting());
    } catch (error) {
      this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'map start view not worked out; answering the last one');
    }
    return this.lastAnswered;
  }

  private async viewOf(setting: MapStartSetting): Promise<StartView | null> {
    if (setting.mode === 'fixed' && setting.latitude !== null && setting.longitude !== null && setting.zoom !== null) {
      return { source: 'administrator', center: { lat: setting.latitude, lng: setting.longitude }, zoom: setting.zoom, bounds: null };
    }
    return this.viewOfCoverage();
  }

  private viewOfCoverage(): Promise<StartView | null> {
    const layers = this.deps.layerBoxes();
    const key = `${layers?.revision ?? 'none'}:${this.deps.footprints.currentVersion}`;
    if (this.coverageView?.key !== key) {
      const view = this.deps.activeTowers().then((towers) =>
        coverageStartView(
          layers?.boxes ?? [],
          towers.map((tower) => ({ ...tower, reach: this.deps.footprints.reachOf(tower) })),
        ),
      );
      this.coverageView = { key, view };
      // A failed read is not kept: the next request tries again.
      view.catch(() => {
        if (this.coverageView?.view === view) this.coverageView = undefined;
      });
    }
    return this.coverageView.view;
  }

  private async readSetting(): Promise<MapStartSetting> {
    const setting = (await this.deps.repository.read()) ?? DEFAULT_MAP_START_SETTING;
    this.cachedSetting = { setting, readAt: this.deps.clock.now().getTime() };
    return setting;
  }

  private async recentSetting(): Promise<MapStartSetting> {
    const cached = this.cachedSetting;
    if (cached && this.deps.clock.now().getTime() - cached.readAt < SETTING_CACHE_MS) return cached.setting;
    this.readingSetting ??= this.readSetting().finally(() => {
      this.readingSetting = undefined;
    });
    return this.readingSetting;
  }
}
