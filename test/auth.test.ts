import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, LOGIN_PAIR_FAILURE_LIMIT, USERNAME_DELAY_MAX_MS } from '../src/server/auth/authService.js';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK } from '../src/common/passwordStrength.js';
import { ADMIN, bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

describe.each(databaseKinds())('admin auth on %s', (kind) => {
  let app: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
  });
  afterEach(() => app.close());

  const login = (payload: object, remoteAddress = '10.0.0.1') => app.server.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  it('signs in the first admin from ADMIN_USERNAME/ADMIN_PASSWORD and returns an expiring token', async () => {
    const response = await login(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.username).toBe('admin');
    expect(Date.parse(body.data.expires_at) - clock.now().getTime()).toBe(12 * 3600 * 1000);
  });

  it('refuses a wrong password with 401 and the message shown on the login screen', async () => {
    const response = await login({ username: 'admin', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Invalid username or password' });
  });

  it('refuses an unknown username with the same message as a wrong password', async () => {
    const response = await login({ username: 'nobody', password: 'whatever1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
  });

  it('validates the login body with the field message', async () => {
    const response = await login({ username: 'ad', password: 'secret12' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Username must be at least 3 characters' });
    const short = await login({ username: 'admin', password: '12345' });
    expect(short.json().message).toBe('Password must be at least 6 characters');
  });

  it('verifies a valid token and rejects a missing or made-up one', async () => {
    const token = await signIn(app);
    const ok = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.username).toBe('admin');

    const missing = await app.server.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: 'Authentication required' });

    const forged = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
  });

  it('stores only a hash of the token, never the token itself', async () => {
    const token = await signIn(app);
    const rows = await app.db.kysely.selectFrom('admin_sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires a token after TOKEN_TTL_HOURS', async () => {
    const token = await signIn(app);
    clock.advance(12 * 3600 * 1000 - 1000);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);
    clock.advance(2000);
    const expired = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('logout revokes the token', async () => {
    const token = await signIn(app);
    const out = await app.server.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('changes the password: new one signs in, old one does not, other sessions end, this one stays', async () => {
    const other = await signIn(app);
    const mine = await signIn(app);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(mine),
      payload: { currentPassword: ADMIN.password, newPassword: 'N3w-Passw0rd!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password changed successfully! Your account is now more secure.',
    });
    expect((await login(ADMIN)).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: 'N3w-Passw0rd!' })).statusCode).toBe(200);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(other) })).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(mine) })).statusCode).toBe(200);
  });

  it('refuses a password change with a wrong current password (400, session kept) or a short new one', async () => {
    const token = await signIn(app);
    const wrong = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'not-it-at-all', newPassword: 'N3w-Passw0rd!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');

    const short = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: ADMIN.password, newPassword: 'Ab1!' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('refuses a new password the strength meter calls weak, or a common one, with the reason', async () => {
    const token = await signIn(app);
    const change = (newPassword: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword: ADMIN.password, newPassword },
      });
    for (const weak of ['password', 'aaaaaaaa', '12345678']) {
      const response = await change(weak);
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().message).toBe(PASSWORD_TOO_WEAK);
    }
    for (const common of ['Password123!', 'Admin2026!']) {
      const response = await change(common);
      expect(response.statusCode, common).toBe(400);
      expect(response.json().message).toBe(PASSWORD_TOO_COMMON);
    }
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('refuses to create the first admin from a common ADMIN_PASSWORD, naming the variable', async () => {
    await expect(createTestApp(kind, { env: { ADMIN_PASSWORD: 'Password123!' } })).rejects.toThrow(`ADMIN_PASSWORD: ${PASSWORD_TOO_COMMON}`);
  });

  it('requires the token for a password change before looking at the body', async () => {
    const response = await app.server.inject({ method: 'POST', url: '/api/auth/change-password', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it(`locks an address after ${LOGIN_PAIR_FAILURE_LIMIT} failures for a username, even with the right password, while the admin signs in from another address`, async () => {
    const attacker = '203.0.113.7';
    for (let i = 0; i < LOGIN_PAIR_FAILURE_LIMIT; i++) {
      expect((await login({ username: 'admin', password: `wrong-${i}-pw` }, attacker)).statusCode).toBe(401);
    }
    const blocked = await login(ADMIN, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect(blocked.headers['retry-after']).toBe('900');

    // The owner, from an address with no failures: never locked, only slowed.
    expect((await login(ADMIN, '10.0.2.1')).statusCode).toBe(200);
    expect((await login(ADMIN, attacker)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(ADMIN, attacker)).statusCode).toBe(200);
  });

  it(`judges at most ${LOGIN_PAIR_FAILURE_LIMIT} of a burst of wrong passwords from one address; the rest hear 429`, async () => {
    const attacker = '203.0.113.8';
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login({ username: 'admin', password: `wrong-${i}-pw` }, attacker)));
    const judged = responses.filter((r) => r.statusCode === 401);
    expect(judged.length).toBeLessThanOrEqual(LOGIN_PAIR_FAILURE_LIMIT);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(20 - judged.length);
    // Only the judged attempts stay counted.
    expect(await app.db.kysely.selectFrom('login_failures').select('id').where('ip_address', '=', attacker).execute()).toHaveLength(judged.length);
  });

  it('slows a username guessed from many addresses more with each failure, without locking it', async () => {
    clock.slept.length = 0;
    for (let i = 0; i < 8; i++) expect((await login({ username: 'admin', password: `wrong-${i}-pw` }, `10.0.1.${i}`)).statusCode).toBe(401);
    // The first USERNAME_DELAY_AFTER failures cost nothing; then 250, 500, 1000, 2000, 4000 ms.
    expect(clock.slept).toEqual([250, 500, 1000, 2000, 4000]);
    expect((await login(ADMIN, '10.0.9.9')).statusCode).toBe(200);
    expect(clock.slept.at(-1)).toBe(USERNAME_DELAY_MAX_MS);
  });

  it(`answers 429 after ${LOGIN_FAILURE_LIMIT} failures from one address across usernames`, async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await login({ username: `user${i}`, password: 'wrong-pw' }, '10.9.9.9');
    }
    expect((await login(ADMIN, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(ADMIN, '10.9.9.10')).statusCode).toBe(200);
  });

  it('signs the owner in however many failures other addresses had for the name', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) await login({ username: 'admin', password: 'wrong-pw' }, `10.0.3.${i}`);
    expect((await login(ADMIN, '10.0.4.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) await login({ username: 'admin', password: 'wrong-pw' }, `10.0.5.${i}`);
    expect((await login(ADMIN, '10.0.4.2')).statusCode).toBe(200);
  });
});
