import { gzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from '../test/support/ridgeTerrain.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

/**
 * Terrain: tile S34E018 (3 arc-seconds), a 100 m plain with a 400 m north-south ridge at lng 18.45.
 * Ridge View (lng 18.40) looks across the ridge at the target (lng 18.50): blocked. East Hill
 * (lng 18.55) sees it over the plain: clear, and the best tower.
 */
const TILE = RIDGE_TILE;
const RIDGE_LNG = 18.45;
const TARGET = { lat: -33.9, lng: 18.5 };
const TARGET_DMS = `33°54'0"S 18°30'0"E`;
/** The Line of Sight map's first view. */
const LOS_CENTER = { lat: -33.9249, lng: 18.4241 };
const LOS_ZOOM = 10;

/** Web Mercator position in CSS pixels at `zoom` (MapLibre's world is 512 px wide at zoom 0). */
function worldPixel(point: { lat: number; lng: number }, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return { x: ((point.lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

describe.runIf(browserAvailable())('line of sight screen', () => {
  let geocoder: LocalServer;
  let live: LiveApp;
  let page: Page;
  let token: string;
  let towerIds: { ridgeView: number; eastHill: number };
  /** The line-of-sight checks the page asked for, as their query parameters. */
  let checks: URLSearchParams[];

  beforeAll(async () => {
    // A Nominatim-compatible place search: "Qwertyview" (no built-in place) is found at the target, anything else is not.
    geocoder = await startLocalServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(/qwertyview/i.test(q) ? [{ display_name: 'Qwertyview Farm, Cape Town', lat: String(TARGET.lat), lon: String(TARGET.lng) }] : []));
    });
  });
  afterAll(async () => {
    await geocoder?.close();
  });
  signedInAppPerTest(
    (session) => ({ live, page, token } = session),
    () => ({ ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: geocoder.url }),
  );

  beforeEach(async () => {
    const uploaded = await uploadTerrainTile(live.app, token, `${TILE}.hgt`, ridgeTile(RIDGE_LNG));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const createTower = async (fields: Record<string, unknown>): Promise<number> => {
      const response = await live.app.server.inject({ method: 'POST', url: '/api/towers', payload: fields, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id;
    };
    towerIds = {
      ridgeView: await createTower({ name: 'Ridge View', code: 'RV-1', latitude: -33.9, longitude: 18.4, height_meters: 30 }),
      eastHill: await createTower({ name: 'East Hill', code: 'EH-2', latitude: -33.9, longitude: 18.55, height_meters: 40 }),
    };
    await createTower({ name: 'Switched Off', latitude: -33.9, longitude: 18.52, height_meters: 30, active: false });
    checks = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/line-of-sight/check') checks.push(url.searchParams);
    });
  });

  const searchBox = () => page.getByRole('textbox', { name: 'Search location' });
  const analyzeButton = () => page.getByRole('button', { name: /^(Analyze LOS|Analyzing\.\.\.)$/ });
  const results = () => page.getByRole('list', { name: 'Line of sight results' });
  const resultFor = (name: string) => results().getByRole('listitem').filter({ hasText: name });
  const profile = (tower: string) => page.getByRole('figure', { name: `Elevation profile from ${tower} to the target` });

  async function openScreen(): Promise<void> {
    await page.goto('/admin/line-of-sight');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
  }

  it('analyses typed DMS coordinates: East Hill clear and OPTIMAL, Ridge View blocked, the profile drawn, the tile listed', async () => {
    await openScreen();
    await page.getByText('Search for a location to perform line of sight analysis.', { exact: true }).waitFor();
    expect(await analyzeButton().isDisabled()).toBe(true);
    const tileRow = page.getByRole('table', { name: 'Terrain tiles' }).getByRole('row', { name: new RegExp(TILE) });
    expect(await tileRow.textContent()).toContain('3″');

    await searchBox().fill(TARGET_DMS);
    await analyzeButton().click();
    await resultFor('East Hill').getByText('OPTIMAL', { exact: true }).waitFor();
    expect(await resultFor('East Hill').getByText('Clear', { exact: true }).count()).toBe(1);
    const blocked = (await resultFor('Ridge View').textContent()) ?? '';
    expect(blocked).toContain('Blocked');
    expect(blocked).not.toContain('OPTIMAL');
    expect(blocked).toContain('SRTM tiles (.hgt)');
    expect(blocked).toMatch(/-\d+\.\d dBm \(Unusable\)/);
    expect(await results().getByRole('listitem').count()).toBe(2);
    await page.getByText('1 of 2 towers have clear line of sight').waitFor();
    // All active towers: no tower_ids; the DMS was read in the browser, not geocoded.
    expect(checks.map((params) => Object.fromEntries(params))).toEqual([{ lat: String(TARGET.lat), lng: String(TARGET.lng), height: '2' }]);

    // The profile of the optimal tower is shown first; choosing Ridge View shows its ridge.
    await profile('East Hill').locator('svg path.recharts-area-area').first().waitFor();
    expect(await profile('East Hill').locator('svg path.recharts-line-curve').count()).toBeGreaterThan(0);
    await resultFor('Ridge View').getByRole('button').click();
    await profile('Ridge View').locator('svg path.recharts-area-area').first().waitFor();
    await profile('Ridge View').getByText('Obstruction', { exact: true }).waitFor();
    await page.getByText('Terrain from the uploaded SRTM tiles', { exact: false }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'line of sight results and profile');

    // The map types switch without losing the analysis (no tiles reachable: the drawing stays).
    await page.getByRole('button', { name: 'Hybrid' }).click();
    expect(await page.getByRole('button', { name: 'Hybrid' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('img', { name: 'Target location' }).waitFor();
  });

  it('runs the analysis from a pin dropped on the map, and turns pin-drop off', async () => {
    await openScreen();
    const pin = page.getByRole('button', { name: 'Drop pin on map' });
    await pin.click();
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Click the map to place the target').waitFor();

    const box = await page.getByRole('region', { name: 'Line of sight map' }).boundingBox();
    if (!box) throw new Error('the map has no size');
    const target = worldPixel(TARGET, LOS_ZOOM);
    const middle = worldPixel(LOS_CENTER, LOS_ZOOM);
    await page.mouse.click(box.x + box.width / 2 + (target.x - middle.x), box.y + box.height / 2 + (target.y - middle.y));

    await resultFor('East Hill').getByText('OPTIMAL', { exact: true }).waitFor();
    expect(await pin.getAttribute('aria-pressed')).toBe('false');
    const [lat, lng] = (await searchBox().inputValue()).split(',').map(Number);
    // One pixel at zoom 10 is about 60 m: the pin lands within a few of them.
    expect(lat).toBeCloseTo(TARGET.lat, 2);
    expect(lng).toBeCloseTo(TARGET.lng, 2);
    expect(checks).toHaveLength(1);
    expect(Number(checks[0]?.get('lat'))).toBeCloseTo(lat!, 6);
    await page.getByRole('img', { name: 'Target location' }).waitFor();

    // A click without pin-drop chooses nothing: the next check sent is the one of the next pin, at the target.
    await page.mouse.click(box.x + 40, box.y + box.height / 2);
    await pin.click();
    await page.getByText('Click the map to place the target').waitFor();
    await page.mouse.click(box.x + box.width / 2 + (target.x - middle.x), box.y + box.height / 2 + (target.y - middle.y));
    await expect.poll(() => checks.length).toBeGreaterThanOrEqual(2);
    expect(checks).toHaveLength(2);
    expect(Number(checks[1]?.get('lat'))).toBeCloseTo(TARGET.lat, 2);
    expect(Number(checks[1]?.get('lng'))).toBeCloseTo(TARGET.lng, 2);
  });

  it('sends tower_ids for a subset, falls back to 2 m for an invalid height, and geocodes place names', async () => {
    await openScreen();
    await page.getByRole('combobox', { name: 'Tower Filter' }).click();
    await page.getByRole('option', { name: /Ridge View/ }).click();
    await expectNoSeriousA11yViolations(page, 'line of sight tower filter');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('combobox', { name: 'Tower Filter' }).textContent()).toBe('1 towers selected');
    // The inactive tower is neither offered nor drawn.
    await page.getByRole('combobox', { name: 'Tower Filter' }).click();
    expect(await page.getByRole('option', { name: /Switched Off/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('spinbutton', { name: 'Target Height (m)' }).fill('150');
    await searchBox().fill(`${TARGET.lat}, ${TARGET.lng}`);
    await analyzeButton().click();
    await resultFor('Ridge View').getByText('Blocked', { exact: true }).waitFor();
    expect(await results().getByRole('listitem').count()).toBe(1);
    expect(await page.getByText('OPTIMAL', { exact: true }).count()).toBe(0);
    expect(Object.fromEntries(checks.at(-1)!)).toEqual({ lat: '-33.9', lng: '18.5', height: '2', tower_ids: String(towerIds.ridgeView) });
    expect(await page.getByRole('spinbutton', { name: 'Target Height (m)' }).inputValue()).toBe('2');

    await searchBox().fill('Nowhere-at-all-xyz');
    await analyzeButton().click();
    await page.getByText('Location not found. Try using coordinates instead.', { exact: true }).waitFor();

    await searchBox().fill('Qwertyview Farm');
    await analyzeButton().click();
    await page.getByText(/Qwertyview Farm, Cape Town/).waitFor();
    expect(Object.fromEntries(checks.at(-1)!)).toMatchObject({ lat: String(TARGET.lat), lng: String(TARGET.lng) });
  });

  it('uploads a terrain tile from the Terrain card with the server message, and deletes one after confirming', async () => {
    await openScreen();
    const card = page.getByRole('region', { name: 'Terrain', exact: true });
    const gz = Buffer.from(gzipSync(hgtBytes(1201, () => 7)));
    await card.getByLabel('Terrain tile file').setInputFiles({ name: 'N05W120.hgt.gz', mimeType: 'application/gzip', buffer: gz });
    await card.getByText('Terrain tile N05W120 loaded', { exact: true }).waitFor();
    await card.getByRole('row', { name: /N05W120/ }).waitFor();

    await card.getByLabel('Terrain tile file').setInputFiles({ name: 'S10E010.hgt', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1000) });
    await card.getByText(/S10E010 is 1000 bytes: an SRTM tile has/).waitFor();

    await card.getByRole('button', { name: 'Delete terrain tile N05W120' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete N05W120?' });
    await confirm.getByText('Are you sure you want to delete the terrain tile N05W120?').waitFor();
    await expectNoSeriousA11yViolations(page, 'terrain tile delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.getByText('Terrain tile N05W120 removed', { exact: true }).waitFor();
    await card.getByRole('row', { name: /N05W120/ }).waitFor({ state: 'detached' });
    const listed = (await live.app.server.inject({ method: 'GET', url: '/api/terrain/tiles', headers: bearer(token) })).json().data;
    expect(listed.map((tile: { name: string }) => tile.name)).toEqual([TILE]);
  });
});
