import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { chromiumPerFile, signedInPage } from './support/session.js';
import { startLiveApp } from './support/liveApp.js';

const NEW_PASSWORD = 'Correct-Horse-Battery-9';

describe.runIf(browserAvailable())('users: an owner invites a viewer, who joins and sees only what a viewer may', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));

  it('creates a one-time link the invitee opens in their own browser to choose a password, and signs them in as a viewer', async () => {
    const live: LiveApp = await startLiveApp();
    let owner: Page | undefined;
    let invitee: Page | undefined;
    try {
      ({ page: owner } = await signedInPage(browser, live));
      await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: live.baseUrl });
      await owner.goto('/admin/users');
      const menu = owner.getByRole('navigation', { name: 'Admin navigation' });
      await menu.getByRole('link', { name: 'Users' }).waitFor();
      await owner.getByRole('table', { name: 'Users' }).getByText('admin', { exact: true }).waitFor();
      await owner.getByText('No invitations are waiting.').waitFor();
      await expectNoSeriousA11yViolations(owner, 'users screen');

      await owner.getByRole('button', { name: 'Invite user' }).click();
      const form = owner.getByRole('dialog', { name: 'Invite a user' });
      await form.getByRole('textbox', { name: 'Email' }).fill('vera@example.com');
      // The providers field is there for a provider editor only.
      await form.getByRole('combobox', { name: 'Role' }).click();
      await owner.getByRole('option', { name: 'Provider editor' }).click();
      await form.getByRole('combobox', { name: 'Providers' }).waitFor();
      await expectNoSeriousA11yViolations(owner, 'invite dialog');
      await form.getByRole('combobox', { name: 'Role' }).click();
      await owner.getByRole('option', { name: 'Viewer' }).click();
      await form.getByRole('combobox', { name: 'Providers' }).waitFor({ state: 'detached' });
      await form.getByRole('button', { name: 'Create invitation' }).click();

      const shown = owner.getByRole('dialog', { name: 'Invitation for vera@example.com' });
      await shown.getByText('No e-mail server is set up: send this link to the invitee yourself.', { exact: false }).waitFor();
      const link = (await shown.getByRole('region', { name: 'Invitation link' }).locator('code').textContent()) ?? '';
      expect(link).toMatch(new RegExp(`^${live.baseUrl}/admin/invitation\\?token=[A-Za-z0-9_-]{43}$`));
      await shown.getByRole('button', { name: 'Copy Invitation link' }).click();
      await owner.getByText('Code copied to clipboard!', { exact: true }).waitFor();
      expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expectNoSeriousA11yViolations(owner, 'invitation link dialog');
      await shown.getByRole('button', { name: 'Done' }).click();
      await owner.getByRole('table', { name: 'Pending invitations' }).getByText('vera@example.com').waitFor();

      // The invitee: a browser of their own, no token.
      const context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 } });
      invitee = await context.newPage();
      await invitee.goto(link);
      await invitee.getByRole('heading', { name: 'Join the team' }).waitFor();
      await invitee.getByRole('textbox', { name: 'Username' }).fill('vera');
      await invitee.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await invitee.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
      await invitee.getByText('Strong').waitFor();
      await expectNoSeriousA11yViolations(invitee, 'invitation page');
      await invitee.getByRole('button', { name: 'Create account' }).click();
      await invitee.waitForURL('**/admin/dashboard');

      // A viewer: no Users in the menu, no Add on the providers screen, and the users screen says so.
      const inviteeMenu = invitee.getByRole('navigation', { name: 'Admin navigation' });
      await inviteeMenu.getByRole('link', { name: 'Providers' }).waitFor();
      expect(await inviteeMenu.getByRole('link', { name: 'Users' }).count()).toBe(0);
      await inviteeMenu.getByRole('link', { name: 'Providers' }).click();
      await invitee.getByText('No providers yet').waitFor();
      expect(await invitee.getByRole('button', { name: /Add/ }).count()).toBe(0);
      await invitee.goto('/admin/users');
      await invitee.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
      await expectNoSeriousA11yViolations(invitee, 'no access panel');

      // The owner sees the new member; the invitation is used.
      await owner.reload();
      const row = owner.getByRole('table', { name: 'Users' }).getByRole('row', { name: /vera/ });
      await row.getByText('Viewer', { exact: true }).waitFor();
      await owner.getByText('No invitations are waiting.').waitFor();
      await invitee.goto(link);
      await invitee.getByRole('textbox', { name: 'Username' }).fill('vera2');
      await invitee.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await invitee.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
      await invitee.getByText('Strong').waitFor();
      await invitee.getByRole('button', { name: 'Create account' }).click();
      await invitee.getByText('This invitation has already been used').waitFor();
    } finally {
      await owner?.context().close();
      await invitee?.context().close();
      await live.close();
    }
  });
});
