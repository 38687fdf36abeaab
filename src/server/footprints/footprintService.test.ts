import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Footprint, NO_SIGNAL } from '../../geo/rf/footprint.js';
import { manualClock, memoryFootprintRepository, towerRecord } from '../testing/fakes.js';
import { newFootprintService } from '../testing/services.js';
import { computeFootprintInWorker } from './footprintCompute.js';
import { type FootprintService, signalBox } from './footprintService.js';

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
      [1, key, 0.1],
      [1, key, 0.5],
      [1, key, 1],
    ]);
    expect(repo.rows.get(1)).toMatchObject({ status: 'ready', progress: 1, terrainSource: 'flat', updatedAt: NOW });
    expect(service.current(1)?.footprint).toBe(SWEEP.footprint);
  });

  it('leaves a ready footprint of the same inputs alone after a restart, and serves it from the database', async () => {
    const { repo } = await keyAfterFirstPass();
    const restarted = footprints({ repo, towers: [towerRecord({ id: 1 })] });
    await restarted.service.reconcile();
    expect(repo.markComputing).toHaveBeenCalledTimes(1);
    expect(restarted.service.current(1)?.footprint).toEqual(SWEEP.footprint);
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
