import { decode } from 'fast-png';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_MAP_CENTER } from '../src/common/mapDefaults.js';
import { waitForFootprints } from '../test/support/footprints.js';
import { bearer, signIn } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile, signedInPage } from './support/session.js';

/** Flat ground (no terrain tiles): a 40 m tower at the public map's centre predicts a disc of signal around it. */
const TOWER = { name: 'Agulhas Mast', latitude: PUBLIC_MAP_CENTER.lat, longitude: PUBLIC_MAP_CENTER.lng, height_meters: 40, coverage_radius_km: 10 };

/** The mean colour of a small square of the page, [r, g, b]. */
async function colourAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = decode(await page.screenshot({ clip: { x: x - 3, y: y - 3, width: 6, height: 6 } }));
  const channels = png.channels;
  const sums = [0, 0, 0];
  const pixels = png.width * png.height;
  for (let i = 0; i < pixels; i++) for (let c = 0; c < 3; c++) sums[c]! += png.data[i * channels + c]!;
  return sums.map((sum) => sum / pixels) as [number, number, number];
}

describe.runIf(browserAvailable())('predicted wireless footprints in the browser', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let token: string;

  beforeEach(async () => {
    live = await startLiveApp();
    token = await signIn(live.app);
    const created = await live.app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    expect(created.statusCode, created.body).toBe(200);
    await waitForFootprints(live.app, token);
  });
  afterEach(async () => {
    await live?.close();
  });

  it('draws the predicted coverage on the public map, and the legend switch hides it', async () => {
    const context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      const tile = page.waitForResponse((response) => response.url().includes('/api/wireless_tiles/') && response.status() === 200);
      await page.goto('/');
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
      await tile;
      const map = await page.getByRole('region', { name: 'Coverage map' }).boundingBox();
      if (!map) throw new Error('the map has no size');
      // The tower stands at the map's centre, well inside its footprint's Excellent band.
      const [x, y] = [map.x + map.width / 2 + 40, map.y + map.height / 2 + 40];
      await expect
        .poll(
          async () => {
            const [r, g, b] = await colourAt(page, x, y);
            return b > g + 15 && r > g;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const drawn = await colourAt(page, x, y);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/public-wireless.png` });

      const legend = page.getByRole('region', { name: 'Coverage', exact: true });
      await legend.getByRole('list', { name: 'Predicted wireless signal' }).getByText('Excellent', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, 'public map with the wireless overlay');
      const toggle = legend.getByLabel('Wireless (predicted)');
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      expect(await toggle.isChecked()).toBe(false);
      await expect
        .poll(
          async () => {
            const now = await colourAt(page, x, y);
            return Math.abs(now[2] - drawn[2]) > 10;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const hidden = await colourAt(page, x, y);
      expect(hidden[2] - hidden[1]).toBeLessThan(drawn[2] - drawn[1]);
      expect(await legend.getByRole('list', { name: 'Predicted wireless signal' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows a What if tower\u2019s footprint and how many searches without coverage it would reach', async () => {
    // Three visitors found no provider near Struisbaai; a fourth searched in Johannesburg.
    for (const [i, point] of [
      [-34.79, 20.05],
      [-34.8, 20.06],
      [-34.78, 20.04],
      [-26.2, 28.04],
    ].entries()) {
      const logged = await live.app.server.inject({
        method: 'POST',
        url: '/api/log_search',
        payload: { session_id: `visit-000${i}abcd`, search_type: 'address', lat: point[0], lng: point[1] },
      });
      expect(logged.statusCode, logged.body).toBe(200);
    }
    const { page } = await signedInPage(browser, live);
    try {
      await page.goto('/admin/line-of-sight');
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
      await page.getByRole('button', { name: 'What if…' }).click();
      const dialog = page.getByRole('dialog', { name: 'What if: a new tower' });
      await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill('-34.79');
      await dialog.getByRole('spinbutton', { name: 'Longitude' }).fill('20.05');
      await dialog.getByRole('spinbutton', { name: 'Coverage radius' }).fill('500');
      await dialog.getByRole('button', { name: 'Show footprint' }).click();
      await dialog.getByText('Coverage radius must be at most 200 km').waitFor();
      await expectNoSeriousA11yViolations(page, 'What if dialog with a validation message');
      await dialog.getByRole('spinbutton', { name: 'Coverage radius' }).fill('5');
      await dialog.getByRole('button', { name: 'Show footprint' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const summary = page.getByRole('status').filter({ hasText: 'Candidate tower at' });
      await summary.getByText('Would reach 3 of 3 logged searches without coverage within 5 km.', { exact: false }).waitFor();
      await page.getByLabel('Candidate tower').waitFor();
      // The map flies to the candidate, which stands in the middle of its footprint: violet there.
      const losMap = await page.getByRole('region', { name: 'Line of sight map' }).boundingBox();
      if (!losMap) throw new Error('the map has no size');
      await expect
        .poll(
          async () => {
            const [r, g, b] = await colourAt(page, losMap.x + losMap.width / 2 + 30, losMap.y + losMap.height / 2 + 30);
            return g < r - 15 && g < b - 15;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      // Nothing was saved: still the one tower.
      const towers = await live.app.server.inject({ method: 'GET', url: '/api/towers', headers: bearer(token) });
      expect(towers.json().data).toHaveLength(1);

      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/what-if.png` });
      await summary.getByRole('button', { name: 'Clear' }).click();
      await summary.waitFor({ state: 'hidden' });
    } finally {
      await page.context().close();
    }
  });

  it('lists each tower\u2019s footprint as ready on Tower Management, and saves it as KML', async () => {
    const { page } = await signedInPage(browser, live);
    try {
      await page.goto('/admin/towers');
      const row = page.getByRole('row', { name: /Agulhas Mast/ });
      await row.getByText('Ready', { exact: true }).waitFor();
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: 'Download Agulhas Mast footprint as KML' }).click();
      expect((await download).suggestedFilename()).toBe('agulhas-mast-footprint.kml');
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/towers.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, 'tower management with footprints');
    } finally {
      await page.context().close();
    }
  });

  it('draws a footprint computed again on the Tower map without a reload', async () => {
    const { page } = await signedInPage(browser, live);
    try {
      // The overlay's tile addresses carry the ready footprints' version (?v=): a new one means the map fetched them again.
      const versions = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/wireless_tiles/') && response.status() === 200) versions.add(url.searchParams.get('v') ?? '');
      });
      await page.goto('/admin/towers');
      const row = page.getByRole('row', { name: /Agulhas Mast/ });
      await row.getByText('Ready', { exact: true }).waitFor();
      await expect.poll(() => versions.size, { timeout: 10_000 }).toBe(1);
      const [first] = versions;
      expect(first).toMatch(/^\d+@/);

      await row.getByRole('button', { name: 'Edit Agulhas Mast' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('spinbutton', { name: /^Height/ }).fill('45');
      await dialog.getByRole('button', { name: 'Update Tower' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Computed again from the new height: a new version, its tiles fetched and drawn.
      await expect.poll(() => [...versions].some((version) => version !== first), { timeout: 30_000 }).toBe(true);
      await row.getByText('Ready', { exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
