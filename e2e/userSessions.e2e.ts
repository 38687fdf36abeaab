import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../src/server/auth/totp.js';
import { TEAM_PASSWORD, teamUser } from '../test/support/teamUsers.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile, signedInPage } from './support/session.js';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.runIf(browserAvailable())("users: an owner ends another user's session and resets their two-factor sign-in", () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let owner: Page;

  beforeEach(async () => {
    live = await startLiveApp();
    ({ page: owner } = await signedInPage(browser, live));
  });
  afterEach(async () => {
    await owner.context().close();
    await live.close();
  });

  const statusWith = async (token: string) =>
    (await live.app.server.inject({ method: 'GET', url: '/api/auth/sessions', headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('lists the sessions of a user and ends the chosen one: its token is refused, the other still works', async () => {
    const { token: serverToken } = await teamUser(live.app, { username: 'vera', role: 'viewer' });
    const firefox = await live.app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': FIREFOX_ON_LINUX },
      payload: { username: 'vera', password: TEAM_PASSWORD },
    });
    const firefoxToken: string = firefox.json().data.token;
    expect(await statusWith(firefoxToken)).toBe(200);

    await owner.goto('/admin/users');
    const row = owner.getByRole('table', { name: 'Users' }).getByRole('row', { name: /vera/ });
    // The owner's own sessions and 2FA are on the Account page, not here.
    const adminRow = owner.getByRole('table', { name: 'Users' }).getByRole('row', { name: /admin/ });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button', { name: /^Sessions of/ }).count()).toBe(0);
    // vera has no 2FA: nothing to reset.
    expect(await row.getByRole('button', { name: 'Reset two-factor sign-in of vera' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Sessions of vera' }).click();

    const dialog = owner.getByRole('dialog', { name: 'Sessions of vera' });
    const sessions = dialog.getByRole('table', { name: 'Sessions of vera' });
    await sessions.getByText('Firefox on Linux').waitFor();
    expect(await sessions.getByRole('row').count()).toBe(3); // the header and two sessions
    await expectNoSeriousA11yViolations(owner, 'user sessions dialog');
    if (SCREENSHOTS) await owner.screenshot({ path: `${SCREENSHOTS}/user-sessions-dialog.png` });

    await dialog.getByRole('button', { name: 'End session: Firefox on Linux' }).click();
    const confirm = owner.getByRole('dialog', { name: 'End this session?' });
    await confirm.getByText("vera's Firefox on Linux session will be signed out.").waitFor();
    await expectNoSeriousA11yViolations(owner, 'end user session confirmation');
    await confirm.getByRole('button', { name: 'End session' }).click();
    await owner.getByText('Session ended', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2);
    expect(await sessions.getByText('Firefox on Linux').count()).toBe(0);

    expect(await statusWith(firefoxToken)).toBe(401);
    expect(await statusWith(serverToken)).toBe(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("resets a user's two-factor sign-in after a confirmation: they sign in with their password alone", async () => {
    const { token } = await teamUser(live.app, { username: 'walt', role: 'admin' });
    const asWalt = { authorization: `Bearer ${token}` };
    const setup = await live.app.server.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: asWalt });
    const secret: string = setup.json().data.secret;
    const enabled = await live.app.server.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: asWalt,
      payload: { code: totpCode(secret, new Date()) },
    });
    expect(enabled.statusCode).toBe(200);
    const login = () => live.app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'walt', password: TEAM_PASSWORD } });
    expect((await login()).json().data.two_factor_required).toBe(true);

    await owner.goto('/admin/users');
    const row = owner.getByRole('table', { name: 'Users' }).getByRole('row', { name: /walt/ });
    await row.getByRole('cell', { name: 'On', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Reset two-factor sign-in of walt' }).click();

    const confirm = owner.getByRole('dialog', { name: 'Reset the two-factor sign-in of walt?' });
    await confirm.getByText('walt will sign in with their password alone until they set two-factor sign-in up again.').waitFor();
    await expectNoSeriousA11yViolations(owner, 'reset 2FA confirmation');
    if (SCREENSHOTS) await owner.screenshot({ path: `${SCREENSHOTS}/reset-2fa-confirmation.png` });
    await confirm.getByRole('button', { name: 'Reset 2FA' }).click();
    await owner.getByText('Two-factor sign-in of walt was reset', { exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Off', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Reset two-factor sign-in of walt' }).count()).toBe(0);

    const afterReset = (await login()).json().data;
    expect(afterReset.two_factor_required).toBeUndefined();
    expect(afterReset.token).toEqual(expect.any(String));
  });
});
