import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capeTownFibreLayerForm, kmlDocument, ORANGE, placemark, square, style } from '../test/support/kml.js';
import { multipartBody } from '../test/support/multipart.js';
import { teamUser } from '../test/support/teamUsers.js';
import { bearer, signIn } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

// A provider editor of Overberg Fibre on the Dashboard, Reports and Leads screens (issue 22): their
// provider's figures only, and none of the whole map's (coverage rate, uncovered demand, waitlist).

/** Inside Overberg Fibre's coverage (capeTownFibreLayerForm), inside Hermanus Air's, and in neither. */
const KLOOF = { address: 'Kloof Street, Gardens, Cape Town', lat: -33.9, lng: 18.4 };
const HERMANUS = { address: 'Hermanus', lat: -34.42, lng: 19.23 };
const GEORGE = { address: 'George', lat: -33.96, lng: 22.46 };

/**
 * Today: two searches at Kloof Street with a sign-up to Overberg Fibre, one at Hermanus with a
 * contact request to Hermanus Air, one at George with a general inquiry. The editor's token.
 */
async function seed(live: LiveApp): Promise<string> {
  const { app } = live;
  const owner = await signIn(app);
  const call = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ method: 'POST', url, payload: payload as never, headers: { ...bearer(owner), ...headers } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  const provider = async (name: string) => {
    const form = multipartBody({ name, signup_url: 'https://provider.example/signup' });
    return (await call('/api/providers', form.payload, form.headers)).id as number;
  };
  const fibre = await provider('Overberg Fibre');
  const fibreLayer = capeTownFibreLayerForm(fibre);
  await call('/api/coverage_layers', fibreLayer.payload, fibreLayer.headers);
  const air = await provider('Hermanus Air');
  const airLayer = multipartBody(
    {
      name: 'Hermanus',
      provider_id: String(air),
      services: 'Wireless',
      color_mappings: JSON.stringify([{ color: ORANGE.hex, status: 'live', description: '' }]),
    },
    {
      field: 'kml_file',
      filename: 'hermanus.kml',
      contentType: 'application/vnd.google-earth.kml+xml',
      bytes: Buffer.from(kmlDocument(style('live', ORANGE.kml), placemark('Hermanus', 'live', square(HERMANUS.lng, HERMANUS.lat, 0.05)))),
    },
  );
  await call('/api/coverage_layers', airLayer.payload, airLayer.headers);

  let session = 0;
  const search = async (place: typeof KLOOF): Promise<number> =>
    (await call('/api/log_search', { session_id: `editor-session-${(session += 1)}`, search_type: 'address', ...place })).id;
  const kloof = await search(KLOOF);
  await search(KLOOF);
  const hermanus = await search(HERMANUS);
  const george = await search(GEORGE);
  await call('/api/submit_lead', { search_id: kloof, provider_id: fibre, lead_type: 'sign_up', name: 'Thandi Mokoena', email: 'thandi@example.com' });
  await call('/api/submit_lead', { search_id: hermanus, provider_id: air, lead_type: 'contact_request', name: 'Johan Botha', email: 'johan@example.com' });
  await call('/api/submit_lead', { search_id: george, provider_id: 0, lead_type: 'contact_request', name: 'Pieter van Wyk', email: 'pieter@example.com' });
  return (await teamUser(app, { username: 'overberg-editor', role: 'provider_editor', providerIds: [fibre] })).token;
}

describe.runIf(browserAvailable())('a provider editor on the dashboard, reports and leads', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    live = await startLiveApp();
    const token = await seed(live);
    context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 }, timezoneId: 'UTC' });
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await live?.close();
  });

  const card = async (title: string) => (await page.getByRole('group', { name: title, exact: true }).locator('[data-stat-value]').textContent())?.trim();
  const listItems = async (name: string) => (await page.getByRole('list', { name }).getByRole('listitem').allTextContents()).map((text) => text.trim());

  it('shows their provider’s searches and leads on the dashboard, without a coverage rate', async () => {
    await page.goto('/admin/dashboard');
    await page.getByText('Searches that found your providers on the coverage map, and their leads.').waitFor();
    await expect.poll(() => card('Total Searches')).toBe('2');
    expect([await card('Total Leads'), await card('Conversion Rate')]).toEqual(['1', '50%']);
    expect(await page.getByRole('group', { name: 'Coverage Rate', exact: true }).count()).toBe(0);
    expect(await listItems('Top providers')).toEqual(['Overberg Fibre2 searches']);
    await expectNoSeriousA11yViolations(page, 'the dashboard of a provider editor');
  });

  it('shows their provider’s reports, without coverage effectiveness, uncovered demand or waitlist', async () => {
    await page.goto('/admin/reports');
    await expect.poll(() => card('Found your provider')).toBe('2');
    expect(await card('Your towers only')).toBe('0');
    expect(await page.getByRole('heading', { name: 'Coverage effectiveness' }).count()).toBe(0);
    const performance = page.getByRole('table', { name: 'Provider performance' });
    await expect.poll(() => performance.getByRole('row').count()).toBe(2);
    expect(await performance.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('Overberg Fibre');
    await expect.poll(() => page.getByTestId('demand-summary').textContent()).toBe('2 searches in 1 area on the map.');
    expect(await listItems('Map legend')).toEqual(['Searches (circle size: how many)']);
    await expectNoSeriousA11yViolations(page, 'the reports of a provider editor');
  });

  it('lists only their provider’s lead in the inbox', async () => {
    await page.goto('/admin/leads');
    await page.getByRole('button', { name: 'Open lead Thandi Mokoena' }).waitFor();
    expect(await page.getByRole('table', { name: 'Leads' }).getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Open lead Thandi Mokoena' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thandi Mokoena' });
    await dialog.getByRole('textbox', { name: 'Notes' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark installed' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'a lead opened by a provider editor');
  });
});
