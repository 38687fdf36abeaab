import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readyFootprint } from './support/footprints.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/**
 * A tower's footprint is the union of its sectors' footprints, computed with the radio settings.
 * Terrain: the ridge tile (test/support/ridgeTerrain.ts): a 100 m plain with a 400 m ridge at lng
 * 18.25. The tower stands on the plain at lng 18.2 with a 6 km radius; the two points lie 3.7 km
 * east and west of it on the open plain, seen by the tower either way.
 */
const TOWER = { name: 'Two Ways', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 6 };
const EAST = { lat: -33.5, lng: 18.24 };
const WEST = { lat: -33.5, lng: 18.16 };
/** The built-in 90° sector (migration 0013 seeds the built-ins in this order). */
const SECTOR_90 = 2;
/** Low enough that a point behind a sector (its pattern's 25-30 dB front-to-back) gets no usable signal. */
const SECTOR_POWER_DBM = 10;

describe.each(databaseKinds())('footprints of sectors on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));
  beforeEach(async () => {
    const uploaded = await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt`, ridgeTile());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  /** The tower and its sectors in one import (one change, so its first footprint is computed with them), and their ids by name. */
  async function towerWithSectors(westActive = true): Promise<{ towerId: number; sectorIds: Record<string, number> }> {
    const sector = (name: string, azimuth: number, active: boolean) => ({
      name,
      azimuth_deg: azimuth,
      antenna_pattern_id: SECTOR_90,
      power_dbm: SECTOR_POWER_DBM,
      active,
    });
    const imported = await send('POST', '/api/towers/bulk-import', {
      towers: [{ ...TOWER, sectors: [sector('East', 90, true), sector('West', 270, westActive)] }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const tower = (await send('GET', '/api/towers')).json().data[0] as { id: number; sectors: { id: number; name: string }[] };
    return { towerId: tower.id, sectorIds: Object.fromEntries(tower.sectors.map((s) => [s.name, s.id])) };
  }
  const wirelessAt = async (point: { lat: number; lng: number }) =>
    (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${point.lat}&lng=${point.lng}` })).json().data.wireless_feasibility;
  const state = async (towerId: number) => (await send('GET', '/api/towers/footprints')).json().data.find((s: { tower_id: number }) => s.tower_id === towerId);

  /** Waits for the footprint, ready before `after`, to be computed again: computing first, then ready. */
  async function recomputed(towerId: number, after: string): Promise<void> {
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        const now = await state(towerId);
        seen.add(now.status);
        if (now.status !== 'ready' || now.updated_at <= after) throw new Error(`the footprint is ${now.status}`);
      },
      { timeout: 30_000, interval: 20 },
    );
    expect([...seen]).toContain('computing');
  }

  it('covers both sides of a tower whose sectors point opposite ways, and loses the side a sector turns away from', async () => {
    const { towerId, sectorIds } = await towerWithSectors();
    const ready = await readyFootprint(app, token, towerId);
    // Each side is served by the sector facing it, named from the footprint's serving sector.
    expect(await wirelessAt(EAST)).toMatchObject({
      wireless_available: true,
      tower_distances: [{ tower_id: towerId, has_line_of_sight: true, sector_id: sectorIds.East, sector_name: 'East' }],
    });
    expect(await wirelessAt(WEST)).toMatchObject({
      wireless_available: true,
      tower_distances: [{ tower_id: towerId, has_line_of_sight: true, sector_id: sectorIds.West, sector_name: 'West' }],
    });

    const turned = await send('PUT', `/api/towers/${towerId}/sectors/${sectorIds.West}`, { azimuth_deg: 60 });
    expect(turned.statusCode, turned.body).toBe(200);
    await recomputed(towerId, ready.updated_at);
    // The west point still sees the tower, but only the backs of the sectors face it.
    const west = await wirelessAt(WEST);
    expect(west).toMatchObject({ wireless_available: false, tower_distances: [{ tower_id: towerId, has_line_of_sight: true }] });
    expect(west.tower_distances[0].signal_strength).toBeLessThanOrEqual(-80);
    expect(await wirelessAt(EAST)).toMatchObject({ wireless_available: true });
  });

  it('computes the footprints again after the radio settings are saved', async () => {
    const { towerId } = await towerWithSectors();
    const ready = await readyFootprint(app, token, towerId);
    const current = (await send('GET', '/api/settings/radio')).json().data;
    const saved = await send('PUT', '/api/settings/radio', { ...current, clutter_height_m: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    // From the save on, the footprint of the old settings is not answered ready.
    expect(['queued', 'computing']).toContain((await state(towerId)).status);
    await recomputed(towerId, ready.updated_at);
  });

  it('gives a tower whose sectors are all off no coverage', async () => {
    const { towerId, sectorIds } = await towerWithSectors(false);
    const ready = await readyFootprint(app, token, towerId);
    // The west sector is off: the east one serves the west point from its back only.
    expect(await wirelessAt(WEST)).toMatchObject({ wireless_available: false });
    expect(await wirelessAt(EAST)).toMatchObject({ wireless_available: true });
    const off = await send('PUT', `/api/towers/${towerId}/sectors/${sectorIds.East}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    await recomputed(towerId, ready.updated_at);
    expect(await wirelessAt(EAST)).toMatchObject({ wireless_available: false, tower_distances: [{ tower_id: towerId, has_line_of_sight: false }] });
  });
});
