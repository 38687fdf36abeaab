import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SECTORS_PER_TOWER } from '../src/common/api/sectors.js';
import { parseTowerCsv } from '../src/web/features/towers/bulkImportText.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/** The built-in patterns' ids on a fresh database: migration 0013 seeds them in this order. */
const SECTOR_90 = 2;

describe.each(databaseKinds())('tower sectors on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
    token = await signIn(app);
  });
  afterEach(() => app.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const createTower = async (fields: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/towers', { name: 'Signal Hill', latitude: -33.918, longitude: 18.403, height_meters: 30, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; sectors: unknown[] };
  };
  const sectorBody = (fields: Record<string, unknown> = {}) => ({ name: 'North', azimuth_deg: 0, antenna_pattern_id: SECTOR_90, ...fields });
  const addSector = (towerId: number, fields: Record<string, unknown> = {}) => send('POST', `/api/towers/${towerId}/sectors`, sectorBody(fields));
  const getTower = async (id: number) => {
    const response = await send('GET', `/api/towers/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; sectors: Array<Record<string, unknown>> };
  };

  it('answers every tower with its sectors, an empty list for a tower without', async () => {
    const tower = await createTower({ frequency_ghz: 5.5, power_dbm: 24, antenna_height_meters: 2 });
    expect(tower.sectors).toEqual([]);
    expect((await getTower(tower.id)).sectors).toEqual([]);

    const added = await addSector(tower.id, { downtilt_deg: 2.5 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Sector added successfully');
    const sector = added.json().data;
    expect(sector).toEqual({
      id: expect.any(Number),
      tower_id: tower.id,
      name: 'North',
      azimuth_deg: 0,
      downtilt_deg: 2.5,
      antenna_pattern_id: SECTOR_90,
      frequency_ghz: 5.5,
      power_dbm: 24,
      height_m: null,
      active: true,
      created_at: '2026-11-22T08:00:00.000Z',
      updated_at: '2026-11-22T08:00:00.000Z',
    });
    expect((await getTower(tower.id)).sectors).toEqual([sector]);
    const listed = await send('GET', '/api/towers');
    expect(listed.json().data.map((t: { sectors: unknown[] }) => t.sectors)).toEqual([[sector]]);
  });

  it("updates only the fields given, puts the height back to the tower's with null, and deletes", async () => {
    const tower = await createTower();
    const sector = (await addSector(tower.id, { height_m: 25, frequency_ghz: 2.4 })).json().data;
    clock.advance(60_000);
    const updated = await send('PUT', `/api/towers/${tower.id}/sectors/${sector.id}`, { azimuth_deg: 120, active: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Sector updated successfully',
      data: {
        azimuth_deg: 120,
        active: false,
        height_m: 25,
        frequency_ghz: 2.4,
        updated_at: '2026-11-22T08:01:00.000Z',
        created_at: '2026-11-22T08:00:00.000Z',
      },
    });
    const cleared = await send('PUT', `/api/towers/${tower.id}/sectors/${sector.id}`, { height_m: null });
    expect(cleared.json().data.height_m).toBeNull();

    const deleted = await send('DELETE', `/api/towers/${tower.id}/sectors/${sector.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Sector deleted successfully' });
    expect((await getTower(tower.id)).sectors).toEqual([]);
    for (const response of [
      await send('DELETE', `/api/towers/${tower.id}/sectors/${sector.id}`),
      await send('PUT', `/api/towers/${tower.id}/sectors/${sector.id}`, { name: 'X' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Sector not found');
    }
  });

  it('answers 404 for a sector of another tower and for a tower that does not exist', async () => {
    const one = await createTower();
    const other = await createTower({ name: 'Other' });
    const sector = (await addSector(one.id)).json().data;
    const wrongTower = await send('PUT', `/api/towers/${other.id}/sectors/${sector.id}`, { name: 'X' });
    expect(wrongTower.statusCode).toBe(404);
    expect(wrongTower.json().message).toBe('Sector not found');
    const noTower = await addSector(999_999);
    expect(noTower.statusCode).toBe(404);
    expect(noTower.json().message).toBe('Tower not found');
  });

  it(`takes ${MAX_SECTORS_PER_TOWER} sectors on a tower and refuses one more`, async () => {
    const tower = await createTower();
    for (let i = 0; i < MAX_SECTORS_PER_TOWER; i += 1) {
      const response = await addSector(tower.id, { name: `S${i}`, azimuth_deg: i * 30 });
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await addSector(tower.id, { name: 'One more' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ success: false, message: 'A tower holds at most 12 sectors' });
    expect((await getTower(tower.id)).sectors).toHaveLength(MAX_SECTORS_PER_TOWER);
  });

  it(`keeps to ${MAX_SECTORS_PER_TOWER} sectors when more are added at once`, async () => {
    const tower = await createTower();
    const responses = await Promise.all(Array.from({ length: MAX_SECTORS_PER_TOWER + 3 }, (_, i) => addSector(tower.id, { name: `S${i}` })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([...Array(MAX_SECTORS_PER_TOWER).fill(200), 400, 400, 400]);
    expect((await getTower(tower.id)).sectors).toHaveLength(MAX_SECTORS_PER_TOWER);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const tower = await createTower();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'Sector name is required'],
      [{ azimuth_deg: 360.5 }, 'Azimuth must be between 0 and 360 degrees'],
      [{ azimuth_deg: -1 }, 'Azimuth must be between 0 and 360 degrees'],
      [{ azimuth_deg: undefined }, 'Azimuth must be between 0 and 360 degrees'],
      [{ downtilt_deg: -10.5 }, 'Downtilt must be between -10 and 30 degrees (positive is below the horizon)'],
      [{ downtilt_deg: 31 }, 'Downtilt must be between -10 and 30 degrees (positive is below the horizon)'],
      [{ frequency_ghz: 0.05 }, 'Frequency must be between 0.1 and 100 GHz'],
      [{ power_dbm: 61 }, 'Power must be between -30 and 60 dBm'],
      [{ height_m: 0.5 }, 'Sector height must be between 1 and 1200 meters'],
      [{ antenna_pattern_id: 'sector' }, 'Antenna pattern must be the id of a pattern in the library'],
      [{ active: 'maybe' }, 'active must be true or false'],
    ];
    for (const [fields, message] of cases) {
      const response = await addSector(tower.id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message, JSON.stringify(fields)).toBe(message);
    }
    const unknownPattern = await addSector(tower.id, { antenna_pattern_id: 999 });
    expect(unknownPattern.statusCode).toBe(400);
    expect(unknownPattern.json().message).toMatch(/^Antenna pattern not found/);
    expect((await getTower(tower.id)).sectors).toEqual([]);
    // The bounds themselves are taken.
    for (const fields of [
      { azimuth_deg: 360, downtilt_deg: 30 },
      { azimuth_deg: 0, downtilt_deg: -10 },
    ]) {
      expect((await addSector(tower.id, fields)).statusCode).toBe(200);
    }
  });

  it('moves the coverage revision on every sector write', async () => {
    const tower = await createTower();
    const before = app.coverage.revision ?? 0;
    const sector = (await addSector(tower.id)).json().data;
    expect(app.coverage.revision).toBe(before + 1);
    await send('PUT', `/api/towers/${tower.id}/sectors/${sector.id}`, { azimuth_deg: 10 });
    expect(app.coverage.revision).toBe(before + 2);
    await send('DELETE', `/api/towers/${tower.id}/sectors/${sector.id}`);
    expect(app.coverage.revision).toBe(before + 3);
    // A refused write moves nothing.
    await addSector(tower.id, { azimuth_deg: 400 });
    expect(app.coverage.revision).toBe(before + 3);
  });

  it("deletes a tower's sectors with it", async () => {
    const tower = await createTower();
    await addSector(tower.id);
    await addSector(tower.id, { name: 'South', azimuth_deg: 180 });
    expect((await send('DELETE', `/api/towers/${tower.id}`)).statusCode).toBe(200);
    const remaining = await app.db.kysely.selectFrom('tower_sectors').select('id').execute();
    expect(remaining).toEqual([]);
  });

  it('bulk imports sectors nested in JSON', async () => {
    const response = await send('POST', '/api/towers/bulk-import', {
      towers: [
        {
          name: 'Signal Hill',
          latitude: -33.918,
          longitude: 18.403,
          height_meters: 18,
          power_dbm: 26,
          sectors: [
            { name: 'North', azimuth_deg: 0, downtilt_deg: 2, antenna_pattern_id: SECTOR_90 },
            { name: 'South', azimuth_deg: 180, antenna_pattern_id: 1, frequency_ghz: 2.4, height_m: 20 },
          ],
        },
        { name: 'Bare', latitude: -33.8, longitude: 18.4, height_meters: 10 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ imported_count: 2, imported_sector_count: 2, error_count: 0, errors: [] });
    const towers = (await send('GET', '/api/towers')).json().data as Array<{ name: string; sectors: Array<Record<string, unknown>> }>;
    expect(towers.map((t) => [t.name, t.sectors.map((s) => [s.name, s.azimuth_deg, s.downtilt_deg, s.frequency_ghz, s.power_dbm, s.height_m])])).toEqual([
      ['Bare', []],
      [
        'Signal Hill',
        [
          ['North', 0, 2, 5.8, 26, null],
          ['South', 180, 0, 2.4, 26, 20],
        ],
      ],
    ]);
  });

  it('bulk imports a CSV whose sector rows name their tower, and still takes a CSV of towers alone', async () => {
    const csv = [
      'name,latitude,longitude,height_meters,code,sector_of,azimuth_deg,downtilt_deg,antenna_pattern_id,frequency_ghz,power_dbm,height_m',
      'Signal Hill,-33.918,18.403,18,SH-1,,,,,,,',
      'Blaauwberg,-33.804,18.465,24,,,,,,,,',
      'North,,,,,SH-1,0,2,2,,,',
      'South,,,,,SH-1,180,2,2,2.4,23,',
      'East,,,,,Blaauwberg,90,,1,,,30',
      'Lost,,,,,Nowhere,90,,1,,,',
    ].join('\n');
    const parsed = parseTowerCsv(csv);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.warnings).toEqual([]);
    const response = await send('POST', '/api/towers/bulk-import', { towers: parsed.rows });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      imported_count: 2,
      imported_sector_count: 3,
      error_count: 1,
      errors: [{ index: 5, name: 'Lost', field: 'sector_of', message: 'No tower of this import has the code or name "Nowhere"' }],
    });
    const towers = (await send('GET', '/api/towers')).json().data as Array<{ name: string; sectors: Array<Record<string, unknown>> }>;
    expect(towers.map((t) => [t.name, t.sectors.map((s) => [s.name, s.azimuth_deg, s.frequency_ghz, s.power_dbm, s.height_m])])).toEqual([
      ['Blaauwberg', [['East', 90, 5.8, 20, 30]]],
      [
        'Signal Hill',
        [
          ['North', 0, 5.8, 20, null],
          ['South', 180, 2.4, 23, null],
        ],
      ],
    ]);

    const towersOnly = parseTowerCsv('name,latitude,longitude,height_meters\nPlain,-33.9,18.4,12');
    if ('error' in towersOnly) throw new Error(towersOnly.error);
    const plain = await send('POST', '/api/towers/bulk-import', { towers: towersOnly.rows });
    expect(plain.json().data).toEqual({ imported_count: 1, imported_sector_count: 0, error_count: 0, errors: [] });
  });
});
