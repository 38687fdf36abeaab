import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Footprint, NO_SIGNAL } from '../../geo/rf/footprint.js';
import { manualClock, memoryFootprintRepository, patternRecord, sectorRecord, towerRecord } from '../testing/fakes.js';
import { FOOTPRINT_RADIO_SETTINGS, newFootprintService } from '../testing/services.js';
import { inflateFootprint } from './deflatedFootprint.js';
import { computeFootprintInWorker, type FootprintJob } from './footprintCompute.js';
import { type FootprintService, readFootprint, signalBox } from './footprintService.js';

// The sweep itself has its own tests (src/geo/rf); here a worker that reports its progress in
// steps of 0.05 and answers one fixed grid stands in for it, so only the service's rules run.
const SWEEP = vi.hoisted(() => ({
  footprint: {
    south: -34,
    west: 18.5,
    cellLatDeg: 0.01,
    cellLngDeg: 0.01,
    rows: 1,
    cols: 1,
    signalDeciDbm: new Int16Array([-600]),
    fresnel60: new Uint8Array([1]),
  },
  areasJson: '{"type":"FeatureCollection","features":[]}',
}));
vi.mock('./footprintCompute.js', () => ({
  computeFootprintInWorker: vi.fn(async (_job: unknown, onProgress: (done: number) => void) => {
    for (const done of [0.05, 0.1, 0.15, 0.5, 1]) onProgress(done);
    return { footprint: SWEEP.footprint as Footprint, areasJson: SWEEP.areasJson };
  }),
}));

const NOW = '2026-11-22T08:00:00.000Z';
/** Calibration terms of nothing: no offsets, no residuals. */
const SHARED_TERMS = {
  towerId: 0,
  globalOffsetDb: 0,
  sectorOffsetsDb: {},
  classOffsetsDb: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
  rangeM: 1_000,
  spatial: null,
};
const MINUTE_MS = 60_000;

const running: FootprintService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
  vi.mocked(computeFootprintInWorker).mockClear();
});

/** A footprint service at NOW over `repo` (a fresh one unless given), as a new process would start. */
function footprints(options: Parameters<typeof newFootprintService>[0] = {}) {
  const built = newFootprintService({ clock: manualClock(NOW), ...options });
  running.push(built.service);
  return built;
}

/** The inputs key the first pass stored for tower 1. */
async function keyAfterFirstPass(repo = memoryFootprintRepository()) {
  const { service } = footprints({ repo, towers: [towerRecord({ id: 1 })] });
  await service.reconcile();
  return { repo, key: repo.rows.get(1)!.inputsKey };
}

describe('FootprintService states', () => {
  it('computes a tower without a footprint, writing progress in steps of a tenth, and serves it once ready', async () => {
    const { service, repo } = footprints({ towers: [towerRecord({ id: 1 })] });
    expect(service.current(1)).toBeNull();
    await service.reconcile();

    expect(repo.markComputing).toHaveBeenCalledTimes(1);
    const [towerId, key, at] = repo.markComputing.mock.calls[0] as [number, string, string];
    expect([towerId, at]).toEqual([1, NOW]);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(repo.setProgress.mock.calls).toEqual([
      [1, key, 0.1, NOW],
      [1, key, 0.5, NOW],
      [1, key, 1, NOW],
    ]);
    expect(repo.rows.get(1)).toMatchObject({ status: 'ready', progress: 1, terrainSource: 'flat', updatedAt: NOW });
    expect(inflateFootprint(service.current(1)!.grids)).toEqual(SWEEP.footprint);
  });

  it('leaves a ready footprint of the same inputs alone after a restart, and serves it from the database', async () => {
    const { repo } = await keyAfterFirstPass();
    const restarted = footprints({ repo, towers: [towerRecord({ id: 1 })] });
    await restarted.service.reconcile();
    expect(repo.markComputing).toHaveBeenCalledTimes(1);
    expect(inflateFootprint(restarted.service.current(1)!.grids)).toEqual(SWEEP.footprint);
  });

  it('takes over a computation whose progress stopped moving five minutes ago, and leaves one still moving alone', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();
    for (const [lastMoved, computedAgain] of [
      [minutesAgo(6), true],
      [minutesAgo(4), false],
    ] as const) {
      const { repo } = await keyAfterFirstPass();
      // Another process marked it computing and wrote its progress last at `lastMoved`.
      Object.assign(repo.rows.get(1)!, { status: 'computing', progress: 0.4, updatedAt: lastMoved });
      const other = footprints({ repo, towers: [towerRecord({ id: 1 })] });
      await other.service.reconcile();
      expect(repo.markComputing.mock.calls.length, `progress last moved at ${lastMoved}`).toBe(computedAgain ? 2 : 1);
    }
  });

  it("computes again when the tower's radio changes, and drops the towers no longer active", async () => {
    const { repo, key } = await keyAfterFirstPass();
    const towers = [towerRecord({ id: 1, height_meters: 41 }), towerRecord({ id: 2, active: false })];
    const { service } = footprints({ repo, towers });
    await service.reconcile();
    expect(repo.markComputing).toHaveBeenCalledTimes(2);
    expect(repo.markComputing.mock.calls[1]![1]).not.toBe(key);
    expect(repo.deleteOthers).toHaveBeenLastCalledWith([1]);
  });

  it('leaves a computation another process started up to 5 minutes ago to that process', async () => {
    const { repo } = await keyAfterFirstPass();
    Object.assign(repo.rows.get(1)!, { status: 'computing', progress: 0.3, updatedAt: new Date(Date.parse(NOW) - 5 * MINUTE_MS).toISOString() });
    const { service } = footprints({ repo, towers: [towerRecord({ id: 1 })] });
    await service.reconcile();
    expect(repo.markComputing).toHaveBeenCalledTimes(1);
    expect(service.current(1)).toBeNull();
  });

  it('takes over a computation left for more than 5 minutes (its process stopped)', async () => {
    const { repo } = await keyAfterFirstPass();
    Object.assign(repo.rows.get(1)!, { status: 'computing', progress: 0.3, updatedAt: new Date(Date.parse(NOW) - 5 * MINUTE_MS - 1).toISOString() });
    const { service } = footprints({ repo, towers: [towerRecord({ id: 1 })] });
    await service.reconcile();
    expect(repo.markComputing).toHaveBeenCalledTimes(2);
    expect(repo.rows.get(1)).toMatchObject({ status: 'ready', updatedAt: NOW });
  });

  it('marks a footprint failed with the reason and does not try again until its inputs change', async () => {
    const towers = [towerRecord({ id: 1 })];
    const built = footprints({ towers });
    built.terrain.heightGrid.mockRejectedValue(new Error('terrain tile N33E018 unreadable'));
    await built.service.reconcile();
    expect(built.repo.rows.get(1)).toMatchObject({ status: 'failed', error: 'terrain tile N33E018 unreadable', updatedAt: NOW });
    expect(built.log.error).toHaveBeenCalledTimes(1);

    // An hour on, long past the limit after which a computation counts as abandoned.
    built.clock.advance(60 * MINUTE_MS);
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(1);

    towers[0] = towerRecord({ id: 1, power_dbm: 27 });
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(2);
  });

  it('keeps no footprint whose tower changed while it was computed', async () => {
    const { service, repo } = footprints({ towers: [towerRecord({ id: 1 })] });
    repo.saveResult.mockResolvedValueOnce(false);
    await service.reconcile();
    expect(service.current(1)).toBeNull();
  });
});

describe('the reach of a footprint (where the public map opens)', () => {
  it('is the box of the cells with signal, each cell whole', () => {
    const grid = { south: -34, west: 18, cellLatDeg: 0.01, cellLngDeg: 0.02, rows: 3, cols: 3, fresnel60: new Uint8Array(2) };
    // Rows from the south: signal in the middle row's east cell and the north row's middle cell.
    const signal = new Int16Array([NO_SIGNAL, NO_SIGNAL, NO_SIGNAL, NO_SIGNAL, NO_SIGNAL, -700, NO_SIGNAL, -650, NO_SIGNAL]);
    const box = signalBox({ ...grid, signalDeciDbm: signal });
    expect(box?.west).toBeCloseTo(18.01, 9);
    expect(box?.east).toBeCloseTo(18.05, 9);
    expect(box?.south).toBeCloseTo(-33.995, 9);
    expect(box?.north).toBeCloseTo(-33.975, 9);
    expect(signalBox({ ...grid, signalDeciDbm: new Int16Array(9).fill(NO_SIGNAL) })).toBeNull();
  });

  it('is undefined until the footprint is current, then its box; the version moves with it', async () => {
    const tower = towerRecord({ id: 1, latitude: -34, longitude: 18.5 });
    const { service } = footprints({ towers: [tower] });
    expect(service.reachOf(tower)).toBeUndefined();
    const before = service.currentVersion;
    await service.reconcile();
    expect(service.currentVersion).toBeGreaterThan(before);
    const reach = service.reachOf(tower);
    expect(reach?.west).toBeCloseTo(18.495, 9);
    expect(reach?.east).toBeCloseTo(18.505, 9);
    expect(reach?.south).toBeCloseTo(-34.005, 9);
    expect(reach?.north).toBeCloseTo(-33.995, 9);
  });
});

describe('footprints of sectors and of the radio settings', () => {
  const jobOf = (call: number) => vi.mocked(computeFootprintInWorker).mock.calls[call]![0] as FootprintJob;

  it('computes again after a save of the radio settings and after a change to a sector, not after a rename', async () => {
    const sectors = [sectorRecord({ id: 7 }), sectorRecord({ id: 8, azimuth_deg: 180 })];
    const built = footprints({ towers: [towerRecord({ id: 1 })], sectors, patterns: [patternRecord(1)] });
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(1);

    built.radio.settings = { ...FOOTPRINT_RADIO_SETTINGS, clutter_height_m: 5 };
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(2);
    expect(jobOf(1).propagation?.clutterHeightM).toBe(5);

    built.sectors[1] = { ...built.sectors[1]!, azimuth_deg: 200 };
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(3);

    built.sectors[1] = { ...built.sectors[1]!, name: 'South' };
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(3);
  });

  it('answers every footprint queued from the moment the radio settings are saved, each computing in its turn, then ready', async () => {
    const towers = [towerRecord({ id: 1 }), towerRecord({ id: 2 })];
    const built = footprints({ towers });
    await built.service.reconcile();
    const statuses = async () => (await built.service.states(null)).map((state) => [state.towerId, state.status]);
    expect(await statuses()).toEqual([
      [1, 'ready'],
      [2, 'ready'],
    ]);

    // Tower 1's new footprint is held in the worker until released.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(computeFootprintInWorker).mockImplementationOnce(async () => {
      await held;
      return { footprint: SWEEP.footprint as Footprint, areasJson: SWEEP.areasJson };
    });
    built.radio.settings = { ...FOOTPRINT_RADIO_SETTINGS, model: 'free_space_knife_edge' };
    // A tower added meanwhile has no footprint row until its turn comes.
    towers.push(towerRecord({ id: 3 }));
    const pass = built.service.reconcile();
    try {
      // Asked at once, before the pass has read anything: the answer waits for it, and no footprint is ready.
      const first = await statuses();
      expect(first.map(([, status]) => status).filter((status) => status !== 'queued' && status !== 'computing')).toEqual([]);
      await vi.waitFor(async () =>
        expect(await statuses()).toEqual([
          [1, 'computing'],
          [2, 'queued'],
          [3, 'queued'],
        ]),
      );
    } finally {
      release();
    }
    await pass;
    expect(await statuses()).toEqual([
      [1, 'ready'],
      [2, 'ready'],
      [3, 'ready'],
    ]);
    expect(built.repo.markComputing).toHaveBeenCalledTimes(5);
  });

  it('hands each tower its own calibration terms and the reliability margin, and computes again only the tower whose terms moved', async () => {
    const built = footprints({ towers: [towerRecord({ id: 1 }), towerRecord({ id: 2 })] });
    await built.service.reconcile();
    // Calibration off: no terms; the default 70 % with σ 10 dB takes Φ⁻¹(0.7) · 10 = 5.24 dB off the drawing, to the quarter decibel 5.25.
    expect(jobOf(0).calibration).toBeUndefined();
    expect(jobOf(0).reliabilityMarginDb).toBe(5.25);

    const hashes: Record<number, string> = { 1: 'one', 2: 'two' };
    const terms = (towerId: number) => ({ ...SHARED_TERMS, towerId, sectorOffsetsDb: { omni: towerId } });
    built.calibration.snapshot = { lookup: { tower: terms, towerHash: (towerId) => hashes[towerId]! }, model: SHARED_TERMS, sigmaDb: 10 };
    await built.service.reconcile();
    expect([jobOf(2).calibration, jobOf(3).calibration]).toEqual([terms(1), terms(2)]);

    hashes[2] = 'two, refitted';
    await built.service.reconcile();
    expect(built.repo.markComputing.mock.calls.map((call) => call[0])).toEqual([1, 2, 1, 2, 2]);

    // A spread that moves the margin by less than an eighth of a decibel (10.2 dB: 5.349) redraws nothing.
    built.calibration.snapshot = { ...built.calibration.snapshot, sigmaDb: 10.2 };
    await built.service.reconcile();
    expect(built.repo.markComputing).toHaveBeenCalledTimes(5);

    // A measured spread of 6 dB (3.146 dB) redraws both at 3.25 dB.
    built.calibration.snapshot = { ...built.calibration.snapshot, sigmaDb: 6 };
    await built.service.reconcile();
    expect(jobOf(5).reliabilityMarginDb).toBe(3.25);
  });

  it('calibrates a What if candidate by the terms every tower shares, and draws it at the margin', async () => {
    const built = footprints();
    built.calibration.snapshot = { lookup: { tower: () => SHARED_TERMS, towerHash: () => 'x' }, model: { ...SHARED_TERMS, globalOffsetDb: -4 }, sigmaDb: 10 };
    await built.service.whatIf(
      { latitude: -34, longitude: 18.5, height_meters: 30, antenna_height_meters: 0, frequency_ghz: 5.8, power_dbm: 20, coverage_radius_km: 5 },
      new AbortController().signal,
    );
    expect(jobOf(0).calibration).toEqual({ ...SHARED_TERMS, towerId: 0, globalOffsetDb: -4 });
    expect(jobOf(0).reliabilityMarginDb).toBe(5.25);
  });

  it("sends a tower's active sectors in one job with the default CPE profile, and a tower whose sectors are all off none", async () => {
    const sectors = [
      sectorRecord({ id: 7, azimuth_deg: 60 }),
      sectorRecord({ id: 8, azimuth_deg: 180, active: false }),
      sectorRecord({ id: 9, azimuth_deg: 300, height_m: 20 }),
      sectorRecord({ id: 10, tower_id: 2, active: false }),
    ];
    const built = footprints({ towers: [towerRecord({ id: 1 }), towerRecord({ id: 2 }), towerRecord({ id: 3 })], sectors, patterns: [patternRecord(1)] });
    await built.service.reconcile();
    const [first, second, third] = [jobOf(0), jobOf(1), jobOf(2)];
    expect(first.antennas.map((antenna) => [antenna.antenna?.mount.azimuthDeg, antenna.tower.antennaM])).toEqual([
      [60, 45],
      [300, 20],
    ]);
    expect([first.receiverM, first.antennas[0]!.tower.rxGainDbi, first.propagation?.model]).toEqual([2, 23, 'itm']);
    expect(second.antennas).toEqual([]);
    expect(third.antennas).toEqual([{ tower: expect.objectContaining({ txGainDbi: 16 }), sectorId: null }]);
    expect(built.repo.saveResult.mock.calls.map((call) => call[4])).toEqual([[7, 9], [], []]);
  });

  it('reads the serving sector, and line of sight from the bits: under ITM a hidden cell has a signal too', async () => {
    const tower = towerRecord({ id: 1, latitude: -34, longitude: 18.5 });
    const footprint: Footprint = {
      south: -34,
      west: 18.49,
      cellLatDeg: 0.01,
      cellLngDeg: 0.01,
      rows: 1,
      cols: 3,
      signalDeciDbm: new Int16Array([-850, -700, -650]),
      fresnel60: new Uint8Array([0b001]),
      lineOfSight: new Uint8Array([0b011]),
      servingAntenna: new Uint8Array([0, 1, 255]),
    };
    vi.mocked(computeFootprintInWorker).mockResolvedValueOnce({ footprint, areasJson: SWEEP.areasJson });
    const sectors = [sectorRecord({ id: 7, azimuth_deg: 270 }), sectorRecord({ id: 8, azimuth_deg: 90 })];
    const { service } = footprints({ towers: [tower], sectors, patterns: [patternRecord(1)] });
    await service.reconcile();
    expect(service.read(tower, { lat: -34, lng: 18.49 })).toEqual({
      lineOfSight: true,
      signalDbm: -85,
      fresnel60Clear: true,
      terrainSource: 'flat',
      sectorId: 7,
    });
    expect(service.read(tower, { lat: -34, lng: 18.5 })).toMatchObject({ lineOfSight: true, signalDbm: -70, fresnel60Clear: false, sectorId: 8 });
    expect(service.read(tower, { lat: -34, lng: 18.51 })).toMatchObject({ lineOfSight: false, signalDbm: -65, sectorId: null });
    // An omni footprint names no sector.
    expect(readFootprint({ footprint: SWEEP.footprint as Footprint, terrainSource: null, sectorIds: [] }, { lat: -34, lng: 18.5 }, tower).sectorId).toBeNull();
  });

  it('leaves the cells that do not see the tower out of its reach, though they have a signal', () => {
    const grid = { south: -34, west: 18, cellLatDeg: 0.01, cellLngDeg: 0.01, rows: 1, cols: 3, fresnel60: new Uint8Array(1) };
    const box = signalBox({ ...grid, signalDeciDbm: new Int16Array([-700, -750, -800]), lineOfSight: new Uint8Array([0b010]) });
    expect(box?.west).toBeCloseTo(18.005, 9);
    expect(box?.east).toBeCloseTo(18.015, 9);
  });
});
