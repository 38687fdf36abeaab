import { describe, expect, it, vi } from 'vitest';
import type { MeasurementReport } from '../src/common/api/measurements.js';
import { reliabilityMarginDb, serviceProbability } from '../src/common/serviceLikelihood.js';
import { distanceM } from '../src/geo/sphere.js';
import { readyFootprint, waitForFootprints } from './support/footprints.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/**
 * The calibration after an import (issue 21 §2, §3), on a set whose figures are known: flat ground
 * (no terrain) and the free-space model, so every prediction is 20 dBm + 17 dBi (the omni antenna)
 * + 23 dBi (the roof CPE) − FSPL, FSPL = 20·log10(d km) + 20·log10(5800 MHz) + 32.45 dB; each
 * measured signal is that + 4 dB ± 2 dB (alternately), so the uncalibrated residuals have a mean
 * of 4 dB, a deviation of 2 dB and an RMSE of √20 = 4.47 dB.
 */
const TOWER = { name: 'Flat', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 15 };
/** Degrees of longitude in a kilometre at the tower's latitude (about). */
const LNG_PER_KM = 1 / (111.195 * Math.cos((33.5 * Math.PI) / 180));
/** From the tower, kilometres: 2 in 0–1 km, 6 in 1–3, 6 in 3–5, 6 in 5–10, 4 in 10+. */
const DISTANCES_KM = [0.4, 0.8, 1.2, 1.5, 1.9, 2.2, 2.5, 2.8, 3.2, 3.5, 3.9, 4.2, 4.5, 4.8, 5.5, 6.2, 7, 7.8, 8.6, 9.4, 10.5, 11.5, 12.5, 13.5];
const BIAS_DB = 4;
const SPREAD_DB = 2;

function freeSpaceSignalDbm(spot: { lat: number; lng: number }, powerDbm = 20): number {
  const km = distanceM({ lat: TOWER.latitude, lng: TOWER.longitude }, spot) / 1000;
  return powerDbm + 17 + 23 - (20 * Math.log10(km) + 20 * Math.log10(5800) + 32.45);
}

/** The farthest point of a footprint's weakest band (the area drawn at all) from the tower, metres. */
function reachM(collection: { features: { properties: { rank: number }; geometry: { coordinates: number[][][][] } }[] }): number {
  const drawn = collection.features.find((feature) => feature.properties.rank === 1);
  expect(drawn, 'the footprint draws a Poor area').toBeDefined();
  let farthest = 0;
  for (const polygon of drawn!.geometry.coordinates)
    for (const [lng, lat] of polygon[0]!) farthest = Math.max(farthest, distanceM({ lat: TOWER.latitude, lng: TOWER.longitude }, { lat: lat!, lng: lng! }));
  return farthest;
}

/** Within the rounding of stored predictions (0.1 dB) and of the figures (0.01 dB). */
const expectNear = (actual: number | null | undefined, expected: number, tolerance = 0.06) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected), `${actual} against ${expected}`).toBeLessThan(tolerance);
};

describe.each(databaseKinds())('the calibration fitted after an import on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  async function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const response = await app.server.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const report = () => send('GET', '/api/measurements/report') as Promise<MeasurementReport>;

  it('reports the known figures, fits once every measurement is predicted, and its σ follows the calibration switch', { timeout: 90_000 }, async () => {
    const settings = await send('GET', '/api/settings/radio');
    await send('PUT', '/api/settings/radio', { ...settings, model: 'free_space_knife_edge' });
    const tower = await send('POST', '/api/towers', TOWER);
    const spots = DISTANCES_KM.map((km) => ({ lat: TOWER.latitude, lng: TOWER.longitude + km * LNG_PER_KM }));
    const measured = spots.map((spot, i) => Math.round((freeSpaceSignalDbm(spot) + BIAS_DB + (i % 2 === 0 ? SPREAD_DB : -SPREAD_DB)) * 100) / 100);
    const before = await report();
    expect(before).toMatchObject({ total: 0, count: 0, calibrated: null, sigma_source: 'setting', sigma_db: 10 });

    const imported = await send('POST', '/api/measurements/import', {
      measurements: spots.map((spot, i) => ({ ...spot, height_m: 6, tower: tower.id, rssi_dbm: measured[i], source: 'survey' })),
    });
    expect(imported).toMatchObject({ imported_count: DISTANCES_KM.length, error_count: 0 });

    let fitted: MeasurementReport | undefined;
    await vi.waitFor(
      async () => {
        fitted = await report();
        expect(fitted.calibrated).not.toBeNull();
      },
      { timeout: 60_000, interval: 200 },
    );
    const figures = fitted!;
    expect(figures).toMatchObject({ total: DISTANCES_KM.length, count: DISTANCES_KM.length, pending: 0, out_of_range: 0, failed_installs: 0 });
    expectNear(figures.uncalibrated.mean_error_db, BIAS_DB);
    expectNear(figures.uncalibrated.std_db, SPREAD_DB);
    expectNear(figures.uncalibrated.rmse_db, Math.sqrt(BIAS_DB ** 2 + SPREAD_DB ** 2));
    expect(figures.by_distance_band.map((band) => [band.key, band.count])).toEqual([
      ['0-1', 2],
      ['1-3', 6],
      ['3-5', 6],
      ['5-10', 6],
      ['10+', 4],
    ]);
    // Cross-validated: the offset the fit learns takes the bias out, the alternating ±2 dB stays.
    expect(Math.abs(figures.calibrated!.mean_error_db!)).toBeLessThan(1.5);
    expect(figures.calibrated!.rmse_db!).toBeLessThan(figures.uncalibrated.rmse_db!);
    expect(figures.model!.global_offset_db).toBeGreaterThan(2);
    // Calibration off: σ is the uncalibrated RMSE.
    expect(figures.sigma_source).toBe('uncalibrated');
    expectNear(figures.sigma_db, figures.uncalibrated.rmse_db!, 0.011);

    const page = await send('GET', '/api/measurements?page_size=200');
    for (const item of page.items) {
      const i = spots.findIndex((spot) => spot.lng === item.lng);
      expectNear(item.predicted_dbm, freeSpaceSignalDbm(spots[i]!));
      expect(item.calibrated_dbm, 'calibration off').toBeNull();
    }

    await send('PUT', '/api/settings/radio', { ...settings, model: 'free_space_knife_edge', calibration: true });
    await vi.waitFor(
      async () => {
        const on = await report();
        expect(on.sigma_source).toBe('calibrated');
        expect(on.sigma_db).toBe(Math.max(1, figures.calibrated!.rmse_db!));
      },
      { timeout: 20_000, interval: 100 },
    );
    const calibrated = await send('GET', '/api/measurements?page_size=200');
    for (const item of calibrated.items) expect(item.calibrated_dbm - item.predicted_dbm).toBeGreaterThan(2);
    const fits = await app.db.kysely.selectFrom('calibration_fits').select(['fitted_at']).execute();
    expect(fits, 'the switch moved nothing the fit is made from: no second fit').toHaveLength(1);
    expect((await report()).fitted_at).toBe(fits[0]!.fitted_at);

    // An install that failed (no signal) where the model calls the spot serviceable: the report counts it, and the success rate falls.
    expect((await report()).serviceable.uncalibrated).toEqual({ predicted_serviceable: 0, successful: 0, success_pct: null });
    await send('POST', '/api/measurements/import', { measurements: [{ ...spots[3], height_m: 6, tower: tower.id, source: 'install' }] });
    await vi.waitFor(
      async () => {
        const failed = await report();
        expect(failed.failed_installs).toBe(1);
        expect(failed.serviceable.uncalibrated).toEqual({ predicted_serviceable: 1, successful: 0, success_pct: 0 });
      },
      { timeout: 30_000, interval: 200 },
    );
  });

  it('adds the calibration to the line of sight and the feasibility once switched on, and redraws the footprint with it', { timeout: 120_000 }, async () => {
    // A weak tower (0 dBm), so that its drawn area ends inside its coverage radius and can grow.
    const settings = await send('GET', '/api/settings/radio');
    await send('PUT', '/api/settings/radio', { ...settings, model: 'free_space_knife_edge' });
    const tower = await send('POST', '/api/towers', { ...TOWER, power_dbm: 0 });
    const spots = DISTANCES_KM.map((km) => ({ lat: TOWER.latitude, lng: TOWER.longitude + km * LNG_PER_KM }));
    await send('POST', '/api/measurements/import', {
      measurements: spots.map((spot, i) => ({
        ...spot,
        height_m: 6,
        tower: tower.id,
        rssi_dbm: Math.round((freeSpaceSignalDbm(spot, 0) + BIAS_DB + (i % 2 === 0 ? SPREAD_DB : -SPREAD_DB)) * 100) / 100,
        source: 'survey',
      })),
    });
    await vi.waitFor(async () => expect((await report()).calibrated).not.toBeNull(), { timeout: 60_000, interval: 200 });
    await waitForFootprints(app, token);
    const off = await report();
    const footprint = async () => (await app.server.inject({ method: 'GET', url: `/api/towers/${tower.id}/footprint`, headers: bearer(token) })).json();
    const reachOff = reachM(await footprint());
    const before = await readyFootprint(app, token, tower.id);
    const spot = spots[5]!;
    const query = `lat=${spot.lat}&lng=${spot.lng}&height=6`;
    const lineOfSight = async () =>
      (await send('GET', `/api/line-of-sight/tower/${tower.id}?${query}`)) as {
        signal_strength: number;
        path_loss_db: { total: number; calibration: number | null };
      };
    expect((await lineOfSight()).path_loss_db.calibration, 'off: no calibration').toBeNull();

    await send('PUT', '/api/settings/radio', { ...settings, model: 'free_space_knife_edge', calibration: true });
    await readyFootprint(app, token, tower.id, before.updated_at);
    const on = await report();
    expect(on.sigma_source).toBe('calibrated');

    // The line of sight at a measured spot: its loss gains minus the measurement's correction, and its signal is the calibrated one.
    const item = ((await send('GET', '/api/measurements?page_size=200')).items as { lng: number; predicted_dbm: number; calibrated_dbm: number }[]).find(
      (measured) => measured.lng === spot.lng,
    )!;
    const link = await lineOfSight();
    expectNear(link.path_loss_db.calibration, -(item.calibrated_dbm - item.predicted_dbm), 0.11);
    expectNear(link.signal_strength, item.calibrated_dbm, 0.11);
    // The feasibility there says how likely service is with the calibrated σ.
    const feasibility = await send('GET', `/api/wireless_feasibility?${query}`);
    expectNear(feasibility.probability, serviceProbability(item.calibrated_dbm, -80, on.sigma_db), 0.01);
    expect(feasibility.tower_distances[0].path_loss_db.calibration).toBe(link.path_loss_db.calibration);

    // The drawn area's edge moves out by the correction (the global offset away from the measured line) and the change of margin.
    const gainDb = on.model!.global_offset_db + reliabilityMarginDb(70, off.sigma_db) - reliabilityMarginDb(70, on.sigma_db);
    const ratio = reachM(await footprint()) / reachOff;
    expect(Math.abs(ratio / 10 ** (gainDb / 20) - 1), `reach ×${ratio.toFixed(3)} for ${gainDb.toFixed(2)} dB`).toBeLessThan(0.1);
  });
});
