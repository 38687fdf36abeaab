import { gzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
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
/** Ridge View and East Hill, the active towers every test has. */
const TOWER_POINTS = [
  { lat: -33.9, lng: 18.4 },
  { lat: -33.9, lng: 18.55 },
];

type Point = { lat: number; lng: number };
/** The map's view in degrees, as the page writes it on the map (data-view-bounds). */
type ViewBounds = { west: number; south: number; east: number; north: number };

/** Web Mercator position at zoom 0, in MapLibre's pixels (its world is 512 px wide there). */
function worldPixel(point: Point): { x: number; y: number } {
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return { x: ((point.lng + 180) / 360) * 512, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 512 };
}

/** Where `point` is on the page, in a map at `box` showing `bounds`. */
function pagePixel(point: Point, bounds: ViewBounds, box: { x: number; y: number; width: number; height: number }): { x: number; y: number } {
  const corner = worldPixel({ lat: bounds.north, lng: bounds.west });
  const far = worldPixel({ lat: bounds.south, lng: bounds.east });
  const at = worldPixel(point);
  return { x: box.x + ((at.x - corner.x) / (far.x - corner.x)) * box.width, y: box.y + ((at.y - corner.y) / (far.y - corner.y)) * box.height };
}

/** The map eases to a What if footprint, and the first view waits for the towers: slow on a busy machine. */
const VIEW_POLL = { timeout: 15_000 };

const shows = (bounds: ViewBounds, point: Point) =>
  point.lng >= bounds.west && point.lng <= bounds.east && point.lat >= bounds.south && point.lat <= bounds.north;

/** The texts of a chart's SVG that reach past its edges (an SVG cuts off what lies outside it). */
async function cutTexts(chart: Locator): Promise<string[]> {
  return chart.evaluate((figure) => {
    const svgs = Array.from(figure.querySelectorAll('svg'));
    const area = (svg: SVGSVGElement) => svg.getBoundingClientRect().width * svg.getBoundingClientRect().height;
    const surface = svgs.sort((a, b) => area(b) - area(a))[0];
    if (!surface) return ['no chart'];
    const frame = surface.getBoundingClientRect();
    return Array.from(surface.querySelectorAll('text'))
      .filter((text) => {
        const box = text.getBoundingClientRect();
        return box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5;
      })
      .map((text) => text.textContent ?? '');
  });
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

  const losMap = () => page.getByRole('region', { name: 'Line of sight map' });
  async function viewBounds(): Promise<ViewBounds | null> {
    const text = await losMap().locator('[data-view-bounds]').getAttribute('data-view-bounds');
    if (!text) return null;
    const [west, south, east, north] = text.split(',').map(Number) as [number, number, number, number];
    return { west, south, east, north };
  }
  /**
   * Waits until the map shows every one of `points`, fitted to them: no more than twice as wide as
   * they spread (the first view, zoom 10 around Cape Town, is about 0.5° wide).
   */
  async function waitForViewFitting(points: Point[]): Promise<ViewBounds> {
    const lngs = points.map((point) => point.lng);
    const spread = Math.max(...lngs) - Math.min(...lngs);
    await expect
      .poll(async () => {
        const bounds = await viewBounds();
        return bounds !== null && points.every((point) => shows(bounds, point)) && bounds.east - bounds.west <= 2 * spread;
      }, VIEW_POLL)
      .toBe(true);
    return (await viewBounds())!;
  }
  /** Waits until the map is centred on `point` close up: zoom 14, a view under 0.1° wide over a map of this size. */
  async function waitForViewAround(point: Point): Promise<ViewBounds> {
    await expect
      .poll(async () => {
        const bounds = await viewBounds();
        if (bounds === null) return false;
        const centre = { lat: (bounds.south + bounds.north) / 2, lng: (bounds.west + bounds.east) / 2 };
        return bounds.east - bounds.west < 0.1 && Math.abs(centre.lat - point.lat) < 0.001 && Math.abs(centre.lng - point.lng) < 0.001;
      }, VIEW_POLL)
      .toBe(true);
    return (await viewBounds())!;
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

    const box = await losMap().boundingBox();
    if (!box) throw new Error('the map has no size');
    // The first view fits the towers, and the target lies between them.
    const target = pagePixel(TARGET, await waitForViewFitting(TOWER_POINTS), box);
    await page.mouse.click(target.x, target.y);

    await resultFor('East Hill').getByText('OPTIMAL', { exact: true }).waitFor();
    expect(await pin.getAttribute('aria-pressed')).toBe('false');
    const [lat, lng] = (await searchBox().inputValue()).split(',').map(Number);
    // One pixel of the fitted view (zoom 11 or more) is under 40 m: the pin lands within a few of them.
    expect(lat).toBeCloseTo(TARGET.lat, 2);
    expect(lng).toBeCloseTo(TARGET.lng, 2);
    expect(checks).toHaveLength(1);
    expect(Number(checks[0]?.get('lat'))).toBeCloseTo(lat!, 6);
    await page.getByRole('img', { name: 'Target location' }).waitFor();

    // A click without pin-drop chooses nothing: the next check sent is the one of the next pin, at the target.
    await page.mouse.click(box.x + 40, box.y + box.height / 2);
    await pin.click();
    await page.getByText('Click the map to place the target').waitFor();
    // An analysis shows its target close up.
    const again = pagePixel(TARGET, await waitForViewAround(TARGET), box);
    await page.mouse.click(again.x, again.y);
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

  it('draws a tower out of range grey dotted with its legend entry, fits every tower, then shows the target close up, words the Fresnel clearance and shows the chart labels whole', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // 11 km east of the target with a 5 km radius: out of range.
    const farAway = { lat: -33.9, lng: 18.62 };
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/towers',
      payload: { name: 'Far Away', latitude: farAway.lat, longitude: farAway.lng, height_meters: 30, coverage_radius_km: 5 },
      headers: bearer(token),
    });
    expect(created.statusCode, created.body).toBe(200);
    const farAwayId: number = created.json().data.id;
    await openScreen();
    await waitForViewFitting([...TOWER_POINTS, farAway]);
    const legend = page.getByRole('list', { name: 'Map legend' });
    await legend.getByRole('listitem').filter({ hasText: 'Out of range' }).waitFor();

    // An antenna on the ground: East Hill's path comes closest to the terrain just before the target, at the chart's right edge.
    await page.getByRole('spinbutton', { name: 'Target Height (m)' }).fill('0');
    await searchBox().fill(`${TARGET.lat}, ${TARGET.lng}`);
    await analyzeButton().click();
    await resultFor('Far Away').getByText('Out of range', { exact: true }).waitFor();
    await resultFor('East Hill').getByText('OPTIMAL', { exact: true }).waitFor();
    // Each tower's line is drawn by the layer of its verdict: the out-of-range one by the grey dotted layer, not the red dashed one.
    await expect
      .poll(async () => (await losMap().locator('[data-sight-line-layers]').getAttribute('data-sight-line-layers'))?.split(' ').sort())
      .toEqual([`${towerIds.eastHill}:los-lines-clear`, `${towerIds.ridgeView}:los-lines-blocked`, `${farAwayId}:los-lines-out-of-range`].sort());
    await waitForViewAround(TARGET);
    // The button at the map's top right brings every analysed tower back, the one out of range too.
    await page.getByRole('button', { name: 'Show the target and the towers' }).click();
    await waitForViewFitting([...TOWER_POINTS, farAway, TARGET]);
    // The ridge rises hundreds of metres above the ray: the clearance says by how much and where, not a percentage.
    expect(await resultFor('Ridge View').textContent()).toMatch(/Fresnel clearanceblocked by \d+ m at \d+\.\d km/);
    expect(await resultFor('Ridge View').textContent()).not.toMatch(/-\d{3,}%/);

    // The profile's labels are whole: no text of the chart runs past its edges.
    await profile('East Hill').getByText('Closest point', { exact: true }).waitFor();
    expect(await cutTexts(profile('East Hill'))).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) {
      await losMap().evaluate((map) => map.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/los-out-of-range.png` });
    }
    await resultFor('Ridge View').getByRole('button').click();
    await profile('Ridge View').getByText('Obstruction', { exact: true }).waitFor();
    expect(await cutTexts(profile('Ridge View'))).toEqual([]);
    const clearance = (await resultFor('Ridge View').textContent())?.match(/blocked by \d+ m at \d+\.\d km/)?.[0];
    await page.getByText(`Fresnel clearance: ${clearance}`, { exact: true }).waitFor();
  });

  it('zooms to a What if candidate\u2019s footprint and says whether the analysed location would be reached', async () => {
    await openScreen();
    await searchBox().fill(`${TARGET.lat}, ${TARGET.lng}`);
    await analyzeButton().click();
    await resultFor('East Hill').getByText('OPTIMAL', { exact: true }).waitFor();

    /** Places a candidate and returns its footprint's box, from the server's answer. */
    const placeCandidate = async (point: Point, radiusKm: number): Promise<ViewBounds> => {
      await page.getByRole('button', { name: 'What if…' }).click();
      const dialog = page.getByRole('dialog', { name: 'What if: a new tower' });
      await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill(String(point.lat));
      await dialog.getByRole('spinbutton', { name: 'Longitude' }).fill(String(point.lng));
      await dialog.getByRole('spinbutton', { name: 'Coverage radius' }).fill(String(radiusKm));
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/towers/what-if') && response.status() === 200);
      await dialog.getByRole('button', { name: 'Show footprint' }).click();
      const areas: { features: { geometry: { coordinates: number[][][][] } }[] } = (await (await answer).json()).data.areas;
      const corners = areas.features.flatMap((feature) => feature.geometry.coordinates.flatMap((polygon) => polygon[0]!));
      expect(corners.length).toBeGreaterThan(0);
      await dialog.waitFor({ state: 'hidden' });
      return {
        west: Math.min(...corners.map(([lng]) => lng!)),
        east: Math.max(...corners.map(([lng]) => lng!)),
        south: Math.min(...corners.map(([, lat]) => lat!)),
        north: Math.max(...corners.map(([, lat]) => lat!)),
      };
    };
    const summary = page.getByRole('status').filter({ hasText: 'Candidate tower at' });

    // 40 km north-west of the target with a 20 km radius: the whole footprint comes into view, and the target is not reached.
    const far = await placeCandidate({ lat: -33.6, lng: 18.3 }, 20);
    await summary.getByText('The analysed location would not be reached.', { exact: false }).waitFor();
    await expect
      .poll(async () => {
        const bounds = await viewBounds();
        return (
          bounds !== null &&
          [
            { lat: far.south, lng: far.west },
            { lat: far.north, lng: far.east },
          ].every((corner) => shows(bounds, corner))
        );
      }, VIEW_POLL)
      .toBe(true);

    // Two kilometres east of the target, over the plain: reached.
    const near = await placeCandidate({ lat: TARGET.lat, lng: 18.52 }, 5);
    await summary.getByText(/The analysed location would be reached \((Excellent|Good|Fair|Poor) signal\)\./).waitFor();
    await waitForViewFitting([
      { lat: near.south, lng: near.west },
      { lat: near.north, lng: near.east },
    ]);
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
