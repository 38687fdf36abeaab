import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_JOINED } from '../src/common/api/waitlist.js';
import { fibreKml, GREEN, ORANGE } from '../test/support/kml.js';
import type { LocalSmtp } from '../test/support/localSmtp.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { headerLine, linkPathIn, mailsTo } from './support/mail.js';
import { choose, mailingAppPerTest } from './support/session.js';

/** With E2E_SCREENSHOTS set (a folder), the page as the visitor sees it, to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** Inside fibreKml's orange "Gardens" square (18.37..18.47 E, 33.87..33.97 S), outside its hole. */
const IN_ORANGE = { lat: -33.93, lng: 18.45 };
const VISITOR = 'naledi@example.com';
const SIGNUP_URL = 'https://overberg.example/signup';
const CONFIRM_SUBJECT = 'Please confirm: we will tell you when service is available';
const LIVE_SUBJECT = 'Now available at your address: Overberg Fibre';
const NOTIFY_ME = "Notify me when it's available";

describe.runIf(browserAvailable())('waitlist: from a Coming Soon result to the "now available" e-mail', () => {
  let smtp: LocalSmtp;
  let live: LiveApp;
  let page: Page;
  let token: string;
  let visitorPage: () => Promise<Page>;
  mailingAppPerTest((session) => ({ smtp, live, page, token, visitorPage } = session));

  /** A provider whose Cape Town layer is Coming Soon where the orange polygons are (green: In Progress). */
  async function comingSoonLayer(): Promise<void> {
    const provider = multipartBody({ name: 'Overberg Fibre', signup_url: SIGNUP_URL });
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const mappings = JSON.stringify([
      { color: ORANGE.hex, status: 'coming_soon', description: 'Fibre on its way' },
      { color: GREEN.hex, status: 'in_progress', description: 'Being built' },
    ]);
    const layer = multipartBody(
      { name: 'Cape Town fibre', provider_id: String(created.json().data.id), services: 'Fibre', color_mappings: mappings },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const stored = await live.app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      payload: layer.payload,
      headers: { ...layer.headers, ...bearer(token) },
    });
    expect(stored.statusCode, stored.body).toBe(200);
  }

  const entryStatus = async () => (await live.app.db.kysely.selectFrom('waitlist_entries').select('status').executeTakeFirstOrThrow()).status;

  const pendingMails = async () => (await live.app.db.kysely.selectFrom('mail_outbox').select(['id']).where('status', '=', 'pending').execute()).length;

  it('joins from the results, confirms by the e-mailed link, and gets one "now available" e-mail when the admin makes the layer live', async () => {
    await comingSoonLayer();

    // The visitor, in a browser of their own (no admin token), checks a spot inside the layer.
    const map = await visitorPage();
    await map.goto('/');
    await map.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    const searchBox = map.getByRole('combobox', { name: 'Search address or coordinates' });
    await searchBox.fill(`${IN_ORANGE.lat}, ${IN_ORANGE.lng}`);
    await map.getByRole('option', { name: 'Coordinates -33.93000, 18.45000' }).waitFor();
    await searchBox.press('Enter');
    const results = map.getByRole('dialog', { name: 'Coverage Results' });
    const provider = results.getByRole('listitem', { name: 'Overberg Fibre' });
    await provider.getByText('Coming Soon', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(map, 'coverage results with a Coming Soon provider');

    await provider.getByRole('button', { name: NOTIFY_ME }).click();
    const form = map.getByRole('dialog', { name: NOTIFY_ME });
    await form.getByText("We'll e-mail you once Overberg Fibre is available at this address.").waitFor();
    await expectNoSeriousA11yViolations(map, 'waitlist form');
    await form.getByRole('textbox', { name: 'Email' }).fill(VISITOR);
    // Without consent nothing is sent.
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByText('Please agree to receive e-mails about service at this address').waitFor();
    expect(await live.app.db.kysely.selectFrom('waitlist_entries').select(['id']).execute()).toEqual([]);
    await form.getByRole('checkbox', { name: /^E-mail me when service is available at this address/ }).check();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('status').filter({ hasText: WAITLIST_JOINED }).waitFor();
    await expectNoSeriousA11yViolations(map, 'waitlist form sent');

    // The confirmation e-mail, with the one-click unsubscribe headers (RFC 8058).
    await vi.waitFor(() => expect(mailsTo(smtp, VISITOR, CONFIRM_SUBJECT)).toHaveLength(1), { timeout: 10_000 });
    const [confirmation] = mailsTo(smtp, VISITOR, CONFIRM_SUBJECT);
    const unsubscribe = linkPathIn(confirmation!, '/api/waitlist/unsubscribe');
    expect(/^List-Unsubscribe: <https?:\/\/[^/>]+([^>]+)>$/.exec(headerLine(confirmation!, 'list-unsubscribe') ?? '')?.[1]).toBe(unsubscribe);
    expect(headerLine(confirmation!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(confirmation!.parsed.text).toContain('Overberg Fibre');

    // Its link, opened in the visitor's browser, shows a page with a button; opening it changes
    // nothing (mail scanners open every link of a mail), pressing the button confirms.
    await map.goto(linkPathIn(confirmation!, '/api/waitlist/confirm'));
    await map.getByRole('heading', { name: 'Confirm your place on the waitlist' }).waitFor();
    expect(new URL(map.url()).pathname).toBe('/waitlist/confirm');
    await expectNoSeriousA11yViolations(map, 'waitlist confirm page');
    await screenshot(map, 'waitlist-confirm-page');
    expect(await entryStatus()).toBe('pending');
    await map.getByRole('button', { name: 'Confirm my place on the waitlist' }).click();
    await map.getByRole('heading', { name: 'Thank you for confirming' }).waitFor();
    expect(new URL(map.url()).pathname + new URL(map.url()).search).toBe('/waitlist?outcome=confirmed');
    await map.getByText("You're on the list: we'll e-mail you when service is available at your address.").waitFor();
    await expectNoSeriousA11yViolations(map, 'waitlist confirmed page');
    await screenshot(map, 'waitlist-confirmed');
    const [entry] = await live.app.db.kysely.selectFrom('waitlist_entries').select(['status', 'email']).execute();
    expect(entry).toEqual({ status: 'confirmed', email: VISITOR });
    expect(mailsTo(smtp, VISITOR, LIVE_SUBJECT)).toEqual([]);

    // The admin makes the orange areas live on the Coverage screen.
    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Edit Cape Town fibre' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coverage Layer' });
    await edit.getByRole('combobox', { name: `Status for ${ORANGE.hex}` }).waitFor();
    await choose(page, `Status for ${ORANGE.hex}`, 'Live Service');
    await expectNoSeriousA11yViolations(page, 'coverage layer edit making a colour live');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Coverage layer updated successfully!', { exact: true }).waitFor();

    // One "now available" e-mail, naming the provider with its sign-up link ...
    await vi.waitFor(() => expect(mailsTo(smtp, VISITOR, LIVE_SUBJECT)).toHaveLength(1), { timeout: 15_000 });
    const [nowLive] = mailsTo(smtp, VISITOR, LIVE_SUBJECT);
    expect(nowLive!.parsed.text).toContain(SIGNUP_URL);
    expect(headerLine(nowLive!, 'list-unsubscribe')).toContain(unsubscribe);
    // ... and only one, once the engine, the matcher (asked for one more pass over the same coverage)
    // and the outbox have nothing left to do.
    await live.app.coverage.refresh();
    live.app.waitlistMatcher.request();
    await live.app.waitlistMatcher.idle();
    await vi.waitFor(async () => expect(await pendingMails()).toBe(0), { timeout: 10_000 });
    expect(mailsTo(smtp, VISITOR, LIVE_SUBJECT)).toHaveLength(1);
    expect(await live.app.db.kysely.selectFrom('mail_outbox').select(['status']).where('kind', '=', 'waitlist_live').execute()).toEqual([{ status: 'sent' }]);

    // The e-mail's unsubscribe link: its page changes nothing until the button is pressed.
    await map.goto(linkPathIn(nowLive!, '/api/waitlist/unsubscribe'));
    await map.getByRole('heading', { name: 'Unsubscribe from these e-mails' }).waitFor();
    expect(new URL(map.url()).pathname).toBe('/waitlist/unsubscribe');
    await expectNoSeriousA11yViolations(map, 'waitlist unsubscribe page');
    await screenshot(map, 'waitlist-unsubscribe-page');
    expect(await entryStatus()).toBe('confirmed');
    await map.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await map.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    expect(new URL(map.url()).pathname + new URL(map.url()).search).toBe('/waitlist?outcome=unsubscribed');
    await map.getByText("You have been unsubscribed: we won't e-mail you again.").waitFor();
    await expectNoSeriousA11yViolations(map, 'waitlist unsubscribed page');
    expect(await entryStatus()).toBe('unsubscribed');
  });
});
