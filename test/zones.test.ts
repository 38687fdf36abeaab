import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { ZONE_PROVIDER_LOCKED_MESSAGE, ZONE_RING_CLOSED_MESSAGE, ZONE_TOO_MANY_VERTICES_MESSAGE } from '../src/common/api/zones.js';
import { EventOutbox } from '../src/server/outbox/eventOutbox.js';
import { MailOutbox } from '../src/server/outbox/mailOutbox.js';
import { ManualClock } from '../src/server/testing/manualClock.js';
import { ZoneGoals } from '../src/server/zones/zoneGoals.js';
import { ZoneListVersion } from '../src/server/zones/zoneListVersion.js';
import { ZoneRepository } from '../src/server/zones/zoneRepository.js';
import { type MultipartFile, multipartBody } from './support/multipart.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/** A square of about 11 km around Bredasdorp, [lng, lat]. */
const SQUARE: [number, number][] = [
  [20.0, -34.6],
  [20.1, -34.6],
  [20.1, -34.5],
  [20.0, -34.5],
  [20.0, -34.6],
];
const BOW_TIE: [number, number][] = [
  [20.0, -34.6],
  [20.1, -34.5],
  [20.1, -34.6],
  [20.0, -34.5],
  [20.0, -34.6],
];
const polygon = (ring: [number, number][]) => ({ type: 'Polygon' as const, coordinates: [ring] });
/** A closed ring of `count` vertices on a circle of about 5 km, rounded to 5 decimals. */
function circle(count: number): [number, number][] {
  const ring = Array.from({ length: count }, (_, k): [number, number] => [
    Number((20.05 + 0.05 * Math.cos((2 * Math.PI * k) / count)).toFixed(5)),
    Number((-34.55 + 0.05 * Math.sin((2 * Math.PI * k) / count)).toFixed(5)),
  ]);
  return [...ring, ring[0]!];
}
const kmlOf = (ring: [number, number][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Zone</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring
    .map(([lng, lat]) => `${lng},${lat},0`)
    .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
const file = (filename: string, bytes: Uint8Array | string): MultipartFile => ({
  field: 'file',
  filename,
  contentType: 'application/octet-stream',
  bytes: Buffer.from(typeof bytes === 'string' ? strToU8(bytes) : bytes),
});

describe.each(databaseKinds())('zones on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  async function createProvider(name: string): Promise<number> {
    const { payload, headers } = multipartBody({ name });
    const response = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  async function createZone(fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await send('POST', '/api/zones', { name: 'Bredasdorp', goal: 3, geometry: polygon(SQUARE), ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  let entries = 0;
  /** A waitlist entry written straight into the table, as the waitlist will write it. */
  async function addEntry(zoneId: number, providerId: number, status: 'pending' | 'confirmed' | 'unsubscribed', trx = app.db.kysely) {
    entries += 1;
    await trx
      .insertInto('waitlist_entries')
      .values({
        provider_id: providerId,
        zone_id: zoneId,
        name: `Person ${entries}`,
        email: `person${entries}@example.com`,
        phone: null,
        address: `${entries} Long Street`,
        lat: -34.55,
        lng: 20.05,
        status,
        dedupe_key: `key-${entries}`,
        confirm_token_hash: `confirm-${entries}`,
        unsubscribe_token_hash: `unsubscribe-${entries}`,
        consent_at: '2026-11-20T08:00:00.000Z',
        created_at: '2026-11-20T08:00:00.000Z',
        confirmed_at: status === 'confirmed' ? '2026-11-20T09:00:00.000Z' : null,
      })
      .execute();
  }

  let visitors = 0;
  /** A visitor pre-registers in the zone through the public route and presses the button of the e-mailed confirmation link's page (its POST). */
  async function joinAndConfirm(zoneId: number): Promise<void> {
    visitors += 1;
    const email = `visitor${visitors}@example.com`;
    const joined = await app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { zone_id: zoneId, name: `Visitor ${visitors}`, email, address: `${visitors} Church Street`, lat: -34.55, lng: 20.05, consent: true },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const mail = await app.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const link = /\/api\/waitlist\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail.text_body)?.[0];
    expect(link, mail.text_body).toBeDefined();
    expect((await app.server.inject({ method: 'POST', url: link! })).json().data.outcome).toBe('confirmed');
  }

  it('adds, lists, changes and deletes zones; the public list shows active ones without a token', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const zone = await createZone({ provider_id: providerId, deadline: '2027-03-31', message: 'Help bring fibre to Bredasdorp' });
    expect(zone).toMatchObject({
      name: 'Bredasdorp',
      provider_id: providerId,
      provider_name: 'Overberg Fibre',
      goal: 3,
      confirmed_count: 0,
      deadline: '2027-03-31',
      message: 'Help bring fibre to Bredasdorp',
      active: true,
      goal_reached_at: null,
      vertex_count: 4,
      geometry: polygon(SQUARE),
    });
    const hidden = await createZone({ provider_id: providerId, name: 'Napier', active: false });

    const all = await send('GET', '/api/zones/all');
    expect(all.json().data.map((z: { name: string }) => z.name)).toEqual(['Bredasdorp', 'Napier']);
    const open = await app.server.inject({ method: 'GET', url: '/api/zones' });
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toEqual([
      {
        id: zone.id,
        name: 'Bredasdorp',
        provider_id: providerId,
        provider_name: 'Overberg Fibre',
        goal: 3,
        confirmed_count: 0,
        deadline: '2027-03-31',
        message: 'Help bring fibre to Bredasdorp',
        geometry: polygon(SQUARE),
      },
    ]);

    const changed = await send('PUT', `/api/zones/${zone.id}`, { goal: 200, deadline: null, message: '', geometry: polygon(circle(64)) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Bredasdorp', goal: 200, deadline: null, message: null, vertex_count: 64 });
    await send('PUT', `/api/zones/${hidden.id}`, { active: true });
    expect((await app.server.inject({ method: 'GET', url: '/api/zones' })).json().data).toHaveLength(2);

    expect((await send('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/zones/${zone.id}`, { goal: 5 })).statusCode).toBe(404);
    expect((await send('GET', '/api/zones/all')).json().data.map((z: { id: number }) => z.id)).toEqual([hidden.id]);
  });

  it('counts confirmed pre-registrations only, per zone, and answers 304 while nothing moved', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const first = await createZone({ provider_id: providerId, name: 'Arniston' });
    const second = await createZone({ provider_id: providerId, name: 'Struisbaai' });
    await addEntry(first.id as number, providerId, 'confirmed');
    await addEntry(first.id as number, providerId, 'confirmed');
    await addEntry(first.id as number, providerId, 'pending');
    await addEntry(first.id as number, providerId, 'unsubscribed');
    await addEntry(second.id as number, providerId, 'confirmed');

    const listed = await app.server.inject({ method: 'GET', url: '/api/zones' });
    expect(listed.json().data.map((z: { name: string; confirmed_count: number }) => [z.name, z.confirmed_count])).toEqual([
      ['Arniston', 2],
      ['Struisbaai', 1],
    ]);
    const etag = listed.headers.etag as string;
    expect(listed.headers['cache-control']).toBe('public, no-cache');
    const again = await app.server.inject({ method: 'GET', url: '/api/zones', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await joinAndConfirm(second.id as number);
    const moved = await app.server.inject({ method: 'GET', url: '/api/zones', headers: { 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data[1].confirmed_count).toBe(2);
  });

  it('answers the public list it built without reading the database again, until a zone is written or an entry confirmed here', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const zone = await createZone({ provider_id: providerId, name: 'Arniston' });
    const reads = vi.spyOn(ZoneRepository.prototype, 'list');
    const publicList = (headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url: '/api/zones', headers });
    try {
      const first = await publicList();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const again = await publicList();
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('public, no-cache');
      const unchanged = await publicList({ 'if-none-match': first.headers.etag as string });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers['cache-control']).toBe('public, no-cache');
      expect(reads).toHaveBeenCalledTimes(1);

      expect((await send('PUT', `/api/zones/${zone.id}`, { name: 'Struisbaai' })).statusCode).toBe(200);
      expect((await publicList()).json().data[0].name).toBe('Struisbaai');
      expect(reads).toHaveBeenCalledTimes(2);

      await joinAndConfirm(zone.id as number);
      const confirmed = await publicList({ 'if-none-match': first.headers.etag as string });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data[0].confirmed_count).toBe(1);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses an outline over 50,000 vertices, one that crosses itself, an open ring and an unknown provider', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const post = (fields: Record<string, unknown>) => send('POST', '/api/zones', { name: 'Bredasdorp', goal: 3, provider_id: providerId, ...fields });

    const tooMany = await post({ geometry: polygon(circle(50_001)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(ZONE_TOO_MANY_VERTICES_MESSAGE);
    const crossing = await post({ geometry: polygon(BOW_TIE) });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json().message).toBe("The zone's outline crosses itself near -34.55000, 20.05000");
    const open = await post({ geometry: polygon(SQUARE.slice(0, 4)) });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe(ZONE_RING_CLOSED_MESSAGE);
    const noProvider = await post({ geometry: polygon(SQUARE), provider_id: providerId + 100 });
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().message).toBe('Provider not found');

    const zone = await createZone({ provider_id: providerId });
    const crossingUpdate = await send('PUT', `/api/zones/${zone.id}`, { geometry: { type: 'MultiPolygon', coordinates: [[SQUARE], [BOW_TIE]] } });
    expect(crossingUpdate.statusCode).toBe(400);
    expect(crossingUpdate.json().message).toBe("The zone's outline crosses itself near -34.55000, 20.05000");
    expect((await send('GET', '/api/zones/all')).json().data[0].geometry).toEqual(polygon(SQUARE));

    const largest = await post({ geometry: polygon(circle(50_000)) });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().data.vertex_count).toBe(50_000);
  });

  it('reads a KML, KMZ or GeoJSON file into a MultiPolygon without saving it, and refuses a crossing one', async () => {
    const upload = (part?: MultipartFile) => {
      const body = multipartBody({}, part);
      return app.server.inject({ method: 'POST', url: '/api/zones/geometry-from-file', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    const expected = { type: 'MultiPolygon', coordinates: [[SQUARE]] };
    const geoJson = JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon(SQUARE) });
    for (const part of [file('zone.kml', kmlOf(SQUARE)), file('zone.kmz', zipSync({ 'doc.kml': strToU8(kmlOf(SQUARE)) })), file('zone.geojson', geoJson)]) {
      const response = await upload(part);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.geometry).toEqual(expected);
    }
    expect((await send('GET', '/api/zones/all')).json().data).toEqual([]);

    const crossing = await upload(file('zone.kml', kmlOf(BOW_TIE)));
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json().message).toBe("The zone's outline crosses itself near -34.55000, 20.05000");
    const notAFile = await upload(file('zone.txt', 'just words'));
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json().message).toBe('The file must be KML, KMZ or GeoJSON');
    const none = await upload();
    expect(none.statusCode).toBe(400);
  });

  it('keeps the provider of a zone that has pre-registrations of any status', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const other = await createProvider('Cape Wireless');
    const zone = await createZone({ provider_id: providerId });
    await addEntry(zone.id as number, providerId, 'unsubscribed');

    const moved = await send('PUT', `/api/zones/${zone.id}`, { provider_id: other, goal: 9 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ success: false, message: ZONE_PROVIDER_LOCKED_MESSAGE });
    expect((await send('GET', '/api/zones/all')).json().data[0]).toMatchObject({ provider_id: providerId, goal: 3 });
    const kept = await send('PUT', `/api/zones/${zone.id}`, { provider_id: providerId, goal: 9 });
    expect(kept.statusCode, kept.body).toBe(200);

    await app.db.kysely.deleteFrom('waitlist_entries').execute();
    const free = await send('PUT', `/api/zones/${zone.id}`, { provider_id: other });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data).toMatchObject({ provider_id: other, provider_name: 'Cape Wireless' });
  });

  it('deletes the zones of a deleted provider', async () => {
    const providerId = await createProvider('Overberg Fibre');
    const other = await createProvider('Cape Wireless');
    await createZone({ provider_id: providerId });
    const kept = await createZone({ provider_id: other, name: 'Elim' });
    expect((await send('DELETE', `/api/providers/${providerId}`)).statusCode).toBe(200);
    expect((await send('GET', '/api/zones/all')).json().data.map((z: { id: number }) => z.id)).toEqual([kept.id]);
  });

  describe('goal reached', () => {
    const LEADS_EMAIL = 'sales@example.com';
    const clock = new ManualClock(new Date('2026-11-25T10:00:00.000Z'));
    const goalsOf = () =>
      new ZoneGoals({
        repository: new ZoneRepository(app.db.kysely, app.db.dialect),
        mail: new MailOutbox(clock),
        events: new EventOutbox(clock),
        leadsEmail: LEADS_EMAIL,
        clock,
        listVersion: new ZoneListVersion(),
      });
    const mails = () => app.db.kysely.selectFrom('mail_outbox').selectAll().execute();
    const events = () => app.db.kysely.selectFrom('webhook_events').selectAll().execute();

    it('tells LEADS_EMAIL and the webhooks once, when the confirmed count first reaches the goal', async () => {
      const goals = goalsOf();
      const providerId = await createProvider('Overberg <Fibre>');
      const zone = await createZone({ provider_id: providerId, name: 'Bredasdorp & Napier', goal: 2, deadline: '2027-03-31' });
      const confirm = () =>
        app.db.kysely.transaction().execute(async (trx) => {
          await addEntry(zone.id as number, providerId, 'confirmed', trx);
          await goals.entryConfirmed(zone.id as number, trx);
        });

      await confirm();
      expect(await mails()).toEqual([]);
      await confirm();
      await confirm();

      const [mail, ...moreMail] = await mails();
      expect(moreMail).toEqual([]);
      expect(mail).toMatchObject({
        kind: 'zone_goal_reached',
        to_address: LEADS_EMAIL,
        status: 'pending',
        subject: 'Zone goal reached: Bredasdorp & Napier (2 of 2)',
      });
      expect(mail!.text_body).toContain('"Bredasdorp & Napier" of Overberg <Fibre>');
      expect(mail!.html_body).toContain('&quot;Bredasdorp &amp; Napier&quot; of Overberg &lt;Fibre&gt;');
      const [event, ...moreEvents] = await events();
      expect(moreEvents).toEqual([]);
      expect(event!.type).toBe('zone.goal_reached');
      expect(JSON.parse(event!.payload_json)).toEqual({
        zone: {
          id: zone.id,
          name: 'Bredasdorp & Napier',
          provider_id: providerId,
          goal: 2,
          confirmed_count: 2,
          deadline: '2027-03-31',
          reached_at: '2026-11-25T10:00:00.000Z',
        },
      });
      expect((await send('GET', '/api/zones/all')).json().data[0]).toMatchObject({ confirmed_count: 3, goal_reached_at: '2026-11-25T10:00:00.000Z' });
    });

    it.runIf(kind === 'postgres')('tells once when two confirmations at once reach the goal together', async () => {
      const goals = goalsOf();
      const providerId = await createProvider('Overberg Fibre');
      const zone = await createZone({ provider_id: providerId, goal: 2 });
      let arrive!: () => void;
      let arrived = 0;
      const bothInserted = new Promise<void>((resolve) => (arrive = resolve));
      // Both transactions insert their confirmed entry before either counts: neither sees the other's row until it commits.
      const confirm = () =>
        app.db.kysely.transaction().execute(async (trx) => {
          await addEntry(zone.id as number, providerId, 'confirmed', trx);
          arrived += 1;
          if (arrived === 2) arrive();
          await bothInserted;
          await goals.entryConfirmed(zone.id as number, trx);
        });
      await Promise.all([confirm(), confirm()]);

      expect((await mails()).map((mail) => mail.kind)).toEqual(['zone_goal_reached']);
      expect((await events()).map((event) => event.type)).toEqual(['zone.goal_reached']);
      expect(JSON.parse((await events())[0]!.payload_json).zone.confirmed_count).toBe(2);
    });
  });
});
