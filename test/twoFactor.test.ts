import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHALLENGE_MAX_PER_USER, CHALLENGE_TTL_MS } from '../src/server/auth/authService.js';
import { totpCode } from '../src/server/auth/totp.js';
import { ADMIN, bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';
import { TEAM_PASSWORD, teamUser } from './support/teamUsers.js';
import { enrolTwoFactor } from './support/twoFactor.js';

const WRONG_CODE = 'That code is not correct. Check the time on your device and try again.';
const CHALLENGE_ENDED = 'This sign-in has expired. Please enter your username and password again.';
const SETUP_REQUIRED = 'Your role must use two-factor sign-in. Set it up under Account before you continue.';
const STEP_MS = 30_000;

describe.each(databaseKinds())('two-factor sign-in on %s', (kind) => {
  let app: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
  });
  afterEach(() => app.close());

  const post = (url: string, payload: object, token?: string, remoteAddress = '10.0.0.1') =>
    app.server.inject({ method: 'POST', url, payload, remoteAddress, ...(token ? { headers: bearer(token) } : {}) });
  const login = (credentials: object = ADMIN, remoteAddress?: string) => post('/api/auth/login', credentials, undefined, remoteAddress);
  const challengeOf = async (credentials: object = ADMIN, remoteAddress?: string): Promise<string> => {
    const response = await login(credentials, remoteAddress);
    expect(response.json().data).toEqual({ two_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    return response.json().data.challenge;
  };
  const codeStep = (challenge: string, code: string, remoteAddress?: string) => post('/api/auth/login/2fa', { challenge, code }, undefined, remoteAddress);
  const auditActions = async () =>
    (await app.db.kysely.selectFrom('audit_log').select(['action', 'actor', 'actor_user_id']).orderBy('id').execute()).map((row) => row.action);

  it('enrols: a sealed secret that is off until a code confirms it, then ten recovery codes stored hashed', async () => {
    const token = await signIn(app);
    const setup = await post('/api/auth/2fa/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Coverage%20Map:admin?secret=${secret}&issuer=Coverage%20Map`);
    const stored = await app.db.kysely.selectFrom('admin_users').select(['totp_secret_sealed', 'totp_enabled_at']).executeTakeFirstOrThrow();
    expect(stored.totp_secret_sealed).toMatch(/^v1:/);
    expect(stored.totp_secret_sealed).not.toContain(secret);
    expect(stored.totp_enabled_at).toBeNull();
    // Not on yet: the password alone still signs in.
    expect((await login()).json().data.token).toBeDefined();

    const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CODE);

    const enable = await post('/api/auth/2fa/enable', { code: totpCode(secret, clock.now()) }, token);
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    const hashes = await app.db.kysely.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((row) => row.code_hash).join()).not.toContain(codes[0]!);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).json().data.two_factor_enabled).toBe(true);

    const again = await post('/api/auth/2fa/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-factor sign-in is already on. Turn it off first to set it up again.');
    expect(await auditActions()).toContain('2fa_enabled');
  });

  it('signs in with a challenge and a code, and refuses the same code again within its window', async () => {
    const { secret } = await enrolTwoFactor(app, await signIn(app), clock);
    clock.advance(STEP_MS);
    const challenge = await challengeOf();
    const code = totpCode(secret, clock.now());
    const response = await codeStep(challenge, code);
    expect(response.statusCode).toBe(200);
    const token = response.json().data.token;
    expect(response.json().data).toMatchObject({ username: 'admin', role: 'owner', two_factor_enabled: true });
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);

    // The challenge is single use, and the code, still within its window, is spent.
    expect((await codeStep(challenge, code)).json().message).toBe(CHALLENGE_ENDED);
    const replay = await codeStep(await challengeOf(), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(WRONG_CODE);
    // The next step's code works.
    clock.advance(STEP_MS);
    expect((await codeStep(await challengeOf(), totpCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('accepts a recovery code once, in any case and spacing, and records its use', async () => {
    const { recoveryCodes } = await enrolTwoFactor(app, await signIn(app), clock);
    const code = recoveryCodes[3]!;
    const typed = code.toUpperCase().replace('-', ' ');
    const first = await codeStep(await challengeOf(), typed);
    expect(first.statusCode).toBe(200);
    const used = await app.db.kysely.selectFrom('user_recovery_codes').select('used_at').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);
    const second = await codeStep(await challengeOf(), code);
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(WRONG_CODE);
    expect(await auditActions()).toContain('recovery_code_used');
  });

  it('lets a challenge live five minutes', async () => {
    const { secret } = await enrolTwoFactor(app, await signIn(app), clock);
    const challenge = await challengeOf();
    clock.advance(5 * 60_000 + 1000);
    const expired = await codeStep(challenge, totpCode(secret, clock.now()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(CHALLENGE_ENDED);
  });

  it('keeps 10 challenges a user: the password step past them drops the oldest, and expired ones go first', async () => {
    const { secret } = await enrolTwoFactor(app, await signIn(app), clock);
    const { id: userId } = await app.db.kysely.selectFrom('admin_users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow();
    const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
    const challengeRow = (name: string, expiresAt: string) => ({
      user_id: userId,
      token_hash: name,
      ip_address: '10.0.0.9',
      user_agent: null,
      created_at: at(-60_000),
      expires_at: expiresAt,
      used_at: null,
    });
    const open = Array.from({ length: CHALLENGE_MAX_PER_USER - 1 }, (_, i) => challengeRow(`open-${i}`, at(CHALLENGE_TTL_MS - 60_000)));
    const expired = Array.from({ length: 30 }, (_, i) => challengeRow(`expired-${i}`, at(-1000)));
    await app.db.kysely
      .insertInto('login_challenges')
      .values([...expired, ...open])
      .execute();
    const names = async () => (await app.db.kysely.selectFrom('login_challenges').select('token_hash').orderBy('id').execute()).map((row) => row.token_hash);

    const tenth = await challengeOf();
    expect(await names()).toHaveLength(CHALLENGE_MAX_PER_USER);
    expect((await names()).slice(0, -1)).toEqual(open.map((row) => row.token_hash));

    const eleventh = await challengeOf();
    expect(await names()).toHaveLength(CHALLENGE_MAX_PER_USER);
    expect(await names()).not.toContain('open-0');
    clock.advance(STEP_MS);
    expect((await codeStep(eleventh, totpCode(secret, clock.now()))).statusCode).toBe(200);
    clock.advance(STEP_MS);
    expect((await codeStep(tenth, totpCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('kills a challenge after five wrong codes and throttles the code step like the password step (429)', async () => {
    const { secret } = await enrolTwoFactor(app, await signIn(app), clock);
    clock.advance(STEP_MS);
    const challenge = await challengeOf();
    for (let i = 0; i < 5; i++) {
      const wrong = await codeStep(challenge, '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(WRONG_CODE);
    }
    // Five failures for admin from this address: the pair is locked, the right code included.
    const locked = await codeStep(challenge, totpCode(secret, clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login()).statusCode).toBe(429);

    // Another address is not locked, but the dead challenge stays dead.
    const dead = await codeStep(challenge, totpCode(secret, clock.now()), '10.0.0.2');
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toBe(CHALLENGE_ENDED);
    const failures = await app.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'actor_user_id', 'after_json'])
      .where('action', '=', 'sign_in_failed')
      .execute();
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({ actor: 'admin', after_json: '{"step":"code"}' });
    expect(failures[0]!.actor_user_id).not.toBeNull();
  });

  it('judges at most five codes of a burst at one challenge: the rest hear the challenge ended or 429', async () => {
    await enrolTwoFactor(app, await signIn(app), clock);
    const challenge = await challengeOf();
    const responses = await Promise.all(Array.from({ length: 20 }, () => codeStep(challenge, '000000')));
    const judged = responses.filter((r) => r.json().message === WRONG_CODE);
    const refused = responses.filter((r) => r.statusCode === 429 || (r.statusCode === 401 && r.json().message === CHALLENGE_ENDED));
    // How many are judged depends on the interleaving (a burst that lands at once may all be refused); never more than five.
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(judged.length + refused.length).toBe(20);
    const row = await app.db.kysely.selectFrom('login_challenges').select('failed_codes').executeTakeFirstOrThrow();
    expect(row.failed_codes).toBeLessThanOrEqual(5);
    const failures = await app.db.kysely.selectFrom('login_failures').select('id').where('username', '=', 'admin').execute();
    expect(failures).toHaveLength(judged.length);
  });

  it('throttles guesses through a signed-in session: recovery codes and turning 2FA off answer 429 after five failures', async () => {
    const token = await signIn(app);
    const { secret } = await enrolTwoFactor(app, token, clock);
    clock.advance(STEP_MS);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/2fa/recovery-codes', { code: '000000' }, token)).json().message).toBe(WRONG_CODE);
    const renew = await post('/api/auth/2fa/recovery-codes', { code: totpCode(secret, clock.now()) }, token);
    expect(renew.statusCode).toBe(429);
    expect(renew.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // The same name from the same address: turning 2FA off is locked too, the right password and code included.
    const off = await post('/api/auth/2fa/disable', { password: ADMIN.password, code: totpCode(secret, clock.now()) }, token);
    expect(off.statusCode).toBe(429);

    // From another address, wrong passwords count as well.
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/2fa/disable', { password: 'not-the-password', code: '000000' }, token, '10.0.0.9');
      expect(wrong.json().message).toBe('Current password is incorrect');
    }
    expect((await post('/api/auth/2fa/disable', { password: ADMIN.password, code: totpCode(secret, clock.now()) }, token, '10.0.0.9')).statusCode).toBe(429);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).json().data.two_factor_enabled).toBe(true);
  });

  it('ends the pending challenges of a password change, and the other sessions when 2FA goes on', async () => {
    const token = await signIn(app);
    const other = await signIn(app);
    const { secret } = await enrolTwoFactor(app, token, clock);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(other) })).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);

    clock.advance(STEP_MS);
    const challenge = await challengeOf();
    const changed = await post('/api/auth/change-password', { currentPassword: ADMIN.password, newPassword: 'a-new-long-passphrase-9' }, token);
    expect(changed.statusCode).toBe(200);
    const late = await codeStep(challenge, totpCode(secret, clock.now()));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(CHALLENGE_ENDED);
  });

  it('turns 2FA off with the password and a code, and a user signs in with the password alone again', async () => {
    const token = await signIn(app);
    const { secret } = await enrolTwoFactor(app, token, clock);
    clock.advance(STEP_MS);
    const wrongPassword = await post('/api/auth/2fa/disable', { password: 'not-the-password', code: totpCode(secret, clock.now()) }, token);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe('Current password is incorrect');
    const wrongCode = await post('/api/auth/2fa/disable', { password: ADMIN.password, code: '123456' }, token);
    expect(wrongCode.json().message).toBe(WRONG_CODE);
    const off = await post('/api/auth/2fa/disable', { password: ADMIN.password, code: totpCode(secret, clock.now()) }, token);
    expect(off.statusCode).toBe(200);
    expect((await login()).json().data.token).toBeDefined();
    expect(await app.db.kysely.selectFrom('user_recovery_codes').selectAll().execute()).toEqual([]);
    expect(await auditActions()).toContain('2fa_disabled');
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const token = await signIn(app);
    const { secret, recoveryCodes } = await enrolTwoFactor(app, token, clock);
    clock.advance(STEP_MS);
    const renewed = await post('/api/auth/2fa/recovery-codes', { code: totpCode(secret, clock.now()) }, token);
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    // Replaced, not added to: a user keeps ten codes however often they renew them.
    expect(await app.db.kysely.selectFrom('user_recovery_codes').select('id').execute()).toHaveLength(10);
    expect((await codeStep(await challengeOf(), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await codeStep(await challengeOf(), fresh[0]!)).statusCode).toBe(200);
  });

  it("lets an owner reset another user's 2FA, and no one else", async () => {
    const alice = await teamUser(app, { username: 'alice', role: 'admin' });
    await enrolTwoFactor(app, alice.token, clock);
    const bob = await teamUser(app, { username: 'bobby', role: 'admin' });
    const refused = await app.server.inject({ method: 'DELETE', url: `/api/users/${alice.userId}/2fa`, headers: bearer(bob.token) });
    expect(refused.statusCode).toBe(403);
    expect((await login({ username: 'alice', password: TEAM_PASSWORD })).json().data.two_factor_required).toBe(true);

    const reset = await app.server.inject({ method: 'DELETE', url: `/api/users/${alice.userId}/2fa`, headers: bearer(await signIn(app)) });
    expect(reset.statusCode).toBe(200);
    expect((await login({ username: 'alice', password: TEAM_PASSWORD })).json().data.token).toBeDefined();
    const entry = await app.db.kysely.selectFrom('audit_log').select(['actor', 'entity_id']).where('action', '=', '2fa_reset').executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: 'admin', entity_id: String(alice.userId) });
    expect((await app.server.inject({ method: 'DELETE', url: '/api/users/9999/2fa', headers: bearer(await signIn(app)) })).statusCode).toBe(404);
    // Not the owner's own: that takes the password and a code (POST /auth/2fa/disable).
    const owner = await signIn(app);
    await enrolTwoFactor(app, owner, clock);
    const ownId: number = (await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(owner) })).json().data.user_id;
    const own = await app.server.inject({ method: 'DELETE', url: `/api/users/${ownId}/2fa`, headers: bearer(owner) });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Turn off your own two-factor sign-in on the Account page');
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(owner) })).json().data.two_factor_enabled).toBe(true);
  });

  it('keeps a user whose role must use 2FA on their account until they set it up', async () => {
    await app.db.kysely
      .updateTable('team_settings')
      .set({ require_2fa_roles: JSON.stringify(['admin']) })
      .where('id', '=', 1)
      .execute();
    const alice = await teamUser(app, { username: 'alice', role: 'admin' });
    const verify = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(alice.token) });
    expect(verify.json().data).toMatchObject({ two_factor_required_setup: true, two_factor_enabled: false });
    const providers = await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(alice.token) });
    expect(providers.statusCode).toBe(403);
    expect(providers.json().message).toBe(SETUP_REQUIRED);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(alice.token) })).statusCode).toBe(200);
    // The owner's role is not listed: untouched.
    expect((await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(await signIn(app)) })).statusCode).toBe(200);

    await enrolTwoFactor(app, alice.token, clock);
    expect((await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(alice.token) })).statusCode).toBe(200);
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(alice.token) })).json().data.two_factor_required_setup).toBe(
      false,
    );
  });

  it('records sign-ins and failed sign-ins in the audit log, naming only a user that exists', async () => {
    await signIn(app);
    // A password typed into the name field must not reach the log.
    await login({ username: 'MySecretPassw0rd', password: 'whatever1' });
    await login({ username: 'admin', password: 'whatever1' });
    const rows = await app.db.kysely.selectFrom('audit_log').select(['action', 'actor', 'actor_user_id', 'entity', 'ip_address']).orderBy('id').execute();
    expect(rows).toEqual([
      { action: 'sign_in', actor: 'admin', actor_user_id: expect.any(Number), entity: 'session', ip_address: '127.0.0.1' },
      { action: 'sign_in_failed', actor: null, actor_user_id: null, entity: 'user', ip_address: '10.0.0.1' },
      { action: 'sign_in_failed', actor: 'admin', actor_user_id: expect.any(Number), entity: 'user', ip_address: '10.0.0.1' },
    ]);
    const logged = await app.db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(logged)).not.toContain('MySecretPassw0rd');
  });
});
