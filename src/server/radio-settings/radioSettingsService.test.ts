import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUTTER_CLASSES, DEFAULT_ITM_SETTINGS, type RadioSettings } from '../../common/api/radioSettings.js';
import { memoryRadioSettings } from '../testing/fakes.js';
import { newRadioSettingsService } from '../testing/services.js';

const ROOF = { name: 'Roof antenna', gain_dbi: 23, height_m: 6, least_usable_signal_dbm: -80, is_default: true };
const DISH = { name: 'Long-range dish', gain_dbi: 30, height_m: 8, least_usable_signal_dbm: -80, is_default: false };

/** Settings an administrator saved: free space and knife edge, 3 m of clutter, one profile. */
const SAVED: RadioSettings = {
  model: 'free_space_knife_edge',
  itm: { ...DEFAULT_ITM_SETTINGS, radio_climate: 'desert', time_percent: 90 },
  clutter_height_m: 3,
  clutter_classes: { ...DEFAULT_CLUTTER_CLASSES, trees: { height_m: 12, extra_loss_db: 4 } },
  cpe_profiles: [{ ...ROOF, name: 'Mast CPE', height_m: 10 }],
  calibration: true,
  reliability_percent: 90,
  calibration_range_m: 500,
  prediction_spread_db: 7,
};

/** A promise and the hand that settles it, for a read the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('RadioSettingsService', () => {
  it('answers ITM, no clutter, the roof CPE (the default) and the dish while nothing is saved', async () => {
    const { service } = newRadioSettingsService();
    expect(await service.get()).toEqual({
      model: 'itm',
      itm: DEFAULT_ITM_SETTINGS,
      clutter_height_m: 0,
      clutter_classes: {
        trees: { height_m: 15, extra_loss_db: 0 },
        suburban: { height_m: 9, extra_loss_db: 0 },
        urban: { height_m: 20, extra_loss_db: 0 },
        water: { height_m: 0, extra_loss_db: 0 },
      },
      cpe_profiles: [ROOF, DISH],
      calibration: false,
      reliability_percent: 70,
      calibration_range_m: 1000,
      prediction_spread_db: 10,
    });
    expect(DEFAULT_ITM_SETTINGS).toEqual({
      relative_permittivity: 15,
      conductivity_s_per_m: 0.005,
      surface_refractivity_n: 301,
      radio_climate: 'continental_temperate',
      polarization: 'vertical',
      time_percent: 50,
      location_percent: 50,
      situation_percent: 50,
    });
  });

  it('starts the roof profile from the CPE gain and receiver height it is given (the environment)', async () => {
    const { service } = newRadioSettingsService({ roof: { gainDbi: 19, heightM: 4.5 } });
    const [roof, dish] = (await service.get()).cpe_profiles;
    expect(roof).toEqual({ ...ROOF, gain_dbi: 19, height_m: 4.5 });
    expect(dish).toEqual(DISH);
  });

  it('saves through one coverage commit with the time of the change, and answers what was saved from then on', async () => {
    const { service, repo, coverage, clock } = newRadioSettingsService();
    expect(await service.current()).toEqual(service.defaults());
    clock.advance(60_000);

    expect(await service.save(SAVED)).toEqual(SAVED);
    expect(coverage.commits).toBe(1);
    expect(repo.stored).toEqual({ settings: SAVED, updatedAt: '2026-11-22T08:01:00.000Z' });
    expect(await service.get()).toEqual(SAVED);
    expect(await service.current()).toEqual(SAVED);
  });

  it('reads the settings once per coverage revision, one read for the callers meanwhile', async () => {
    const { service, repo, coverage } = newRadioSettingsService();
    const [a, b] = await Promise.all([service.current(), service.current()]);
    expect(a).toEqual(b);
    await service.current();
    expect(repo.read).toHaveBeenCalledTimes(1);

    // Another process saved: its commit moved the revision, and this process's index rebuilt.
    repo.stored = { settings: SAVED, updatedAt: '2026-11-22T09:00:00.000Z' };
    expect(await service.current()).toEqual(service.defaults());
    coverage.bump();
    expect(await service.current()).toEqual(SAVED);
    expect(repo.read).toHaveBeenCalledTimes(2);
  });

  it('reads every time before the coverage index is first built (no revision to keep them for)', async () => {
    const { service, repo, coverage } = newRadioSettingsService();
    coverage.revision = null;
    await service.current();
    await service.current();
    expect(repo.read).toHaveBeenCalledTimes(2);
  });

  it('does not keep what a read begun before a save found', async () => {
    const repo = memoryRadioSettings();
    const { service, coverage } = newRadioSettingsService({ repo });
    const slowRead = deferred<RadioSettings | undefined>();
    repo.read.mockImplementationOnce(() => slowRead.promise);
    const before = service.current();

    await service.save(SAVED);
    // The rebuild after the commit failed: the index still answers from the revision the read began at.
    coverage.revision = 1;
    slowRead.resolve(undefined);
    expect(await before).toEqual(service.defaults());
    expect(await service.current()).toEqual(SAVED);
  });

  it('answers the settings last read while the database cannot be read, and fails when it never could', async () => {
    const { service, repo, coverage, log } = newRadioSettingsService();
    repo.failReads = true;
    await expect(service.current()).rejects.toThrow('database unavailable');

    repo.failReads = false;
    repo.stored = { settings: SAVED, updatedAt: '2026-11-22T09:00:00.000Z' };
    expect(await service.current()).toEqual(SAVED);
    repo.failReads = true;
    coverage.bump();
    expect(await service.current()).toEqual(SAVED);
    expect(log.warn).toHaveBeenCalledWith({ err: 'database unavailable' }, 'radio settings unreadable; using the last ones read');

    // The failed read was not kept: the database back, the next call reads it.
    repo.failReads = false;
    const dish = { ...SAVED, cpe_profiles: [{ ...DISH, is_default: true }] };
    repo.stored = { settings: dish, updatedAt: '2026-11-22T09:10:00.000Z' };
    expect(await service.current()).toEqual(dish);
  });
});
