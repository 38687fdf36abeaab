import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../test/support/kml.js';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

/**
 * Issue 18, item 6: the public map and /embed are light. Their first screen is in the HTML (painted
 * with no script at all), React takes it over without redrawing it, and the JavaScript they
 * download is at most 90 KB gzip of our own (React included) and 300 KB with MapLibre, with no
 * MUI, router or admin code.
 */
const OWN_BUDGET_BYTES = 90 * 1024;
const TOTAL_BUDGET_BYTES = 300 * 1024;
/** Vite names MapLibre's chunk after it (vite.config.ts). */
const MAPLIBRE_CHUNK = /\/assets\/maplibre-[\w-]+\.js$/;
/** Chunks that only the admin portal, the dialogs or the full app need. */
const NOT_ON_FIRST_SCREEN = /\/assets\/(FullApp|admin-shell|login|widget|MuiDialogScope|CoverageResultsDialog|ContactProviderDialog|theme)-[\w-]+\.js$/;

describe.runIf(browserAvailable())('the public pages, light', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let tiles: LocalServer;

  beforeAll(async () => {
    // Basemap tiles that load, so that a console error can only be the page's own.
    tiles = await startLocalServer((_request, response) => {
      response.setHeader('content-type', 'image/png');
      response.setHeader('access-control-allow-origin', '*');
      response.end(PNG_1X1);
    });
    live = await startLiveApp({ BASEMAP_TILES_URL: `${tiles.url}/{z}/{x}/{y}.png` });
  });
  afterAll(async () => {
    await live?.close();
    await tiles?.close();
  });

  async function newPage(options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: live.baseUrl,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    });
    return context.newPage();
  }

  it('paints the heading, the search box and the legend from the HTML alone, the legend collapsed on a phone', async () => {
    const desktop = await newPage({ javaScriptEnabled: false });
    await desktop.goto('/');
    await desktop.getByRole('heading', { name: 'ISP Coverage Map' }).waitFor();
    await desktop.getByRole('combobox', { name: 'Search address or coordinates' }).waitFor();
    const legend = desktop.getByRole('region', { name: 'Coverage', exact: true });
    expect(await legend.getByText('Live Service', { exact: true }).isVisible()).toBe(true);
    await desktop.goto('/embed');
    await desktop.getByRole('combobox', { name: 'Search address or coordinates' }).waitFor();
    await desktop.context().close();

    const phone = await newPage({ javaScriptEnabled: false, width: 390, height: 844 });
    await phone.goto('/');
    await phone.getByRole('region', { name: 'Coverage', exact: true }).waitFor();
    expect(await phone.getByText('Live Service', { exact: true }).isVisible()).toBe(false);
    await phone.context().close();
  });

  for (const path of ['/', '/embed', '/embed?theme=dark&search=false&height=400px']) {
    it(`takes over ${path} without an error and works: the map draws, the legend opens and closes, the search suggests`, async () => {
      const page = await newPage({ width: 390, height: 844 });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });

      const legend = page.getByRole('region', { name: 'Coverage', exact: true });
      const toggle = legend.getByRole('button', { name: 'Coverage legend' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await legend.getByText('Live Service', { exact: true }).waitFor();
      if (!path.includes('search=false')) {
        await page.getByRole('combobox', { name: 'Search address or coordinates' }).fill('Cape');
        await page.getByRole('option', { name: 'Cape Town, South Africa' }).waitFor();
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  for (const path of ['/', '/embed']) {
    it(`downloads at most 90 KB of our JavaScript on ${path} (300 KB with MapLibre), and no MUI, router or admin code`, async () => {
      const page = await newPage();
      const scripts: { url: string; gzipBytes: number }[] = [];
      page.on('response', async (response) => {
        // Only what travels over the network: MapLibre's worker runs from a blob: copy of code it already downloaded.
        if (response.request().resourceType() !== 'script' || !response.url().startsWith('http')) return;
        const body = await response.body().catch(() => null);
        if (body) scripts.push({ url: response.url(), gzipBytes: gzipSync(body, { level: 6 }).length });
      });
      await page.goto(path);
      await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
      await page.waitForLoadState('networkidle');

      const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const maplibre = scripts.filter((script) => MAPLIBRE_CHUNK.test(script.url));
      expect(maplibre).toHaveLength(1);
      const own = total - maplibre[0]!.gzipBytes;
      expect(scripts.filter((script) => NOT_ON_FIRST_SCREEN.test(script.url))).toEqual([]);
      expect(own, JSON.stringify(scripts)).toBeLessThanOrEqual(OWN_BUDGET_BYTES);
      expect(total).toBeLessThanOrEqual(TOTAL_BUDGET_BYTES);
      await page.context().close();
    });
  }
});
