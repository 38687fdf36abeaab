import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_JOINED } from '../src/common/api/waitlist.js';
import { square } from '../test/support/kml.js';
import type { LocalSmtp } from '../test/support/localSmtp.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { linkPathIn, mailsTo } from './support/mail.js';
import { mailingAppPerTest } from './support/session.js';

/** Bredasdorp's zone: a 0.02 degree square around this point ([lng, lat] in its GeoJSON). */
const IN_ZONE = { lat: -34.53, lng: 20.04 };
const GOAL = 3;
const MESSAGE = 'help bring fibre to Bredasdorp';
const VISITOR = 'pieter@example.com';
const CONFIRM_SUBJECT = 'Please confirm your pre-registration';

describe.runIf(browserAvailable())('pre-registration zones: pre-register and see the progress move', () => {
  let smtp: LocalSmtp;
  let live: LiveApp;
  let token: string;
  let visitorPage: () => Promise<Page>;
  mailingAppPerTest((session) => ({ smtp, live, token, visitorPage } = session));

  async function activeZone(): Promise<void> {
    const provider = multipartBody({ name: 'Overberg Fibre' });
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const zone = await live.app.server.inject({
      method: 'POST',
      url: '/api/zones',
      headers: bearer(token),
      payload: {
        name: 'Bredasdorp',
        provider_id: created.json().data.id,
        goal: GOAL,
        message: MESSAGE,
        geometry: { type: 'Polygon', coordinates: [square(IN_ZONE.lng, IN_ZONE.lat, 0.01)] },
      },
    });
    expect(zone.statusCode, zone.body).toBe(200);
  }

  /** The zone's label on the map, named by its progress. */
  const zoneLabel = (map: Page, confirmed: number) =>
    map.getByRole('img', { name: `Pre-registration zone Bredasdorp: ${confirmed} of ${GOAL} — ${MESSAGE}`, exact: true });

  async function openMap(map: Page): Promise<void> {
    await map.goto('/');
    await map.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
  }

  async function checkInZone(map: Page): Promise<void> {
    const searchBox = map.getByRole('combobox', { name: 'Search address or coordinates' });
    await searchBox.fill(`${IN_ZONE.lat}, ${IN_ZONE.lng}`);
    await map.getByRole('option', { name: 'Coordinates -34.53000, 20.04000' }).waitFor();
    await searchBox.press('Enter');
  }

  it('draws the zone with its progress, pre-registers a visitor by the e-mailed link, and counts them on a fresh page load', async () => {
    await activeZone();

    const map = await visitorPage();
    await openMap(map);
    await zoneLabel(map, 0).waitFor();
    await expectNoSeriousA11yViolations(map, 'public map with a pre-registration zone');

    await checkInZone(map);
    const results = map.getByRole('dialog', { name: 'Coverage Results' });
    const zone = results.getByRole('list', { name: 'Pre-registration zones' }).getByRole('listitem', { name: 'Bredasdorp' });
    await zone.getByText(`0 of ${GOAL} — ${MESSAGE}`, { exact: true }).waitFor();
    await zone.getByText('This address is in a pre-registration zone of Overberg Fibre.').waitFor();
    await expectNoSeriousA11yViolations(map, 'coverage results in a zone');

    await zone.getByRole('button', { name: 'Pre-register' }).click();
    const form = map.getByRole('dialog', { name: 'Pre-register in Bredasdorp' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Pieter Joubert');
    await form.getByRole('textbox', { name: 'Email' }).fill(VISITOR);
    await form.getByRole('checkbox', { name: /^E-mail me about this pre-registration and when Overberg Fibre is available/ }).check();
    await expectNoSeriousA11yViolations(map, 'pre-registration form');
    await form.getByRole('button', { name: 'Pre-register' }).click();
    await form.getByRole('status').filter({ hasText: WAITLIST_JOINED }).waitFor();

    // Pending until the e-mailed link is opened: the count does not move yet.
    const [pending] = await live.app.db.kysely.selectFrom('waitlist_entries').select(['status', 'name', 'zone_id']).execute();
    expect(pending).toMatchObject({ status: 'pending', name: 'Pieter Joubert' });
    expect(pending?.zone_id).not.toBeNull();

    await vi.waitFor(() => expect(mailsTo(smtp, VISITOR, CONFIRM_SUBJECT)).toHaveLength(1), { timeout: 10_000 });
    const [confirmation] = mailsTo(smtp, VISITOR, CONFIRM_SUBJECT);
    expect(confirmation!.parsed.text).toContain('Bredasdorp');
    await map.goto(linkPathIn(confirmation!, '/api/waitlist/confirm'));
    await map.getByRole('button', { name: 'Confirm my place on the waitlist' }).click();
    await map.getByRole('heading', { name: 'Thank you for confirming' }).waitFor();

    // The public list is revalidated, not reused from the browser's cache: a fresh page load shows the new count.
    const zones = await fetch(`${live.baseUrl}/api/zones`);
    expect(zones.headers.get('etag')).toMatch(/^"zones-/);
    expect(zones.headers.get('cache-control')).toBe('public, no-cache');
    await openMap(map);
    await zoneLabel(map, 1).waitFor();
    expect(await zoneLabel(map, 0).count()).toBe(0);
    await checkInZone(map);
    await zone.getByText(`1 of ${GOAL} — ${MESSAGE}`, { exact: true }).waitFor();
    expect(await zone.getByRole('progressbar', { name: `Pre-registrations in Bredasdorp: 1 of ${GOAL}` }).count()).toBe(1);
  });
});
