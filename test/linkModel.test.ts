import { describe, expect, it } from 'vitest';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/**
 * The line-of-sight link under the radio settings (docs/radio-model.md): the model, the clutter and
 * sectors. Terrain: the ridge tile (a 100 m plain, the ridge at lng 18.25). The tower stands on the
 * plain at lng 18.2; the target, 2.8 km due east at lng 18.23, is clear of the ridge; 9.3 km east,
 * at lng 18.3, the ridge hides the plain.
 */
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30 };
const TARGET = { lat: -33.5, lng: 18.23 };
const BEYOND_RIDGE = { lat: -33.5, lng: 18.3 };
/** The built-in 90° sector's id on a fresh database (migration 0013 seeds them in this order): 16.3 dBi, 25 dB front to back. */
const SECTOR_90 = 2;
const ROOF = { name: 'Roof antenna', gain_dbi: 23, height_m: 6, is_default: true };
const radioSettings = (fields: Record<string, unknown>) => ({ model: 'itm', clutter_height_m: 0, cpe_profiles: [ROOF], ...fields });

describe.each(databaseKinds())('the line-of-sight link under the radio settings on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.server.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const setup = async () => {
    const uploaded = await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt`, ridgeTile());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return (await send('POST', '/api/towers', TOWER)).id as number;
  };
  const query = `lat=${TARGET.lat}&lng=${TARGET.lng}&height=2`;
  const towerLink = (id: number, point = TARGET) => send('GET', `/api/line-of-sight/tower/${id}?lat=${point.lat}&lng=${point.lng}&height=2`);
  const saveSettings = (fields: Record<string, unknown>) => send('PUT', '/api/settings/radio', radioSettings(fields));

  it('answers every endpoint with the model, clutter, mode and serving antenna, and follows the chosen model', async () => {
    const id = await setup();
    const omni = { antenna_pattern_db: 0, sector_id: null, sector_name: null, propagation_mode: 'line_of_sight' };

    const link = await towerLink(id);
    expect(link).toMatchObject({ has_line_of_sight: true, ...omni });
    expect(link.path_loss_db).toMatchObject({ model: 'itm', itm: link.path_loss_db.total, clutter: 0 });
    expect((await send('GET', `/api/line-of-sight/check?${query}`)).results[0]).toMatchObject({ ...omni, path_loss_db: link.path_loss_db });
    expect((await send('GET', `/api/line-of-sight/optimal?${query}`)).results[0]).toMatchObject({ ...omni, path_loss_db: link.path_loss_db });
    const feasibility = await send('GET', `/api/wireless_feasibility?${query}`);
    expect(feasibility.tower_distances[0]).toMatchObject({ tower_id: id, ...omni, path_loss_db: link.path_loss_db });

    // Behind the ridge (its flat top, 400 m wide, makes two horizons) ITM's diffraction and the single knife edge part.
    const itmBehind = await towerLink(id, BEYOND_RIDGE);
    expect(itmBehind).toMatchObject({ has_line_of_sight: false, propagation_mode: expect.stringMatching(/_horizon_diffraction$/) });
    expect(itmBehind.path_loss_db).toMatchObject({ model: 'itm', itm: itmBehind.path_loss_db.total });

    await saveSettings({ model: 'free_space_knife_edge' });
    const knifeEdge = await towerLink(id, BEYOND_RIDGE);
    expect(knifeEdge).toMatchObject({ ...omni, has_line_of_sight: false, propagation_mode: null });
    const loss = knifeEdge.path_loss_db;
    expect(loss).toMatchObject({ model: 'free_space_knife_edge', itm: null, clutter: 0, diffraction: itmBehind.path_loss_db.diffraction });
    expect(loss.total).toBeCloseTo(loss.free_space + loss.diffraction, 1);
    expect(Math.abs(loss.total - itmBehind.path_loss_db.total)).toBeGreaterThan(1);
    expect(knifeEdge.signal_strength - itmBehind.signal_strength).toBeCloseTo(itmBehind.path_loss_db.total - loss.total, 0);
    expect((await send('GET', `/api/wireless_feasibility?${query}`)).tower_distances[0]).toMatchObject({
      propagation_mode: null,
      path_loss_db: { model: 'free_space_knife_edge', itm: null },
    });
  });

  it('serves through the sector that faces the target, loses the signal when it turns away, and none when it is off', async () => {
    const id = await setup();
    const sector = await send('POST', `/api/towers/${id}/sectors`, { name: 'East', azimuth_deg: 90, antenna_pattern_id: SECTOR_90 });
    const facing = await towerLink(id);
    expect(facing).toMatchObject({ sector_id: sector.id, sector_name: 'East', has_line_of_sight: true });
    expect(facing.antenna_pattern_db).toBeLessThanOrEqual(0);
    expect(facing.antenna_pattern_db).toBeGreaterThan(-0.5);

    await send('PUT', `/api/towers/${id}/sectors/${sector.id}`, { azimuth_deg: 270 });
    const away = await towerLink(id);
    expect(away).toMatchObject({ sector_id: sector.id, has_line_of_sight: true });
    expect(away.antenna_pattern_db).toBeCloseTo(-25, 0);
    expect(facing.signal_strength - away.signal_strength).toBeCloseTo(facing.antenna_pattern_db - away.antenna_pattern_db, 0);
    const check = await send('GET', `/api/line-of-sight/check?${query}`);
    expect(check.results[0]).toMatchObject({ sector_name: 'East', antenna_pattern_db: away.antenna_pattern_db });

    await send('PUT', `/api/towers/${id}/sectors/${sector.id}`, { active: false });
    expect(await towerLink(id)).toMatchObject({ in_range: true, signal_strength: null, signal_band: 'Unknown', path_loss_db: null, sector_id: null });
  });

  it('turns a clear path blocked with a uniform clutter height, the receiver then needing to stand above it', async () => {
    const id = await setup();
    expect(await towerLink(id)).toMatchObject({ has_line_of_sight: true, required_height_m: 0 });

    await saveSettings({ clutter_height_m: 20 });
    const cluttered = await towerLink(id);
    expect(cluttered.has_line_of_sight).toBe(false);
    // The last cluttered sample stands one sample (about 80 m) before the target, below the ray from the mast.
    expect(cluttered.required_height_m).toBeGreaterThan(15);
    expect(cluttered.path_loss_db.clutter).toBeGreaterThan(0);
    expect((await send('GET', `/api/line-of-sight/check?${query}`)).towers_with_los).toBe(0);
  });

  it('names the CPE profile that serves the spot: the default when it can, else the next that can', async () => {
    await setup();
    const feasibility = () => send('GET', `/api/wireless_feasibility?${query}`);
    const roofOnly = await feasibility();
    expect(roofOnly).toMatchObject({ wireless_available: true, cpe_profile: { name: 'Roof antenna', gain_dbi: 23, is_default: true } });
    expect(roofOnly.message).not.toContain('needs');
    expect(roofOnly.tower_distances[0].path_loss_db.calibration).toBeNull();
    const roofSignal: number = roofOnly.tower_distances[0].signal_strength;

    // The roof antenna now asks 3 dB more than it gets; the dish's 7 dB more gain clears the same bar.
    const bar = roofSignal + 3;
    const dish = { name: 'Long-range dish', gain_dbi: 30, height_m: 8, least_usable_signal_dbm: bar, is_default: false };
    await saveSettings({ cpe_profiles: [{ ...ROOF, least_usable_signal_dbm: bar }, dish] });
    const dishServed = await feasibility();
    expect(dishServed).toMatchObject({ wireless_available: true, cpe_profile: { name: 'Long-range dish', gain_dbi: 30, height_m: 8, is_default: false } });
    // 4 dB over the dish's bar with σ 10 dB: Φ(0.4) = 0.655, possible (the roof antenna's Φ(−0.3) = 0.382 says nothing).
    expect(dishServed.likelihood).toBe('possible');
    expect(dishServed.probability).toBeCloseTo(0.655, 2);
    expect(dishServed.message).toMatch(/, but it needs a long-range dish\. Possible — a site survey will tell\.$/);
    // The explicit height=2 holds for every profile: only the gain differs.
    expect(dishServed.tower_distances[0].signal_strength).toBeCloseTo(roofSignal + 7, 1);

    await saveSettings({
      cpe_profiles: [
        { ...ROOF, least_usable_signal_dbm: bar },
        { ...dish, least_usable_signal_dbm: roofSignal + 10 },
      ],
    });
    const none = await feasibility();
    // Both 3 dB under their bars: Φ(−0.3) = 0.382, under the 40 % anything wireless is shown at.
    expect(none).toMatchObject({ wireless_available: false, likelihood: null, cpe_profile: null, estimated_speed: 'No Service' });
    expect(none.probability).toBeCloseTo(0.382, 2);
    expect(none.message).toBe('A wireless tower is in range, but the signal here is too weak for service.');
  });
});
