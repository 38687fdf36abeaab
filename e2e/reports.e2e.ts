import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADS_PAGE_DEFAULT } from '../src/common/api/reports.js';
import { capeTownFibreLayerForm } from '../test/support/kml.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer, ManualClock, signIn } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

const DAY_MS = 86_400_000;

/** Where the seeded searches were made: inside the fibre coverage (fibreKml), and two places without any. */
const KLOOF = { address: 'Kloof Street, Gardens, Cape Town', lat: -33.9, lng: 18.4 };
const HERMANUS = { address: 'Hermanus', lat: -34.42, lng: 19.23 };
const GEORGE = { address: 'George', lat: -33.96, lng: 22.46 };

/** YYYY-MM-DD of the UTC day `days` before today (the server reports in UTC, the browser runs in UTC). */
const isoDay = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The screens' way of writing a day: "3 Nov 2026". */
const shownDay = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

interface Seeded {
  live: LiveApp;
  token: string;
  fibreId: number;
}

/**
 * A live app on a clock the test sets, seeded through the public API as visitors would:
 * - 2 days ago: 3 searches at Kloof Street (fibre coverage) and 1 at Hermanus (none); a sign-up
 *   to Overberg Fibre from the first Kloof search;
 * - 10 days ago: 2 searches at George (none); a general inquiry without a search;
 * - 45 days ago (outside the default 30 days): 4 searches at Kloof Street; a contact request.
 */
async function startSeededApp(): Promise<Seeded> {
  const now = Date.now();
  const clock = new ManualClock(new Date(now));
  const live = await startLiveApp({}, { clock });
  const { app } = live;
  const token = await signIn(app);
  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ method, url, payload: payload as never, headers: { ...bearer(token), ...headers } });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };

  const provider = multipartBody({ name: 'Overberg Fibre', signup_url: 'https://overberg.example/signup', contact_email: 'sales@overberg.example' });
  const fibreId: number = (await call('POST', '/api/providers', provider.payload, provider.headers)).id;
  const layer = capeTownFibreLayerForm(fibreId);
  await call('POST', '/api/coverage_layers', layer.payload, layer.headers);

  /** The clock at `hour` UTC on the day `daysAgo` days before today. */
  const setClock = (daysAgo: number, hour: number) => {
    const target = Date.parse(`${isoDay(daysAgo)}T00:00:00.000Z`) + hour * 3_600_000;
    clock.advance(target - clock.now().getTime());
  };
  let session = 0;
  const search = async (place: typeof KLOOF): Promise<number> =>
    (await call('POST', '/api/log_search', { session_id: `seeded-session-${(session += 1)}`, search_type: 'address', ...place, coverage_providers: [] })).id;

  setClock(45, 9);
  for (let i = 0; i < 4; i++) await search(KLOOF);
  await call('POST', '/api/submit_lead', { provider_id: fibreId, lead_type: 'contact_request', name: 'Old Lead', email: 'old@example.com' });

  setClock(10, 9);
  await search(GEORGE);
  await search(GEORGE);
  setClock(10, 11);
  await call('POST', '/api/submit_lead', {
    provider_id: 0,
    lead_type: 'contact_request',
    name: 'Pieter van Wyk',
    email: 'pieter@example.com',
    message: 'When will you cover George?',
  });

  setClock(2, 9);
  const kloof = await search(KLOOF);
  await search(KLOOF);
  await search(KLOOF);
  await search(HERMANUS);
  setClock(2, 10);
  await call('POST', '/api/submit_lead', {
    search_id: kloof,
    provider_id: fibreId,
    lead_type: 'sign_up',
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    phone: '082 555 0101',
    message: 'Please call me after 5pm about the 50 Mbps package.',
  });

  clock.advance(now - clock.now().getTime());
  return { live, token: await signIn(app), fibreId };
}

describe.runIf(browserAvailable())('dashboard, leads inbox and reports', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let seeded: Seeded;
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    seeded = await startSeededApp();
    // UTC like the server's report days, so "the last 30 days" are the same days on both sides.
    context = await browser.newContext({ baseURL: seeded.live.baseUrl, viewport: { width: 1366, height: 900 }, timezoneId: 'UTC', acceptDownloads: true });
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), seeded.token);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    await seeded?.live.close();
  });

  /** The figure on a summary card, e.g. card('Total Leads') -> '2'. */
  const card = async (title: string) => (await page.getByRole('group', { name: title, exact: true }).locator('[data-stat-value]').textContent())?.trim();
  const cards = async () => [await card('Total Searches'), await card('Total Leads'), await card('Conversion Rate'), await card('Coverage Rate')];
  const listItems = async (name: string) => (await page.getByRole('list', { name }).getByRole('listitem').allTextContents()).map((text) => text.trim());
  const notice = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text }).waitFor();

  it('shows the seeded figures on the dashboard, and new figures for each period chosen', async () => {
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(cards).toEqual(['6', '2', '33.3%', '50%']);
    expect(await listItems('Searches by coverage')).toEqual(['Covered by a provider: 3', 'Covered by wireless only: 0', 'Without coverage: 3']);
    expect(await listItems('Searches by action')).toEqual(['No action5', 'Sign up1', 'Contact me0']);
    expect(await listItems('Top providers')).toEqual(['Overberg Fibre3 searches']);
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    expect(await page.getByTestId('activity-period').textContent()).toBe(`${shownDay(isoDay(29))} to ${shownDay(isoDay(0))}`);
    // The chart of searches per day draws a bar for each of the two days with searches.
    const chart = page.getByRole('figure', { name: 'Searches per day' });
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path, path.recharts-rectangle').count()).toBe(2);
    // The newest leads, newest first, with their status.
    const latest = page.getByRole('list', { name: 'Latest leads' });
    await latest.getByText('Thandi Mokoena').waitFor();
    expect((await latest.getByRole('listitem').allTextContents()).map((t) => t.split('·')[0]!.trim())).toEqual([
      'Thandi MokoenaSign up',
      'Pieter van WykContact request',
    ]);
    await expectNoSeriousA11yViolations(page, 'dashboard');

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect.poll(cards).toEqual(['10', '3', '30%', '70%']);
    expect(await listItems('Top providers')).toEqual(['Overberg Fibre7 searches']);
    expect(page.url()).toContain('days=90');

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(cards).toEqual(['4', '1', '25%', '75%']);
    expect(await page.getByTestId('activity-period').textContent()).toBe(`${shownDay(isoDay(6))} to ${shownDay(isoDay(0))}`);

    // Custom dates: the day ten days ago alone, then a reload keeps the period (it is in the URL).
    await page.getByRole('button', { name: 'Custom' }).click();
    await expectNoSeriousA11yViolations(page, 'dashboard with custom dates');
    await page.getByLabel('Start date').fill(isoDay(10));
    await page.getByLabel('End date').fill(isoDay(10));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(cards).toEqual(['2', '1', '50%', '0%']);
    await page.getByText('No provider was found by a search in this period.').waitFor();
    await page.reload();
    await expect.poll(cards).toEqual(['2', '1', '50%', '0%']);
    expect(await page.getByTestId('activity-period').textContent()).toBe(`${shownDay(isoDay(10))} to ${shownDay(isoDay(10))}`);

    // Custom dates in the wrong order are refused before any call.
    await page.getByLabel('Start date').fill(isoDay(1));
    await page.getByLabel('End date').fill(isoDay(3));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The start date must not be after the end date').waitFor();
    expect(await cards()).toEqual(['2', '1', '50%', '0%']);
  });

  it('says "Failed to load dashboard data" when the dashboard cannot be loaded', async () => {
    await page.route(
      (url) => url.pathname === '/api/reports/dashboard',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal server error' }) }),
    );
    await page.goto('/admin/dashboard');
    await page.getByText('Failed to load dashboard data', { exact: true }).waitFor({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, 'dashboard that failed to load');
    expect(await page.getByRole('group', { name: 'Total Searches' }).count()).toBe(0);
  });

  it('exports the searches of the period as the CSV the server names, with one row per search', async () => {
    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Search activity' }).waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Searches', exact: true }).locator('[data-stat-value]').textContent()).toBe('6');
    expect(await listItems('Searches by type')).toEqual(['Address search6', 'Device location0', 'Map click0']);
    expect(await listItems('Searches by coverage')).toEqual(['Covered by a provider3', 'Covered by wireless only0', 'Without coverage3']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV of searches' }).click()]);
    expect(download.suggestedFilename()).toBe(`searches-${isoDay(29)}-to-${isoDay(0)}.csv`);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('address');
    expect(lines).toHaveLength(1 + 6);
    const rows = lines.slice(1).join('\n');
    expect(rows.match(/Kloof Street/g)).toHaveLength(3);
    expect(rows.match(/Hermanus/g)).toHaveLength(1);
    expect(rows.match(/George/g)).toHaveLength(2);
    await notice(`Downloaded searches-${isoDay(29)}-to-${isoDay(0)}.csv`);
    await expectNoSeriousA11yViolations(page, 'reports');

    // The providers table and its export.
    const providers = page.getByRole('table', { name: 'Provider performance' });
    expect((await providers.getByRole('row').nth(1).textContent())?.replace(/\s+/g, ' ')).toBe('Overberg Fibre3133.3%');
    const [providersCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV of providers' }).click()]);
    expect(providersCsv.suggestedFilename()).toMatch(/^providers-.*\.csv$/);
    expect(fs.readFileSync((await providersCsv.path())!, 'utf8')).toContain('Overberg Fibre');

    // Printed, the report keeps its content and period and loses the navigation, buttons and pickers.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Admin navigation' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Period' }).isVisible()).toBe(false);
    expect(await page.getByTestId('report-period').textContent()).toBe(`Period: ${shownDay(isoDay(29))} – ${shownDay(isoDay(0))}`);
    expect(await page.getByRole('figure', { name: 'Searches per day, with and without coverage' }).locator('svg.recharts-surface').first().isVisible()).toBe(
      true,
    );
    expect(await providers.isVisible()).toBe(true);
  });

  it('draws lead generation from the lead activity report: figures, leads per day, by type and by provider', async () => {
    // The charts come from GET /api/reports/lead_activity; the leads themselves are not read.
    const leadPages: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/reports/leads') leadPages.push(request.url());
    });
    const activity = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reports/lead_activity');
    await page.goto('/admin/reports');
    const asked = new URL((await activity).url()).searchParams;
    expect([asked.get('start_date'), asked.get('end_date')]).toEqual([isoDay(29), isoDay(0)]);

    const section = page.getByRole('region', { name: 'Lead generation' });
    const figure = async (title: string) => (await section.getByRole('group', { name: title, exact: true }).locator('[data-stat-value]').textContent())?.trim();
    const figures = async () => [await figure('Leads'), await figure('Sign ups'), await figure('Contact requests'), await figure('Conversion rate')];
    const items = async (name: string) => (await section.getByRole('list', { name }).getByRole('listitem').allTextContents()).map((text) => text.trim());
    await expect.poll(figures).toEqual(['2', '1', '1', '33.3%']);
    expect(await items('Leads by type')).toEqual(['Sign up1', 'Contact request1']);
    expect(await items('Leads by provider')).toEqual(['General Inquiry1', 'Overberg Fibre1']);
    // A bar on each of the two days with a lead (10 and 2 days ago).
    const chart = section.getByRole('figure', { name: 'Leads per day, by type' });
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path, path.recharts-rectangle').count()).toBe(2);

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect.poll(figures).toEqual(['3', '1', '2', '30%']);
    expect(await items('Leads by provider')).toEqual(['Overberg Fibre2', 'General Inquiry1']);
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path, path.recharts-rectangle').count()).toBe(3);
    expect(leadPages).toEqual([]);
  });

  it('draws the searches on the demand map, red where no coverage was found, and asks again when the map moves', async () => {
    await page.goto('/admin/reports');
    const map = page.locator('.demand-map');
    await map.scrollIntoViewIfNeeded();
    await page.getByRole('region', { name: 'Demand map' }).locator('canvas').waitFor();
    await expect.poll(async () => Number(await map.getAttribute('data-cells')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    // The circles are drawn on the map, not only loaded.
    await expect.poll(async () => Number(await map.getAttribute('data-rendered-points')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    // The waitlisted spots' layer is on by default: its count follows once its points are loaded (none here).
    await expect
      .poll(() => page.getByTestId('demand-summary').textContent(), { timeout: 15_000 })
      .toMatch(/^6 searches in \d+ areas on the map, 3 without coverage\. 0 waitlisted spots \(confirmed entries\)\.$/);
    await expectNoSeriousA11yViolations(page, 'reports with the demand map drawn');
    const legend = page.getByRole('list', { name: 'Map legend' });
    expect(await legend.getByRole('listitem').allTextContents()).toEqual([
      'Searches (circle size: how many)',
      'Searches that found no coverage',
      'Waitlisted spots (confirmed)',
    ]);

    // Where to build next: George (2 searches, none covered) before Hermanus (1), each named and at its searches.
    const hotspots = page.getByRole('table', { name: 'Areas without coverage' });
    const hotspotRows = hotspots.getByRole('row');
    const counts = [];
    for (let i = 1; i < (await hotspotRows.count()); i++) counts.push((await hotspotRows.nth(i).getByRole('cell').allTextContents()).slice(1));
    expect(counts).toEqual([
      ['2', '2'],
      ['1', '1'],
    ]);
    expect(await hotspots.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('George-33.960, 22.460');
    expect(await hotspots.getByRole('row').nth(2).getByRole('cell').first().textContent()).toBe('Hermanus-34.420, 19.230');

    // Choosing an area zooms the map there; the cells of the new view are asked for.
    const zoomed = page.waitForRequest(
      (request) => /\/api\/reports\/map_data\?.*zoom=\d+.*west=/.test(request.url()) && Number(new URL(request.url()).searchParams.get('zoom')) >= 7,
    );
    await hotspots.getByRole('row').nth(1).click();
    const request = await zoomed;
    const query = new URL(request.url()).searchParams;
    expect(Number(query.get('west'))).toBeLessThan(GEORGE.lng);
    expect(Number(query.get('east'))).toBeGreaterThan(GEORGE.lng);
    await expect
      .poll(() => page.getByTestId('demand-summary').textContent(), { timeout: 15_000 })
      .toBe('2 searches in 1 area on the map, 2 without coverage. 0 waitlisted spots (confirmed entries).');
  });

  it("opens a lead from the dashboard that is not on the inbox's first page, and says so when a lead is not there", async () => {
    await page.goto('/admin/dashboard');
    const latest = page.getByRole('list', { name: 'Latest leads' });
    await latest.getByRole('link', { name: 'Thandi Mokoena' }).waitFor();
    // Meanwhile a page of newer leads comes in (each from its own address, within the rate limit):
    // Thandi's lead moves to the inbox's second page.
    for (let i = 1; i <= LEADS_PAGE_DEFAULT; i++) {
      const response = await seeded.live.app.server.inject({
        method: 'POST',
        url: '/api/submit_lead',
        remoteAddress: `10.0.${Math.floor(i / 200)}.${i % 200}`,
        payload: { provider_id: 0, lead_type: 'contact_request', name: `Visitor ${i}`, email: `visitor${i}@example.com` },
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    const single = page.waitForResponse((response) => /^\/api\/leads\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
    await latest.getByRole('link', { name: 'Thandi Mokoena' }).click();
    await page.waitForURL(/\/admin\/leads\?lead=\d+$/);
    const dialog = page.getByRole('dialog', { name: 'Thandi Mokoena' });
    await dialog.waitFor();
    expect((await single).status()).toBe(200);
    await dialog.getByText('Please call me after 5pm about the 50 Mbps package.').waitFor();
    await dialog.getByText(KLOOF.address).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/admin\/leads$/);
    // The list itself is the newest page, without her.
    const table = page.getByRole('table', { name: 'Leads' });
    await table.getByText('Visitor 50', { exact: true }).waitFor();
    expect(await page.getByTestId('leads-count').textContent()).toBe(
      `Showing ${LEADS_PAGE_DEFAULT} of ${LEADS_PAGE_DEFAULT + 2} leads from ${shownDay(isoDay(29))} – ${shownDay(isoDay(0))}`,
    );
    expect(await table.getByText('Thandi Mokoena').count()).toBe(0);

    // A lead that is not there: a notice, and the URL no longer names it.
    await page.goto('/admin/leads?lead=999999');
    await notice('Lead not found');
    await page.waitForURL(/\/admin\/leads$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("changes a lead's status and notes in its details, and they stay after a reload", async () => {
    // The dashboard's latest leads open in the inbox.
    await page.goto('/admin/dashboard');
    await page.getByRole('list', { name: 'Latest leads' }).getByRole('link', { name: 'Thandi Mokoena' }).click();
    await page.waitForURL(/\/admin\/leads\?lead=\d+$/);
    const dialog = page.getByRole('dialog', { name: 'Thandi Mokoena' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/admin\/leads$/);

    const table = page.getByRole('table', { name: 'Leads' });
    await table.getByText('Thandi Mokoena').waitFor();
    expect(await page.getByTestId('leads-count').textContent()).toBe(`Showing 2 of 2 leads from ${shownDay(isoDay(29))} – ${shownDay(isoDay(0))}`);
    const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
    expect((await rowOf('Thandi Mokoena').textContent())?.replace(/\s+/g, ' ')).toContain('thandi@example.com082 555 0101Overberg FibreSign upNew');

    await page.getByRole('button', { name: 'Open lead Thandi Mokoena' }).click();
    await dialog.waitFor();
    await dialog.getByText('Please call me after 5pm about the 50 Mbps package.').waitFor();
    await dialog.getByRole('link', { name: 'thandi@example.com' }).waitFor();
    await dialog.getByText(KLOOF.address).waitFor();
    await dialog.getByRole('region', { name: 'Search location map' }).locator('canvas').waitFor();
    await dialog.getByRole('img', { name: 'Search location' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'lead details');

    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contacted', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Called on Monday; quote sent.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice('Lead updated');
    const stored = await seeded.live.app.db.kysely
      .selectFrom('leads')
      .select(['name', 'status', 'notes'])
      .where('name', '=', 'Thandi Mokoena')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Thandi Mokoena', status: 'contacted', notes: 'Called on Monday; quote sent.' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('Thandi Mokoena').getByText('Contacted', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'leads inbox');

    await page.reload();
    await rowOf('Thandi Mokoena').getByText('Contacted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open lead Thandi Mokoena' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Status' }).textContent()).toBe('Contacted');
    expect(await dialog.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('Called on Monday; quote sent.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A lead without a search says so.
    await page.getByRole('button', { name: 'Open lead Pieter van Wyk' }).click();
    const inquiry = page.getByRole('dialog', { name: 'Pieter van Wyk' });
    await inquiry.getByText('No search recorded', { exact: true }).waitFor();
    await inquiry.getByText('General Inquiry', { exact: false }).first().waitFor();
    await inquiry.getByRole('button', { name: 'Close' }).click();

    // Filters: the status just set, then general inquiries; the CSV holds what the filters show.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contacted', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await rowOf('Thandi Mokoena').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses', exact: true }).click();
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'General Inquiry', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await rowOf('Pieter van Wyk').waitFor();
    expect(page.url()).toContain('provider=0');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`leads-${isoDay(29)}-to-${isoDay(0)}.csv`);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Pieter van Wyk');
  });
});
