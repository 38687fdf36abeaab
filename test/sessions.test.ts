import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_MAX_PER_USER } from '../src/server/auth/authService.js';
import { ADMIN, bearer, createTestApp, databaseKinds, ManualClock, type TestApp } from './support/testApp.js';
import { teamUser } from './support/teamUsers.js';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

describe.each(databaseKinds())('sessions on %s', (kind) => {
  let app: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
  });
  afterEach(() => app.close());

  const signInFrom = async (userAgent: string, remoteAddress: string, credentials: object = ADMIN): Promise<string> => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: credentials,
      remoteAddress,
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.token;
  };
  const get = (url: string, token: string) => app.server.inject({ method: 'GET', url, headers: bearer(token) });
  const del = (url: string, token: string) => app.server.inject({ method: 'DELETE', url, headers: bearer(token) });

  it('lists your sessions with the browser, the address, when signed in and last seen, and which is this one', async () => {
    const laptop = await signInFrom(CHROME_LINUX, '192.0.2.10');
    clock.advance(60_000);
    const desktop = await signInFrom(FIREFOX_WINDOWS, '198.51.100.7');
    const response = await get('/api/auth/sessions', desktop);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        browser: 'Firefox on Windows',
        ip_address: '198.51.100.7',
        created_at: '2026-11-22T08:01:00.000Z',
        last_seen_at: '2026-11-22T08:01:00.000Z',
        current: true,
      },
      {
        id: expect.any(Number),
        browser: 'Chrome on Linux',
        ip_address: '192.0.2.10',
        created_at: '2026-11-22T08:00:00.000Z',
        last_seen_at: '2026-11-22T08:00:00.000Z',
        current: false,
      },
    ]);
    expect((await get('/api/auth/sessions', laptop)).json().data.map((s: { current: boolean }) => s.current)).toEqual([false, true]);
  });

  const adminId = async () => (await app.db.kysely.selectFrom('admin_users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
  const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
  /** A session row of the admin written straight into the table: `token_hash` names it. */
  const sessionRow = (userId: number, name: string, lastSeenMsAgo: number, ended: { expires_at?: string; revoked_at?: string } = {}) => ({
    user_id: userId,
    token_hash: name,
    created_at: ago(2 * 3600_000),
    expires_at: ended.expires_at ?? ago(-3600_000),
    revoked_at: ended.revoked_at ?? null,
    user_agent: CHROME_LINUX,
    ip_address: '192.0.2.1',
    last_seen_at: ago(lastSeenMsAgo),
  });
  const liveNames = async () =>
    (
      await app.db.kysely
        .selectFrom('admin_sessions')
        .select('token_hash')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', clock.now().toISOString())
        .execute()
    ).map((row) => row.token_hash);

  it('keeps 20 live sessions a user: the sign-in past them ends the least recently seen one, and ended ones do not count', async () => {
    const userId = await adminId();
    const seenLately = Array.from({ length: SESSION_MAX_PER_USER - 2 }, (_, i) => sessionRow(userId, `recent-${i}`, (i + 1) * 60_000));
    await app.db.kysely
      .insertInto('admin_sessions')
      .values([
        ...seenLately,
        sessionRow(userId, 'least-recently-seen', 90 * 60_000),
        sessionRow(userId, 'expired', 100 * 60_000, { expires_at: ago(1000) }),
        sessionRow(userId, 'revoked', 100 * 60_000, { revoked_at: ago(1000) }),
      ])
      .execute();

    const twentieth = await signInFrom(FIREFOX_WINDOWS, '198.51.100.7');
    expect(await liveNames()).toHaveLength(SESSION_MAX_PER_USER);
    expect(await liveNames()).toContain('least-recently-seen');

    clock.advance(1000);
    const twentyFirst = await signInFrom(FIREFOX_WINDOWS, '198.51.100.8');
    expect(await liveNames()).toHaveLength(SESSION_MAX_PER_USER);
    expect(await liveNames()).not.toContain('least-recently-seen');
    const listed = (await get('/api/auth/sessions', twentyFirst)).json().data as Array<{ current: boolean }>;
    expect(listed).toHaveLength(SESSION_MAX_PER_USER);
    expect(listed[0]!.current).toBe(true);
    expect((await get('/api/auth/verify', twentieth)).statusCode).toBe(200);
    const ended = await app.db.kysely.selectFrom('audit_log').select(['actor', 'before_json']).where('action', '=', 'session_ended').execute();
    expect(ended).toHaveLength(1);
    expect(ended[0]!.actor).toBe(ADMIN.username);
    expect(JSON.parse(ended[0]!.before_json!)).toMatchObject({ user_id: userId, reason: 'session_limit' });
  });

  it('deletes sessions that ended over a day ago at the next sign-in', async () => {
    const userId = await adminId();
    const dayAndMore = 24 * 3600_000 + 60_000;
    await app.db.kysely
      .insertInto('admin_sessions')
      .values([
        sessionRow(userId, 'expired-long-ago', dayAndMore, { expires_at: ago(dayAndMore) }),
        sessionRow(userId, 'revoked-long-ago', dayAndMore, { revoked_at: ago(dayAndMore) }),
        sessionRow(userId, 'expired-lately', 3600_000, { expires_at: ago(3600_000) }),
      ])
      .execute();
    await signInFrom(CHROME_LINUX, '192.0.2.10');
    const names = (await app.db.kysely.selectFrom('admin_sessions').select('token_hash').execute()).map((row) => row.token_hash);
    expect(names).toHaveLength(2);
    expect(names).toContain('expired-lately');
  });

  it('keeps the user agent to 300 characters', async () => {
    await signInFrom(`${CHROME_LINUX} ${'x'.repeat(400)}`, '192.0.2.10');
    const row = await app.db.kysely.selectFrom('admin_sessions').select('user_agent').executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(300);
  });

  it('writes last seen at most once a minute', async () => {
    const token = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const lastSeen = async () => (await app.db.kysely.selectFrom('admin_sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
    clock.advance(59_000);
    await get('/api/auth/verify', token);
    expect(await lastSeen()).toBe('2026-11-22T08:00:00.000Z');
    clock.advance(2000);
    await get('/api/auth/verify', token);
    expect(await lastSeen()).toBe('2026-11-22T08:01:01.000Z');
    clock.advance(30_000);
    await get('/api/auth/verify', token);
    expect(await lastSeen()).toBe('2026-11-22T08:01:01.000Z');
  });

  it('ends one of your sessions: its token answers 401, the others keep working', async () => {
    const laptop = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const desktop = await signInFrom(FIREFOX_WINDOWS, '198.51.100.7');
    const laptopId = (await get('/api/auth/sessions', desktop)).json().data.find((s: { current: boolean }) => !s.current).id;
    const ended = await del(`/api/auth/sessions/${laptopId}`, desktop);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: 'Session ended' });
    expect((await get('/api/auth/verify', laptop)).statusCode).toBe(401);
    expect((await get('/api/auth/verify', desktop)).statusCode).toBe(200);
    expect((await del(`/api/auth/sessions/${laptopId}`, desktop)).statusCode).toBe(404);
    const entry = await app.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'entity', 'entity_id'])
      .where('action', '=', 'session_ended')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: 'admin', entity: 'session', entity_id: String(laptopId) });
  });

  it('ending your current session signs you out', async () => {
    const token = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const [own] = (await get('/api/auth/sessions', token)).json().data;
    expect((await del(`/api/auth/sessions/${own.id}`, token)).statusCode).toBe(200);
    expect((await get('/api/auth/verify', token)).statusCode).toBe(401);
  });

  it("does not let a user see or end another user's session through their own routes", async () => {
    const owner = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const alice = await teamUser(app, { username: 'alice', role: 'admin' });
    const ownerSession = (await get('/api/auth/sessions', owner)).json().data[0].id;
    expect((await get('/api/auth/sessions', alice.token)).json().data).toHaveLength(1);
    expect((await del(`/api/auth/sessions/${ownerSession}`, alice.token)).statusCode).toBe(404);
    expect((await get('/api/auth/verify', owner)).statusCode).toBe(200);
  });

  it("lets an owner list and end another user's sessions, and nobody else", async () => {
    const owner = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const alice = await teamUser(app, { username: 'alice', role: 'admin' });
    const bob = await teamUser(app, { username: 'bobby', role: 'viewer' });
    const listed = await get(`/api/users/${alice.userId}/sessions`, owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ ip_address: '127.0.0.1', current: false })]);
    const aliceSession = listed.json().data[0].id;

    const refused = await del(`/api/users/${alice.userId}/sessions/${aliceSession}`, bob.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an owner can manage users');
    expect((await get(`/api/users/${alice.userId}/sessions`, bob.token)).statusCode).toBe(403);

    expect((await del(`/api/users/${alice.userId}/sessions/${aliceSession}`, owner)).statusCode).toBe(200);
    expect((await get('/api/auth/verify', alice.token)).statusCode).toBe(401);
    // A session of someone else under this user's path is not found.
    const bobSession = (await get('/api/auth/sessions', bob.token)).json().data[0].id;
    expect((await del(`/api/users/${alice.userId}/sessions/${bobSession}`, owner)).statusCode).toBe(404);
    expect((await get('/api/users/9999/sessions', owner)).statusCode).toBe(404);
  });

  it('still ends the other sessions on a password change, and records it', async () => {
    const laptop = await signInFrom(CHROME_LINUX, '192.0.2.10');
    const desktop = await signInFrom(FIREFOX_WINDOWS, '198.51.100.7');
    const changed = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(desktop),
      payload: { currentPassword: ADMIN.password, newPassword: 'N3w-Passw0rd!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/auth/verify', laptop)).statusCode).toBe(401);
    expect((await get('/api/auth/sessions', desktop)).json().data).toHaveLength(1);
    const entry = await app.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'after_json'])
      .where('action', '=', 'password_changed')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: 'admin', after_json: null });
  });
});
