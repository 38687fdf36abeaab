// Screenshots of the admin screens of issue 20 (helper F), signed in through the login page.
import { chromium } from 'playwright-core';

const BASE = 'http://127.0.0.1:38471';
const OUT = '/work/notes/issue20';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
const shot = async (name, options = {}) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/${name}.png`, ...options });
  console.log('saved', name);
};
const only = process.argv[2];

await page.goto(`${BASE}/admin/login`);
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('Screens-2026-admin!');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForURL(/\/admin\/dashboard/);

if (!only || only === 'webhooks') {
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('table', { name: 'Webhook endpoints' }).waitFor();
  await shot('admin-webhooks-list');

  // Add: an empty submit shows the form's own messages, then a real endpoint and its secret.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('button', { name: 'Add endpoint' }).last().click();
  await shot('admin-webhooks-add-errors');
  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:38472/ok/sonar');
  await page.getByLabel('Description').fill('Sonar billing');
  await page.getByRole('checkbox', { name: /lead\.created/ }).check();
  await page.getByRole('checkbox', { name: /coverage\.live_at_waitlist/ }).check();
  await shot('admin-webhooks-add-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByText('it will not be shown again', { exact: false }).waitFor();
  await page.getByRole('button', { name: /Copy/ }).click();
  await shot('admin-webhooks-secret-once');
  await page.getByRole('button', { name: 'Done' }).click();

  // A test event from the table, then the deliveries log.
  await page.getByRole('button', { name: 'Send test event to http://127.0.0.1:38472/ok/sonar' }).click();
  await page.waitForTimeout(2500);
  await shot('admin-webhooks-after-test');
  await page.getByRole('button', { name: 'Deliveries of http://127.0.0.1:38472/ok/sonar' }).click();
  await page.getByRole('table', { name: 'Deliveries' }).waitFor();
  await shot('admin-webhooks-deliveries');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Deliveries of http://127.0.0.1:38472/fail/uisp' }).click();
  await page.getByRole('table', { name: 'Deliveries' }).waitFor();
  await shot('admin-webhooks-deliveries-retrying');
  await page.getByRole('button', { name: /^Redeliver/ }).first().click();
  await page.waitForTimeout(1500);
  await shot('admin-webhooks-redelivered');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Edit http://127.0.0.1:38472/fail/uisp' }).click();
  await shot('admin-webhooks-edit');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Rotate secret of http://127.0.0.1:38472/ok/splynx' }).click();
  await shot('admin-webhooks-rotate-confirm');
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByText('New signing secret').waitFor();
  await shot('admin-webhooks-rotated-secret');
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Delete http://127.0.0.1:38472/ok/sonar' }).click();
  await shot('admin-webhooks-delete-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
}

if (!only || only === 'waitlist') {
  await page.getByRole('link', { name: 'Waitlist' }).click();
  await page.getByRole('table', { name: 'Waitlist entries' }).waitFor();
  await shot('admin-waitlist', { fullPage: true });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Confirmed' }).click();
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Overberg Fibre' }).click();
  await page.waitForTimeout(800);
  await shot('admin-waitlist-filtered');
  await page.getByRole('button', { name: /^Delete the entry of/ }).first().click();
  await shot('admin-waitlist-delete-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
}

if (!only || only === 'reports') {
  await page.goto(`${BASE}/admin/reports`);
  const map = page.locator('.demand-map');
  await map.waitFor();
  await map.scrollIntoViewIfNeeded();
  await page.waitForTimeout(4000);
  await map.screenshot({ path: `${OUT}/admin-reports-demand-map-waitlisted.png` });
  console.log('saved admin-reports-demand-map-waitlisted');
  await page.getByRole('switch', { name: 'Waitlisted spots' }).click();
  await page.waitForTimeout(1500);
  await map.screenshot({ path: `${OUT}/admin-reports-demand-map-waitlist-off.png` });
  console.log('saved admin-reports-demand-map-waitlist-off');
}

await browser.close();
