import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

describe.runIf(browserAvailable())('public pages in the browser', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let page: Page;

  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(async () => {
    await live?.close();
  });
  beforeEach(async () => {
    page = await (await browser.newContext({ baseURL: live.baseUrl })).newPage();
  });
  afterEach(() => page.context().close());

  it('draws a MapLibre map on the public map at / and /map', async () => {
    for (const route of ['/', '/map']) {
      await page.goto(route);
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
      const size = await page.locator('canvas.maplibregl-canvas').boundingBox();
      expect(size?.width).toBeGreaterThan(300);
      expect(size?.height).toBeGreaterThan(300);
    }
    await expectNoSeriousA11yViolations(page, 'public map');
  });

  it('sends an unknown path to the public map', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the Embeddable Widget page', async () => {
    await page.goto('/widget');
    await page.getByRole('heading', { name: 'Embeddable Widget' }).waitFor();
    for (const feature of [/lightweight map/i, /configurable appearance/i, /domain restriction/i, /iframe and script embedding/i]) {
      expect(await page.getByText(feature).count()).toBeGreaterThan(0);
    }
    await expectNoSeriousA11yViolations(page, 'widget page');
  });

  it('posts its height to a parent page on another origin', async () => {
    // The parent is served from a different origin (another port), as on a customer's site.
    const parent = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><script>
        window.heights = [];
        window.addEventListener('message', (e) => { if (e.data && e.data.type === 'isp-coverage-embed-height') window.heights.push(e.data.height); });
      </script><iframe src="${live.baseUrl}/embed?height=450px&zoom=12&location=-33.9,18.4" style="width:600px;height:500px"></iframe>`);
    });
    await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = parent.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`);
      await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length), { timeout: 20_000 }).toBeGreaterThan(0);
      const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
      expect(heights.at(-1)).toBeGreaterThan(0);
    } finally {
      parent.close();
    }
  });
});
