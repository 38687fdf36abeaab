import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASKED } from '../src/server/audit/auditTrail.js';
import { fibreKml } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

const SQUARE: [number, number][] = [
  [20.0, -34.6],
  [20.1, -34.6],
  [20.1, -34.5],
  [20.0, -34.5],
  [20.0, -34.6],
];
/** The built-in 90° sector pattern (migration's catalogue). */
const SECTOR_90 = 2;
const DAY_MS = 86_400_000;
/** The failed sign-ins these apps keep (AUDIT_FAILED_SIGN_INS_MAX at its least, so the test at the bound fills few rows). */
const FAILED_SIGN_INS_MAX = 100;

interface AuditRow {
  id: number;
  actor: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: string;
}

describe.each(databaseKinds())('audit log on %s', (kind) => {
  let app: TestApp;
  let clock: ManualClock;
  let token: string;

  beforeEach(async () => {
    clock = new ManualClock(new Date('2026-11-20T20:00:00.000Z'));
    app = await createTestApp(kind, { env: { ALLOW_PRIVATE_FETCH: 'true', AUDIT_FAILED_SIGN_INS_MAX: String(FAILED_SIGN_INS_MAX) }, deps: { clock } });
    token = await signIn(app);
  });
  afterEach(() => app.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = token) =>
    app.server.inject({ method, url, headers: bearer(as), remoteAddress: '203.0.113.7', ...(payload === undefined ? {} : { payload: payload as object }) });
  const sendForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: { field: string; filename: string; bytes: Buffer }) => {
    const body = multipartBody(fields, file && { ...file, contentType: 'application/octet-stream' });
    return app.server.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) }, remoteAddress: '203.0.113.7' });
  };
  const ok = async (response: Awaited<ReturnType<typeof send>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  /** Every entry after `afterId`, oldest first. */
  const entriesAfter = async (afterId: number): Promise<AuditRow[]> => {
    const page = await ok(await send('GET', '/api/audit?page_size=200'));
    return (page.items as AuditRow[]).filter((entry) => entry.id > afterId).reverse();
  };
  const lastId = async () => ((await ok(await send('GET', '/api/audit?page_size=1'))).items[0]?.id as number | undefined) ?? 0;
  const newProvider = async (name = 'FibreCo') => (await ok(await sendForm('POST', '/api/providers', { name }))).id as number;

  it('writes one entry per change with the actor, the address, the entity and the diff, for each domain', async () => {
    const providerId = await newProvider();
    const tower = await ok(await send('POST', '/api/towers', { name: 'Table Mountain', latitude: -33.96, longitude: 18.41, height_meters: 30 }));
    const lead = await app.server.inject({
      method: 'POST',
      url: '/api/submit_lead',
      payload: { provider_id: providerId, lead_type: 'contact_request', name: 'Thandi', email: 'thandi@example.com', phone: '', message: '' },
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leadId = lead.json().data.id as number;

    type Case = {
      name: string;
      change: () => Promise<{ statusCode: number; body: string }>;
      expected: Partial<AuditRow>;
      diff?: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
    };
    const cases: Case[] = [
      {
        name: 'provider update',
        change: () => sendForm('PUT', `/api/providers/${providerId}`, { description: 'Fibre to the home' }),
        expected: { entity: 'provider', entity_id: String(providerId), action: 'update' },
        diff: { before: { description: null }, after: { description: 'Fibre to the home' } },
      },
      {
        name: 'layer create',
        change: () => sendForm('POST', '/api/coverage_layers', { name: 'Fibre', provider_id: String(providerId), services: 'Fibre' }),
        expected: { entity: 'coverage_layer', action: 'create' },
      },
      {
        name: 'tower update',
        change: () => send('PUT', `/api/towers/${tower.id}`, { name: 'Lion’s Head' }),
        expected: { entity: 'tower', entity_id: String(tower.id), action: 'update' },
        diff: { before: { name: 'Table Mountain' }, after: { name: 'Lion’s Head' } },
      },
      {
        name: 'tower bulk import',
        change: () => send('POST', '/api/towers/bulk-import', { towers: [{ name: 'A', latitude: -33.9, longitude: 18.4, height_meters: 20 }, { name: '' }] }),
        expected: { entity: 'tower', entity_id: null, action: 'bulk_import' },
        diff: { before: null, after: { imported_count: 1, imported_sector_count: 0, error_count: 1 } },
      },
      {
        name: 'sector create',
        change: () => send('POST', `/api/towers/${tower.id}/sectors`, { name: 'North', azimuth_deg: 0, antenna_pattern_id: SECTOR_90 }),
        expected: { entity: 'sector', action: 'create' },
      },
      {
        name: 'embed settings',
        change: () => send('PUT', '/api/settings/embed', { allowed_domains: ['isp.example.com'] }),
        expected: { entity: 'settings', entity_id: 'embed', action: 'update' },
        diff: { before: { allowed_domains: [] }, after: { allowed_domains: ['isp.example.com'] } },
      },
      {
        name: 'team settings',
        change: () => send('PUT', '/api/settings/team', { require_2fa_roles: ['admin'], audit_retention_days: 90 }),
        expected: { entity: 'settings', entity_id: 'team', action: 'update' },
        diff: { before: { require_2fa_roles: [], audit_retention_days: 365 }, after: { require_2fa_roles: ['admin'], audit_retention_days: 90 } },
      },
      {
        name: "a lead's status and notes",
        change: () => send('PATCH', `/api/leads/${leadId}`, { status: 'contacted', notes: 'Called back' }),
        expected: { entity: 'lead', entity_id: String(leadId), action: 'update' },
        diff: { before: { status: 'new', notes: null }, after: { status: 'contacted', notes: 'Called back' } },
      },
      {
        name: 'zone create',
        change: () =>
          send('POST', '/api/zones', { provider_id: providerId, name: 'Bredasdorp', goal: 3, geometry: { type: 'Polygon', coordinates: [SQUARE] } }),
        expected: { entity: 'zone', action: 'create' },
      },
      {
        name: 'tower delete',
        change: () => send('DELETE', `/api/towers/${tower.id}`),
        expected: { entity: 'tower', entity_id: String(tower.id), action: 'delete' },
      },
    ];

    for (const { name, change, expected, diff } of cases) {
      const before = await lastId();
      const response = await change();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const entries = await entriesAfter(before);
      expect(entries, name).toHaveLength(1);
      expect(entries[0], name).toMatchObject({ actor: 'admin', ip: '203.0.113.7', ...expected });
      if (diff) expect({ before: entries[0]!.before, after: entries[0]!.after }, name).toEqual(diff);
      expect(JSON.stringify(entries[0]), `${name}: no geometry in the log`).not.toMatch(/coordinates|geometry_json/);
    }
  });

  it("keeps an upload's file name, size and polygons, never its geometry", async () => {
    const providerId = await newProvider();
    const layer = await ok(await sendForm('POST', '/api/coverage_layers', { name: 'Fibre', provider_id: String(providerId), services: 'Fibre' }));
    const before = await lastId();
    const kml = Buffer.from(fibreKml());
    await ok(await sendForm('POST', `/api/coverage_layers/${layer.id}/upload`, {}, { field: 'kml_file', filename: 'fibre.kml', bytes: kml }));
    const [entry] = await entriesAfter(before);
    expect(entry).toMatchObject({ entity: 'coverage_layer', entity_id: String(layer.id), action: 'upload', before: null });
    expect(entry!.after).toEqual({ file_name: 'fibre.kml', size_bytes: kml.byteLength, polygon_count: expect.any(Number) });
    expect(entry!.after!.polygon_count).toBeGreaterThan(0);
  });

  it("masks a provider's API password and a webhook's secret", async () => {
    const before = await lastId();
    await ok(
      await sendForm('POST', '/api/providers', {
        name: 'ApiCo',
        data_source: 'api_endpoint',
        api_endpoint_url: 'http://127.0.0.1:9/check',
        api_auth_type: 'basic',
        api_auth_config: JSON.stringify({ username: 'isp', password: 'hunter2-secret' }),
      }),
    );
    const webhook = await ok(await send('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['lead.created'] }));
    await ok(await send('POST', `/api/webhooks/${webhook.id}/rotate-secret`));
    const delivery = await ok(await send('POST', `/api/webhooks/${webhook.id}/test`));
    const entries = await entriesAfter(before);
    expect(entries.map((entry) => `${entry.entity} ${entry.action}`)).toEqual(['provider create', 'webhook create', 'webhook rotate_secret', 'webhook test']);
    expect(entries[3]!.after).toEqual({ delivery_id: delivery.id });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain(webhook.secret);
    expect(entries[0]!.after!.api_auth_config).toBe(MASKED);
    expect(entries[1]!.after!.secret).toBe(MASKED);
    expect(entries[2]).toMatchObject({ before: { secret: MASKED }, after: { secret: MASKED } });
  });

  it('writes no entry for a change that fails, whether refused or broken off in its transaction', async () => {
    const before = await lastId();
    const refused = await send('POST', '/api/towers', { name: 'No place' });
    expect(refused.statusCode).toBe(400);
    const missing = await send('PUT', '/api/towers/999999', { name: 'Nowhere' });
    expect(missing.statusCode).toBe(404);
    // The sector limit is checked inside the transaction, after the tower is locked.
    const tower = await ok(await send('POST', '/api/towers', { name: 'Full', latitude: -33.9, longitude: 18.4, height_meters: 20 }));
    const afterTower = await lastId();
    const unknownPattern = await send('POST', `/api/towers/${tower.id}/sectors`, { name: 'N', azimuth_deg: 0, antenna_pattern_id: 999_999 });
    expect(unknownPattern.statusCode).toBe(400);
    expect(await entriesAfter(afterTower)).toEqual([]);
    expect((await entriesAfter(before)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('writes no entry when the database fails the change inside its transaction', async () => {
    const providerId = await newProvider();
    const before = await lastId();
    // The provider vanishes under the zone's insert: its foreign key fails the transaction.
    await app.db.kysely.deleteFrom('providers').where('id', '=', providerId).execute();
    const response = await send('POST', '/api/zones', { provider_id: providerId, name: 'Gone', goal: 3, geometry: { type: 'Polygon', coordinates: [SQUARE] } });
    expect(response.statusCode).toBe(400);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('filters by who, what and when, pages newest first, and exports the same entries as CSV', async () => {
    const viewer = await teamUser(app, { username: 'nomsa', role: 'admin' });
    await ok(await send('POST', '/api/towers', { name: 'T1', latitude: -33.9, longitude: 18.4, height_meters: 20 }));
    // Past midnight (UTC), within the session's lifetime.
    clock.advance(6 * 3600_000);
    const t2 = await ok(await send('POST', '/api/towers', { name: 'T2', latitude: -33.9, longitude: 18.4, height_meters: 20 }, viewer.token));
    await ok(await send('PUT', `/api/towers/${t2.id}`, { name: 'T2b' }, viewer.token));
    await ok(await send('PUT', '/api/settings/embed', { allowed_domains: [] }, viewer.token));

    const byNomsa = await ok(await send('GET', '/api/audit?actor=nomsa&entity=tower'));
    expect(byNomsa.total).toBe(2);
    expect(byNomsa.items.map((entry: AuditRow) => entry.action)).toEqual(['update', 'create']);
    expect((await ok(await send('GET', `/api/audit?entity=tower&entity_id=${t2.id}&action=update`))).items).toHaveLength(1);
    expect((await ok(await send('GET', '/api/audit?entity=tower&to=2026-11-20'))).items.map((entry: AuditRow) => entry.after?.name)).toEqual(['T1']);
    expect((await ok(await send('GET', '/api/audit?entity=tower&from=2026-11-21'))).total).toBe(2);

    // Nomsa's sign-in, two tower changes and the settings, newest first.
    const paged = await ok(await send('GET', '/api/audit?page=2&page_size=1&actor=nomsa'));
    expect(paged).toMatchObject({ total: 4, items: [{ entity: 'tower', action: 'update' }] });
    expect((await send('GET', '/api/audit?page_size=201')).statusCode).toBe(400);
    expect((await send('GET', '/api/audit?from=yesterday')).json().message).toMatch(/from must be a date/);

    const facets = await ok(await send('GET', '/api/audit/facets'));
    expect(facets).toEqual({ actors: ['admin', 'nomsa'], entities: ['session', 'settings', 'tower'], actions: ['create', 'sign_in', 'update'] });

    const csv = await send('GET', '/api/audit/export?actor=nomsa&entity=tower');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-21.csv"');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('created_at,actor,ip,action,entity,entity_id,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,nomsa,203.0.113.7,update,tower,${t2.id},"{""name"":""T2""}","{""name"":""T2b""}"`);
  });

  it('has no route that edits or deletes an entry', async () => {
    await newProvider();
    // The admin's sign-in and the provider.
    const entries = (await ok(await send('GET', '/api/audit'))).items as AuditRow[];
    expect(entries).toHaveLength(2);
    const entry = entries[0];
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', `/api/audit/${entry!.id}`]) {
        expect([404, 405], `${method} ${url}`).toContain((await send(method, url, method === 'DELETE' ? undefined : {})).statusCode);
      }
    }
    expect((await ok(await send('GET', '/api/audit'))).total).toBe(2);
  });

  it('keeps the team settings the owner saves, within the allowed retention', async () => {
    expect(await ok(await send('GET', '/api/settings/team'))).toEqual({ require_2fa_roles: [], audit_retention_days: 365 });
    const saved = await ok(await send('PUT', '/api/settings/team', { require_2fa_roles: ['viewer', 'admin', 'admin'], audit_retention_days: 30 }));
    expect(saved).toEqual({ require_2fa_roles: ['admin', 'viewer'], audit_retention_days: 30 });
    expect(await ok(await send('GET', '/api/settings/team'))).toEqual(saved);
    const tooShort = await send('PUT', '/api/settings/team', { require_2fa_roles: [], audit_retention_days: 29 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Audit retention must be from 30 to 3650 days');
    expect((await send('PUT', '/api/settings/team', { require_2fa_roles: ['root'], audit_retention_days: 30 })).statusCode).toBe(400);
    // The owner has no second factor: requiring one of owners would shut them out of every screen but Account.
    const ownRole = await send('PUT', '/api/settings/team', { require_2fa_roles: ['owner'], audit_retention_days: 30 });
    expect(ownRole.statusCode).toBe(400);
    expect(ownRole.json().message).toBe('Turn on two-factor sign-in for your own account (Account) before you require it for your role');
    expect(await ok(await send('GET', '/api/settings/team'))).toEqual(saved);
  });

  it('keeps the newest AUDIT_FAILED_SIGN_INS_MAX failed sign-ins: the prune deletes the oldest past it and nothing else', async () => {
    const max = FAILED_SIGN_INS_MAX;
    const older = new Date(clock.now().getTime() - DAY_MS).toISOString();
    await app.db.kysely.insertInto('audit_log').values({ created_at: older, actor: 'bot', action: 'update', entity: 'tower', entity_id: 'kept' }).execute();
    const failures = Array.from({ length: max - 1 }, (_, i) => ({ created_at: older, action: 'sign_in_failed', entity: 'user', entity_id: `filler-${i}` }));
    await app.db.kysely.insertInto('audit_log').values(failures).execute();
    const failSignIn = async () => {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'wrong-guess' },
        remoteAddress: '198.51.100.9',
      });
      expect(response.statusCode).toBe(401);
    };
    const failed = () => app.db.kysely.selectFrom('audit_log').select(['id', 'entity_id']).where('action', '=', 'sign_in_failed').orderBy('id').execute();

    await failSignIn();
    expect(await app.auditPrune.runOnce()).toBe(true);
    expect(await failed()).toHaveLength(max);

    await failSignIn();
    await app.auditPrune.runOnce();
    const left = await failed();
    expect(left).toHaveLength(max);
    expect(left[0]!.entity_id).toBe('filler-1');
    expect(left.at(-1)!.entity_id).toBeNull();
    expect(await app.db.kysely.selectFrom('audit_log').select('id').where('actor', '=', 'bot').execute()).toHaveLength(1);
  });

  it('prunes the entries older than the retention, in batches, and keeps the rest', async () => {
    await ok(await send('PUT', '/api/settings/team', { require_2fa_roles: [], audit_retention_days: 30 }));
    // 12,001 old entries (more than two batches of 5,000) and one of yesterday.
    const old = new Date(clock.now().getTime() - 31 * DAY_MS).toISOString();
    const rows = Array.from({ length: 12_001 }, (_, i) => ({ created_at: old, actor: 'bot', action: 'update', entity: 'tower', entity_id: String(i) }));
    for (let start = 0; start < rows.length; start += 500)
      await app.db.kysely
        .insertInto('audit_log')
        .values(rows.slice(start, start + 500))
        .execute();
    const recent = new Date(clock.now().getTime() - DAY_MS).toISOString();
    await app.db.kysely.insertInto('audit_log').values({ created_at: recent, actor: 'bot', action: 'update', entity: 'tower', entity_id: 'recent' }).execute();

    expect(await app.auditPrune.runOnce()).toBe(true);
    const left = await ok(await send('GET', '/api/audit?actor=bot'));
    expect(left).toMatchObject({ total: 1, items: [{ entity_id: 'recent' }] });
    // The settings' own entry (today) stays too.
    expect((await ok(await send('GET', '/api/audit?entity=settings'))).total).toBe(1);

    clock.advance(30 * DAY_MS);
    await app.auditPrune.runOnce();
    token = await signIn(app);
    expect((await ok(await send('GET', '/api/audit?actor=bot'))).total).toBe(0);
  });
});
