import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fibreKml, GREEN, ORANGE } from '../test/support/kml.js';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer, signIn } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

/** Points (degrees) around fibreKml's orange "Gardens" square: 18.37..18.47 E, 33.87..33.97 S, with a hole 18.41..18.43 E, 33.91..33.93 S. */
const IN_ORANGE = { lat: -33.93, lng: 18.45 };
const IN_ORANGE_NORTH = { lat: -33.9, lng: 18.45 };
const IN_HOLE = { lat: -33.92, lng: 18.42 };
/** IN_ORANGE typed as degrees-minutes-seconds. */
const IN_ORANGE_DMS = `33°55'48"S 18°27'0"E`;
/** The zoom the map flies to for a searched place (coverage-check/messages.ts RESULT_ZOOM). */
const RESULT_ZOOM = 13;
const SIGNUP_URL = 'https://overberg.example/signup';
const NO_COVERAGE = 'No coverage available at this location yet. Check back later!';

/** Web Mercator position in CSS pixels at `zoom` (MapLibre's world is 512 px wide at zoom 0). */
function worldPixel(point: { lat: number; lng: number }, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

describe.runIf(browserAvailable())('public map: search, coverage check and leads', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let geocoder: LocalServer;
  let live: LiveApp;
  let context: BrowserContext;
  let page: Page;
  let providerId: number;
  /** Every /api path the page called, to show what did (not) reach the server. */
  let apiCalls: string[];

  beforeAll(async () => {
    // A Nominatim-compatible place search standing in for the upstream geocoder.
    geocoder = await startLocalServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      res.setHeader('content-type', 'application/json');
      const places = /kloof/i.test(q) ? [{ display_name: 'Kloof Street, Gardens, Cape Town', lat: String(IN_ORANGE.lat), lon: String(IN_ORANGE.lng) }] : [];
      res.end(JSON.stringify(places));
    });
  });
  afterAll(async () => {
    await geocoder?.close();
  });

  beforeEach(async () => {
    live = await startLiveApp({ ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: geocoder.url });
    const token = await signIn(live.app);
    const provider = multipartBody({ name: 'Overberg Fibre', signup_url: SIGNUP_URL, contact_email: 'sales@overberg.example' });
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    providerId = created.json().data.id;
    const mappings = JSON.stringify([
      { color: ORANGE.hex, status: 'live', description: 'Live fibre' },
      { color: GREEN.hex, status: 'in_progress', description: 'Being built' },
    ]);
    const layer = multipartBody(
      { name: 'Cape Town fibre', provider_id: String(providerId), services: 'Fibre, LTE', color_mappings: mappings },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const stored = await live.app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      payload: layer.payload,
      headers: { ...layer.headers, ...bearer(token) },
    });
    expect(stored.statusCode, stored.body).toBe(200);

    // Reduced motion makes MapLibre jump instead of flying, so the map is where the test expects.
    context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    apiCalls = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
  });
  afterEach(async () => {
    await context?.close();
    await live?.close();
  });

  const searchBox = () => page.getByRole('combobox', { name: 'Search address or coordinates' });
  const results = () => page.getByRole('dialog', { name: 'Coverage Results' });
  const leadDialog = () => page.getByRole('dialog', { name: 'Contact Provider' });
  const providerItem = () => results().getByRole('listitem', { name: 'Overberg Fibre' });

  async function openMap(path = '/'): Promise<void> {
    await page.goto(path);
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
  }

  /** Clicks the map at `point`, knowing the map is centred on `center` at `zoom`. */
  async function clickMapAt(point: { lat: number; lng: number }, center: { lat: number; lng: number }, zoom: number): Promise<void> {
    const box = await page.getByRole('region', { name: 'Coverage map' }).boundingBox();
    if (!box) throw new Error('the map has no size');
    const target = worldPixel(point, zoom);
    const middle = worldPixel(center, zoom);
    await page.mouse.click(box.x + box.width / 2 + (target.x - middle.x), box.y + box.height / 2 + (target.y - middle.y));
  }

  async function closeResults(): Promise<void> {
    await results().getByRole('button', { name: 'Close' }).click();
    await results().waitFor({ state: 'hidden' });
  }

  /** The stored search logs, each with the ids of the providers it found. */
  async function searchLogs() {
    const db = live.app.db.kysely;
    const logs = await db.selectFrom('search_logs').selectAll().orderBy('id').execute();
    const found = await db.selectFrom('search_log_providers').select(['search_log_id', 'provider_id']).orderBy('provider_id').execute();
    return logs.map((log) => ({ ...log, provider_ids: found.filter((row) => row.search_log_id === log.id).map((row) => row.provider_id) }));
  }

  async function leads() {
    return live.app.db.kysely.selectFrom('leads').selectAll().orderBy('id').execute();
  }

  it('draws the status legend and finds a place by name from the suggestions', async () => {
    await openMap('/map');
    const legend = page.getByRole('region', { name: 'Coverage', exact: true });
    for (const label of ['Live Service', 'In Progress', 'Coming Soon', 'Unknown']) await legend.getByText(label, { exact: true }).waitFor();

    await searchBox().fill('Kloof Street');
    await page.getByRole('option', { name: 'Kloof Street, Gardens, Cape Town' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'public map with address suggestions');
    await page.getByRole('option', { name: 'Kloof Street, Gardens, Cape Town' }).click();
    await providerItem().waitFor();
    const item = await providerItem().textContent();
    for (const text of ['Overberg Fibre', 'Live Service', 'Fibre', 'LTE']) expect(item).toContain(text);
    expect(await providerItem().getByRole('button', { name: 'Sign Up' }).count()).toBe(1);
    expect(await providerItem().getByRole('button', { name: 'Contact' }).count()).toBe(1);
    await results().getByText('Kloof Street, Gardens, Cape Town').waitFor();
    await expectNoSeriousA11yViolations(page, 'public map with coverage results');

    // One search log, for an address search, with the provider found and the session of the visit.
    await expect.poll(async () => (await searchLogs()).length).toBe(1);
    const [log] = await searchLogs();
    expect(log).toMatchObject({ search_type: 'address', address: 'Kloof Street, Gardens, Cape Town', action_taken: 'no_action' });
    expect(log?.provider_ids).toEqual([providerId]);
    expect(log?.session_id.length).toBeGreaterThanOrEqual(8);
  });

  it('tries a suggestion call that gets no answer 2 more times, then says search is unavailable', async () => {
    await openMap();
    // The network drops every suggestion call, as a timed-out or aborted request would end.
    const attempts: number[] = [];
    await page.route('**/api/search_addresses?*', (route) => {
      attempts.push(Date.now());
      return route.abort('timedout');
    });
    await searchBox().fill('Kloof');
    await page.getByText('Address search temporarily unavailable. Please try again.', { exact: true }).waitFor({ timeout: 10_000 });
    expect(attempts).toHaveLength(3);
    // The retries wait 1 s and then 2 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(950);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1950);
  });

  it('finds a built-in place by name with Enter, and reports a place it cannot find', async () => {
    await openMap();
    await searchBox().fill('Roodepoort');
    await searchBox().press('Enter');
    await results().getByText(NO_COVERAGE).waitFor();
    await closeResults();

    await searchBox().fill('Nowhere-at-all-xyz');
    await searchBox().press('Enter');
    await page.getByText('Could not find the specified address', { exact: true }).waitFor();
  });

  it('reads degrees-minutes-seconds without the server, and checks map clicks inside and outside coverage', async () => {
    await openMap();
    await searchBox().fill('-95, 18');
    await page.getByText('Latitude must be between -90 and 90', { exact: true }).waitFor();

    await searchBox().fill(IN_ORANGE_DMS);
    await page.getByRole('option', { name: 'Coordinates -33.93000, 18.45000' }).waitFor();
    await searchBox().press('Enter');
    await providerItem().getByText('Live Service').waitFor();
    await closeResults();
    expect(apiCalls.filter((path) => path.startsWith('/api/search_addresses') || path.startsWith('/api/geocode'))).toEqual([]);
    await page.getByRole('img', { name: 'Selected location' }).waitFor();

    // The map is now centred on the searched point at the result zoom; the hole has no coverage.
    await clickMapAt(IN_HOLE, IN_ORANGE, RESULT_ZOOM);
    await results().getByText(NO_COVERAGE).waitFor();
    await results().getByRole('button', { name: 'Contact Us' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'public map with no coverage');
    await closeResults();

    // A click centres the map on the clicked point; north of the hole is covered again.
    await clickMapAt(IN_ORANGE_NORTH, IN_HOLE, RESULT_ZOOM);
    await providerItem().getByText('Live Service').waitFor();
    await closeResults();

    const logs = await searchLogs();
    expect(logs.map((log) => [log.lat, log.lng, log.provider_ids])).toEqual([
      [IN_ORANGE.lat, IN_ORANGE.lng, [providerId]],
      [expect.closeTo(IN_HOLE.lat, 3), expect.closeTo(IN_HOLE.lng, 3), []],
      [expect.closeTo(IN_ORANGE_NORTH.lat, 3), expect.closeTo(IN_ORANGE_NORTH.lng, 3), [providerId]],
    ]);
    // Typed coordinates are an address search; a point clicked on the map is a map click.
    expect(logs.map((log) => log.search_type)).toEqual(['address', 'map_click', 'map_click']);
  });

  it('sends a sign-up lead linked to its search, then a general inquiry where there is no coverage', async () => {
    await openMap();
    await searchBox().fill(IN_ORANGE_DMS);
    await searchBox().press('Enter');
    // Sign Up says where signing up continues before the form is opened, and again on the form.
    await providerItem().getByText('Sign-up continues on overberg.example', { exact: true }).waitFor();
    expect(await providerItem().getByRole('button', { name: 'Sign Up' }).getAttribute('aria-describedby')).toBeTruthy();
    await providerItem().getByRole('button', { name: 'Sign Up' }).click();

    await leadDialog().getByText('Overberg Fibre').first().waitFor();
    expect(await leadDialog().getByText('You will continue on', { exact: false }).textContent()).toBe(
      'You will continue on overberg.example to finish signing up, after sending this request.',
    );
    expect(await leadDialog().getByRole('radio', { name: 'I want to sign up' }).isChecked()).toBe(true);
    // The honeypot is there for bots but not for people or screen readers.
    expect(await leadDialog().getByRole('textbox', { name: 'Website' }).count()).toBe(0);
    await leadDialog().getByRole('textbox', { name: 'Name' }).fill('Thandi Mokoena');
    await leadDialog().getByRole('textbox', { name: 'Email' }).fill('thandi@example.org');
    await leadDialog().getByRole('textbox', { name: 'Message' }).fill('Please connect my house.');
    await leadDialog().getByRole('button', { name: 'Submit Request' }).click();
    await leadDialog()
      .getByText(/Thank you!/)
      .waitFor();
    // Read before the accessibility check: the dialog closes 2 s after sending, and a loaded machine can take that long to check.
    expect(
      await leadDialog()
        .getByRole('link', { name: /sign-up page/ })
        .getAttribute('href'),
    ).toBe(SIGNUP_URL);
    await expectNoSeriousA11yViolations(page, 'lead form sent');
    // The dialog closes after 2 s and a search log with action contact_me is sent.
    // (The server marks the lead's own search as sign_up when it stores the lead.)
    await leadDialog().waitFor({ state: 'hidden', timeout: 5_000 });
    await expect.poll(async () => (await searchLogs()).map((log) => log.action_taken)).toEqual(['sign_up', 'contact_me']);
    const [search] = await searchLogs();
    const [signUp] = await leads();
    expect(signUp).toMatchObject({
      search_id: search?.id,
      provider_id: providerId,
      lead_type: 'sign_up',
      name: 'Thandi Mokoena',
      email: 'thandi@example.org',
      phone: null,
      message: 'Please connect my house.',
    });
    await closeResults();

    await clickMapAt(IN_HOLE, IN_ORANGE, RESULT_ZOOM);
    await results().getByRole('button', { name: 'Contact Us' }).click();
    await leadDialog().getByText('General Inquiry').waitFor();
    expect(await leadDialog().getByRole('radio', { name: 'I want to sign up' }).isDisabled()).toBe(true);
    expect(
      await leadDialog()
        .getByRole('radio', { name: /contact me/ })
        .isChecked(),
    ).toBe(true);
    await leadDialog().getByRole('textbox', { name: 'Name' }).fill('Sipho Dlamini');
    await leadDialog().getByRole('textbox', { name: 'Phone' }).fill('+27 (21) 555-0100');
    await leadDialog().getByRole('button', { name: 'Submit Request' }).click();
    await leadDialog()
      .getByText(/Thank you!/)
      .waitFor();
    await expect.poll(async () => (await leads()).length).toBe(2);
    const inquiry = (await leads())[1];
    const holeSearch = (await searchLogs()).find((log) => log.provider_ids.length === 0);
    expect(inquiry).toMatchObject({
      provider_id: null,
      lead_type: 'contact_request',
      name: 'Sipho Dlamini',
      email: null,
      phone: '+27 (21) 555-0100',
      search_id: holeSearch?.id,
    });
  });

  it('shows the lead form validation messages and sends nothing until they are fixed', async () => {
    await openMap();
    await searchBox().fill(IN_ORANGE_DMS);
    await searchBox().press('Enter');
    await providerItem().getByRole('button', { name: 'Contact' }).click();
    expect(
      await leadDialog()
        .getByRole('radio', { name: /contact me/ })
        .isChecked(),
    ).toBe(true);
    await leadDialog().getByText('Please give an email address or a phone number so we can reach you.').waitFor();

    await leadDialog().getByRole('button', { name: 'Submit Request' }).click();
    await leadDialog().getByText('Name is required', { exact: true }).waitFor();
    await leadDialog().getByRole('textbox', { name: 'Name' }).fill('A');
    await leadDialog().getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await leadDialog().getByRole('textbox', { name: 'Phone' }).fill('call me maybe');
    await leadDialog().getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Name must be at least 2 characters', 'Please enter a valid email address', 'Please enter a valid phone number']) {
      await leadDialog().getByText(message, { exact: true }).waitFor();
    }
    await expectNoSeriousA11yViolations(page, 'lead form with validation messages');
    expect(apiCalls).not.toContain('/api/submit_lead');
    expect(await leads()).toEqual([]);
  });

  it('checks the device location with My Location, and says when access is denied', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: IN_ORANGE.lat, longitude: IN_ORANGE.lng });
    await openMap();
    await page.getByRole('button', { name: 'My Location' }).click();
    await providerItem().getByText('Live Service').waitFor();
    await expect.poll(async () => (await searchLogs()).map((log) => log.search_type)).toEqual(['geolocation']);
    await closeResults();

    await context.clearPermissions();
    await page.getByRole('button', { name: 'My Location' }).click();
    await page.getByText('Location access denied by user', { exact: true }).waitFor();
  });

  it('runs the same check in /embed, with search=false hiding the search box', async () => {
    await openMap(`/embed?location=${IN_ORANGE.lat},${IN_ORANGE.lng}&zoom=${RESULT_ZOOM}&height=700px`);
    await searchBox().waitFor();
    await clickMapAt(IN_HOLE, IN_ORANGE, RESULT_ZOOM);
    await results().getByText(NO_COVERAGE).waitFor();
    await expectNoSeriousA11yViolations(page, 'embed with coverage results');
    await results().getByRole('button', { name: 'Contact Us' }).click();
    await leadDialog().getByText('General Inquiry').waitFor();
    await expectNoSeriousA11yViolations(page, 'embed with the lead form');

    await openMap('/embed?search=false&theme=dark');
    await page.getByRole('button', { name: 'My Location' }).waitFor();
    expect(await searchBox().count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'dark embed without search');
  });
});
