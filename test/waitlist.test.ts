import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_CONSENT_MESSAGE, WAITLIST_JOINED } from '../src/common/api/waitlist.js';
import { REMOVED_SECRET } from '../src/server/outbox/keptCopy.js';
import { readyFootprint } from './support/footprints.js';
import { fibreKml, GREEN, ORANGE } from './support/kml.js';
import { type LocalSmtp, type ReceivedMail, startLocalSmtp } from './support/localSmtp.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type DatabaseKind, type TestApp } from './support/testApp.js';

const PUBLIC_URL = 'https://map.example';
/** Inside the fibre KML's green square (in progress until its mapping says live). */
const IN_GREEN = { lat: -33.92, lng: 18.7 };
const VISITOR = { email: 'Naledi@Example.com', address: '4 Dorp St, Stellenbosch' };

describe.each(databaseKinds())('waitlist (%s)', (kind: DatabaseKind) => {
  let app: TestApp;
  let token: string;
  let smtp: LocalSmtp;
  let clock: ManualClock;

  beforeEach(async () => {
    smtp = await startLocalSmtp();
    clock = new ManualClock();
    app = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Coverage Map <map@isp.example>', PUBLIC_URL, OUTBOX_POLL_MS: '50' },
      deps: { clock },
    });
    token = await signIn(app);
  });
  afterEach(async () => {
    await app?.close();
    smtp.release();
    await smtp.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function createProvider(name: string): Promise<number> {
    const { payload, headers } = multipartBody({ active: 'true', name, signup_url: `https://${name.toLowerCase()}.example/join` });
    const response = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }

  /** The fibre KML as a layer: orange live, green in progress. */
  async function createLayer(providerId: number): Promise<number> {
    const mappings = JSON.stringify([
      { color: ORANGE.hex, status: 'live', description: '' },
      { color: GREEN.hex, status: 'in_progress', description: '' },
    ]);
    const { payload, headers } = multipartBody(
      { name: 'Fibre', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const response = await app.server.inject({ method: 'POST', url: '/api/coverage_layers', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }

  /** Green goes live; then the rebuild and the matching it sets off are awaited. */
  async function greenGoesLive(layerId: number): Promise<void> {
    const mappings = JSON.stringify([
      { color: ORANGE.hex, status: 'live', description: '' },
      { color: GREEN.hex, status: 'live', description: '' },
    ]);
    expect((await admin('PUT', `/api/coverage_layers/${layerId}`, { color_mappings: mappings })).statusCode).toBe(200);
    await settled();
  }

  /** The engine at the database's revision and the matcher done with it. */
  async function settled(): Promise<void> {
    await app.coverage.refresh();
    await app.waitlistMatcher.idle();
  }

  const join = (body: Record<string, unknown>, remoteAddress?: string) =>
    app.server.inject({ method: 'POST', url: '/api/waitlist', payload: { ...IN_GREEN, ...VISITOR, consent: true, ...body }, remoteAddress });

  /** The path and query of a link in a mail's text (the mail carries PUBLIC_URL's absolute form). */
  function linkIn(mail: ReceivedMail, action: 'confirm' | 'unsubscribe'): string {
    const match = new RegExp(`${PUBLIC_URL}(/api/waitlist/${action}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.parsed.text ?? '');
    expect(match, mail.parsed.text).not.toBeNull();
    return match![1]!;
  }

  /** A header as sent, its folded lines joined. */
  const headerLine = (mail: ReceivedMail, name: string) => mail.parsed.headerLines.find((header) => header.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');

  /** A link's GET, as a mail scanner or the visitor's browser makes it: where it leads. */
  async function open(link: string): Promise<string> {
    const response = await app.server.inject({ method: 'GET', url: link });
    expect(response.statusCode, response.body).toBe(303);
    return String(response.headers.location);
  }

  /** The button of the page a link leads to: the link's POST, and the outcome it answers. */
  async function press(link: string): Promise<string> {
    const response = await app.server.inject({ method: 'POST', url: link });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.outcome;
  }

  const statusOf = async (email: string) =>
    (await app.db.kysely.selectFrom('waitlist_entries').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

  const mailsOf = (kind: 'waitlist_confirm' | 'waitlist_live') => app.db.kysely.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).execute();

  async function joinAndConfirm(body: Record<string, unknown>): Promise<ReceivedMail> {
    const before = smtp.received.length;
    expect((await join(body)).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(before + 1));
    const confirmation = smtp.received.at(-1)!;
    expect(await press(linkIn(confirmation, 'confirm'))).toBe('confirmed');
    return confirmation;
  }

  it('confirms by the e-mailed link and sends one "now available" e-mail when the layer goes live there', async () => {
    const fibre = await createProvider('FibreCo');
    const layer = await createLayer(fibre);

    const joined = await join({ provider_id: fibre, phone: '+27 82 555 0101' });
    expect(joined.json()).toEqual({ success: true, message: WAITLIST_JOINED, data: null });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const [confirmation] = smtp.received;
    expect(confirmation!.to).toEqual(['naledi@example.com']);
    expect(confirmation!.parsed.subject).toBe('Please confirm: we will tell you when service is available');
    expect(confirmation!.parsed.text).toContain('FibreCo');
    expect(confirmation!.parsed.text).toContain(VISITOR.address);
    const unsubscribe = linkIn(confirmation!, 'unsubscribe');
    expect(headerLine(confirmation!, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${PUBLIC_URL}${unsubscribe}>`);
    expect(headerLine(confirmation!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // A Message-ID of its outbox row, under PUBLIC_URL's host.
    const [row] = await mailsOf('waitlist_confirm');
    expect(confirmation!.parsed.messageId).toMatch(new RegExp(`^<outbox-${row!.id}\\.[0-9a-f]{16}@map\\.example>$`));

    // Nothing is live at the spot yet, and a pending entry is never told.
    await greenGoesLive(layer);
    expect(await mailsOf('waitlist_live')).toHaveLength(0);

    const confirmLink = linkIn(confirmation!, 'confirm');
    const confirmed = await app.server.inject({ method: 'POST', url: confirmLink });
    expect(confirmed.json()).toEqual({ success: true, message: 'Confirmed', data: { outcome: 'confirmed' } });
    const again = await app.server.inject({ method: 'POST', url: confirmLink });
    expect(again.json()).toEqual({ success: true, message: 'Already confirmed', data: { outcome: 'already_confirmed' } });
    const unknown = await app.server.inject({ method: 'POST', url: '/api/waitlist/confirm?token=nope' });
    expect(unknown.json()).toEqual({ success: true, message: 'This link is not valid', data: { outcome: 'invalid' } });

    // The next revision finds the confirmed entry's spot live.
    expect((await admin('PUT', `/api/coverage_layers/${layer}`, { name: 'Fibre 2' })).statusCode).toBe(200);
    await settled();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    const live = smtp.received[1]!;
    expect(live.to).toEqual(['naledi@example.com']);
    expect(live.parsed.subject).toBe('Now available at your address: FibreCo');
    expect(live.parsed.text).toContain('https://fibreco.example/join');
    expect(headerLine(live, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${PUBLIC_URL}${unsubscribe}>`);
    expect(linkIn(live, 'unsubscribe')).toBe(unsubscribe);

    // Another revision (and a footprint change) sends nothing more.
    expect((await admin('PUT', `/api/coverage_layers/${layer}`, { name: 'Fibre 3' })).statusCode).toBe(200);
    await settled();
    expect(await mailsOf('waitlist_live')).toHaveLength(1);
    expect(await app.db.kysely.selectFrom('waitlist_notifications').selectAll().execute()).toHaveLength(1);

    // Joining again once confirmed says the same and sends nothing.
    expect((await join({ provider_id: fibre })).json().message).toBe(WAITLIST_JOINED);
    expect(await mailsOf('waitlist_confirm')).toHaveLength(1);
  });

  it("tells an entry waiting for any provider once a new tower's footprint reaches its spot, naming the fixed wireless service", async () => {
    // No layer covers the spot: only a tower can serve it.
    await joinAndConfirm({});
    await settled();
    expect(smtp.received).toHaveLength(1);

    const tower = await admin('POST', '/api/towers', { name: 'Papegaaiberg', latitude: -33.92, longitude: 18.72, height_meters: 30, coverage_radius_km: 10 });
    expect(tower.statusCode, tower.body).toBe(200);
    await readyFootprint(app, token, tower.json().data.id);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    const live = smtp.received[1]!;
    expect(live.parsed.subject).toBe('Now available at your address: Fixed wireless');
    expect(live.parsed.text).toContain(`${PUBLIC_URL}/?lat=${IN_GREEN.lat}&lng=${IN_GREEN.lng}`);

    // Another rebuild tells no one twice.
    await settled();
    expect(smtp.received).toHaveLength(2);
    expect(await mailsOf('waitlist_live')).toHaveLength(1);
  });

  it("changes nothing on a GET of the e-mailed links (a mail scanner's fetch): each leads to its page, whose button's POST acts", async () => {
    expect((await join({})).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const confirmLink = linkIn(smtp.received[0]!, 'confirm');
    const unsubscribeLink = linkIn(smtp.received[0]!, 'unsubscribe');
    const tokenOf = (link: string) => new URL(link, PUBLIC_URL).searchParams.get('token')!;
    const confirmedEvents = () => app.db.kysely.selectFrom('webhook_events').select('id').where('type', '=', 'waitlist.confirmed').execute();

    // Scanners GET (or HEAD) every link, some of them more than once.
    for (const method of ['GET', 'HEAD', 'GET'] as const) {
      const scanned = await app.server.inject({ method, url: confirmLink });
      expect(scanned.statusCode).toBe(303);
      expect(scanned.headers.location).toBe(`/waitlist/confirm?token=${tokenOf(confirmLink)}`);
      expect(await open(unsubscribeLink)).toBe(`/waitlist/unsubscribe?token=${tokenOf(unsubscribeLink)}`);
    }
    expect(await statusOf('naledi@example.com')).toBe('pending');
    expect(await confirmedEvents()).toHaveLength(0);

    expect(await press(confirmLink)).toBe('confirmed');
    expect(await statusOf('naledi@example.com')).toBe('confirmed');
    expect(await confirmedEvents()).toHaveLength(1);
    expect(await open(unsubscribeLink)).toBe(`/waitlist/unsubscribe?token=${tokenOf(unsubscribeLink)}`);
    expect(await statusOf('naledi@example.com')).toBe('confirmed');

    const unsubscribed = await app.server.inject({ method: 'POST', url: unsubscribeLink });
    expect(unsubscribed.json()).toEqual({ success: true, message: 'Unsubscribed', data: { outcome: 'unsubscribed' } });
    expect(await statusOf('naledi@example.com')).toBe('unsubscribed');
    // Used links and unknown tokens answer as they always have.
    expect(await press(unsubscribeLink)).toBe('unsubscribed');
    expect(await press(confirmLink)).toBe('invalid');
    const unknown = await app.server.inject({ method: 'POST', url: '/api/waitlist/unsubscribe?token=nope' });
    expect(unknown.json()).toEqual({ success: true, message: 'This link is not valid', data: { outcome: 'invalid' } });
    expect(await open('/api/waitlist/confirm')).toBe('/waitlist/confirm?token=');
  });

  it('confirms once when the button is pressed several times at once: one waitlist.confirmed event', async () => {
    expect((await join({})).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const link = linkIn(smtp.received[0]!, 'confirm');
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => press(link)));
    expect(outcomes.sort()).toEqual(['already_confirmed', 'already_confirmed', 'already_confirmed', 'confirmed']);
    const events = await app.db.kysely.selectFrom('webhook_events').select('message_id').where('type', '=', 'waitlist.confirmed').execute();
    expect(events).toHaveLength(1);
  });

  it('tells someone who confirms at a spot that is live already at once, without waiting for a coverage change', async () => {
    const fibre = await createProvider('FibreCo');
    await greenGoesLive(await createLayer(fibre));
    await joinAndConfirm({ provider_id: fibre });
    await app.waitlistMatcher.idle();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    expect(smtp.received[1]!.parsed.subject).toBe('Now available at your address: FibreCo');
  });

  it('re-sends the confirmation of a pending entry after 15 minutes with a new link, the old one no longer working', async () => {
    await join({});
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    // A repeat within 15 minutes: the same answer, no mail, the first link still the one.
    expect((await join({ email: 'naledi@example.com' })).json().message).toBe(WAITLIST_JOINED);
    expect(await mailsOf('waitlist_confirm')).toHaveLength(1);
    clock.advance(15 * 60_000);
    await join({ email: 'naledi@example.com' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    expect(await app.db.kysely.selectFrom('waitlist_entries').selectAll().execute()).toHaveLength(1);
    const [first, second] = smtp.received;
    expect(await press(linkIn(first!, 'confirm'))).toBe('invalid');
    expect(await press(linkIn(second!, 'confirm'))).toBe('confirmed');
  });

  it("sends nothing more after unsubscribing by the link's page or by one-click POST, and a new sign-up with consent starts over", async () => {
    const fibre = await createProvider('FibreCo');
    const layer = await createLayer(fibre);
    const byLink = await joinAndConfirm({});
    const byPost = await joinAndConfirm({ email: 'sipho@example.com' });

    expect(await open(linkIn(byLink, 'unsubscribe'))).toMatch(/^\/waitlist\/unsubscribe\?token=/);
    expect(await statusOf('naledi@example.com')).toBe('confirmed');
    expect(await press(linkIn(byLink, 'unsubscribe'))).toBe('unsubscribed');
    // RFC 8058: the mail client's POST unsubscribes at once, no page between.
    const oneClick = await app.server.inject({
      method: 'POST',
      url: linkIn(byPost, 'unsubscribe'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, message: 'Unsubscribed', data: { outcome: 'unsubscribed' } });
    expect(await statusOf('sipho@example.com')).toBe('unsubscribed');

    await greenGoesLive(layer);
    expect(await mailsOf('waitlist_live')).toHaveLength(0);
    const statuses = await app.db.kysely.selectFrom('waitlist_entries').select('status').execute();
    expect(statuses.map((row) => row.status)).toEqual(['unsubscribed', 'unsubscribed']);

    // Signing up again with consent (after the 15 minutes between confirmation mails): pending, a new confirmation.
    clock.advance(15 * 60_000);
    await join({});
    await vi.waitFor(() => expect(smtp.received).toHaveLength(3));
    const again = await app.db.kysely.selectFrom('waitlist_entries').select('status').where('email', '=', 'naledi@example.com').executeTakeFirstOrThrow();
    expect(again.status).toBe('pending');
  });

  it('sends no mail queued for an entry that unsubscribed before the SMTP server took it', async () => {
    const fibre = await createProvider('FibreCo');
    const layer = await createLayer(fibre);
    const confirmation = await joinAndConfirm({ provider_id: fibre });
    smtp.refuse(true);
    await greenGoesLive(layer);
    const [live] = await mailsOf('waitlist_live');
    expect(live).toBeDefined();
    const row = () => app.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', live!.id).executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).attempts).toBe(1));

    expect(await press(linkIn(confirmation, 'unsubscribe'))).toBe('unsubscribed');
    smtp.refuse(false);
    clock.advance(30_000);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'failed', last_error: 'unsubscribed', attempts: 1 }));
    expect(smtp.received).toHaveLength(1);
  });

  describe('the stored copy of a mail', () => {
    const tokenOf = (link: string) => new URL(link, PUBLIC_URL).searchParams.get('token')!;
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const outboxRows = () => app.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

    /**
     * Fails when the outbox holds a token of the visitor's links anywhere: the tokens themselves,
     * or any token-like string whose SHA-256 is one of the hashes the waitlist keeps of them.
     */
    async function expectNoTokenInOutbox(tokens: string[]): Promise<void> {
      const stored = JSON.stringify(await outboxRows());
      for (const token of tokens) expect(stored).not.toContain(token);
      const entries = await app.db.kysely.selectFrom('waitlist_entries').select(['confirm_token_hash', 'unsubscribe_token_hash']).execute();
      const hashes = new Set(entries.flatMap((entry) => [entry.confirm_token_hash, entry.unsubscribe_token_hash]));
      const preimages = (stored.match(/[A-Za-z0-9_-]{16,}/g) ?? []).filter((candidate) => hashes.has(sha256(candidate)));
      expect(preimages).toEqual([]);
    }

    it('sends working links after a refused attempt, and keeps no token of them once sent', async () => {
      const fibre = await createProvider('FibreCo');
      const layer = await createLayer(fibre);
      smtp.refuse(true);
      expect((await join({ provider_id: fibre })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await outboxRows())[0]?.attempts).toBe(1));
      // Pending after the refusal: the copy to retry from still carries the working links.
      const pending = (await outboxRows())[0]!;
      expect(pending.text_body).toMatch(/\/api\/waitlist\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
      expect(pending.unsubscribe_url).toMatch(/\/api\/waitlist\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);

      smtp.refuse(false);
      clock.advance(30_000);
      await vi.waitFor(async () => expect((await outboxRows())[0]?.status).toBe('sent'));
      const confirmation = smtp.received[0]!;
      const confirmLink = linkIn(confirmation, 'confirm');
      const unsubscribeLink = linkIn(confirmation, 'unsubscribe');
      expect(headerLine(confirmation, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${PUBLIC_URL}${unsubscribeLink}>`);
      expect(confirmation.parsed.html).toContain(`href="${PUBLIC_URL}${confirmLink}"`);
      await expectNoTokenInOutbox([tokenOf(confirmLink), tokenOf(unsubscribeLink)]);
      // The stored copy says where the links went, without the tokens.
      const [sent] = await outboxRows();
      expect(sent!.text_body).toContain(`${PUBLIC_URL}/api/waitlist/confirm?token=${REMOVED_SECRET}\n`);
      expect(sent!.html_body).toContain(`href="${PUBLIC_URL}/api/waitlist/confirm?token=${REMOVED_SECRET}"`);
      expect(sent!.unsubscribe_url).toBe(`${PUBLIC_URL}/api/waitlist/unsubscribe?token=${REMOVED_SECRET}`);
      expect(sent).toMatchObject({ kept_text_body: null, kept_html_body: null, kept_unsubscribe_url: null });

      // The received link is the one that works; then the "now available" mail carries the same unsubscribe link.
      expect(await press(confirmLink)).toBe('confirmed');
      await greenGoesLive(layer);
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
      await vi.waitFor(async () => expect((await mailsOf('waitlist_live'))[0]?.status).toBe('sent'));
      expect(linkIn(smtp.received[1]!, 'unsubscribe')).toBe(unsubscribeLink);
      await expectNoTokenInOutbox([tokenOf(confirmLink), tokenOf(unsubscribeLink)]);
      expect(await press(unsubscribeLink)).toBe('unsubscribed');
    });

    it('keeps no token of a mail given up after three days of refusals', async () => {
      smtp.refuse(true);
      expect((await join({})).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await outboxRows())[0]?.attempts).toBe(1));
      const [pending] = await outboxRows();
      const tokens = [tokenOf(/https:\S+\/confirm\?token=\S+/.exec(pending!.text_body)![0]), tokenOf(pending!.unsubscribe_url!)];
      // Queued more than three days ago: the next refusal gives it up.
      const longAgo = new Date(clock.now().getTime() - 4 * 24 * 3600_000).toISOString();
      await app.db.kysely.updateTable('mail_outbox').set({ created_at: longAgo, next_attempt_at: longAgo }).execute();
      await vi.waitFor(async () => expect((await outboxRows())[0]?.status).toBe('failed'));
      expect(smtp.received).toEqual([]);
      await expectNoTokenInOutbox(tokens);
    });

    it('keeps no token of a mail not sent because its entry unsubscribed meanwhile', async () => {
      const fibre = await createProvider('FibreCo');
      const layer = await createLayer(fibre);
      const confirmation = await joinAndConfirm({ provider_id: fibre });
      smtp.refuse(true);
      await greenGoesLive(layer);
      await vi.waitFor(async () => expect((await mailsOf('waitlist_live'))[0]?.attempts).toBe(1));
      const unsubscribeLink = linkIn(confirmation, 'unsubscribe');
      expect(await press(unsubscribeLink)).toBe('unsubscribed');
      smtp.refuse(false);
      clock.advance(30_000);
      await vi.waitFor(async () => expect((await mailsOf('waitlist_live'))[0]).toMatchObject({ status: 'failed', last_error: 'unsubscribed' }));
      await expectNoTokenInOutbox([tokenOf(linkIn(confirmation, 'confirm')), tokenOf(unsubscribeLink)]);
    });
  });

  it('deletes entries left unconfirmed for 7 days', async () => {
    await join({});
    clock.advance(2 * 24 * 3600_000);
    await join({ email: 'later@example.com' });
    clock.advance(5 * 24 * 3600_000 + 60_000);
    // The purge runs at start (then hourly), under its job lock.
    await app.restart();
    await vi.waitFor(async () => {
      const left = await app.db.kysely.selectFrom('waitlist_entries').select('email').execute();
      expect(left.map((row) => row.email)).toEqual(['later@example.com']);
    });
    // Their mails go with them (a queued one is never sent).
    const mails = await app.db.kysely.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).toEqual(['later@example.com']);
  });

  it('retries an e-mail the SMTP server refuses, with backoff, and sends it once it accepts', async () => {
    smtp.refuse(true);
    await join({});
    const row = () => app.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).attempts).toBe(1));
    const queuedAt = clock.now().getTime();
    expect(new Date((await row()).next_attempt_at).getTime()).toBe(queuedAt + 30_000);
    expect((await row()).status).toBe('pending');

    clock.advance(30_000);
    await vi.waitFor(async () => expect((await row()).attempts).toBe(2));
    expect(new Date((await row()).next_attempt_at).getTime()).toBe(queuedAt + 30_000 + 120_000);

    smtp.refuse(false);
    clock.advance(120_000);
    await vi.waitFor(async () => expect((await row()).status).toBe('sent'));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.refused()).toBe(2);
  });

  it('pre-registers in a zone for its provider, counts the confirmation toward the goal, and refuses a spot outside it', async () => {
    const fibre = await createProvider('FibreCo');
    const d = 0.02;
    const ring = [
      [IN_GREEN.lng - d, IN_GREEN.lat - d],
      [IN_GREEN.lng + d, IN_GREEN.lat - d],
      [IN_GREEN.lng + d, IN_GREEN.lat + d],
      [IN_GREEN.lng - d, IN_GREEN.lat + d],
      [IN_GREEN.lng - d, IN_GREEN.lat - d],
    ];
    const created = await admin('POST', '/api/zones', {
      name: 'Stellenbosch',
      provider_id: fibre,
      goal: 1,
      geometry: { type: 'Polygon', coordinates: [ring] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const zoneId = created.json().data.id;

    const outside = await join({ zone_id: zoneId, name: 'Naledi', lat: IN_GREEN.lat + 0.5 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('This address is outside the zone');

    const confirmation = await joinAndConfirm({ zone_id: zoneId, name: 'Naledi' });
    expect(confirmation.parsed.subject).toBe('Please confirm your pre-registration');
    expect(confirmation.parsed.text).toContain('your pre-registration in Stellenbosch (FibreCo)');
    const entry = await app.db.kysely.selectFrom('waitlist_entries').selectAll().executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ provider_id: fibre, zone_id: zoneId, name: 'Naledi', status: 'confirmed' });
    const zone = await app.db.kysely.selectFrom('zones').select('goal_reached_at').executeTakeFirstOrThrow();
    expect(zone.goal_reached_at).not.toBeNull();
  });

  it('refuses bad input with the leads rules and clear messages', async () => {
    const fibre = await createProvider('FibreCo');
    const message = async (body: Record<string, unknown>) => {
      const response = await join(body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    expect(await message({ email: 'not-an-address' })).toContain('Please enter a valid email address');
    expect(await message({ email: '' })).toContain('Email is required');
    expect(await message({ phone: '12' })).toContain('phone');
    expect(await message({ consent: false })).toContain(WAITLIST_CONSENT_MESSAGE);
    expect(await message({ consent: undefined })).toContain(WAITLIST_CONSENT_MESSAGE);
    expect(await message({ address: '' })).toContain('Address is required');
    expect(await message({ lat: 95 })).toContain('lat must be between -90 and 90');
    expect(await message({ provider_id: fibre + 100 })).toContain('Provider not found');
    expect(await message({ zone_id: 999, name: 'Naledi' })).toContain('Zone not found');
    expect(await message({ zone_id: 1 })).toContain('Name is required');
    expect(await app.db.kysely.selectFrom('waitlist_entries').selectAll().execute()).toHaveLength(0);

    // The honeypot answers like success and stores nothing.
    expect((await join({ website: 'http://spam.example' }, '10.0.0.9')).json().message).toBe(WAITLIST_JOINED);
    expect(await app.db.kysely.selectFrom('waitlist_entries').selectAll().execute()).toHaveLength(0);
  });

  it('answers the admin: summary, filtered pages, CSV, points and delete', async () => {
    const fibre = await createProvider('FibreCo');
    await joinAndConfirm({ provider_id: fibre, phone: '+27 82 555 0101', address: '=HYPERLINK("x")' });
    await join({ email: 'any@example.com' });

    const summary = (await admin('GET', '/api/waitlist/summary')).json().data;
    expect(summary).toEqual(
      expect.arrayContaining([
        { provider_id: fibre, provider_name: 'FibreCo', pending: 0, confirmed: 1, unsubscribed: 0, notified: 0 },
        { provider_id: null, provider_name: 'Any provider', pending: 1, confirmed: 0, unsubscribed: 0, notified: 0 },
      ]),
    );
    const page = (await admin('GET', `/api/waitlist?provider_id=${fibre}&status=confirmed&page=1&page_size=10`)).json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ provider_name: 'FibreCo', email: 'naledi@example.com', status: 'confirmed', notified_at: null, zone_id: null });
    expect((await admin('GET', '/api/waitlist?provider_id=0')).json().data.items.map((e: { email: string }) => e.email)).toEqual(['any@example.com']);
    expect((await admin('GET', '/api/waitlist?page_size=500')).statusCode).toBe(400);

    const csv = await admin('GET', '/api/waitlist/export?status=confirmed');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`'=HYPERLINK(""x"")`);
    expect(csv.body).toContain('00 27 82 555 0101');
    expect(csv.body).not.toContain('any@example.com');

    expect((await admin('GET', '/api/waitlist/points')).json().data).toEqual([{ ...IN_GREEN, provider_id: fibre, zone_id: null }]);
    const id = page.items[0].id;
    expect((await admin('DELETE', `/api/waitlist/${id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/waitlist/${id}`)).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: '/api/waitlist/summary' })).statusCode).toBe(401);
  });
});
