import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Measurement } from '../src/common/api/measurements.js';
import { MeasurementRepository } from '../src/server/measurements/measurementRepository.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';

/** The built-in 90° sector pattern's id on a fresh database (migration 0013 seeds it second). */
const SECTOR_90 = 2;
const NOW = '2026-11-22T08:00:00.000Z';
const SPOT = { lat: -33.925, lng: 18.871 };
/** The n-th visitor: each a lead of their own (the same e-mail within 24 h would count on one lead). */
const visitor = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: 'Can I get wireless?' });

describe.each(databaseKinds())("a lead's install (%s)", (kind: DatabaseKind) => {
  let app: TestApp;
  let token: string;
  let tower: number;
  let sector: number;

  beforeEach(async () => {
    app = await createTestApp(kind, { deps: { clock: new ManualClock(new Date(NOW)) } });
    token = await signIn(app);
    tower = (await admin('POST', '/api/towers', { name: 'Hill', latitude: -33.93, longitude: 18.86, height_meters: 30 })).json().data.id;
    sector = (await admin('POST', `/api/towers/${tower}/sectors`, { name: 'North', azimuth_deg: 0, antenna_pattern_id: SECTOR_90 })).json().data.id;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

  function admin(method: 'GET' | 'POST', url: string, payload?: object) {
    return app.server.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }
  let visitors = 0;
  /** A new visitor's lead (General Inquiry), from a search at `spot` when given. */
  async function lead(spot?: { lat: number; lng: number }): Promise<number> {
    const search = spot
      ? (await app.server.inject({ method: 'POST', url: '/api/log_search', payload: { session_id: 'visit-1234abcd', search_type: 'address', ...spot } })).json()
          .data.id
      : null;
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/submit_lead',
      payload: { search_id: search, provider_id: 0, lead_type: 'contact_request', ...visitor(++visitors) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  const install = (leadId: number, body: object) => admin('POST', `/api/leads/${leadId}/install`, body);
  const measurements = async (): Promise<Measurement[]> => (await admin('GET', '/api/measurements')).json().data.items;
  const events = async () => {
    const rows = await app.db.kysely.selectFrom('webhook_events').select(['type', 'payload_json']).orderBy('id').execute();
    return rows.map((row) => ({ type: row.type, lead: (JSON.parse(row.payload_json) as { lead: { id: number; status: string } }).lead }));
  };

  it('records an install as a measurement at the lead’s spot, converts the lead and writes lead.updated', async () => {
    const id = await lead(SPOT);
    const response = await install(id, { outcome: 'installed', tower_id: tower, sector_id: sector, rssi_dbm: -63.5, note: 'Roof, east wall' });
    expect(response.statusCode, response.body).toBe(200);
    const [measurement] = await measurements();
    expect(response.json()).toMatchObject({
      message: 'Install recorded',
      data: {
        id,
        status: 'converted',
        install: { outcome: 'installed', measurement_id: measurement!.id, rssi_dbm: -63.5, tower_id: tower, sector_id: sector },
      },
    });
    expect(measurement).toMatchObject({
      lead_id: id,
      tower_id: tower,
      sector_id: sector,
      ...SPOT,
      height_m: 6,
      rssi_dbm: -63.5,
      measured_at: NOW,
      source: 'install',
      cpe_profile: null,
      note: 'Roof, east wall',
    });
    expect((await events()).map((event) => [event.type, event.lead.id, event.lead.status])).toEqual([
      ['lead.created', id, 'new'],
      ['lead.updated', id, 'converted'],
    ]);
    const inbox = (await admin('GET', '/api/reports/leads')).json().data.leads;
    expect(inbox.map((row: { id: number; install: unknown }) => [row.id, row.install])).toEqual([
      [id, { outcome: 'installed', measurement_id: measurement!.id, rssi_dbm: -63.5, tower_id: tower, sector_id: sector }],
    ]);
  });

  it('replaces the install on a second call: a failed one keeps no signal and closes the lead', async () => {
    const id = await lead(SPOT);
    const other = await lead(SPOT);
    await install(id, { outcome: 'installed', tower_id: tower, rssi_dbm: -70 });
    await install(other, { outcome: 'installed', tower_id: tower, rssi_dbm: -71 });
    const failed = await install(id, { outcome: 'failed', tower_id: tower, cpe_profile: 'long-range dish' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data).toMatchObject({ status: 'closed', install: { outcome: 'failed', rssi_dbm: null, sector_id: null } });
    const stored = await measurements();
    expect(stored.map((m) => [m.lead_id, m.rssi_dbm, m.height_m, m.cpe_profile])).toEqual([
      [id, null, 8, 'Long-range dish'],
      [other, -71, 6, null],
    ]);
  });

  it('refuses what it cannot record, changing nothing', async () => {
    const id = await lead(SPOT);
    const noSpot = await lead();
    const otherTower = (await admin('POST', '/api/towers', { name: 'Bay', latitude: -34, longitude: 18.5, height_meters: 20 })).json().data.id;
    const cases: [number, object, number, string][] = [
      [id, { outcome: 'installed', tower_id: tower }, 400, 'Enter the signal measured at the install, in dBm'],
      [noSpot, { outcome: 'installed', tower_id: tower, rssi_dbm: -60 }, 400, 'This lead has no location to record the install at'],
      [id, { outcome: 'installed', tower_id: 9999, rssi_dbm: -60 }, 404, 'Tower not found'],
      [id, { outcome: 'installed', tower_id: otherTower, sector_id: sector, rssi_dbm: -60 }, 400, 'The sector is not on that tower'],
      [id, { outcome: 'installed', tower_id: tower, rssi_dbm: -60, cpe_profile: 'Yagi' }, 400, 'No CPE profile is named "Yagi" in the radio settings'],
      [9999, { outcome: 'failed', tower_id: tower }, 404, 'Lead not found'],
    ];
    for (const [leadId, body, status, message] of cases) {
      const response = await install(leadId, body);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    expect(await measurements()).toEqual([]);
    expect((await events()).map((event) => event.type)).toEqual(['lead.created', 'lead.created']);
    const statuses = await app.db.kysely.selectFrom('leads').select('status').orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual(['new', 'new']);
  });

  it('leaves the lead as it was when the measurement cannot be stored: status, event and measurement are one transaction', async () => {
    const id = await lead(SPOT);
    vi.spyOn(MeasurementRepository.prototype, 'insert').mockRejectedValueOnce(new Error('disk full'));
    const response = await install(id, { outcome: 'installed', tower_id: tower, rssi_dbm: -60 });
    expect(response.statusCode).toBe(500);
    expect((await app.db.kysely.selectFrom('leads').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
    expect((await events()).map((event) => event.type)).toEqual(['lead.created']);
    expect(await measurements()).toEqual([]);
  });
});
