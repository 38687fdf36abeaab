import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLUTTER_NO_POLYGONS_MESSAGE } from '../src/common/api/clutterAreas.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { choose, signedInAppPerTest } from './support/session.js';

/**
 * A forest east of Cape Town's centre, lng 18.40 to 18.45 and lat -33.94 to -33.91 (about 4.6 by
 * 3.3 km): the tower and the target of the analysis both stand in it, so the view the Line of
 * Sight map takes for either shows it.
 */
const FOREST = { west: 18.4, south: -33.94, east: 18.45, north: -33.91 };
const TOWER = { lat: -33.925, lng: 18.41 };
const TARGET = { lat: -33.925, lng: 18.44 };

function forestKml(): string {
  const { west, south, east, north } = FOREST;
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ]
    .map(([lng, lat]) => `${lng},${lat},0`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Forest</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;
}

/** A KML whose only placemark is a point: no polygon to take. */
const POINT_ONLY_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Mast</name><Point><coordinates>18.42,-33.92,0</coordinates></Point></Placemark></Document></kml>`;

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

describe.runIf(browserAvailable())('clutter areas in the admin portal', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await live.app.server.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return response.json();
  };
  const notice = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const clutterCard = () => page.getByRole('region', { name: 'Clutter areas', exact: true });
  const losMap = () => page.getByRole('region', { name: 'Line of sight map' });
  /** How many clutter areas MapLibre drew in the view, as the map writes it after every redraw. */
  const drawnAreas = async () => losMap().locator('[data-clutter-areas-drawn]').getAttribute('data-clutter-areas-drawn');
  const MAP_POLL = { timeout: 15_000 };

  async function openLineOfSight(): Promise<void> {
    await page.goto('/admin/line-of-sight');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
  }

  it('uploads a KML area of trees in Settings, draws it on the Line of Sight map with its legend and list, names it in a result, and deletes it', async () => {
    await api('POST', '/api/towers', {
      name: 'Forest Mast',
      latitude: TOWER.lat,
      longitude: TOWER.lng,
      height_meters: 20,
      antenna_height_meters: 5,
      coverage_radius_km: 10,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/settings');
    const card = clutterCard();
    await card.getByText('No clutter areas yet: the uniform clutter height applies everywhere.').waitFor();

    // A file without polygons: the server's refusal is shown, and the choices stay.
    await card
      .getByLabel('Clutter area file')
      .setInputFiles({ name: 'mast.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(POINT_ONLY_KML) });
    await choose(page, 'Clutter class', 'Trees');
    await card.getByRole('textbox', { name: 'Name' }).fill('Newlands forest');
    await card.getByRole('button', { name: 'Upload', exact: true }).click();
    expect(await card.getByRole('alert').textContent()).toContain(CLUTTER_NO_POLYGONS_MESSAGE);
    expect(await card.getByTestId('chosen-clutter-file').textContent()).toBe('mast.kml');
    expect((await api('GET', '/api/clutter_areas')).data).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'clutter area upload refused');

    await card
      .getByLabel('Clutter area file')
      .setInputFiles({ name: 'forest.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(forestKml()) });
    await card.getByRole('button', { name: 'Upload', exact: true }).click();
    await notice('Clutter area uploaded successfully');
    const row = card.getByRole('row', { name: /Newlands forest/ });
    await row.waitFor();
    const [stored] = (await api('GET', '/api/clutter_areas')).data as { name: string; clutter_class: string; polygon_count: number; vertex_count: number }[];
    expect(stored).toMatchObject({ name: 'Newlands forest', clutter_class: 'trees', polygon_count: 1, file_name: 'forest.kml' });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 5)).toEqual(['Trees', '1', String(stored!.vertex_count), 'forest.kml']);
    // The form is ready for the next file.
    expect(await card.getByTestId('chosen-clutter-file').textContent()).toBe('No file chosen');
    await expectNoSeriousA11yViolations(page, 'clutter areas card with an area');
    await card.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/clutter-areas-card.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/clutter-areas-card-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The Line of Sight map draws it, lists it and gives its class a legend entry.
    await openLineOfSight();
    const list = page.getByRole('region', { name: 'Clutter areas', exact: true });
    await list.getByRole('listitem').filter({ hasText: 'Newlands forest' }).filter({ hasText: '(trees)' }).waitFor();
    await page.getByRole('list', { name: 'Map legend' }).getByText('Trees clutter', { exact: true }).waitFor();
    await expect.poll(drawnAreas, MAP_POLL).toBe('1');

    // A target inside it: the result says so.
    await page.getByRole('textbox', { name: 'Search location' }).fill(`${TARGET.lat}, ${TARGET.lng}`);
    await page.getByRole('button', { name: 'Analyze LOS' }).click();
    const result = page.getByRole('list', { name: 'Line of sight results' }).getByRole('listitem').filter({ hasText: 'Forest Mast' });
    await result.getByText('Target in trees clutter', { exact: true }).waitFor();
    await expect.poll(drawnAreas, MAP_POLL).toBe('1');
    await expectNoSeriousA11yViolations(page, 'line of sight with a clutter area');
    await shot(page, 'clutter-areas-line-of-sight');

    // Hidden, nothing is drawn and the legend leaves the class out; shown again, it is back.
    const toggle = page.getByRole('switch', { name: 'Show clutter areas' });
    await toggle.uncheck();
    await expect.poll(drawnAreas, MAP_POLL).toBe('0');
    expect(await page.getByRole('list', { name: 'Map legend' }).getByText('Trees clutter', { exact: true }).count()).toBe(0);
    await toggle.check();
    await expect.poll(drawnAreas, MAP_POLL).toBe('1');

    // Deleted with confirmation in Settings: the empty state there, nothing on the map.
    await page.goto('/admin/settings');
    await clutterCard().getByRole('button', { name: 'Delete Newlands forest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Newlands forest?' });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page, 'clutter area delete confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await notice('Clutter area deleted successfully');
    await clutterCard().getByText('No clutter areas yet: the uniform clutter height applies everywhere.').waitFor();
    expect((await api('GET', '/api/clutter_areas')).data).toEqual([]);

    await openLineOfSight();
    await expect.poll(drawnAreas, MAP_POLL).toBe('0');
    expect(await page.getByRole('region', { name: 'Clutter areas', exact: true }).count()).toBe(0);
  }, 150_000);

  it('saves the clutter classes with the radio settings, and shows a value out of range on its field', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Radio model' });
    const treesHeight = card.getByRole('textbox', { name: 'Trees height', exact: true });
    await treesHeight.waitFor();
    expect(await treesHeight.inputValue()).toBe('15');
    await treesHeight.fill('51');
    await card.getByRole('textbox', { name: 'Urban extra loss', exact: true }).fill('6');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Trees height must be a number from 0 to 50 meters').waitFor();
    await expectNoSeriousA11yViolations(page, 'radio model with a clutter class out of range');

    await treesHeight.fill('18');
    await card.getByRole('button', { name: 'Save' }).click();
    await notice('Radio settings saved');
    const saved = (await api('GET', '/api/settings/radio')).data as { clutter_classes: Record<string, { height_m: number; extra_loss_db: number }> };
    expect(saved.clutter_classes).toEqual({
      trees: { height_m: 18, extra_loss_db: 0 },
      suburban: { height_m: 9, extra_loss_db: 0 },
      urban: { height_m: 20, extra_loss_db: 6 },
      water: { height_m: 0, extra_loss_db: 0 },
    });
    await card.getByRole('table', { name: 'Clutter classes' }).scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/radio-model-clutter-classes.png` });
  }, 120_000);
});
