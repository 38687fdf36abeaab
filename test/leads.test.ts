import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_SENT } from '../src/server/routes/leadRoutes.js';
import { SIGN_UP_UNAVAILABLE } from '../src/server/leads/leadService.js';
import { DEFAULT_NEXT_STEPS, GENERAL_INQUIRY_NEXT_STEPS } from '../src/server/leads/leadConfirmation.js';
import { closedPort } from './support/closedPort.js';
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
    /** The mails queued so far, oldest first. */
    mails: () =>
      app.db.kysely
        .selectFrom('mail_outbox')
        .select(['kind', 'to_address', 'reply_to', 'subject', 'text_body', 'html_body', 'unsubscribe_url', 'status'])
        .orderBy('id')
        .execute(),
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
/** Someone else: neither e-mail nor phone is VISITOR's, so their requests are leads of their own. */
const OTHER_VISITOR = { name: 'Sipho Dlamini', email: 'sipho@example.com', phone: '021 555 0199', message: 'Do you reach Observatory?' };
/** The n-th of several different visitors. */
const visitor = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com` });

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
      await api.submitLead({ search_id: second, provider_id: fibre, lead_type: 'contact_request', ...OTHER_VISITOR });

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
      const lead = (n: number) => ({ provider_id: 0, lead_type: 'contact_request', ...visitor(n) });
      expect((await api.submitLead(lead(1))).statusCode).toBe(200);
      expect((await api.submitLead(lead(2))).statusCode).toBe(200);

      const limited = await api.submitLead(lead(3));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in (59|60) minutes\.$/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);

      // Another visitor is not affected.
      expect((await api.submitLead(lead(4), '203.0.113.9')).statusCode).toBe(200);
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

  describe('e-mail through the outbox', () => {
    beforeEach(() => start({ LEADS_EMAIL: 'leads@isp.example' }));

    it("queues the lead's notice to the provider, with the visitor, the searched place and the time, and the visitor's confirmation", async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', contact_email: 'sales@fibre.example', signup_url: 'https://fibre.example/join' });
      const search = (await api.logSearch({ lat: -33.92, lng: 18.42, address: '12 Kloof St, Gardens', coverage_providers: [fibre] })).json().data.id;
      const response = await api.submitLead({ search_id: search, provider_id: fibre, lead_type: 'sign_up', ...VISITOR });
      expect(response.statusCode, response.body).toBe(200);

      const [notice, confirmation, ...rest] = await api.mails();
      expect(rest).toEqual([]);
      expect(notice).toMatchObject({
        kind: 'lead_notice',
        to_address: 'sales@fibre.example',
        reply_to: 'thandi@example.com',
        subject: 'New sign-up request from Thandi Mokoena (FibreCo)',
        unsubscribe_url: null,
        status: 'pending',
      });
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
        expect(notice!.text_body).toContain(text);
      }
      expect(notice!.html_body).toContain('<table');

      expect(confirmation).toMatchObject({
        kind: 'lead_confirmation',
        to_address: 'thandi@example.com',
        reply_to: 'sales@fibre.example',
        subject: 'Your sign-up request to FibreCo',
        unsubscribe_url: null,
        status: 'pending',
      });
      // Sent to an address nobody verified: the visitor's free text stays out of it.
      expect(confirmation!.text_body).not.toContain(VISITOR.message);
      expect(confirmation!.html_body).not.toContain(VISITOR.message);
      expect(confirmation!.text_body).toMatch(/^Hello Thandi Mokoena,$/m);
      expect(confirmation!.text_body).toMatch(/^Address: +12 Kloof St, Gardens \(-33\.92000, 18\.42000\)$/m);
      expect(confirmation!.text_body).toContain(`What happens next:\n${DEFAULT_NEXT_STEPS}`);
    });

    it("says the provider's next steps in the visitor's confirmation", async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', next_steps: '  We phone you within a day, then book a technician.  ' });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR });
      const confirmation = (await api.mails()).find((mail) => mail.kind === 'lead_confirmation');
      expect(confirmation!.text_body).toContain('What happens next:\nWe phone you within a day, then book a technician.');
    });

    it('queues general inquiries and leads of providers without an address to LEADS_EMAIL, and no confirmation without an e-mail', async () => {
      const quiet = await api.createProvider({ name: 'QuietNet' });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', name: 'Lerato', phone: '021 555 0199' });
      await api.submitLead({ provider_id: quiet, lead_type: 'contact_request', name: 'Johan', message: 'Call after 5' });

      const mails = await api.mails();
      expect(mails.map(({ kind, to_address, reply_to, subject }) => ({ kind, to_address, reply_to, subject }))).toEqual([
        { kind: 'lead_notice', to_address: 'leads@isp.example', reply_to: null, subject: 'New contact request from Lerato (General Inquiry)' },
        { kind: 'lead_notice', to_address: 'leads@isp.example', reply_to: null, subject: 'New contact request from Johan (QuietNet)' },
      ]);
    });

    it("confirms a general inquiry from the site's team, answerable at LEADS_EMAIL", async () => {
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      const confirmation = (await api.mails()).find((mail) => mail.kind === 'lead_confirmation');
      expect(confirmation).toMatchObject({ to_address: VISITOR.email, reply_to: 'leads@isp.example', subject: 'Your contact request to our team' });
      expect(confirmation!.text_body).toContain(`What happens next:\n${GENERAL_INQUIRY_NEXT_STEPS}`);
    });

    it("escapes what the visitor typed in the HTML of both mails, and leaves the message out of the visitor's", async () => {
      const fibre = await api.createProvider({ name: 'FibreCo', contact_email: 'sales@fibre.example' });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR, name: '<b>Thandi</b>', message: '<img src=x onerror=alert(1)>' });
      const [notice, confirmation, ...rest] = await api.mails();
      expect(rest).toEqual([]);
      for (const mail of [notice!, confirmation!]) {
        expect(mail.html_body).not.toMatch(/<img|<b>/);
        expect(mail.html_body).toContain('&#60;b&#62;Thandi&#60;/b&#62;');
      }
      expect(notice!.html_body).toContain('&#60;img src=x onerror=alert(1)&#62;');
      expect(confirmation!.kind).toBe('lead_confirmation');
      expect(confirmation!.html_body).not.toContain('img src=x');
    });

    it('queues nothing for a honeypot lead', async () => {
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' });
      expect(await api.mails()).toEqual([]);
      expect(await api.leads()).toEqual([]);
    });
  });

  it('stores the lead with its mails pending when no SMTP_URL is set, and answers at once', async () => {
    await start({ LEADS_EMAIL: 'leads@isp.example' });
    const response = await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    expect(await api.leads()).toMatchObject([{ name: VISITOR.name }]);
    expect((await api.mails()).map((mail) => [mail.kind, mail.status])).toEqual([
      ['lead_notice', 'pending'],
      ['lead_confirmation', 'pending'],
    ]);
  });

  describe('the same person asking again', () => {
    const HOUR = 3_600_000;
    let fibre: number;
    beforeEach(async () => {
      await start({ LEADS_EMAIL: 'leads@isp.example' });
      fibre = await api.createProvider({ name: 'FibreCo', contact_email: 'sales@fibre.example' });
    });

    it('counts the same e-mail in another case within 24 h on the first lead: one lead, its latest message and search, lead.updated', async () => {
      const { id } = (await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR })).json().data;
      clock.advance(23 * HOUR);
      const search = (await api.logSearch({ lat: -33.95, lng: 18.44, address: '3 Main Rd, Observatory' })).json().data.id;
      const again = await api.submitLead({
        search_id: search,
        provider_id: fibre,
        lead_type: 'contact_request',
        name: VISITOR.name,
        email: 'Thandi@EXAMPLE.com',
        message: 'Any news?',
      });
      expect(again.json().data).toEqual({ id });

      expect(await api.leads()).toMatchObject([
        {
          id,
          search_id: search,
          email: VISITOR.email,
          phone: VISITOR.phone,
          message: 'Any news?',
          request_count: 2,
          created_at: '2026-11-22T08:00:00.000Z',
          last_requested_at: '2026-11-23T07:00:00.000Z',
          updated_at: '2026-11-23T07:00:00.000Z',
        },
      ]);
      const events = await api.events();
      expect(events.map((event) => event.type)).toEqual(['lead.created', 'lead.updated']);
      expect(events[1]!.data).toMatchObject({
        lead: { id, request_count: 2, message: 'Any news?', search: { address: '3 Main Rd, Observatory', lat: -33.95, lng: 18.44 } },
      });
      // The provider hears the visitor asked again; the visitor gets no second confirmation.
      expect((await api.mails()).map(({ kind, to_address, subject }) => ({ kind, to_address, subject }))).toEqual([
        { kind: 'lead_notice', to_address: 'sales@fibre.example', subject: 'New contact request from Thandi Mokoena (FibreCo)' },
        { kind: 'lead_confirmation', to_address: VISITOR.email, subject: 'Your contact request to FibreCo' },
        { kind: 'lead_notice', to_address: 'sales@fibre.example', subject: 'Asked again: contact request from Thandi Mokoena (FibreCo)' },
      ]);
    });

    it('counts the same phone number written another way, keeping the message when none is given', async () => {
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: VISITOR.name, phone: '+27 (82) 555-0101', message: 'First' });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: VISITOR.name, phone: '27 82 555 0101' });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: VISITOR.name, phone: '278-255-50101', email: 'new@example.com' });
      expect(await api.leads()).toMatchObject([{ phone: '+27 (82) 555-0101', email: 'new@example.com', message: 'First', request_count: 3 }]);
    });

    it('counts every one of concurrent repeats, and a sign-up among them makes the lead a sign-up', async () => {
      const signUp = await api.createProvider({ name: 'JoinNet', signup_url: 'https://join.example' });
      await api.submitLead({ provider_id: signUp, lead_type: 'contact_request', ...VISITOR });
      const repeats = await Promise.all(
        [0, 1, 2, 3, 4].map((n) =>
          api.submitLead({ provider_id: signUp, lead_type: n === 2 ? 'sign_up' : 'contact_request', ...VISITOR, message: `Ask ${n}` }),
        ),
      );
      expect(repeats.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await api.leads()).toMatchObject([{ request_count: 6, lead_type: 'sign_up' }]);
      expect((await api.events()).map((event) => event.type)).toEqual(['lead.created', ...Array<string>(5).fill('lead.updated')]);
    });

    it('counts general inquiries of the same person as one lead', async () => {
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      expect(await api.leads()).toMatchObject([{ provider_id: null, request_count: 2 }]);
    });

    it('stores a new lead 24 h after the first, for another provider, and for someone else', async () => {
      const air = await api.createProvider({ name: 'AirLink' });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR });
      clock.advance(24 * HOUR);
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR });
      await api.submitLead({ provider_id: air, lead_type: 'contact_request', ...VISITOR });
      await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...VISITOR });
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...OTHER_VISITOR });

      expect((await api.leads()).map((lead) => [lead.provider_id, lead.email, lead.request_count])).toEqual([
        [fibre, VISITOR.email, 1],
        [fibre, VISITOR.email, 1],
        [air, VISITOR.email, 1],
        [null, VISITOR.email, 1],
        [fibre, OTHER_VISITOR.email, 1],
      ]);
      expect((await api.events()).map((event) => event.type)).toEqual(['lead.created', 'lead.created', 'lead.created', 'lead.created', 'lead.created']);
    });

    it('counts a repeat on the newest of two leads it could repeat', async () => {
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: 'Thandi', email: VISITOR.email });
      clock.advance(HOUR);
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: 'Thandi', phone: VISITOR.phone });
      clock.advance(HOUR);
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', name: 'Thandi', email: VISITOR.email, phone: VISITOR.phone });
      expect((await api.leads()).map((lead) => lead.request_count)).toEqual([1, 2]);
    });

    it('shows the count and the latest request in the inbox, and counts one lead in the reports', async () => {
      const { id } = (await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR })).json().data;
      clock.advance(HOUR);
      await api.submitLead({ provider_id: fibre, lead_type: 'contact_request', ...VISITOR });
      const token = await signIn(app);
      const page = await app.server.inject({ method: 'GET', url: '/api/reports/leads?start_date=2026-11-22&end_date=2026-11-22', headers: bearer(token) });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.leads).toMatchObject([{ id, request_count: 2, last_requested_at: '2026-11-22T09:00:00.000Z' }]);
      expect(page.json().data.total).toBe(1);
      const csv = await app.server.inject({
        method: 'GET',
        url: '/api/reports/leads?start_date=2026-11-22&end_date=2026-11-22&format=csv',
        headers: bearer(token),
      });
      const [header, row, ...more] = csv.body.trim().split(/\r?\n/);
      expect(more).toEqual([]);
      expect(header).toMatch(/,request_count,last_requested_at$/);
      expect(row).toMatch(/,2,2026-11-22T09:00:00\.000Z$/);
      const activity = await app.server.inject({
        method: 'GET',
        url: '/api/reports/lead_activity?start_date=2026-11-22&end_date=2026-11-22',
        headers: bearer(token),
      });
      expect(activity.json().data.by_type).toContainEqual({ lead_type: 'contact_request', count: 1 });
      const one = await app.server.inject({ method: 'GET', url: `/api/leads/${id}`, headers: bearer(token) });
      expect(one.json().data).toMatchObject({ id, request_count: 2, last_requested_at: '2026-11-22T09:00:00.000Z' });
      const stats = await app.server.inject({ method: 'GET', url: `/api/providers/${fibre}/stats`, headers: bearer(token) });
      expect(stats.json().data.leads).toBe(1);
    });
  });
});

describe('rate limits with Redis unreachable', () => {
  it('keeps every lead it accepts and counts in this process meanwhile (test/rateLimits.test.ts times it)', async () => {
    const app = await createTestApp('sqlite', { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, LEAD_RATE_LIMIT_PER_HOUR: '2' } });
    try {
      const api = client(app, '');
      for (let i = 0; i < 2; i++) {
        expect((await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...visitor(i) })).statusCode).toBe(200);
      }
      expect((await api.submitLead({ provider_id: 0, lead_type: 'contact_request', ...visitor(2) })).statusCode).toBe(429);
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
