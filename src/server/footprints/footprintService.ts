import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PQueue from 'p-queue';
import type { CandidateTowerInput, WhatIfResult } from '../../common/api/footprints.js';
import type { RadioSettings } from '../../common/api/radioSettings.js';
import { isUsableSignal } from '../../common/signalBands.js';
import { type GeoBox, unionOfBoxes } from '../../geo/mapExtent.js';
import { cellAt, type Footprint, isFresnel60Clear, isLineOfSight, NO_SIGNAL } from '../../geo/rf/footprint.js';
import { NO_ANTENNA } from '../../geo/rf/footprintUnion.js';
import { distanceM, type LatLng } from '../../geo/sphere.js';
import type { ProviderScope } from '../access/providerScope.js';
import type { Clock } from '../clock.js';
import { TooManyRequestsError } from '../errors.js';
import { waitText } from '../http/rateLimits.js';
import type { Terrain } from '../terrain/terrain.js';
import type { AntennaPatternRepository } from '../antenna-patterns/antennaPatternRepository.js';
import type { SectorRecord, SectorRepository } from '../towers/sectorRepository.js';
import type { TowerRecord, TowerRepository } from '../towers/towerRepository.js';
import type { TowerCalibration } from '../../geo/rf/calibration/calibrationModel.js';
import { computeFootprintInWorker } from './footprintCompute.js';
import type { ClutterAreasSnapshot } from '../clutter/clutterAreaService.js';
import {
  antennaPatternOf,
  candidateCalibrationOf,
  type FootprintCalibration,
  footprintClutterAreas,
  type FootprintRadio,
  footprintInputsKey,
  footprintRadioOf,
  footprintSourcesOf,
  type FootprintTowerFields,
  patternContentHash,
  type SectorAntenna,
  type TowerAntennas,
  towerCalibrationOf,
} from './footprintInputs.js';
import { deflateFootprint, deflateText, inflateFootprintAsync, inflateText } from './deflatedFootprint.js';
import { FootprintMemory, type KeptFootprint } from './footprintMemory.js';
import type { FootprintRepository, FootprintState, StoredFootprint } from './footprintRepository.js';
import { OverlayTiles } from './overlayTiles.js';
import type { UncoveredSearches } from './uncoveredSearches.js';
import type { WaitlistedSpots } from './waitlistedSpots.js';

export interface FootprintSettings {
  /** Most cells of one footprint's grid: larger areas get coarser cells. */
  maxCells: number;
  /** The omni antenna's gain of a tower without sectors, dBi (the receiver's is the default CPE profile's). */
  towerDbi: number;
  /** Bytes of inflated grids kept for the checks (FOOTPRINT_MEMORY_MB): the towers read lately. */
  memoryBytes: number;
}

/** A point's answer from a footprint. */
export interface FootprintReading {
  /** The ray from the serving antenna clears the terrain (and clutter). */
  lineOfSight: boolean;
  /**
   * Received signal from the serving antenna, dBm; null where there is none (beyond the radius;
   * without line of sight under free space + knife edge). ITM predicts one beyond the horizon too:
   * serviceable is line of sight and a usable signal.
   */
  signalDbm: number | null;
  fresnel60Clear: boolean;
  terrainSource: string | null;
  /** The sector serving the point (line of sight first, then the strongest signal); null for an omni tower or where none reaches. */
  sectorId: number | null;
}

/** The geographic box a footprint of a tower covers (degrees). */
export interface FootprintBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The source-layer of the wireless overlay's vector tiles. */
export const WIRELESS_TILE_LAYER = 'wireless';

/** Uncovered searches one what-if looks at, newest first. */
const WHAT_IF_MAX_SEARCHES = 100_000;
/** What-ifs that may wait behind the one running; the next is refused (429), not queued without end. */
export const WHAT_IF_MAX_WAITING = 4;
/** The wait a refused what-if is told (Retry-After): one run takes a fraction of a second to a few seconds. */
const WHAT_IF_RETRY_AFTER_SECONDS = 5;

/**
 * Longest a states() answer waits for the pass asked for last to work out which footprints are
 * current: a few reads when the worker is idle, but the pass starts only once the tower being
 * computed is done, and meanwhile that tower's row says computing.
 */
const KEYS_WAIT_MS = 2_000;
/**
 * A computing footprint whose progress has not moved for this long was left by a stopped process:
 * it is computed again. Progress moves every tenth of the work (a tower of 12 ITM sectors on
 * 1-arc-second terrain takes about a minute in all), so a long computation that is still going is
 * never taken for a stopped one.
 */
const STALE_COMPUTING_MS = 5 * 60_000;
/** Progress is written at most this often, as a share of the work. */
const PROGRESS_STEP = 0.1;
/** While some tower has no footprint in memory, the ready ones are read again at most this often (another process may have computed them). */
const RELOAD_MS = 5_000;
/** Footprints a reload reads from the database at once: each one's band areas (about 0.3 MB of text) are held until deflated. */
const RELOAD_BATCH = 16;

/**
 * A footprint's state as the towers screen is told it: `queued` where the stored footprint (ready or
 * failed) is of inputs that have changed since and the worker has not reached it yet.
 */
export interface FootprintProgress extends Omit<FootprintState, 'status' | 'inputsKey'> {
  status: FootprintState['status'] | 'queued';
}

interface PassInputs {
  towers: TowerRecord[];
  radio: FootprintRadio;
  antennas: Map<number, TowerAntennas>;
  keys: Map<number, string>;
}

/** A promise and the function that settles it. */
interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

export interface FootprintServiceDeps {
  repository: FootprintRepository;
  /** The searches no provider served (answered by leads/): what the What if candidate is measured on. */
  searches: UncoveredSearches;
  /** Where confirmed waitlist entries wait (answered by waitlist/): counted by the What if too. */
  waitlisted: WaitlistedSpots;
  towers: Pick<TowerRepository, 'listActive' | 'idsInScope'>;
  /** The towers' sectors and the patterns they use: a tower's footprint is the union of its active sectors'. */
  sectors: Pick<SectorRepository, 'listAll'>;
  patterns: Pick<AntennaPatternRepository, 'find'>;
  /**
   * The radio settings now (RadioSettingsService.current): the model, clutter and default CPE
   * profile of every footprint. A save moves the coverage revision, which calls `reconcile`.
   */
  radioSettings: () => Promise<RadioSettings>;
  /** The clutter areas now (ClutterAreaService.current); an upload or delete moves the coverage revision, which calls `reconcile`. */
  clutterAreas: () => Promise<ClutterAreasSnapshot>;
  /**
   * The calibration now (the measurements' CalibrationService.current): each tower's corrections
   * and the σ of the reliability margin; a new fit moves the coverage revision, which calls `reconcile`.
   */
  calibration: { current(): Promise<FootprintCalibration> };
  terrain: Pick<Terrain, 'heightGrid'>;
  /** What an area's terrain is made of (terrain/terrainSignature.ts): part of a footprint's inputs. */
  terrainSignature: (bounds: FootprintBounds) => Promise<string>;
  settings: FootprintSettings;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Each active tower's predicted footprint (src/geo/rf/footprint.ts): computed in a worker thread
 * after a change to the towers or the terrain (every such change moves the coverage revision, and
 * app.ts calls `reconcile` after each rebuild of the coverage index), one tower at a time, stored with the inputs
 * it came from, and kept in memory for the coverage checks, which look a point up instead of
 * walking the terrain: deflated, with the grids of the towers read lately inflated (FootprintMemory).
 */
export class FootprintService {
  /** Ready footprints by tower, deflated, and the grids of those read lately. */
  private readonly ready: FootprintMemory;
  /** The inputs key each active tower's footprint must have to be current. */
  private expectedKeys = new Map<number, string>();
  /** When expectedKeys were last worked out (ISO time): a tower without a footprint row is queued from then. */
  private keyedAt = new Date(0).toISOString();
  private running: Promise<void> | null = null;
  private wanted = false;
  /** Settled once a pass after the last reconcile has set expectedKeys (or failed to); null while no pass is asked for. */
  private keysAsked: Deferred | null = null;
  /** Settled once the running pass has set expectedKeys; null once it has. */
  private keysComing: Deferred | null = null;
  private reloadedAt = 0;
  private reloading: Promise<void> | null = null;
  /** Moves on whenever the set of current footprints changes; names the overlay's tiles. */
  private version = 0;
  /** Unique to this process, so that overlay tile names of two servers (or of a restart) never collide. */
  private readonly versionPrefix = randomBytes(4).toString('hex');
  private readonly overlayTiles = new OverlayTiles(WIRELESS_TILE_LAYER);
  private stopped = false;
  /** What-ifs run one at a time: each holds a grid and a worker. */
  private readonly whatIfRuns = new PQueue({ concurrency: 1 });
  private readonly changeListeners: Array<() => void> = [];

  private readonly repo: FootprintRepository;
  private readonly searches: UncoveredSearches;
  private readonly waitlisted: WaitlistedSpots;
  private readonly towers: Pick<TowerRepository, 'listActive' | 'idsInScope'>;
  private readonly sectors: Pick<SectorRepository, 'listAll'>;
  private readonly patterns: Pick<AntennaPatternRepository, 'find'>;
  private readonly radioSettings: () => Promise<RadioSettings>;
  private readonly clutterAreas: () => Promise<ClutterAreasSnapshot>;
  private readonly calibration: { current(): Promise<FootprintCalibration> };
  private readonly terrain: Pick<Terrain, 'heightGrid'>;
  private readonly terrainSignature: (bounds: FootprintBounds) => Promise<string>;
  private readonly settings: FootprintSettings;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(deps: FootprintServiceDeps) {
    this.repo = deps.repository;
    this.searches = deps.searches;
    this.waitlisted = deps.waitlisted;
    this.towers = deps.towers;
    this.sectors = deps.sectors;
    this.patterns = deps.patterns;
    this.radioSettings = deps.radioSettings;
    this.clutterAreas = deps.clutterAreas;
    this.calibration = deps.calibration;
    this.terrain = deps.terrain;
    this.terrainSignature = deps.terrainSignature;
    this.settings = deps.settings;
    this.clock = deps.clock;
    this.log = deps.log;
    this.ready = new FootprintMemory(deps.settings.memoryBytes);
  }

  /** Brings every active tower's footprint up to date, in the background; a call during a pass asks for one more. */
  reconcile(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.wanted = true;
    this.keysAsked ??= deferred();
    this.running ??= this.passes().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * The state of every stored footprint (status and progress for the towers screen), as of the
   * newest change this process has heard of: a save of the radio settings, say, answers every
   * footprint `queued` (then computing, then ready) from the moment it is committed. A provider
   * editor's scope answers only their providers' towers.
   */
  async states(scope: ProviderScope): Promise<FootprintProgress[]> {
    const pending = this.keysAsked ?? this.keysComing;
    if (pending) await Promise.race([pending.promise, delay(KEYS_WAIT_MS, undefined, { ref: false })]);
    const expected = this.expectedKeys;
    const keyedAt = this.keyedAt;
    const stored = await this.repo.states();
    const answered: FootprintProgress[] = stored.map(({ inputsKey, ...state }) => {
      const key = expected.get(state.towerId);
      // A computing row is someone's work in progress: another process may know of a newer change than this one.
      const outdated = state.status !== 'computing' && key !== undefined && key !== inputsKey;
      return { ...state, status: outdated ? 'queued' : state.status };
    });
    // A tower whose first footprint has not begun has no row yet: it waits its turn too.
    const listed = new Set(stored.map((state) => state.towerId));
    for (const towerId of expected.keys()) {
      if (listed.has(towerId)) continue;
      answered.push({ towerId, status: 'queued', progress: 0, error: null, terrainSource: null, computedMs: null, updatedAt: keyedAt });
    }
    const visible = scope === null ? null : await this.towers.idsInScope(scope);
    return answered.filter((state) => visible === null || visible.has(state.towerId)).sort((a, b) => a.towerId - b.towerId);
  }

  /** The current footprint of a tower, or null while it has none for its present inputs. */
  current(towerId: number): KeptFootprint | null {
    const kept = this.ready.get(towerId);
    if (kept && kept.inputsKey === this.expectedKeys.get(towerId)) return kept;
    this.reloadSoon();
    return null;
  }

  /**
   * The footprint a tower that does not exist would have, and how many logged searches that found
   * no provider it would serve (usable signal). Nothing is stored. Runs wait their turn, at most
   * WHAT_IF_MAX_WAITING of them; `signal` (the client went away) takes a run out of the queue, or
   * stops it where it stands, and rejects with its reason.
   */
  whatIf(candidate: CandidateTowerInput, signal: AbortSignal): Promise<WhatIfResult> {
    if (this.whatIfRuns.size >= WHAT_IF_MAX_WAITING) {
      return Promise.reject(
        new TooManyRequestsError(
          `Too many what-if runs are waiting. Please try again in ${waitText(WHAT_IF_RETRY_AFTER_SECONDS)}.`,
          WHAT_IF_RETRY_AFTER_SECONDS,
        ),
      );
    }
    let started = false;
    const run = this.whatIfRuns.add(
      () => {
        started = true;
        return this.computeWhatIf(candidate, signal);
      },
      { signal },
    );
    run.catch(() => {
      if (signal.aborted) this.log.info(started ? 'what-if stopped: its client went away' : 'what-if dropped before it started: its client went away');
    });
    return run;
  }

  private async computeWhatIf(tower: CandidateTowerInput, signal: AbortSignal): Promise<WhatIfResult> {
    const started = performance.now();
    // A candidate is an omni tower, with the settings, the default CPE profile and the calibration of now.
    const radio = await this.radioNow();
    signal.throwIfAborted();
    const { footprint, areasJson, source } = await this.footprintOf(tower, { sectors: null }, radio, candidateCalibrationOf(radio), () => undefined, signal);
    signal.throwIfAborted();
    const [searches, spots] = await Promise.all([
      this.searches.uncoveredSearchesIn(boundsOf(tower), WHAT_IF_MAX_SEARCHES),
      this.waitlisted.waitlistedSpotsIn(boundsOf(tower), WHAT_IF_MAX_SEARCHES),
    ]);
    const centre = { lat: tower.latitude, lng: tower.longitude };
    const withinRadius = (point: LatLng) => distanceM(centre, point) <= tower.coverage_radius_km * 1000;
    // Served as the areas draw it: a usable signal after the reliability margin.
    const served = (point: LatLng) => {
      const reading = readFootprint({ footprint, terrainSource: source, sectorIds: [] }, point, tower);
      return reading.lineOfSight && reading.signalDbm !== null && isUsableSignal(reading.signalDbm - radio.reliabilityMarginDb);
    };
    const inRadius = searches.filter(withinRadius);
    const reached = inRadius.filter(served);
    const spotsInRadius = spots.filter(withinRadius);
    return {
      areas: JSON.parse(areasJson) as WhatIfResult['areas'],
      uncovered_searches_reached: reached.length,
      uncovered_searches_in_radius: inRadius.length,
      waitlisted_spots_reached: spotsInRadius.filter(served).length,
      waitlisted_spots_in_radius: spotsInRadius.length,
      searches_truncated: searches.length >= WHAT_IF_MAX_SEARCHES,
      terrain_source: source,
      computed_ms: Math.round(performance.now() - started),
    };
  }

  /** The settings, clutter areas and calibration every footprint of now is computed with. */
  private async radioNow(): Promise<FootprintRadio> {
    const [settings, clutter, calibration] = await Promise.all([this.radioSettings(), this.clutterAreas(), this.calibration.current()]);
    return footprintRadioOf(settings, clutter, calibration);
  }

  /**
   * A tower's footprint over the terrain under it: the heights read here once, every antenna's
   * sweep (calibrated by `calibration`, absent when off), their union and the band areas (at the
   * reliability margin) in one worker (stopped by `signal`).
   */
  private async footprintOf(
    tower: FootprintTowerFields,
    antennas: TowerAntennas,
    radio: FootprintRadio,
    calibration: TowerCalibration | undefined,
    onProgress: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<{ footprint: Footprint; areasJson: string; source: string }> {
    const { grid, source } = await this.terrain.heightGrid(
      { lat: tower.latitude, lng: tower.longitude },
      tower.coverage_radius_km * 1000,
      this.settings.maxCells,
    );
    signal?.throwIfAborted();
    const job = {
      heights: grid,
      receiverM: radio.cpe.heightM,
      propagation: radio.propagation,
      clutterAreas: footprintClutterAreas(tower, radio),
      antennas: footprintSourcesOf(tower, antennas, radio, this.settings.towerDbi),
      ...(calibration && { calibration }),
      reliabilityMarginDb: radio.reliabilityMarginDb,
    };
    return { ...(await computeFootprintInWorker(job, onProgress, signal)), source };
  }

  /** The last computed footprint of a tower from the database, current or not. */
  latest(towerId: number): Promise<StoredFootprint | undefined> {
    return this.repo.find(towerId);
  }

  /**
   * What the tower's current footprint says at a point, or null when it has none (the caller falls
   * back to a live analysis). A lookup in its grids: kept inflated when read lately, else inflated
   * now (FootprintMemory).
   */
  read(tower: Pick<TowerRecord, 'id' | 'latitude' | 'longitude' | 'coverage_radius_km'>, point: LatLng): FootprintReading | null {
    const kept = this.current(tower.id);
    if (!kept) return null;
    return readFootprint({ footprint: this.ready.grids(kept), terrainSource: kept.terrainSource, sectorIds: kept.sectorIds }, point, tower);
  }

  /** Moves on whenever the set of current footprints changes (what reachOf answers may change with it). */
  get currentVersion(): number {
    return this.version;
  }

  /**
   * The box (degrees) a tower's current footprint reaches: its cells that see the tower with a
   * signal, within the coverage radius; the tower's own point when there are none; undefined while
   * it has no current footprint.
   */
  reachOf(tower: Pick<TowerRecord, 'id' | 'latitude' | 'longitude' | 'coverage_radius_km'>): GeoBox | undefined {
    const kept = this.current(tower.id);
    if (!kept) return undefined;
    const reach = kept.reach;
    const circle = boundsOf(tower);
    const clipped = reach && {
      west: Math.max(reach.west, circle.west),
      south: Math.max(reach.south, circle.south),
      east: Math.min(reach.east, circle.east),
      north: Math.min(reach.north, circle.north),
    };
    if (clipped && clipped.west <= clipped.east && clipped.south <= clipped.north) return clipped;
    return { west: tower.longitude, south: tower.latitude, east: tower.longitude, north: tower.latitude };
  }

  /**
   * A vector tile of the wireless overlay: every current footprint's band areas (layer "wireless",
   * properties band, rank and tower_id), null where there are none. `version` changes with them.
   */
  async tile(z: number, x: number, y: number): Promise<{ version: string; bytes: Uint8Array | null }> {
    const version = this.version;
    const bytes = await this.overlayTiles.tile(version, () => this.currentAreas(), z, x, y);
    return { version: `${this.versionPrefix}-${version}`, bytes };
  }

  /** Stops computing footprints (the pass in progress ends after its tower) and the overlay's worker. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wanted = false;
    for (const pending of [this.keysAsked, this.keysComing]) pending?.resolve();
    this.keysAsked = null;
    await this.running;
    await this.overlayTiles.close();
  }

  /** The band areas of every current footprint, by tower, inflated for the overlay's worker (read once per version). */
  private currentAreas(): { towerId: number; areasJson: string }[] {
    const areas: { towerId: number; areasJson: string }[] = [];
    for (const [towerId, key] of this.expectedKeys) {
      const kept = this.ready.get(towerId);
      if (kept?.inputsKey === key) areas.push({ towerId, areasJson: inflateText(kept.areas) });
    }
    return areas;
  }

  /**
   * `listener` runs whenever the set of current footprints changes (one computed, read from the
   * database, or dropped): what a footprint reaches may have moved (the waitlist's matcher).
   */
  onChanged(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.changeListeners) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'a listener of footprint changes failed');
      }
    }
  }

  private async passes(): Promise<void> {
    while (this.wanted) {
      this.wanted = false;
      try {
        await this.pass();
      } catch (error) {
        this.log.error({ err: error }, 'footprint pass failed');
      }
    }
  }

  private async pass(): Promise<void> {
    // A reconcile from here on asks for the next pass, which reads what it changed.
    const coming = this.keysAsked;
    this.keysComing = coming;
    this.keysAsked = null;
    let inputs: PassInputs;
    try {
      inputs = await this.passInputs();
      this.expectedKeys = inputs.keys;
      this.keyedAt = this.clock.now().toISOString();
    } finally {
      coming?.resolve();
      this.keysComing = null;
    }
    const { towers, radio, antennas, keys } = inputs;
    for (const id of this.ready.towerIds()) if (!keys.has(id)) this.ready.delete(id);
    this.changed();
    await this.reload();
    const states = new Map((await this.repo.states()).map((state) => [state.towerId, state]));
    for (const tower of towers) {
      // A newer change is waiting: start over from the new list; or the server is stopping.
      if (this.wanted || this.stopped) return;
      const key = keys.get(tower.id)!;
      if (!this.needsComputing(states.get(tower.id), key)) continue;
      await this.compute(tower, antennas.get(tower.id)!, radio, key);
    }
  }

  /** Each tower's antennas: its active sectors with their patterns (each pattern read once), or null for a tower without sectors. */
  private async antennasOf(towers: readonly TowerRecord[]): Promise<Map<number, TowerAntennas>> {
    const byTower = new Map<number, SectorRecord[]>();
    for (const sector of await this.sectors.listAll()) {
      const list = byTower.get(sector.tower_id) ?? [];
      list.push(sector);
      byTower.set(sector.tower_id, list);
    }
    const patterns = new Map<number, Promise<Omit<SectorAntenna, 'sector'>>>();
    const patternOf = (id: number) => {
      let found = patterns.get(id);
      if (!found) {
        found = this.patterns.find(id).then((record) => {
          // A sector's pattern cannot be deleted (RESTRICT): missing, the sector changed since it was listed, and moved the revision.
          if (!record) throw new Error(`antenna pattern ${id} of a sector was not found`);
          const pattern = antennaPatternOf(record);
          return { pattern, patternHash: patternContentHash(pattern) };
        });
        patterns.set(id, found);
      }
      return found;
    };
    const antennas = new Map<number, TowerAntennas>();
    for (const tower of towers) {
      const sectors = byTower.get(tower.id);
      if (!sectors || sectors.length === 0) {
        antennas.set(tower.id, { sectors: null });
        continue;
      }
      const active = sectors.filter((sector) => sector.active);
      antennas.set(tower.id, { sectors: await Promise.all(active.map(async (sector) => ({ sector, ...(await patternOf(sector.antenna_pattern_id)) }))) });
    }
    return antennas;
  }

  /** The active towers, what their footprints are computed from, and the inputs key each must have to be current. */
  private async passInputs(): Promise<PassInputs> {
    const towers = await this.towers.listActive();
    await this.repo.deleteOthers(towers.map((tower) => tower.id));
    const radio = await this.radioNow();
    const antennas = await this.antennasOf(towers);
    const keys = new Map<number, string>();
    for (const tower of towers) keys.set(tower.id, await this.inputsKey(tower, antennas.get(tower.id)!, radio));
    return { towers, radio, antennas, keys };
  }

  private needsComputing(state: FootprintState | undefined, key: string): boolean {
    if (!state || state.inputsKey !== key) return true;
    if (state.status !== 'computing') return false;
    return this.clock.now().getTime() - Date.parse(state.updatedAt) > STALE_COMPUTING_MS;
  }

  private async compute(tower: TowerRecord, antennas: TowerAntennas, radio: FootprintRadio, key: string): Promise<void> {
    await this.repo.markComputing(tower.id, key, this.clock.now().toISOString());
    const started = performance.now();
    try {
      let written = 0;
      const { footprint, areasJson, source } = await this.footprintOf(tower, antennas, radio, towerCalibrationOf(tower.id, radio), (done) => {
        if (done - written < PROGRESS_STEP) return;
        written = done;
        this.repo
          .setProgress(tower.id, key, done, this.clock.now().toISOString())
          .catch((error: unknown) => this.log.warn({ err: error, towerId: tower.id }, 'footprint progress not saved'));
      });
      const ms = performance.now() - started;
      const sectorIds = antennas.sectors?.map(({ sector }) => sector.id) ?? [];
      const now = this.clock.now().toISOString();
      // Deflated once, for memory and the database alike.
      const [grids, areas] = await Promise.all([deflateFootprint(footprint), deflateText(areasJson)]);
      // In memory first: by the time the row says ready, checks and the overlay use it.
      this.ready.set({ towerId: tower.id, inputsKey: key, terrainSource: source, sectorIds, grids, areas, reach: signalBox(footprint) });
      this.changed();
      if (await this.repo.saveResult(tower.id, key, grids, areasJson, sectorIds, source, ms, now)) {
        this.log.info(
          {
            towerId: tower.id,
            sectors: sectorIds.length,
            cells: footprint.rows * footprint.cols,
            // What memory keeps of it: the grids and band areas deflated, bytes.
            gridBytes: grids.signal.byteLength + grids.bits.byteLength + (grids.servingSector?.byteLength ?? 0),
            areaBytes: areas.byteLength,
            ms: Math.round(ms),
            terrain: source,
          },
          'tower footprint computed',
        );
      } else {
        // The tower changed or went meanwhile: the next pass computes it again.
        this.ready.delete(tower.id);
        this.changed();
      }
    } catch (error) {
      this.log.error({ err: error, towerId: tower.id }, 'tower footprint failed');
      await this.repo.markFailed(tower.id, key, error instanceof Error ? error.message : String(error), this.clock.now().toISOString());
    }
  }

  /** The ready footprints of the database for the present inputs (another process may have computed some), a batch at a time. */
  private async reload(): Promise<void> {
    this.reloadedAt = this.clock.now().getTime();
    const missing = [...this.expectedKeys].filter(([id, key]) => this.ready.get(id)?.inputsKey !== key);
    let kept = 0;
    for (let start = 0; start < missing.length; start += RELOAD_BATCH) {
      for (const stored of await this.repo.findReady(new Map(missing.slice(start, start + RELOAD_BATCH)))) {
        // A pass may have computed it meanwhile.
        if (this.ready.get(stored.towerId)?.inputsKey === this.expectedKeys.get(stored.towerId)) continue;
        try {
          this.ready.set(await keptOf(stored));
          kept += 1;
        } catch (error) {
          this.log.warn({ err: error, towerId: stored.towerId }, 'stored footprint not read');
        }
      }
    }
    if (kept > 0) this.changed();
  }

  private reloadSoon(): void {
    if (this.reloading || this.running || this.clock.now().getTime() - this.reloadedAt < RELOAD_MS) return;
    this.reloading = this.reload()
      .catch((error: unknown) => this.log.warn({ err: error }, 'footprints not reloaded'))
      .finally(() => {
        this.reloading = null;
      });
  }

  /** What a footprint depends on, as a short hash (footprintInputs.ts). */
  private async inputsKey(tower: TowerRecord, antennas: TowerAntennas, radio: FootprintRadio): Promise<string> {
    return footprintInputsKey({
      towerId: tower.id,
      tower,
      antennas,
      radio,
      towerDbi: this.settings.towerDbi,
      maxCells: this.settings.maxCells,
      terrain: await this.terrainSignature(boundsOf(tower)),
    });
  }
}

/** The box a tower's footprint covers: its coverage radius every way (degrees). */
export function boundsOf(tower: Pick<TowerRecord, 'latitude' | 'longitude' | 'coverage_radius_km'>): FootprintBounds {
  const latDeg = (tower.coverage_radius_km * 1000) / 111_195;
  const lngDeg = latDeg / Math.max(Math.cos((tower.latitude * Math.PI) / 180), 1e-6);
  return { south: tower.latitude - latDeg, north: tower.latitude + latDeg, west: tower.longitude - lngDeg, east: tower.longitude + lngDeg };
}

/** The box (degrees) of a footprint's cells that see the tower with a signal, each cell whole; null when there are none. */
export function signalBox(footprint: Footprint): GeoBox | null {
  const { rows, cols, south, west, cellLatDeg, cellLngDeg, signalDeciDbm } = footprint;
  const boxes: GeoBox[] = [];
  for (let row = 0; row < rows; row++) {
    let first = -1;
    let last = -1;
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      if (signalDeciDbm[cell] === NO_SIGNAL || !isLineOfSight(footprint, cell)) continue;
      if (first < 0) first = col;
      last = col;
    }
    if (first < 0) continue;
    // south and west are the centre of cell (0, 0): a cell reaches half a cell either side.
    const lat = south + row * cellLatDeg;
    boxes.push({ west: west + (first - 0.5) * cellLngDeg, south: lat - cellLatDeg / 2, east: west + (last + 0.5) * cellLngDeg, north: lat + cellLatDeg / 2 });
  }
  return unionOfBoxes(boxes);
}

/** A stored footprint as memory keeps it: its grids inflated once (off the event loop) to check them and work out its reach. */
async function keptOf(stored: StoredFootprint): Promise<KeptFootprint> {
  const [footprint, areas] = await Promise.all([inflateFootprintAsync(stored.grids), deflateText(stored.areasJson)]);
  const { towerId, inputsKey, terrainSource, sectorIds, grids } = stored;
  return { towerId, inputsKey, terrainSource, sectorIds, grids, areas, reach: signalBox(footprint) };
}

/** A footprint's answer at a point; beyond the tower's radius there is none. */
export function readFootprint(
  stored: { footprint: Footprint; terrainSource: string | null; sectorIds: readonly number[] },
  point: LatLng,
  tower: Pick<TowerRecord, 'latitude' | 'longitude' | 'coverage_radius_km'>,
): FootprintReading {
  const footprint: Footprint = stored.footprint;
  const found = cellAt(footprint, point.lat, point.lng);
  const inRange = distanceM({ lat: tower.latitude, lng: tower.longitude }, point) <= tower.coverage_radius_km * 1000;
  const cell = inRange ? found : -1;
  const value = cell < 0 ? NO_SIGNAL : footprint.signalDeciDbm[cell]!;
  const lineOfSight = cell >= 0 && isLineOfSight(footprint, cell);
  const serving = cell >= 0 && footprint.servingAntenna ? footprint.servingAntenna[cell]! : NO_ANTENNA;
  return {
    lineOfSight,
    signalDbm: value === NO_SIGNAL ? null : value / 10,
    fresnel60Clear: lineOfSight && isFresnel60Clear(footprint, cell),
    terrainSource: stored.terrainSource,
    sectorId: serving === NO_ANTENNA ? null : (stored.sectorIds[serving] ?? null),
  };
}
