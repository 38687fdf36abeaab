import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEASUREMENT_IMPORT_MAX_BYTES, MEASUREMENT_IMPORT_MAX_ROWS, type Measurement } from '../src/common/api/measurements.js';
import { MeasurementRepository } from '../src/server/measurements/measurementRepository.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';

/** The built-in 90° sector pattern's id on a fresh database (migration 0013 seeds it second). */
const SECTOR_90 = 2;
const HEADER = 'lat,lng,height_m,tower,sector,rssi_dbm,measured_at,cpe_profile,source,note';
const NOW = '2026-11-22T08:00:00.000Z';

describe.each(databaseKinds())('measurements (%s)', (kind: DatabaseKind) => {
  let app: TestApp;
  let token: string;
  /** Tower "Hill" (code HILL) with sectors North and South, and tower "Bay" without a code or sectors. */
  let hill: { id: number; north: number; south: number };
  let bay: number;

  beforeEach(async () => {
    app = await createTestApp(kind, { deps: { clock: new ManualClock(new Date(NOW)) } });
    // These tests write predictions by hand and read them back: the background predictor (tested in
    // measurementPredictions.test.ts) is stopped so that it does not replace them meanwhile.
    await app.measurementPredictor.stop();
    token = await signIn(app);
    const hillId = await createTower({ name: 'Hill', code: 'HILL', latitude: -33.93, longitude: 18.86 });
    hill = { id: hillId, north: await addSector(hillId, 'North', 0), south: await addSector(hillId, 'South', 180) };
    bay = await createTower({ name: 'Bay', latitude: -34.0, longitude: 18.5 });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.server.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const importCsv = (csv: string) => send('POST', '/api/measurements/import', csv, { 'content-type': 'text/csv' });
  const importJson = (measurements: unknown[]) => send('POST', '/api/measurements/import', { measurements });

  async function createTower(fields: Record<string, unknown>): Promise<number> {
    const response = await send('POST', '/api/towers', { height_meters: 30, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  async function addSector(towerId: number, name: string, azimuth: number): Promise<number> {
    const response = await send('POST', `/api/towers/${towerId}/sectors`, { name, azimuth_deg: azimuth, antenna_pattern_id: SECTOR_90 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  async function list(query = ''): Promise<{ items: Measurement[]; total: number }> {
    const response = await send('GET', `/api/measurements?page_size=200${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  /** As the background's predictor would leave it (this helper stands in for it). */
  const setPrediction = (id: number, predictedDbm: number) =>
    app.db.kysely
      .updateTable('measurements')
      .set({ predicted_dbm: predictedDbm, predicted_los: 1, predicted_sector_id: hill.north, distance_m: 1234.5, clutter_class: 'trees', prediction_key: 'k1' })
      .where('id', '=', id)
      .execute();
  const csvOf = (rows: string[]) => [HEADER, ...rows].join('\n');
  const rowsOf = (count: number, tower: string) => Array.from({ length: count }, (_, i) => `-33.9,18.8,5,${tower},,${-50 - (i % 40)},2026-01-01,,drive_test,`);

  it('stores the good rows of a CSV and reports each bad one by its file line and field', async () => {
    const csv = [
      HEADER,
      `-33.931,18.861,7,HILL,north,-61.5,2026-03-01,,survey,first`, // 2: sector by name, any case
      `-33.94,18.87,,${bay},,-70,2026-03-02T10:15:00+02:00,long-range DISH,drive_test,`, // 3: id; the dish's height
      `-33.95,18.88,5,NOPE,,-70,,,survey,`, // 4: no such tower
      `-33.96,18.89,5,HILL,East,-70,,,survey,`, // 5: no such sector on Hill
      `-33.97,18.90,5,HILL,,,,,survey,`, // 6: a survey needs a signal
      `-33.98,18.91,,HILL,South,,,,install,`, // 7: a failed install; now; the default profile's height
      `95,18.9,5,HILL,,-60,,,survey,`, // 8: latitude
      `-33.9,18.9,5,HILL,,-60,2026-02-30,Yagi,survey,`, // 9: no such day, no such profile
      '',
      `-33.99,18.92,5,HILL,,-65.25,2026-04-01T06:00:00Z,,survey,"a note`,
      `over two lines"`, // 11-12: one row, its note spans two lines
      `-33.9,18.9,5,HILL,,-60,,,satellite,`, // 13: source
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      imported_count: 4,
      error_count: 7,
      errors: [
        { line: 4, field: 'tower', message: 'No tower has the id or code "NOPE"' },
        { line: 5, field: 'sector', message: 'The tower has no sector named "East"' },
        { line: 6, field: 'rssi_dbm', message: 'rssi_dbm is needed (only an install that failed for want of signal may leave it out)' },
        { line: 8, field: 'lat', message: 'lat must be a latitude from -90 to 90' },
        { line: 9, field: 'cpe_profile', message: 'No CPE profile is named "Yagi" in the radio settings' },
        { line: 9, field: 'measured_at', message: 'measured_at must be an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SSZ)' },
        { line: 13, field: 'source', message: 'source must be one of install, survey, drive_test' },
      ],
    });
    const { items, total } = await list();
    expect(total).toBe(4);
    expect(items.map((m) => [m.tower_name, m.sector_id, m.sector_name, m.lat, m.height_m, m.rssi_dbm, m.measured_at, m.cpe_profile, m.source, m.note])).toEqual(
      [
        ['Hill', hill.south, 'South', -33.98, 6, null, NOW, null, 'install', null],
        ['Hill', null, null, -33.99, 5, -65.25, '2026-04-01T06:00:00.000Z', null, 'survey', 'a note\nover two lines'],
        ['Bay', null, null, -33.94, 8, -70, '2026-03-02T08:15:00.000Z', 'Long-range dish', 'drive_test', null],
        ['Hill', hill.north, 'North', -33.931, 7, -61.5, '2026-03-01T00:00:00.000Z', null, 'survey', 'first'],
      ],
    );
    expect(items.every((m) => m.predicted === false && m.predicted_dbm === null && m.residual_db === null && m.calibrated_dbm === null)).toBe(true);
  });

  it('accepts drive-test points on one path from one tower: nothing is deduplicated', async () => {
    const row = '-33.9,18.8,5,HILL,North,-70,2026-01-01T10:00:00Z,,drive_test,';
    const response = await importCsv(csvOf([row, row, row]));
    expect(response.json().data).toMatchObject({ imported_count: 3, error_count: 0 });
  });

  it('imports a multipart CSV file, byte-order mark and CRLF lines included', async () => {
    const csv = `\uFEFF${HEADER}\r\n-33.9,18.8,5,HILL,,-70,,,survey,\r\n-33.9,18.8,5,HILL,,x,,,survey,\r\n`;
    const { payload, headers } = multipartBody({}, { field: 'file', filename: 'walk.csv', contentType: 'text/csv', bytes: Buffer.from(csv) });
    const response = await send('POST', '/api/measurements/import', payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      imported_count: 1,
      error_count: 1,
      errors: [{ line: 3, field: 'rssi_dbm', message: 'rssi_dbm must be a number from -150 to 0 dBm' }],
    });
  });

  it('imports JSON rows, each error on the item index + 1', async () => {
    const response = await importJson([
      { lat: -33.9, lng: 18.8, tower: hill.id, sector: 'SOUTH', rssi_dbm: -72, source: 'survey', height_m: null },
      'not a row',
      { lat: -33.9, lng: 18.8, tower: 'HILL', rssi_dbm: -300 },
      { lat: -33.9, lng: 18.8, tower: true, rssi_dbm: -60 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      imported_count: 1,
      error_count: 3,
      errors: [
        { line: 2, field: 'row', message: 'Each measurement must be an object' },
        { line: 3, field: 'rssi_dbm', message: 'rssi_dbm must be a number from -150 to 0 dBm' },
        { line: 4, field: 'tower', message: 'tower must be a tower id or code' },
      ],
    });
    expect((await list()).items.map((m) => [m.sector_name, m.height_m, m.rssi_dbm, m.source])).toEqual([['South', 6, -72, 'survey']]);
  });

  it('refuses a header without a needed column, naming it, and an empty import', async () => {
    const noSignal = await importCsv('lat,lng,height_m,tower,sector,measured_at\n-33.9,18.8,5,HILL,,2026-01-01\n');
    expect(noSignal.statusCode).toBe(400);
    expect(noSignal.json().message).toBe(
      'The header row lacks the column rssi_dbm (columns: lat,lng,height_m,tower,sector,rssi_dbm,measured_at,cpe_profile,source,note)',
    );
    for (const empty of [await importCsv(''), await importCsv(`${HEADER}\n\n`), await importJson([])]) {
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('The file holds no measurements: give a header row and at least one row');
    }
    expect((await list()).total).toBe(0);
  });

  it(
    `takes ${MEASUREMENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows in one import and refuses one more, storing nothing`,
    { timeout: 120_000 },
    async () => {
      const atBound = rowsOf(MEASUREMENT_IMPORT_MAX_ROWS, 'HILL');
      const accepted = await importCsv(csvOf(atBound));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data).toEqual({ imported_count: MEASUREMENT_IMPORT_MAX_ROWS, error_count: 0, errors: [] });

      const refused = await importCsv(csvOf([...atBound, atBound[0]!]));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('An import may hold at most 100,000 measurements');
      const refusedJson = await importJson(Array.from({ length: MEASUREMENT_IMPORT_MAX_ROWS + 1 }, () => ({ lat: 0, lng: 0, tower: 'HILL', rssi_dbm: -60 })));
      expect(refusedJson.statusCode).toBe(400);
      expect(refusedJson.json().message).toBe('An import may hold at most 100,000 measurements');
      expect((await list()).total).toBe(MEASUREMENT_IMPORT_MAX_ROWS);
    },
  );

  it('stores none of the good rows when a later chunk of them fails: one transaction', async () => {
    const insertChunk = MeasurementRepository.prototype.insertChunk;
    let chunks = 0;
    vi.spyOn(MeasurementRepository.prototype, 'insertChunk').mockImplementation(function (this: MeasurementRepository, ...args) {
      chunks += 1;
      return chunks === 2 ? Promise.reject(new Error('disk full')) : insertChunk.apply(this, args);
    });
    const response = await importCsv(csvOf(rowsOf(1500, 'HILL')));
    expect([response.statusCode, chunks]).toEqual([500, 2]);
    expect((await list()).total).toBe(0);
  });

  it('keeps the first 1,000 errors and counts them all', async () => {
    const response = await importCsv(csvOf(rowsOf(1500, 'NOPE')));
    const result = response.json().data;
    expect([result.imported_count, result.error_count, result.errors.length]).toEqual([0, 1500, 1000]);
    expect(result.errors[999]).toEqual({ line: 1001, field: 'tower', message: 'No tower has the id or code "NOPE"' });
  });

  it('refuses a body over 32 MiB with 413', async () => {
    const row = '-33.9,18.8,5,HILL,,-60,2026-01-01,,survey,\n';
    const big = `${HEADER}\n${row.repeat(Math.ceil(MEASUREMENT_IMPORT_MAX_BYTES / row.length))}`;
    const response = await importCsv(big);
    expect(response.statusCode).toBe(413);
    expect((await list()).total).toBe(0);
  });

  it('filters by tower, sector, source and day, pages newest first, and answers the points with residuals', async () => {
    await importCsv(
      csvOf([
        '-33.91,18.8,5,HILL,North,-60,2026-01-01T10:00:00Z,,survey,',
        '-33.92,18.8,5,HILL,South,-62,2026-01-02T10:00:00Z,,survey,',
        `-33.93,18.8,5,${bay},,-64,2026-01-03T23:59:59Z,,drive_test,`,
        '-33.94,18.8,5,HILL,North,-66,2026-01-04T00:00:00Z,,install,',
      ]),
    );
    const byLat = async (query: string) => (await list(query)).items.map((m) => m.lat);
    expect(await byLat('')).toEqual([-33.94, -33.93, -33.92, -33.91]);
    expect(await byLat(`&tower_id=${hill.id}`)).toEqual([-33.94, -33.92, -33.91]);
    expect(await byLat(`&sector_id=${hill.north}`)).toEqual([-33.94, -33.91]);
    expect(await byLat('&source=drive_test')).toEqual([-33.93]);
    expect(await byLat('&from=2026-01-02&to=2026-01-03')).toEqual([-33.93, -33.92]);
    const page = (await send('GET', '/api/measurements?page=2&page_size=3')).json().data;
    expect([page.total, page.items.map((m: Measurement) => m.lat)]).toEqual([4, [-33.91]]);
    expect((await send('GET', '/api/measurements?from=2026-01-05&to=2026-01-01')).json().message).toBe('from must not be after to');
    expect((await send('GET', '/api/measurements?from=2026-02-31')).statusCode).toBe(400);

    const north = (await list(`&sector_id=${hill.north}`)).items[1]!;
    await setPrediction(north.id, -55.5);
    const predicted = (await list(`&sector_id=${hill.north}`)).items[1]!;
    expect(predicted).toMatchObject({
      predicted: true,
      predicted_dbm: -55.5,
      residual_db: -4.5,
      calibrated_dbm: null,
      predicted_line_of_sight: true,
      distance_km: 1.235,
      clutter_class: 'trees',
    });
    const points = (await send('GET', `/api/measurements/points?tower_id=${hill.id}`)).json().data;
    expect(points).toEqual([
      { id: expect.any(Number), lat: -33.94, lng: 18.8, rssi_dbm: -66, residual_db: null, source: 'install' },
      { id: expect.any(Number), lat: -33.92, lng: 18.8, rssi_dbm: -62, residual_db: null, source: 'survey' },
      { id: north.id, lat: -33.91, lng: 18.8, rssi_dbm: -60, residual_db: -4.5, source: 'survey' },
    ]);
  });

  it('deletes one measurement, then those a filter matches, telling the listeners each time', async () => {
    let nudges = 0;
    const stop = app.measurements.onChanged(() => (nudges += 1));
    await importCsv(csvOf(['-33.91,18.8,5,HILL,North,-60,,,survey,', '-33.92,18.8,5,HILL,South,-62,,,survey,', `-33.93,18.8,5,${bay},,-64,,,survey,`]));
    expect(nudges).toBe(1);
    const [first] = (await list()).items;
    expect((await send('DELETE', `/api/measurements/${first!.id}`)).statusCode).toBe(200);
    expect(nudges).toBe(2);
    const again = await send('DELETE', `/api/measurements/${first!.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, 'Measurement not found']);
    const byTower = await send('DELETE', `/api/measurements?tower_id=${hill.id}`);
    expect(byTower.json()).toEqual({ success: true, message: 'Deleted 2 measurements', data: { deleted_count: 2 } });
    expect(nudges).toBe(3);
    expect((await list()).total).toBe(0);
    stop();
  });

  it('exports CSV that imports again as the same measurements', async () => {
    await importCsv(
      csvOf([
        '-33.91,18.8,5.5,HILL,North,-60.25,2026-01-01T10:00:00Z,Long-range dish,survey,"=HYPERLINK(""x""), ok"',
        `-33.92,18.81,6,${bay},,,2026-01-02,,install,`,
      ]),
    );
    const exported = await send('GET', '/api/measurements/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="measurements-2026-11-22.csv"');
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER},id,predicted_dbm,calibrated_dbm,residual_db,distance_km,clutter_class`);
    // A note a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toMatch(/^-33\.91,18\.8,5\.5,HILL,North,-60\.25,2026-01-01T10:00:00\.000Z,Long-range dish,survey,"'=HYPERLINK\(""x""\), ok",\d+,,,,,$/);
    expect(lines[2]).toMatch(new RegExp(`^-33\\.92,18\\.81,6,${bay},,,2026-01-02T00:00:00\\.000Z,,install,,\\d+,,,,,$`));

    const before = (await list()).items;
    expect((await send('DELETE', '/api/measurements')).json().data).toEqual({ deleted_count: 2 });
    const reimported = await importCsv(exported.body);
    expect(reimported.json().data).toEqual({ imported_count: 2, error_count: 0, errors: [] });
    const strip = (m: Measurement) => ({ ...m, id: 0, created_at: '', note: m.note?.replace(/^'/, '') ?? null });
    expect((await list()).items.map(strip)).toEqual(before.map(strip));
  });
});
