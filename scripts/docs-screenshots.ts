/**
 * Retakes the screenshots of docs/admin-guide.md into docs/images/.
 *
 *   npm run build && npx tsx scripts/docs-screenshots.ts
 *
 * Starts the built app (dist/web) on a loopback port with a fresh SQLite database in a temporary
 * DATA_DIR, fills it with sample data through the API (two providers, a fibre coverage layer,
 * three towers near Cape Town, searches and leads over the last days), signs in as the admin and
 * photographs each admin screen at 1280x800 in Debian's Chromium (or CHROMIUM_PATH). Map tiles
 * point at a closed port, so nothing is fetched from the internet: maps show their overlays on a
 * blank background.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.js';
import { capeTownFibreLayerForm } from '../test/support/kml.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer, createTestApp, ManualClock, signIn, type TestApp } from '../test/support/testApp.js';

const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'images');
const CLOSED_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const DAY_MS = 86_400_000;
const VIEWPORT = { width: 1280, height: 800 };

const KLOOF = { address: 'Kloof Street, Gardens, Cape Town', lat: -33.9, lng: 18.4 };
const HERMANUS = { address: 'Hermanus', lat: -34.42, lng: 19.23 };
const GEORGE = { address: 'George', lat: -33.96, lng: 22.46 };

async function seed(app: TestApp, clock: ManualClock, token: string): Promise<void> {
  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ method, url, payload: payload as never, headers: { ...bearer(token), ...headers } });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const fibre = multipartBody({
    name: 'Overberg Fibre',
    description: 'Fibre to the home',
    signup_url: 'https://overberg.example/signup',
    contact_email: 'sales@overberg.example',
    contact_phone: '021 555 0100',
  });
  const fibreId: number = (await call('POST', '/api/providers', fibre.payload, fibre.headers)).id;
  const wisp = multipartBody({ name: 'Cape Wireless', description: 'Fixed wireless', contact_email: 'hello@capewireless.example' });
  await call('POST', '/api/providers', wisp.payload, wisp.headers);
  const layer = capeTownFibreLayerForm(fibreId);
  await call('POST', '/api/coverage_layers', layer.payload, layer.headers);
  const towers = [
    {
      name: 'Table Mountain',
      code: 'TM-01',
      latitude: -33.9628,
      longitude: 18.4037,
      height_meters: 30,
      antenna_height_meters: 4,
      coverage_radius_km: 12,
      active: true,
    },
    { name: 'Signal Hill', code: 'SH-02', latitude: -33.9181, longitude: 18.3955, height_meters: 25, coverage_radius_km: 8, active: true },
    { name: 'Tygerberg', code: 'TB-03', latitude: -33.8802, longitude: 18.5986, height_meters: 40, coverage_radius_km: 15, active: false },
  ];
  for (const tower of towers) await call('POST', '/api/towers', tower);

  const isoDay = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const setClock = (daysAgo: number, hour: number) => {
    const target = Date.parse(`${isoDay(daysAgo)}T00:00:00.000Z`) + hour * 3_600_000;
    clock.advance(target - clock.now().getTime());
  };
  let session = 0;
  const search = async (place: typeof KLOOF): Promise<number> =>
    (await call('POST', '/api/log_search', { session_id: `sample-session-${(session += 1)}`, search_type: 'address', ...place, coverage_providers: [] })).id;
  const days: [number, (typeof KLOOF)[]][] = [
    [12, [KLOOF, GEORGE, GEORGE]],
    [9, [KLOOF, KLOOF, HERMANUS]],
    [6, [GEORGE, KLOOF, KLOOF, KLOOF]],
    [3, [HERMANUS, KLOOF, GEORGE]],
    [1, [KLOOF, KLOOF, HERMANUS, KLOOF]],
  ];
  let first = 0;
  for (const [daysAgo, places] of days) {
    setClock(daysAgo, 9);
    for (const place of places) first = await search(place);
  }
  setClock(9, 11);
  await call('POST', '/api/submit_lead', {
    provider_id: 0,
    lead_type: 'contact_request',
    name: 'Pieter van Wyk',
    email: 'pieter@example.com',
    message: 'When will you cover George?',
  });
  setClock(1, 10);
  await call('POST', '/api/submit_lead', {
    search_id: first,
    provider_id: fibreId,
    lead_type: 'sign_up',
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    phone: '082 555 0101',
    message: 'Please call me after 5pm.',
  });
  clock.advance(Date.now() - clock.now().getTime());
  // The team: a sales viewer who accepted an invitation, and a provider editor's invitation still waiting.
  const viewerInvitation = await call('POST', '/api/users/invitations', { email: 'sales@overberg.example', role: 'viewer' });
  const invitationToken = new URL(viewerInvitation.invitation_url as string).searchParams.get('token');
  const accepted = await app.server.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token: invitationToken, username: 'lindiwe', password: 'Kelp-Forest-Tide-88' },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  await call('POST', '/api/users/invitations', { email: 'noc@overberg.example', role: 'provider_editor', provider_ids: [fibreId] });
}

async function shoot(page: Page, name: string): Promise<void> {
  // Let requests, dialog transitions and the map settle: the network quiet, no animation running, then a frame.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`) });
  console.log(`docs/images/${name}.png`);
}

/** Waits (up to 60 s) until no tower footprint is being computed, so the tower screens show them ready. */
async function waitForFootprints(app: TestApp, token: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const states = (await app.server.inject({ method: 'GET', url: '/api/towers/footprints', headers: bearer(token) })).json().data as { status: string }[];
    if (states.length > 0 && !states.some((state) => state.status === 'computing')) return;
  }
  throw new Error('the tower footprints were still being computed after 60 s');
}

async function main(): Promise<void> {
  fs.mkdirSync(IMAGES, { recursive: true });
  const clock = new ManualClock(new Date());
  const app = await createTestApp('sqlite', {
    env: { BASEMAP_TILES_URL: CLOSED_TILES, LOS_TERRAIN_TILES_URL: CLOSED_TILES, LOS_SATELLITE_TILES_URL: CLOSED_TILES, LOS_LABELS_TILES_URL: CLOSED_TILES },
    deps: { clock },
  });
  const browser = await launchChromium();
  try {
    const token = await signIn(app);
    await seed(app, clock, token);
    await waitForFootprints(app, token);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
    const baseURL = `http://127.0.0.1:${address.port}`;

    const anonymous = await browser.newContext({ baseURL, viewport: VIEWPORT, timezoneId: 'UTC' });
    const visitor = await anonymous.newPage();
    await visitor.goto('/admin/login');
    await visitor
      .getByRole('button', { name: /sign in|log ?in/i })
      .first()
      .waitFor();
    await shoot(visitor, 'login');
    await visitor.goto('/');
    await visitor.getByRole('combobox', { name: 'Search address or coordinates' }).fill('-33.93, 18.45');
    await visitor.getByRole('option', { name: 'Coordinates -33.93000, 18.45000' }).click();
    await visitor.getByRole('dialog', { name: 'Coverage Results' }).getByText('Overberg Fibre').first().waitFor();
    await shoot(visitor, 'public-map-results');
    await anonymous.close();

    const admin = await browser.newContext({ baseURL, viewport: VIEWPORT, timezoneId: 'UTC' });
    await admin.addInitScript((value) => localStorage.setItem('auth_token', value), await signIn(app));
    const page = await admin.newPage();
    const screens: [string, string, string][] = [
      ['dashboard', '/admin/dashboard', 'Total Searches'],
      ['providers', '/admin/providers', 'Cape Wireless'],
      ['coverage', '/admin/coverage', 'Cape Town fibre'],
      ['towers', '/admin/towers', 'Signal Hill'],
      ['reports', '/admin/reports', 'Overberg Fibre'],
      ['leads', '/admin/leads', 'Thandi Mokoena'],
      ['embed-generator', '/admin/embed', 'Embed URL'],
      ['settings', '/admin/settings', 'Public map'],
      ['account', '/admin/account', 'Two-factor sign-in'],
      ['users', '/admin/users', 'lindiwe'],
      ['audit-log', '/admin/audit', 'Invitation'],
    ];
    for (const [name, url, text] of screens) {
      await page.goto(url);
      await page.getByText(text).first().waitFor();
      await shoot(page, name);
    }

    await page.goto('/admin/providers');
    await page.getByRole('button', { name: /add provider/i }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'provider-dialog');

    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Add Coverage Layer' }).click();
    await page.getByRole('dialog', { name: 'Add New Coverage Layer' }).waitFor();
    await shoot(page, 'coverage-layer-dialog');

    await page.goto('/admin/line-of-sight');
    await page.getByRole('textbox', { name: 'Search location' }).fill('-33.93, 18.42');
    await page.getByRole('button', { name: 'Analyze LOS' }).click();
    await page.getByRole('list', { name: 'Line of sight results' }).getByText('OPTIMAL', { exact: true }).waitFor();
    await shoot(page, 'line-of-sight');
    await admin.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
