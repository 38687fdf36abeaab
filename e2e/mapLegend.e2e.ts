import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

/** An attribution long enough to open across a phone's map, as a real basemap's may. */
const LONG_ATTRIBUTION = '© OpenStreetMap contributors © CARTO · Imagery © Example Aerial Surveys (Pty) Ltd · Terrain © Example Elevation Data';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.runIf(browserAvailable())('the public map legend', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp({ BASEMAP_ATTRIBUTION: LONG_ATTRIBUTION });
  });
  afterAll(async () => {
    await live?.close();
  });

  async function openPage(path: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ baseURL: live.baseUrl, viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    return page;
  }
  const legendOf = (page: Page) => page.getByRole('region', { name: 'Coverage', exact: true });
  const toggleOf = (page: Page) => legendOf(page).getByRole('button', { name: 'Coverage legend' });

  /** Neither the legend nor the attribution (open, as MapLibre first shows it) lies over the other. */
  async function expectClearOfAttribution(page: Page): Promise<void> {
    const attribution = page.locator('.maplibregl-ctrl-attrib');
    await attribution.getByText('Example Aerial Surveys', { exact: false }).waitFor();
    const [legendBox, attributionBox] = [await legendOf(page).boundingBox(), await attribution.boundingBox()];
    if (!legendBox || !attributionBox) throw new Error('the legend or the attribution has no size');
    expect(overlaps(legendBox, attributionBox), `legend ${JSON.stringify(legendBox)}, attribution ${JSON.stringify(attributionBox)}`).toBe(false);
  }

  it('starts collapsed on a phone, opens with its button, and never lies under the attribution', async () => {
    const page = await openPage('/', { width: 390, height: 844 });
    try {
      const toggle = toggleOf(page);
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await legendOf(page).getByText('Live Service', { exact: true }).isVisible()).toBe(false);
      await expectClearOfAttribution(page);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/legend-collapsed-phone.png` });

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await legendOf(page).getByText('Live Service', { exact: true }).waitFor();
      await legendOf(page).getByLabel('Wireless (predicted)').waitFor();
      await expectClearOfAttribution(page);
      await expectNoSeriousA11yViolations(page, 'public map legend open on a phone');
    } finally {
      await page.context().close();
    }
  });

  it('starts open on a desktop and collapses with its button', async () => {
    const page = await openPage('/', { width: 1366, height: 900 });
    try {
      const toggle = toggleOf(page);
      await legendOf(page).getByText('Live Service', { exact: true }).waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expectClearOfAttribution(page);
      await toggle.click();
      await legendOf(page).getByText('Live Service', { exact: true }).waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await page.context().close();
    }
  });

  it('starts collapsed in an embed under 500 px high, open in a taller one', async () => {
    const short = await openPage('/embed?height=450px', { width: 800, height: 450 });
    try {
      await toggleOf(short).waitFor();
      expect(await toggleOf(short).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await short.context().close();
    }
    const tall = await openPage('/embed?height=600px', { width: 800, height: 600 });
    try {
      await legendOf(tall).getByText('Live Service', { exact: true }).waitFor();
      expect(await toggleOf(tall).getAttribute('aria-expanded')).toBe('true');
    } finally {
      await tall.context().close();
    }
  });
});
