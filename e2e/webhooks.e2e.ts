import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../test/support/testApp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/support/webhookReceiver.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

describe.runIf(browserAvailable())('webhooks: add an endpoint, send a test event, see it in the log', () => {
  let receiver: WebhookReceiver;
  let live: LiveApp;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    // The CRM's receiver on loopback: the app may send to it only with private fetches allowed.
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  signedInAppPerTest((session) => ({ live, page, token } = session), { ALLOW_PRIVATE_FETCH: 'true' });

  it('shows the signing secret once, and the test event arrives signed with it and is logged as delivered with HTTP 200', async () => {
    await page.goto('/admin/webhooks');
    await page.getByRole('button', { name: 'Add your first endpoint' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'webhooks without any endpoint');
    await page.getByRole('button', { name: 'Add your first endpoint' }).click();

    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill('Splynx sign-ups');
    await form.getByRole('checkbox', { name: /^lead\.created/ }).check();
    await form.getByRole('checkbox', { name: /^waitlist\.confirmed/ }).check();
    await expectNoSeriousA11yViolations(page, 'webhook endpoint form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown this once.
    const shown = page.getByRole('dialog', { name: 'Endpoint added: its signing secret' });
    const secretText = shown.getByRole('region', { name: 'Signing secret' }).locator('code');
    await secretText.waitFor();
    const secret = (await secretText.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectNoSeriousA11yViolations(page, 'webhook signing secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row', { name: new RegExp(receiver.url) });
    await row.getByText('Splynx sign-ups').waitFor();
    expect(await row.textContent()).toContain('No deliveries yet');
    await expectNoSeriousA11yViolations(page, 'webhook endpoints table');
    // Never answered again: neither the page nor the API has it.
    expect(await page.getByText(secret).count()).toBe(0);
    const listed = await live.app.server.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(token) });
    expect(listed.body).not.toContain(secret);

    receiver.secret = secret;
    await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await page.getByText(`Test event queued for ${receiver.url}`, { exact: true }).waitFor();
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    const [arrived] = receiver.received;
    expect(arrived).toMatchObject({ type: 'webhook.test', verified: true, error: null, answered: 200 });
    expect(arrived!.id).toMatch(/^msg_/);

    await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: /^Deliveries/ });
    const delivery = log.getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: new RegExp(arrived!.id) });
    // A delivery still pending when the log opened is read again every few seconds.
    await delivery.getByText('Delivered · HTTP 200', { exact: true }).waitFor({ timeout: 15_000 });
    const cells = await delivery.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(`webhook.test${arrived!.id}`);
    expect(cells[2]).toBe('1');
    expect(cells[5]).toBe('ok');
    await expectNoSeriousA11yViolations(page, 'webhook deliveries log');
    expect(receiver.received).toHaveLength(1);
  });
});
