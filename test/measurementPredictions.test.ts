import { describe, expect, it, vi } from 'vitest';
import type { App } from '../src/server/app.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/**
 * The measurements' predictions (issue 21 §2): each the line-of-sight answer at the spot, kept
 * current in the background. Terrain: the ridge tile (test/support/ridgeTerrain.ts), the ridge at
 * lng 18.25; towers on the plain west of it.
 */
const SECTOR_90 = 2;
const BEFORE_RIDGE = { lat: -33.5, lng: 18.23 };
const BEYOND_RIDGE = { lat: -33.5, lng: 18.3 };
const NORTH_EAST = { lat: -33.45, lng: 18.26 };
/** About 33 km from the towers: beyond their 15 km radius. */
const FAR_AWAY = { lat: -33.5, lng: 18.56 };

interface MeasurementSpot {
  lat: number;
  lng: number;
  heightM?: number;
  sectorId?: number | null;
  cpeProfile?: string | null;
}

/** Stores measurements as an import would (the import is measurementRoutes'; these tests only need rows). */
async function insertMeasurements(app: App, towerId: number, spots: readonly MeasurementSpot[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (const spot of spots) {
    const row = await app.db.kysely
      .insertInto('measurements')
      .values({
        tower_id: towerId,
        sector_id: spot.sectorId ?? null,
        latitude: spot.lat,
        longitude: spot.lng,
        height_m: spot.heightM ?? 6,
        rssi_dbm: -60,
        measured_at: now,
        cpe_profile: spot.cpeProfile ?? null,
        source: 'survey',
        note: null,
        lead_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function storedPredictions(app: App) {
  const rows = await app.db.kysely.selectFrom('measurements').selectAll().orderBy('id').execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Waits until every measurement has a prediction whose key differs from the one it had in `before` (all, when not given). */
async function waitForPredictions(app: TestApp, ids: readonly number[], before?: Map<number, { prediction_key: string | null }>) {
  app.measurementPredictor.request();
  await vi.waitFor(
    async () => {
      const rows = await storedPredictions(app);
      for (const id of ids) {
        const key = rows.get(id)?.prediction_key ?? null;
        expect(key).not.toBeNull();
        if (before) expect(key).not.toBe(before.get(id)?.prediction_key);
      }
    },
    { timeout: 20_000, interval: 50 },
  );
  return storedPredictions(app);
}

describe.each(databaseKinds())('measurement predictions on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  async function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const response = await app.server.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const createTower = (name: string, lng: number) =>
    send('POST', '/api/towers', { name, latitude: -33.5, longitude: lng, height_meters: 30, coverage_radius_km: 15 }) as Promise<{ id: number }>;
  const towerLink = (towerId: number, spot: { lat: number; lng: number }, height: number) =>
    send('GET', `/api/line-of-sight/tower/${towerId}?lat=${spot.lat}&lng=${spot.lng}&height=${height}`);

  it(
    'predicts each measurement as the line of sight answers at the spot and height, from its sector and with its CPE profile',
    { timeout: 60_000 },
    async () => {
      expect((await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt`, ridgeTile())).statusCode).toBe(200);
      const omni = await createTower('Plain', 18.2);
      const sectored = await createTower('Sectors', 18.21);
      const north = await send('POST', `/api/towers/${sectored.id}/sectors`, { name: 'North', azimuth_deg: 0, antenna_pattern_id: SECTOR_90 });
      const east = await send('POST', `/api/towers/${sectored.id}/sectors`, { name: 'East', azimuth_deg: 90, antenna_pattern_id: SECTOR_90 });
      const [clear, blocked, dish, far] = await insertMeasurements(app, omni.id, [
        { ...BEFORE_RIDGE, heightM: 2 },
        { ...BEYOND_RIDGE, heightM: 5 },
        { ...BEFORE_RIDGE, heightM: 8, cpeProfile: 'long-range DISH' },
        FAR_AWAY,
      ]);
      const [best, namedEast] = await insertMeasurements(app, sectored.id, [
        { ...NORTH_EAST, heightM: 4 },
        { ...NORTH_EAST, heightM: 4, sectorId: east.id },
      ]);
      const rows = await waitForPredictions(app, [clear!, blocked!, dish!, far!, best!, namedEast!]);

      const clearLink = await towerLink(omni.id, BEFORE_RIDGE, 2);
      expect(clearLink.has_line_of_sight).toBe(true);
      expect(rows.get(clear!)).toMatchObject({ predicted_dbm: clearLink.signal_strength, predicted_los: 1, predicted_sector_id: null });
      expect(rows.get(clear!)!.distance_m! / 1000).toBeCloseTo(clearLink.distance_km, 3);

      const blockedLink = await towerLink(omni.id, BEYOND_RIDGE, 5);
      expect(blockedLink.has_line_of_sight).toBe(false);
      expect(rows.get(blocked!)).toMatchObject({ predicted_dbm: blockedLink.signal_strength, predicted_los: 0 });

      // The line of sight answers with the default profile (the roof antenna, 23 dBi); the dish has 30 dBi.
      const dishLink = await towerLink(omni.id, BEFORE_RIDGE, 8);
      expect(rows.get(dish!)!.predicted_dbm).toBeCloseTo(dishLink.signal_strength + 7, 1);

      expect(rows.get(far!)).toMatchObject({ predicted_dbm: null, predicted_los: null });
      expect(rows.get(far!)!.distance_m!).toBeGreaterThan(15_000);

      const bestLink = await towerLink(sectored.id, NORTH_EAST, 4);
      expect(bestLink.sector_id).toBe(north.id);
      expect(rows.get(best!)).toMatchObject({ predicted_dbm: bestLink.signal_strength, predicted_sector_id: north.id });
      // The named sector serves it even where another is stronger.
      expect(rows.get(namedEast!)!.predicted_sector_id).toBe(east.id);
      expect(rows.get(namedEast!)!.predicted_dbm!).toBeLessThan(bestLink.signal_strength);
    },
  );

  it('predicts again only the measurements of a tower whose sector changed', { timeout: 60_000 }, async () => {
    const omni = await createTower('Plain', 18.2);
    const sectored = await createTower('Sectors', 18.21);
    const east = await send('POST', `/api/towers/${sectored.id}/sectors`, { name: 'East', azimuth_deg: 90, antenna_pattern_id: SECTOR_90, power_dbm: 20 });
    const omniIds = await insertMeasurements(app, omni.id, [BEFORE_RIDGE, BEYOND_RIDGE]);
    const sectorIds = await insertMeasurements(app, sectored.id, [NORTH_EAST, BEYOND_RIDGE]);
    const first = await waitForPredictions(app, [...omniIds, ...sectorIds]);

    await send('PUT', `/api/towers/${sectored.id}/sectors/${east.id}`, { power_dbm: 23 });
    const second = await waitForPredictions(app, sectorIds, first);

    for (const id of sectorIds) expect(second.get(id)!.predicted_dbm!).toBeCloseTo(first.get(id)!.predicted_dbm! + 3, 1);
    for (const id of omniIds) {
      expect(second.get(id)!.prediction_key).toBe(first.get(id)!.prediction_key);
      expect(second.get(id)!.predicted_at).toBe(first.get(id)!.predicted_at);
    }
    expect(await app.measurementPredictor.pending()).toBe(0);
  });
});
