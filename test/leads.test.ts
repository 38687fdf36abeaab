import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_SENT } from '../src/server/routes/leadRoutes.js';
import { SIGN_UP_UNAVAILABLE } from '../src/server/leads/leadService.js';
import { closedPort } from './support/closedPort.js';
import { type LocalSmtp, startLocalSmtp } from './support/localSmtp.js';
import { fibreKml, GREEN, ORANGE } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';

/** Routes and helpers of one test app. */
function client(app: TestApp, token: string) {
  return {
    async createProvider(fields: Record<string, string>): Promise<number> {
      const { payload, headers } = multipartBody({ active: 'true', ...fields });
      const response = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
      if (response.statusCode !== 200) throw new Error(`provider not created: ${response.body}`);
      return response.json().data.id;
    },
    /** A coverage layer of `providerId` from the fibre test KML (live orange around 18.42,-33.92; in progress green at 18.70). */
    async coverFibreAreas(providerId: number): Promise<void> {
      const mappings = JSON.stringify([
        { color: ORANGE.hex, status: 'live', description: '' },
        { color: GREEN.hex, status: 'in_progress', description: '' },
      ]);
      const { payload, headers } = multipartBody(
        { name: 'Fibre', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
        { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
      );
      const response = await app.server.inject({ method: 'POST', url: '/api/coverage_layers', payload, headers: { ...headers, ...bearer(token) } });
      if (response.statusCode !== 200) throw new Error(`layer not created: ${response.body}`);
    },
    submitLead: (payload: Record<string, unknown>, remoteAddress?: string) =>
      app.server.inject({ method: 'POST', url: '/api/submit_lead', payload, remoteAddress }),
    logSearch: (payload: Record<string, unknown>, remoteAddress?: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/log_search',
        payload: { session_id: 'visit-1234abcd', search_type: 'address', ...payload },
        remoteAddress,
      }),
    leads: () => app.db.kysely.selectFrom('leads').selectAll().orderBy('id').execute(),
    /** The webhook events written so far, oldest first, with their data parsed. */
    events: async () => {
      const rows = await app.db.kysely.selectFrom('webhook_events').select(['type', 'payload_json']).orderBy('id').execute();
      return rows.map((row) => ({ type: row.type, data: JSON.parse(row.payload_json) as unknown }));
    },
    /** A stored search log with the ids of the providers it found (search_log_providers), as a list. */
    searchLog: async (id: number) => {
      const log = await app.db.kysely.selectFrom('search_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const found = await app.db.kysely
        .selectFrom('search_log_providers')
        .select('provider_id')
        .where('search_log_id', '=', id)
        .orderBy('provider_id')
        .execute();
      return { ...log, coverage_providers: found.map((row) => row.provider_id) };
    },
    /** The statuses a stored search found, by provider id. */
    searchStatuses: async (id: number) => {
      const found = await app.db.kysely.selectFrom('search_log_providers').select(['provider_id', 'service_status']).where('search_log_id', '=', id).execute();
      return Object.fromEntries(found.map((row) => [row.provider_id, row.service_status]));
    },
  };
}

const VISITOR = { name: 'Thandi Mokoena', email: 'thandi@example.com', phone: '+27 (82) 555-0101', message: 'Is fibre available at my house?' };

describe.each(databaseKinds())('leads and search logs on %s', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof client>;
  let clock: ManualClock;

  async function start(env: Record<string, string> = {}): Promise<void> {
    clock = new ManualClock();
    app = await createTestApp(kind, { env, deps: { clock } });
    api = client(app, await signIn(app));
  }
  afterEach(async () => {
    await app.close();
  });

  describe('with default settings', () => {
    beforeEach(() => start());

    it('stores a search log with the providers the server finds at its point, not those the browser claims, counted in the provider stats', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo' });
      const other = await api.createProvider({ name: 'ClaimCo' });
      await api.coverFibreAreas(fibre);
      // In the live orange square: the browser claims another provider and one that does not exist.
      const response = await api.logSearch({ lat: -33.95, lng: 18.44, address: '12 Kloof St, Gardens', coverage_providers: [other, 999] });
      expect(response.statusCode, response.body).toBe(200);
      const { id } = response.json().data;
      expect(await api.searchLog(id)).toMatchObject({
        session_id: 'visit-1234abcd',
        search_type: 'address',
        lat: -33.95,
        lng: 18.44,
        address: '12 Kloof St, Gardens',
        coverage_providers: [fibre],
        provider_count: 1,
        follow_up_of: null,
        action_taken: 'no_action',
        created_at: '2026-11-22T08:00:00.000Z',
      });
      expect(await api.searchStatuses(id)).toEqual({ [fibre]: 'live' });
      const stats = await app.server.inject({ method: 'GET', url: `/api/providers/${fibre}/stats`, headers: bearer(await signIn(app)) });
      expect(stats.json().data.searches).toBe(1);
      const claimed = await app.server.inject({ method: 'GET', url: `/api/providers/${other}/stats`, headers: bearer(await signIn(app)) });
      expect(claimed.json().data.searches).toBe(0);
    });

    it('stores the action logged after a lead on the same visit as a follow-up of that search, not a new search', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo' });
      await api.coverFibreAreas(fibre);
      const point = { lat: -33.95, lng: 18.44, address: 'Gardens' };
      const searched = (await api.logSearch(point)).json().data.id;
      const followUp = (await api.logSearch({ ...point, action_taken: 'contact_me' })).json().data.id;
      expect(followUp).not.toBe(searched);
      expect(await api.searchLog(followUp)).toMatchObject({ follow_up_of: searched, action_taken: 'contact_me', coverage_providers: [fibre] });
      expect(await api.searchLog(searched)).toMatchObject({ follow_up_of: null, action_taken: 'contact_me' });
      // A new search at another point on the same visit is a search again.
      const next = (await api.logSearch({ lat: -33.92, lng: 18.7, address: 'Stellenbosch', action_taken: 'contact_me' })).json().data.id;
      expect(await api.searchLog(next)).toMatchObject({ follow_up_of: null, coverage_providers: [fibre] });
      expect(await api.searchStatuses(next)).toEqual({ [fibre]: 'in_progress' });
      const stats = await app.server.inject({ method: 'GET', url: `/api/providers/${fibre}/stats`, headers: bearer(await signIn(app)) });
      expect(stats.json().data.searches).toBe(2);
    });

    it('stores a search without coverage as an empty list and keeps the action it was sent with', async () => {
      const { id } = (await api.logSearch({ search_type: 'geolocation', lat: -34.5, lng: 20.04, action_taken: 'contact_me' })).json().data;
      expect(await api.searchLog(id)).toMatchObject({ search_type: 'geolocation', address: null, coverage_providers: [], action_taken: 'contact_me' });
    });

    it('refuses a malformed search log', async () => {
      const response = await api.logSearch({ search_type: 'telepathy' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'search_type must be one of address, geolocation, map_click' });
    });

    it('accepts a sign-up for a provider with a signup_url', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', signup_url: 'https://fibre.example/join' });
      const response = await api.submitLead({ provider_id: fibre, lead_type: 'sign_up', ...VISITOR });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toEqual({ success: true, message: LEAD_SENT, data: { id: expect.any(Number) } });
      expect(await api.leads()).toEqual([
        {
          id: body.data.id,
          search_id: null,
          provider_id: fibre,
          lead_type: 'sign_up',
          ...VISITOR,
          status: 'new',
          notes: null,
          request_count: 1,
          last_requested_at: null,
          created_at: '2026-11-22T08:00:00.000Z',
          updated_at: '2026-11-22T08:00:00.000Z',
        },
      ]);
    });

    it('accepts a contact request with only a name, storing empty fields as absent', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo' });
      const response = await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: '  Sipho  ', email: '', phone: '', message: '' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await api.leads()).toMatchObject([{ provider_id: fibre, lead_type: 'contact_request', name: 'Sipho', email: null, phone: null, message: null }]);
    });

    it('stores a general inquiry (provider 0) without a provider', async () => {
      const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      expect(response.statusCode, response.body).toBe(200);
      expect(await api.leads()).toMatchObject([{ provider_id: null, lead_type: 'contact_request', name: VISITOR.name }]);
    });

    it.each([
      ['no name', { name: undefined }, 'Name is required'],
      ['a blank name', { name: '   ' }, 'Name is required'],
      ['a one-letter name', { name: ' A ' }, 'Name must be at least 2 characters'],
      ['no request type', { lead_type: undefined }, 'Please select a request type'],
      ['an unknown request type', { lead_type: 'newsletter' }, 'Please select a request type'],
      ['a malformed email', { email: 'thandi@' }, 'Please enter a valid email address'],
      ['a phone with letters', { phone: 'call me maybe' }, 'Please enter a valid phone number'],
      ['a phone of two digits', { phone: '12' }, 'Please enter a valid phone number: at least 7 digits'],
      ['a phone of brackets only', { phone: '()' }, 'Please enter a valid phone number: at least 7 digits'],
    ])('refuses %s with the form message, storing nothing', async (_case, change, message) => {
      const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
      expect(await api.leads()).toEqual([]);
    });

    it('refuses an unknown provider', async () => {
      const response = await api.submitLead({ provider_id: 4242, lead_type: 'contact_request', ...VISITOR });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Provider not found' });
    });

    it('answers ids beyond the database range and NUL characters with 400, never a server error', async () => {
      const huge = await api.submitLead({ provider_id: 3_000_000_000, lead_type: 'contact_request', ...VISITOR });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe('Provider not found');
      const nul = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR, name: 'ab\u0000c' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toBe('Name must not contain NUL characters');
      expect(await api.leads()).toEqual([]);
    });

    it('refuses a sign-up where there is no signup_url, including a general inquiry', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo' });
      for (const provider_id of [fibre, 0]) {
        const response = await api.submitLead({ provider_id, lead_type: 'sign_up', ...VISITOR });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: SIGN_UP_UNAVAILABLE });
      }
      expect(await api.leads()).toEqual([]);
    });

    it('links a lead to its search and records the action taken on that search', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', signup_url: 'https://fibre.example/join' });
      const first = (await api.logSearch({ lat: -33.92, lng: 18.42, coverage_providers: [fibre] })).json().data.id;
      const second = (await api.logSearch({ lat: -33.93, lng: 18.43, coverage_providers: [fibre] })).json().data.id;

      await api.submitLead({ search_id: first, provider_id: fibre, lead_type: 'sign_up', ...VISITOR });
      await api.submitLead({ search_id: second, provider_id: fibre, lead_type: 'contact_request', ...VISITOR });

      expect((await api.leads()).map((lead) => lead.search_id)).toEqual([first, second]);
      expect((await api.searchLog(first)).action_taken).toBe('sign_up');
      expect((await api.searchLog(second)).action_taken).toBe('contact_me');
    });

    it('keeps a lead whose search does not exist, without the link', async () => {
      const response = await api.submitLead({ search_id: 987654, provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      expect(response.statusCode, response.body).toBe(200);
      expect(await api.leads()).toMatchObject([{ search_id: null, name: VISITOR.name }]);
    });

    it('writes lead.created with the lead when it is stored, and lead.updated when an admin changes it', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo' });
      const search = (await api.logSearch({ lat: -33.92, lng: 18.42, address: '12 Kloof St, Gardens' })).json().data.id;
      const { id } = (await api.submitLead({ search_id: search, provider_id: fibre, lead_type: 'contact_request', ...VISITOR })).json().data;
      expect(await api.events()).toEqual([
        {
          type: 'lead.created',
          data: {
            lead: {
              id,
              provider_id: fibre,
              provider_name: 'FibreCo',
              lead_type: 'contact_request',
              ...VISITOR,
              status: 'new',
              request_count: 1,
              search: { address: '12 Kloof St, Gardens', lat: -33.92, lng: 18.42 },
              created_at: '2026-11-22T08:00:00.000Z',
              updated_at: '2026-11-22T08:00:00.000Z',
            },
          },
        },
      ]);

      clock.advance(3_600_000);
      const patched = await app.server.inject({
        method: 'PATCH',
        url: `/api/leads/${id}`,
        payload: { status: 'contacted' },
        headers: bearer(await signIn(app)),
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const [, updated] = await api.events();
      expect(updated).toMatchObject({ type: 'lead.updated', data: { lead: { id, status: 'contacted', updated_at: '2026-11-22T09:00:00.000Z' } } });
    });

    it('writes no event for a refused or honeypot lead, nor for a PATCH of a missing lead', async () => {
      await api.submitLead({ provider_id: 4242, lead_type: 'contact_request', ...VISITOR });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR, website: 'http://spam.example' });
      const missing = await app.server.inject({ method: 'PATCH', url: '/api/leads/999', payload: { status: 'contacted' }, headers: bearer(await signIn(app)) });
      expect(missing.statusCode).toBe(404);
      expect(await api.events()).toEqual([]);
    });

    it('answers a filled honeypot exactly like success but stores nothing', async () => {
      const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR, website: 'http://spam.example' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: LEAD_SENT, data: { id: null } });
      expect(await api.leads()).toEqual([]);
    });
  });

  describe('rate limits', () => {
    beforeEach(() => start({ LEAD_RATE_LIMIT_PER_HOUR: '2', SEARCH_LOG_RATE_LIMIT_PER_MINUTE: '3' }));

    it('allows LEAD_RATE_LIMIT_PER_HOUR leads per address, then answers 429 with the wait', async () => {
      const lead = { provider_id: 0, lead_type: 'contact_request', ...VISITOR };
      expect((await api.submitLead(lead)).statusCode).toBe(200);
      expect((await api.submitLead(lead)).statusCode).toBe(200);

      const limited = await api.submitLead(lead);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in (59|60) minutes\.$/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);

      // Another visitor is not affected.
      expect((await api.submitLead(lead, '203.0.113.9')).statusCode).toBe(200);
      expect(await api.leads()).toHaveLength(3);
    });

    it('allows SEARCH_LOG_RATE_LIMIT_PER_MINUTE search logs per address, counted apart from leads', async () => {
      for (let i = 0; i < 3; i++) expect((await api.logSearch({})).statusCode).toBe(200);
      const limited = await api.logSearch({});
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: 'Too many requests. Please try again in 1 minute.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

      expect((await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR })).statusCode).toBe(200);
    });
  });

  describe('e-mail', () => {
    let smtp: LocalSmtp;
    beforeEach(async () => {
      smtp = await startLocalSmtp();
      await start({ SMTP_URL: smtp.url, LEADS_EMAIL: 'leads@isp.example', MAIL_FROM: 'Coverage Map <map@isp.example>' });
    });
    afterEach(async () => {
      smtp.release();
      await smtp.close();
    });

    it('e-mails a lead to the provider with the visitor, the searched place and the time', async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', contact_email: 'sales@fibre.example', signup_url: 'https://fibre.example/join' });
      const search = (await api.logSearch({ lat: -33.92, lng: 18.42, address: '12 Kloof St, Gardens', coverage_providers: [fibre] })).json().data.id;
      const response = await api.submitLead({ search_id: search, provider_id: fibre, lead_type: 'sign_up', ...VISITOR });
      expect(response.statusCode, response.body).toBe(200);

      await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
      const [mail] = smtp.received;
      expect(mail!.from).toBe('map@isp.example');
      expect(mail!.to).toEqual(['sales@fibre.example']);
      expect(mail!.content).toContain('Subject: New sign-up request from Thandi Mokoena (FibreCo)');
      expect(mail!.content).toContain('Reply-To: thandi@example.com');
      for (const text of [
        'Sign-up request',
        'FibreCo',
        VISITOR.name,
        VISITOR.email,
        VISITOR.phone,
        VISITOR.message,
        '12 Kloof St, Gardens (-33.92000, 18.42000)',
        '2026-11-22 08:00:00 UTC',
      ]) {
        expect(mail!.content).toContain(text);
      }
      expect(mail!.content).toContain('<table');
    });

    it('e-mails general inquiries and leads of providers without an address to LEADS_EMAIL', async () => {
      const quiet = await api.createProvider({ name: 'QuietNet' });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', name: 'Lerato', phone: '021 555 0199' });
      await api.submitLead({ provider_id: quiet, lead_type: 'contact_request', name: 'Johan', message: 'Call after 5' });

      await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
      const byName = (name: string) => smtp.received.find((mail) => mail.content.includes(name))!;
      expect(byName('Lerato').to).toEqual(['leads@isp.example']);
      expect(byName('Lerato').content).toContain('General Inquiry');
      expect(byName('Lerato').content).not.toContain('Reply-To');
      expect(byName('Johan').to).toEqual(['leads@isp.example']);
      expect(byName('Johan').content).toContain('QuietNet');
    });

    it('answers without waiting for the mail server', async () => {
      smtp.hold();
      const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      expect(response.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(0);
      smtp.release();
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    });

    it('sends nothing for a honeypot lead', async () => {
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', name: 'Bot', website: 'http://spam.example' });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', name: 'Person' });
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
      expect(smtp.received[0]!.content).toContain('Person');
      expect(await api.leads()).toHaveLength(1);
    });
  });

  it('keeps and confirms the lead when the mail server is down', async () => {
    await start({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, LEADS_EMAIL: 'leads@isp.example' });
    const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    expect(await api.leads()).toMatchObject([{ name: VISITOR.name }]);
  });
});

describe('rate limits with Redis unreachable', () => {
  it('keeps every lead it accepts and counts in this process meanwhile (test/rateLimits.test.ts times it)', async () => {
    const app = await createTestApp('sqlite', { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, LEAD_RATE_LIMIT_PER_HOUR: '2' } });
    try {
      const api = client(app, '');
      for (let i = 0; i < 2; i++) {
        expect((await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR })).statusCode).toBe(200);
      }
      expect((await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR })).statusCode).toBe(429);
      expect(await api.leads()).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (TEST_REDIS_URL)', () => {
  const kind: DatabaseKind = 'sqlite';
  const prefix = `isp-coverage-test:${process.pid}:${Date.now().toString(36)}:`;
  let apps: TestApp[];

  beforeEach(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, LEAD_RATE_LIMIT_PER_HOUR: '2' };
    apps = [await createTestApp(kind, { env }), await createTestApp(kind, { env })];
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts one address across server processes sharing the Redis', async () => {
    const lead = { provider_id: 0, lead_type: 'contact_request', ...VISITOR };
    const [a, b] = apps.map((app) => client(app, ''));
    expect((await a!.submitLead(lead)).statusCode).toBe(200);
    expect((await b!.submitLead(lead)).statusCode).toBe(200);

    const limited = await a!.submitLead(lead);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in (59|60) minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await b!.submitLead(lead, '203.0.113.9')).statusCode).toBe(200);
  });
});
