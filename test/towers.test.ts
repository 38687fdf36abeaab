import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BULK_IMPORT_MAX_TOWERS } from '../src/common/api/towers.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/** A valid tower body with only the required fields, then `fields`. */
function towerBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Table Mountain', latitude: -33.9628, longitude: 18.4098, height_meters: 30, ...fields };
}

describe.each(databaseKinds())('towers on %s', (kind) => {
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
  const list = async () => {
    const response = await send('GET', '/api/towers');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Array<Record<string, unknown>>;
  };
  const create = async (fields: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/towers', towerBody(fields));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown> & { id: number };
  };
  const bulkImport = (towers: unknown) => send('POST', '/api/towers/bulk-import', { towers });

  it('creates a tower with the SPEC defaults for the fields left out, and lists it', async () => {
    const response = await send('POST', '/api/towers', towerBody());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tower created successfully');
    const created = response.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Table Mountain',
      code: null,
      latitude: -33.9628,
      longitude: 18.4098,
      height_meters: 30,
      antenna_height_meters: 0,
      frequency_ghz: 5.8,
      power_dbm: 20,
      coverage_radius_km: 10,
      description: null,
      active: true,
      installed_date: null,
      provider_id: null,
      created_at: '2026-11-22T08:00:00.000Z',
      updated_at: '2026-11-22T08:00:00.000Z',
      sectors: [],
    });
    expect(await list()).toEqual([created]);
  });

  it('stores every field given, lists towers by name, and keeps real booleans', async () => {
    await create({ name: 'Zulu' });
    const full = await create({
      name: '  Alpha  ',
      code: 'ALP-1',
      antenna_height_meters: 5,
      frequency_ghz: 2.4,
      power_dbm: 27,
      coverage_radius_km: 15,
      description: 'Rooftop mast',
      active: false,
      installed_date: '2024-02-29',
    });
    expect(full).toMatchObject({
      name: 'Alpha',
      code: 'ALP-1',
      antenna_height_meters: 5,
      frequency_ghz: 2.4,
      power_dbm: 27,
      coverage_radius_km: 15,
      description: 'Rooftop mast',
      active: false,
      installed_date: '2024-02-29',
    });
    expect((await list()).map((t) => [t.name, t.active])).toEqual([
      ['Alpha', false],
      ['Zulu', true],
    ]);
  });

  it('updates only the fields given, clears optional text sent empty, and says so', async () => {
    const created = await create({ code: 'TM-1', description: 'Old', installed_date: '2020-01-01' });
    clock.advance(60_000);
    const response = await send('PUT', `/api/towers/${created.id}`, { height_meters: 45, code: '', description: null, installed_date: '', active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tower updated successfully');
    expect(response.json().data).toMatchObject({
      id: created.id,
      name: 'Table Mountain',
      latitude: -33.9628,
      height_meters: 45,
      code: null,
      description: null,
      installed_date: null,
      active: false,
      created_at: '2026-11-22T08:00:00.000Z',
      updated_at: '2026-11-22T08:01:00.000Z',
    });
    expect((await list())[0]).toEqual(response.json().data);
  });

  it("keeps a tower's owner: a provider that exists, or null for the map operator's", async () => {
    const form = multipartBody({ name: 'Fibre Co' });
    const provider = await app.server.inject({ method: 'POST', url: '/api/providers', headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    const providerId = provider.json().data.id as number;
    const owned = await create({ provider_id: providerId });
    expect(owned.provider_id).toBe(providerId);
    const missing = await send('POST', '/api/towers', towerBody({ provider_id: providerId + 1 }));
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Provider not found']);
    const notAnId = await send('PUT', `/api/towers/${owned.id}`, { provider_id: 'Fibre Co' });
    expect([notAnId.statusCode, notAnId.json().message]).toEqual([400, 'Provider must be a provider id']);
    const released = await send('PUT', `/api/towers/${owned.id}`, { provider_id: null });
    expect(released.json().data.provider_id).toBeNull();
    // Deleting the provider leaves its towers to the operator (the column is set null).
    await send('PUT', `/api/towers/${owned.id}`, { provider_id: providerId });
    await app.server.inject({ method: 'DELETE', url: `/api/providers/${providerId}`, headers: bearer(token) });
    expect((await list()).map((t) => [t.name, t.provider_id])).toEqual([['Table Mountain', null]]);
  });

  it('deletes a tower, and answers 404 "Tower not found" for a tower that does not exist', async () => {
    const created = await create();
    const deleted = await send('DELETE', `/api/towers/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Tower deleted successfully' });
    expect(await list()).toEqual([]);

    for (const response of [await send('DELETE', `/api/towers/${created.id}`), await send('PUT', `/api/towers/${created.id}`, { name: 'X' })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Tower not found' });
    }
  });

  it('refuses each invalid field with the SPEC message and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: undefined }, 'Tower name is required'],
      [{ name: '   ' }, 'Tower name is required'],
      [{ latitude: 90.5 }, 'Latitude must be between -90 and 90'],
      [{ latitude: -91 }, 'Latitude must be between -90 and 90'],
      [{ latitude: undefined }, 'Latitude must be between -90 and 90'],
      [{ latitude: 'north' }, 'Latitude must be between -90 and 90'],
      [{ longitude: 180.01 }, 'Longitude must be between -180 and 180'],
      [{ longitude: undefined }, 'Longitude must be between -180 and 180'],
      [{ height_meters: 0 }, 'Height must be at least 1 meter'],
      [{ height_meters: undefined }, 'Height must be at least 1 meter'],
      [{ coverage_radius_km: 0.5 }, 'Coverage radius must be at least 1 km'],
      [{ installed_date: '2024-02-30' }, 'Installed date must be a date (YYYY-MM-DD)'],
      [{ active: 'maybe' }, 'active must be true or false'],
    ];
    for (const [fields, message] of cases) {
      const response = await send('POST', '/api/towers', towerBody(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message, JSON.stringify(fields)).toBe(message);
    }
    const created = await create();
    const update = await send('PUT', `/api/towers/${created.id}`, { coverage_radius_km: 0 });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe('Coverage radius must be at least 1 km');
    expect((await list()).map((t) => t.coverage_radius_km)).toEqual([10]);
    expect((await list()).length).toBe(1);
  });

  it('takes numbers as text, as a form or a CSV sends them', async () => {
    const created = await create({ latitude: '-33.5', longitude: '18.25', height_meters: '25', coverage_radius_km: '12', active: 'false' });
    expect(created).toMatchObject({ latitude: -33.5, longitude: 18.25, height_meters: 25, coverage_radius_km: 12, active: false });
  });

  it('takes numbers as text in decimal notation only: hexadecimal, binary, octal and Infinity are refused, on create, update and import', async () => {
    const hex = await send('POST', '/api/towers', towerBody({ height_meters: '0x1e' }));
    expect(hex.statusCode, hex.body).toBe(400);
    expect(hex.json()).toMatchObject({ success: false, message: 'Height must be at least 1 meter' });
    for (const value of ['0b1', '0o7', 'Infinity']) {
      const response = await send('POST', '/api/towers', towerBody({ latitude: value }));
      expect(response.statusCode, value).toBe(400);
    }
    expect(await list()).toEqual([]);
    const created = await create({ height_meters: '3e1' });
    expect(created.height_meters).toBe(30);
    const update = await send('PUT', `/api/towers/${created.id}`, { coverage_radius_km: '0x10' });
    expect(update.statusCode, update.body).toBe(400);
    const imported = await bulkImport([towerBody({ name: 'Hex', power_dbm: '0x10' })]);
    expect(imported.json().data).toMatchObject({ imported_count: 0, error_count: 1, errors: [{ index: 0, field: 'power_dbm' }] });
    expect((await list()).map((t) => [t.name, t.coverage_radius_km])).toEqual([['Table Mountain', 10]]);
  });

  it('answers 401 on every route without a valid admin token', async () => {
    const created = await create();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['GET', '/api/towers', undefined],
      ['POST', '/api/towers', towerBody()],
      ['PUT', `/api/towers/${created.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/towers/${created.id}`, undefined],
      ['POST', '/api/towers/bulk-import', { towers: [towerBody()] }],
    ];
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, bearer('not-a-real-token')]) {
        const response = await app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().success).toBe(false);
      }
    }
    expect(await list()).toEqual([created]);
  });

  it('answers 4xx, never 500, for ids beyond the database integer and for NUL characters', async () => {
    await create();
    for (const id of ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '1%00']) {
      for (const [method, payload] of [
        ['PUT', { name: 'X' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await send(method, `/api/towers/${id}`, payload);
        expect([400, 404], `${method} ${id}: ${response.body}`).toContain(response.statusCode);
        expect(response.json().success).toBe(false);
      }
    }
    const huge = await send('DELETE', '/api/towers/2147483648');
    expect(huge.statusCode).toBe(404);
    expect(huge.json().message).toBe('Tower not found');

    for (const field of ['name', 'code', 'description', 'installed_date']) {
      const response = await send('POST', '/api/towers', towerBody({ [field]: 'bad\u0000text' }));
      expect(response.statusCode, field).toBe(400);
    }
    expect((await send('POST', '/api/towers', towerBody({ name: 'bad\u0000name' }))).json().message).toBe('Tower name must not contain NUL characters');
    const imported = (await bulkImport([towerBody({ description: 'nul\u0000' })])).json().data;
    expect(imported).toMatchObject({
      imported_count: 0,
      error_count: 1,
      errors: [{ index: 0, field: 'description', message: 'Description must not contain NUL characters' }],
    });
    expect((await list()).length).toBe(1);
  });

  it('imports the valid rows of a mixed bulk import in one transaction and reports each invalid row by index, name and field', async () => {
    const before = app.coverage.revision;
    const response = await bulkImport([
      towerBody({ name: 'Good One', code: 'G1' }),
      towerBody({ name: 'Bad Latitude', latitude: 95 }),
      towerBody({ name: undefined, height_meters: 0 }),
      42,
      towerBody({ name: 'Good Two', active: false, coverage_radius_km: 25 }),
      towerBody({ name: 'Tiny Radius', coverage_radius_km: 0 }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Imported 2 towers successfully');
    const result = response.json().data;
    expect(result.imported_count).toBe(2);
    expect(result.error_count).toBe(4);
    expect(result.errors).toEqual([
      { index: 1, name: 'Bad Latitude', field: 'latitude', message: 'Latitude must be between -90 and 90' },
      { index: 2, name: null, field: 'name', message: 'Tower name is required' },
      { index: 2, name: null, field: 'height_meters', message: 'Height must be at least 1 meter' },
      { index: 3, name: null, field: 'tower', message: 'Each tower must be an object with name, latitude, longitude and height_meters' },
      { index: 5, name: 'Tiny Radius', field: 'coverage_radius_km', message: 'Coverage radius must be at least 1 km' },
    ]);
    const stored = await list();
    expect(stored.map((t) => [t.name, t.code, t.active, t.coverage_radius_km, t.frequency_ghz])).toEqual([
      ['Good One', 'G1', true, 10, 5.8],
      ['Good Two', null, false, 25, 5.8],
    ]);
    // One transaction: the coverage revision moved once for the whole import.
    expect(app.coverage.revision).toBe((before ?? 0) + 1);
  });

  it('imports rows as a CSV gives them: numbers as text, empty text for fields left blank', async () => {
    const csvRow = (fields: Record<string, string>) => ({
      name: '',
      latitude: '',
      longitude: '',
      height_meters: '',
      antenna_height_meters: '',
      frequency_ghz: '',
      power_dbm: '',
      coverage_radius_km: '',
      code: '',
      description: '',
      active: '',
      installed_date: '',
      ...fields,
    });
    const response = await bulkImport([
      csvRow({ name: 'Blaauwberg', latitude: '-33.8040', longitude: '18.4650', height_meters: '24' }),
      csvRow({
        name: 'Signal Hill',
        latitude: '-33.9180',
        longitude: '18.4030',
        height_meters: '18',
        antenna_height_meters: '6',
        frequency_ghz: '5.2',
        power_dbm: '23',
        coverage_radius_km: '8',
        code: 'SH-2',
        description: 'Near the noon gun',
        active: 'false',
        installed_date: '2023-06-01',
      }),
      csvRow({ name: 'Broken', latitude: 'abc', longitude: '18.4', height_meters: '30' }),
      csvRow({ latitude: '-33.9', longitude: '18.4', height_meters: '30' }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toEqual({
      imported_count: 2,
      imported_sector_count: 0,
      error_count: 2,
      errors: [
        { index: 2, name: 'Broken', field: 'latitude', message: 'Latitude must be between -90 and 90' },
        { index: 3, name: null, field: 'name', message: 'Tower name is required' },
      ],
    });
    const [blaauwberg, signalHill] = await list();
    expect(blaauwberg).toMatchObject({
      name: 'Blaauwberg',
      latitude: -33.804,
      longitude: 18.465,
      height_meters: 24,
      antenna_height_meters: 0,
      frequency_ghz: 5.8,
      power_dbm: 20,
      coverage_radius_km: 10,
      code: null,
      description: null,
      active: true,
      installed_date: null,
    });
    expect(signalHill).toMatchObject({
      name: 'Signal Hill',
      antenna_height_meters: 6,
      frequency_ghz: 5.2,
      power_dbm: 23,
      coverage_radius_km: 8,
      code: 'SH-2',
      description: 'Near the noon gun',
      active: false,
      installed_date: '2023-06-01',
    });
  });

  it('refuses a bulk import that is not an array of towers', async () => {
    for (const towers of ['x', { name: 'A' }, null]) {
      const response = await bulkImport(towers);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Data must be an array of tower objects');
    }
    const missing = await send('POST', '/api/towers/bulk-import', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Data must be an array of tower objects');
    const empty = await bulkImport([]);
    expect(empty.json()).toEqual({
      success: true,
      message: 'Imported 0 towers successfully',
      data: { imported_count: 0, imported_sector_count: 0, error_count: 0, errors: [] },
    });
  });

  it('says "tower" for a single imported tower', async () => {
    const one = await bulkImport([towerBody({ name: 'Only One' }), towerBody({ name: 'Bad', latitude: 95 })]);
    expect(one.json().message).toBe('Imported 1 tower successfully');
  });

  it(`accepts ${BULK_IMPORT_MAX_TOWERS} rows at the text limits in one import and refuses ${BULK_IMPORT_MAX_TOWERS + 1}`, async () => {
    const rows = Array.from({ length: BULK_IMPORT_MAX_TOWERS }, (_, i) =>
      towerBody({
        name: `Tower ${String(i).padStart(4, '0')} ${'n'.repeat(185)}`,
        code: `C${String(i).padStart(4, '0')}${'c'.repeat(45)}`,
        description: 'd'.repeat(2000),
        latitude: -34 + i / 10_000,
        longitude: 18 + i / 10_000,
        antenna_height_meters: 3,
        frequency_ghz: 5.8,
        power_dbm: 20,
        coverage_radius_km: 10,
        active: true,
        installed_date: '2024-01-01',
      }),
    );
    expect(JSON.stringify({ towers: rows }).length).toBeGreaterThan(10 * 1024 * 1024);

    const tooMany = await bulkImport([...rows.slice(0, 10), ...Array.from({ length: BULK_IMPORT_MAX_TOWERS - 9 }, () => towerBody())]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`At most ${BULK_IMPORT_MAX_TOWERS} towers per import`);
    expect(await list()).toEqual([]);

    const before = app.coverage.revision;
    const response = await bulkImport(rows);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json().data).toEqual({ imported_count: BULK_IMPORT_MAX_TOWERS, imported_sector_count: 0, error_count: 0, errors: [] });
    expect(response.json().message).toBe(`Imported ${BULK_IMPORT_MAX_TOWERS} towers successfully`);
    const stored = await list();
    expect(stored.length).toBe(BULK_IMPORT_MAX_TOWERS);
    expect(stored[BULK_IMPORT_MAX_TOWERS - 1]).toMatchObject({ name: rows[BULK_IMPORT_MAX_TOWERS - 1]!.name, description: 'd'.repeat(2000) });
    expect(app.coverage.revision).toBe((before ?? 0) + 1);
  });

  it('moves the coverage revision on every change, so every server process sees it, and not on a refused one', async () => {
    const start = app.coverage.revision ?? 0;
    const created = await create();
    expect(app.coverage.revision).toBe(start + 1);
    await send('PUT', `/api/towers/${created.id}`, { active: false });
    expect(app.coverage.revision).toBe(start + 2);
    await send('POST', '/api/towers', towerBody({ latitude: 200 }));
    await send('PUT', '/api/towers/999999', { name: 'Nobody' });
    await bulkImport([{ name: 'Only bad' }]);
    expect(app.coverage.revision).toBe(start + 2);
    await send('DELETE', `/api/towers/${created.id}`);
    expect(app.coverage.revision).toBe(start + 3);
    const stored = await app.db.kysely.selectFrom('coverage_revision').select('revision').executeTakeFirstOrThrow();
    expect(Number(stored.revision)).toBe(start + 3);
  });

  it('documents the tower routes in the OpenAPI description', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/towers', '/api/towers/{id}', '/api/towers/bulk-import']));
  });
});
