import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEASUREMENT_MAX_STORED } from '../src/common/api/measurements.js';
import { MeasurementRepository } from '../src/server/measurements/measurementRepository.js';
import { importOverCapMessage, installOverCapMessage } from '../src/server/measurements/measurementService.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';

const HEADER = 'lat,lng,height_m,tower,sector,rssi_dbm,measured_at,cpe_profile,source,note';
const NOW = '2026-11-22T08:00:00.000Z';
/** The cap the tests set, small so that it is reached quickly; one test fills to the real one. */
const CAP = 50;
/** Rows per statement of fill(). */
const FILL_ROWS = 50_000;
const SPOT = { lat: -33.925, lng: 18.871 };

describe.each(databaseKinds())('the cap on the measurements stored (%s)', (kind: DatabaseKind) => {
  let app: TestApp;
  let token: string;
  let tower: number;

  async function start(maxStoredMeasurements?: number): Promise<void> {
    app = await createTestApp(kind, { deps: { clock: new ManualClock(new Date(NOW)), maxStoredMeasurements } });
    // Nothing here reads a prediction: the background predictor would only spend the CPU on the filled rows.
    await app.measurementPredictor.stop();
    token = await signIn(app);
    const response = await send('POST', '/api/towers', { name: 'Hill', code: 'HILL', latitude: -33.93, longitude: 18.86, height_meters: 30 });
    expect(response.statusCode, response.body).toBe(200);
    tower = response.json().data.id;
  }
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

  const send = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.server.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const importRows = (count: number) =>
    send(
      'POST',
      '/api/measurements/import',
      [HEADER, ...Array.from({ length: count }, (_, i) => `-33.9,18.8,5,HILL,,${-50 - i},2026-01-01,,survey,`)].join('\n'),
      { 'content-type': 'text/csv' },
    );
  const stored = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('measurements')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const importAudits = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('audit_log')
          .where('entity', '=', 'measurement')
          .where('action', '=', 'import')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Stores `count` survey measurements on the tower, as earlier imports would have: INSERT … SELECT
   * of FILL_ROWS at a time (one statement of 500,000 outlasts PostgreSQL's statement timeout here).
   */
  async function fill(count: number): Promise<void> {
    for (let from = 1; from <= count; from += FILL_ROWS) {
      const to = Math.min(count, from + FILL_ROWS - 1);
      const numbers =
        kind === 'postgres'
          ? sql`select n from generate_series(${from}::int, ${to}::int) as n`
          : sql`with recursive numbers(n) as (select ${from} union all select n + 1 from numbers where n < ${to}) select n from numbers`;
      await sql`
        insert into measurements (tower_id, sector_id, latitude, longitude, height_m, rssi_dbm, measured_at, cpe_profile, source, note, lead_id, created_at)
        select ${tower}, null, -33.9, 18.8, 5, -60, ${NOW}, null, 'survey', null, null, ${NOW} from (${numbers}) as filled`.execute(app.db.kysely);
    }
    expect(await stored()).toBe(count);
  }

  it('takes an import up to the cap, refuses the next whole and names the limit and the total', async () => {
    await start(CAP);
    await fill(CAP - 1);

    const overByOne = await importRows(2);
    expect([overByOne.statusCode, overByOne.json().message]).toEqual([409, importOverCapMessage(CAP, CAP - 1, 2)]);
    expect(overByOne.json().message).toBe(
      'At most 50 measurements can be stored and 49 are: this import of 2 would pass that, so none of it was stored. ' +
        'Delete measurements you no longer need (Measurements, Delete N shown), or import fewer.',
    );
    expect([await stored(), await importAudits()]).toEqual([CAP - 1, 0]);

    const last = await importRows(1);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.imported_count).toBe(1);
    expect(await stored()).toBe(CAP);

    const full = await importRows(1);
    expect([full.statusCode, full.json().message]).toEqual([409, importOverCapMessage(CAP, CAP, 1)]);
    expect([await stored(), await importAudits()]).toEqual([CAP, 1]);
  });

  it('lets one of two imports racing for the last place in, not both', async () => {
    await start(CAP);
    await fill(CAP - 1);
    const totalForAdding = MeasurementRepository.prototype.totalForAdding;
    let counting = 0;
    vi.spyOn(MeasurementRepository.prototype, 'totalForAdding').mockImplementation(function (this: MeasurementRepository, trx) {
      counting += 1;
      return totalForAdding.call(this, trx);
    });
    const insertChunk = MeasurementRepository.prototype.insertChunk;
    vi.spyOn(MeasurementRepository.prototype, 'insertChunk').mockImplementation(async function (this: MeasurementRepository, records, trx) {
      // PostgreSQL: the first to count holds its insert until the other has come to count too, so
      // both would count 49 were the count not held to the commit. SQLite runs one transaction at
      // a time: the other cannot count before this one commits, and waiting for it would never end.
      if (kind === 'postgres') await vi.waitFor(() => expect(counting).toBe(2));
      return insertChunk.call(this, records, trx);
    });

    const answers = await Promise.all([importRows(1), importRows(1)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(importOverCapMessage(CAP, CAP, 1));
    expect(await stored()).toBe(CAP);
  });

  it("records a lead's install up to the cap, refuses the next unchanged, and lets a lead replace its own", async () => {
    await start(CAP);
    let visitors = 0;
    const lead = async (): Promise<number> => {
      const search = (
        await app.server.inject({ method: 'POST', url: '/api/log_search', payload: { session_id: 'visit-1234abcd', search_type: 'address', ...SPOT } })
      ).json().data.id;
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/submit_lead',
        payload: {
          search_id: search,
          provider_id: 0,
          lead_type: 'contact_request',
          name: `Visitor ${++visitors}`,
          email: `visitor${visitors}@example.com`,
          message: 'Can I get wireless?',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id;
    };
    const install = (leadId: number, rssi: number) => send('POST', `/api/leads/${leadId}/install`, { outcome: 'installed', tower_id: tower, rssi_dbm: rssi });
    const statusOf = async (leadId: number) =>
      (await app.db.kysely.selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirstOrThrow()).status;
    const [first, second] = [await lead(), await lead()];
    await fill(CAP - 1);

    expect((await install(first, -61)).statusCode).toBe(200);
    expect(await stored()).toBe(CAP);

    const refused = await install(second, -62);
    expect([refused.statusCode, refused.json().message]).toEqual([409, installOverCapMessage(CAP, CAP)]);
    expect(refused.json().message).toBe(
      'At most 50 measurements can be stored and 50 are, so the install was not recorded (the lead is as it was). ' +
        'Delete measurements you no longer need (Measurements, Delete N shown), then record it again.',
    );
    expect([await statusOf(second), await stored()]).toEqual(['new', CAP]);

    // The first lead's install again: its earlier measurement is replaced, so the total does not grow.
    expect((await install(first, -65)).statusCode).toBe(200);
    const ofFirst = await app.db.kysely.selectFrom('measurements').select('rssi_dbm').where('lead_id', '=', first).execute();
    expect([ofFirst, await stored()]).toEqual([[{ rssi_dbm: -65 }], CAP]);
  });

  it(
    `refuses an import that would take the total past the default cap of ${MEASUREMENT_MAX_STORED.toLocaleString('en-US')}`,
    { timeout: 120_000 },
    async () => {
      await start();
      await fill(MEASUREMENT_MAX_STORED - 1);
      const refused = await importRows(2);
      expect([refused.statusCode, refused.json().message]).toEqual([409, importOverCapMessage(MEASUREMENT_MAX_STORED, MEASUREMENT_MAX_STORED - 1, 2)]);
      expect(refused.json().message).toContain('At most 500,000 measurements can be stored and 499,999 are: this import of 2');
      expect(await stored()).toBe(MEASUREMENT_MAX_STORED - 1);
    },
  );
});
