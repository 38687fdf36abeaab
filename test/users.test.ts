import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_LIMIT_MESSAGE,
  INVITATION_MAX_ENDED,
  INVITATION_MAX_PENDING,
  INVITATION_TTL_MS,
  INVITATION_USED,
  LAST_OWNER,
  PROVIDERS_ONLY_FOR_EDITORS,
  PROVIDERS_REQUIRED,
  USER_LIMIT_MESSAGE,
  USER_MAX_ACCOUNTS,
  USERNAME_TAKEN,
} from '../src/common/api/users.js';
import { PASSWORD_TOO_WEAK } from '../src/common/passwordStrength.js';
import { REMOVED_SECRET } from '../src/server/outbox/keptCopy.js';
import { MAIL_SKIPPED_INVITATION_CLOSED } from '../src/server/outbox/mailSender.js';
import { closedPort } from './support/closedPort.js';
import { type LocalSmtp, startLocalSmtp } from './support/localSmtp.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

const PUBLIC_URL = 'https://coverage.example.com';
const NEW_PASSWORD = 'Correct-Horse-Battery-9';

describe.each(databaseKinds())('users and invitations (%s)', (kind) => {
  let app: TestApp;
  let clock: ManualClock;
  let owner: string;

  async function start(env: Record<string, string> = {}): Promise<void> {
    clock = new ManualClock();
    app = await createTestApp(kind, { env: { PUBLIC_URL, ...env }, deps: { clock } });
    owner = await signIn(app);
  }

  afterEach(() => app.close());

  const invite = (payload: object, token = owner) => app.server.inject({ method: 'POST', url: '/api/users/invitations', payload, headers: bearer(token) });
  const accept = (payload: object, remoteAddress = '10.0.0.7') => app.server.inject({ method: 'POST', url: '/api/invitations/accept', payload, remoteAddress });
  const updateUser = (id: number, payload: object) => app.server.inject({ method: 'PUT', url: `/api/users/${id}`, payload, headers: bearer(owner) });
  const removeUser = (id: number, token = owner) => app.server.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(token) });
  const listUsers = async () =>
    (await app.server.inject({ method: 'GET', url: '/api/users', headers: bearer(owner) })).json().data as Array<Record<string, unknown>>;
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const verify = (token: string) => app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
  const adminId = async () => (await verify(owner)).json().data.user_id as number;

  async function provider(name: string): Promise<number> {
    const now = clock.now().toISOString();
    const row = await app.db.kysely
      .insertInto('providers')
      .values({ name, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function auditEntries(entity: string): Promise<Array<{ action: string; entity_id: string | null; actor: string | null }>> {
    return app.db.kysely.selectFrom('audit_log').select(['action', 'entity_id', 'actor']).where('entity', '=', entity).orderBy('id').execute();
  }

  describe('without SMTP', () => {
    beforeEach(() => start());

    it('invites with a one-time link under PUBLIC_URL that creates a user with the role, once', async () => {
      const created = await invite({ email: 'Sam@Example.com', role: 'viewer' });
      expect(created.statusCode).toBe(200);
      const { invitation, invitation_url, emailed } = created.json().data;
      expect(emailed).toBe(false);
      expect(invitation).toMatchObject({ email: 'sam@example.com', role: 'viewer', provider_ids: [], invited_by: 'admin' });
      expect(Date.parse(invitation.expires_at) - clock.now().getTime()).toBe(72 * 3600_000);
      expect(invitation_url).toMatch(new RegExp(`^${PUBLIC_URL}/admin/invitation\\?token=[A-Za-z0-9_-]{43}$`));
      // Mail scanners GET every link of a mail: opening the link only loads the page, and the
      // invitation waits for the invitee's POST with a password.
      const { pathname, search } = new URL(invitation_url);
      for (const method of ['GET', 'HEAD'] as const) await app.server.inject({ method, url: pathname + search });
      const pending = await app.server.inject({ method: 'GET', url: '/api/users/invitations', headers: bearer(owner) });
      expect(pending.json().data.map((row: { id: number }) => row.id)).toEqual([invitation.id]);

      const accepted = await accept({ token: tokenOf(invitation_url), username: 'sam', password: NEW_PASSWORD });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data).toEqual({ username: 'sam', role: 'viewer' });
      const session = await verify(await signIn(app, { username: 'sam', password: NEW_PASSWORD }));
      expect(session.json().data).toMatchObject({ username: 'sam', role: 'viewer', provider_ids: [] });
      expect((await listUsers()).find((user) => user.username === 'sam')).toMatchObject({
        email: 'sam@example.com',
        role: 'viewer',
        disabled: false,
        two_factor_enabled: false,
      });

      const again = await accept({ token: tokenOf(invitation_url), username: 'sam2', password: NEW_PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(INVITATION_USED);
      const left = await app.server.inject({ method: 'GET', url: '/api/users/invitations', headers: bearer(owner) });
      expect(left.json().data).toEqual([]);
      expect((await auditEntries('invitation')).map((row) => row.action)).toEqual(['create', 'accept']);
      expect(await auditEntries('user')).toEqual([expect.objectContaining({ action: 'create', actor: 'sam' })]);
    });

    it('refuses an invitation link after 72 hours', async () => {
      const { invitation_url } = (await invite({ email: 'late@example.com', role: 'admin' })).json().data;
      clock.advance(INVITATION_TTL_MS - 1000);
      // The owner's session has long expired (12 h): a new one.
      const pending = await app.server.inject({ method: 'GET', url: '/api/users/invitations', headers: bearer(await signIn(app)) });
      expect(pending.json().data).toHaveLength(1);
      clock.advance(1000);
      const response = await accept({ token: tokenOf(invitation_url), username: 'late', password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVITATION_EXPIRED);
    });

    it('lets 100 invitations wait at once and refuses the 101st with 409; expired ones do not count', async () => {
      const now = clock.now().getTime();
      const waiting = (count: number, expiresAt: number, prefix: string) =>
        Array.from({ length: count }, (_, i) => ({
          email: `${prefix}${i}@example.com`,
          role: 'viewer',
          provider_ids: '[]',
          token_hash: `${prefix}-${i}`,
          invited_by: null,
          created_at: new Date(now - INVITATION_TTL_MS).toISOString(),
          expires_at: new Date(expiresAt).toISOString(),
        }));
      await app.db.kysely
        .insertInto('user_invitations')
        .values([...waiting(INVITATION_MAX_PENDING - 1, now + 1000, 'open'), ...waiting(20, now, 'expired')])
        .execute();

      expect((await invite({ email: 'last@example.com', role: 'viewer' })).statusCode).toBe(200);
      const refused = await invite({ email: 'one-too-many@example.com', role: 'viewer' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVITATION_LIMIT_MESSAGE);
      expect(INVITATION_LIMIT_MESSAGE).toContain('At most 100 invitations');

      // Once the oldest ones expire there is room again.
      clock.advance(1000);
      expect((await invite({ email: 'room-again@example.com', role: 'viewer' }, await signIn(app))).statusCode).toBe(200);
    });

    it('keeps the newest 1,000 ended invitations: an invitation deletes the oldest past them, never a waiting one', async () => {
      const now = clock.now().getTime();
      const row = (name: string, ended: { accepted_at?: string; revoked_at?: string; expires_at?: string }) => ({
        email: `${name}@example.com`,
        role: 'viewer',
        provider_ids: '[]',
        token_hash: name,
        invited_by: null,
        created_at: new Date(now - INVITATION_TTL_MS).toISOString(),
        expires_at: ended.expires_at ?? new Date(now + 1000).toISOString(),
        accepted_at: ended.accepted_at ?? null,
        revoked_at: ended.revoked_at ?? null,
      });
      const earlier = new Date(now - 1000).toISOString();
      const kinds = [{ accepted_at: earlier }, { revoked_at: earlier }, { expires_at: earlier }];
      await app.db.kysely
        .insertInto('user_invitations')
        .values([row('waiting', {}), ...Array.from({ length: INVITATION_MAX_ENDED }, (_, i) => row(`ended-${i}`, kinds[i % 3]!))])
        .execute();
      const names = async () => (await app.db.kysely.selectFrom('user_invitations').select('token_hash').orderBy('id').execute()).map((r) => r.token_hash);

      const first = (await invite({ email: 'first@example.com', role: 'viewer' })).json().data;
      expect(await names()).toHaveLength(INVITATION_MAX_ENDED + 2);
      expect((await app.server.inject({ method: 'DELETE', url: `/api/users/invitations/${first.invitation.id}`, headers: bearer(owner) })).statusCode).toBe(
        200,
      );

      expect((await invite({ email: 'second@example.com', role: 'viewer' })).statusCode).toBe(200);
      const left = await names();
      expect(left).toHaveLength(INVITATION_MAX_ENDED + 2);
      expect(left.slice(0, 2)).toEqual(['waiting', 'ended-1']);
    });

    it('keeps at most 500 users: the invitation and the acceptance that would make the 501st are refused with 409, also when two accept at once', async () => {
      const now = clock.now().toISOString();
      // The admin plus these leave room for one more.
      const filler = Array.from({ length: USER_MAX_ACCOUNTS - 2 }, (_, i) => ({
        username: `member${i}`,
        password_hash: 'not-a-hash',
        role: 'viewer',
        created_at: now,
        updated_at: now,
      }));
      for (let start = 0; start < filler.length; start += 100)
        await app.db.kysely
          .insertInto('admin_users')
          .values(filler.slice(start, start + 100))
          .execute();

      const last = (await invite({ email: 'last@example.com', role: 'viewer' })).json().data;
      const late = (await invite({ email: 'late@example.com', role: 'viewer' })).json().data;
      // Both invitees accept at once: one takes the last place, the other hears the limit.
      const answers = await Promise.all([
        accept({ token: tokenOf(last.invitation_url), username: 'last', password: NEW_PASSWORD }),
        accept({ token: tokenOf(late.invitation_url), username: 'late', password: NEW_PASSWORD }, '10.0.0.8'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(USER_LIMIT_MESSAGE);
      expect(await listUsers()).toHaveLength(USER_MAX_ACCOUNTS);

      const refusedInvite = await invite({ email: 'more@example.com', role: 'viewer' });
      expect(refusedInvite.statusCode).toBe(409);
      expect(refusedInvite.json().message).toBe(USER_LIMIT_MESSAGE);
      expect(USER_LIMIT_MESSAGE).toContain('At most 500 user accounts');
      expect(await listUsers()).toHaveLength(USER_MAX_ACCOUNTS);
    });

    it('refuses a revoked or unknown link as not valid, and a revoked invitation cannot be revoked again', async () => {
      const { invitation, invitation_url } = (await invite({ email: 'gone@example.com', role: 'viewer' })).json().data;
      const revoked = await app.server.inject({ method: 'DELETE', url: `/api/users/invitations/${invitation.id}`, headers: bearer(owner) });
      expect(revoked.statusCode).toBe(200);
      expect((await accept({ token: tokenOf(invitation_url), username: 'gone', password: NEW_PASSWORD })).json().message).toBe(INVITATION_INVALID);
      expect((await accept({ token: 'x'.repeat(43), username: 'gone', password: NEW_PASSWORD })).json().message).toBe(INVITATION_INVALID);
      const twice = await app.server.inject({ method: 'DELETE', url: `/api/users/invitations/${invitation.id}`, headers: bearer(owner) });
      expect(twice.statusCode).toBe(404);
      expect((await auditEntries('invitation')).map((row) => row.action)).toEqual(['create', 'revoke']);
    });

    it('needs existing providers for a provider editor and refuses them for other roles', async () => {
      const missing = await invite({ email: 'pe@example.com', role: 'provider_editor' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(PROVIDERS_REQUIRED);
      expect((await invite({ email: 'pe@example.com', role: 'provider_editor', provider_ids: [] })).json().message).toBe(PROVIDERS_REQUIRED);
      expect((await invite({ email: 'pe@example.com', role: 'provider_editor', provider_ids: [999] })).json().message).toBe('Provider 999 not found');
      expect((await invite({ email: 'v@example.com', role: 'viewer', provider_ids: [1] })).json().message).toBe(PROVIDERS_ONLY_FOR_EDITORS);

      const fibre = await provider('Fibre Co');
      const created = await invite({ email: 'pe@example.com', role: 'provider_editor', provider_ids: [fibre, fibre] });
      expect(created.json().data.invitation.provider_ids).toEqual([fibre]);
      await accept({ token: tokenOf(created.json().data.invitation_url), username: 'fibre-editor', password: NEW_PASSWORD });
      const session = await verify(await signIn(app, { username: 'fibre-editor', password: NEW_PASSWORD }));
      expect(session.json().data).toMatchObject({ role: 'provider_editor', provider_ids: [fibre] });
    });

    it('refuses a taken username and a weak password, leaving the invitation usable', async () => {
      const { invitation_url } = (await invite({ email: 'kim@example.com', role: 'viewer' })).json().data;
      const taken = await accept({ token: tokenOf(invitation_url), username: 'admin', password: NEW_PASSWORD });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(USERNAME_TAKEN);
      const weak = await accept({ token: tokenOf(invitation_url), username: 'kim', password: 'password' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(PASSWORD_TOO_WEAK);
      expect((await accept({ token: tokenOf(invitation_url), username: 'kim', password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('throttles accept attempts per address', async () => {
      const attempt = (remoteAddress: string) => accept({ token: 'y'.repeat(43), username: 'guess', password: NEW_PASSWORD }, remoteAddress);
      for (let i = 0; i < 10; i += 1) expect((await attempt('10.0.0.9')).statusCode).toBe(400);
      expect((await attempt('10.0.0.9')).statusCode).toBe(429);
      expect((await attempt('10.0.0.10')).statusCode).toBe(400);
    });

    it('never removes, demotes or disables the last enabled owner', async () => {
      const me = await adminId();
      for (const response of [await updateUser(me, { role: 'admin' }), await updateUser(me, { disabled: true }), await removeUser(me)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(LAST_OWNER);
      }
      const second = await teamUser(app, { username: 'second-owner', role: 'owner' });
      expect((await updateUser(second.userId, { disabled: true })).statusCode).toBe(200);
      // A disabled owner does not count: the admin is still the last enabled one.
      expect((await updateUser(me, { role: 'viewer' })).json().message).toBe(LAST_OWNER);
      expect((await updateUser(second.userId, { disabled: false })).statusCode).toBe(200);
      expect((await removeUser(me)).statusCode).toBe(200);
      expect((await verify(owner)).statusCode).toBe(401);
    });

    it("ends a user's sessions when their role or providers change, and a disabled user cannot sign in", async () => {
      const viewer = await teamUser(app, { username: 'vera', role: 'viewer' });
      const changed = await updateUser(viewer.userId, { role: 'admin' });
      expect(changed.json().data).toMatchObject({ username: 'vera', role: 'admin', provider_ids: [] });
      expect((await verify(viewer.token)).statusCode).toBe(401);

      const fibre = await provider('Fibre Co');
      const radio = await provider('Radio Co');
      const editor = await teamUser(app, { username: 'eddie', role: 'provider_editor', providerIds: [fibre] });
      expect((await updateUser(editor.userId, { provider_ids: [fibre, radio] })).json().data.provider_ids).toEqual([fibre, radio]);
      expect((await verify(editor.token)).statusCode).toBe(401);
      expect((await updateUser(editor.userId, { role: 'viewer' })).json().data).toMatchObject({ role: 'viewer', provider_ids: [] });

      const vera = await signIn(app, { username: 'vera', password: 'Team-Mate-Pass-42!' });
      expect((await updateUser(viewer.userId, { disabled: true })).json().data.disabled).toBe(true);
      expect((await verify(vera)).statusCode).toBe(401);
      const refused = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'vera', password: 'Team-Mate-Pass-42!' } });
      expect(refused.statusCode).toBe(401);
      expect((await updateUser(viewer.userId, { disabled: false })).statusCode).toBe(200);
      expect((await verify(await signIn(app, { username: 'vera', password: 'Team-Mate-Pass-42!' }))).json().data.role).toBe('admin');
      expect((await auditEntries('user')).map((row) => row.action)).toEqual(['update', 'update', 'update', 'update', 'sign_in_failed', 'update']);
    });

    it('removes a user with their sessions; the list no longer shows them', async () => {
      const viewer = await teamUser(app, { username: 'leaving', role: 'viewer' });
      expect((await listUsers()).find((user) => user.username === 'leaving')?.last_seen).toEqual(expect.any(String));
      expect((await removeUser(viewer.userId)).statusCode).toBe(200);
      expect((await verify(viewer.token)).statusCode).toBe(401);
      expect((await listUsers()).map((user) => user.username)).toEqual(['admin']);
      expect((await removeUser(viewer.userId)).statusCode).toBe(404);
      expect(await auditEntries('user')).toEqual([expect.objectContaining({ action: 'delete', entity_id: String(viewer.userId), actor: 'admin' })]);
    });
  });

  it('builds the link from the address the owner reached when PUBLIC_URL is unset', async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock } });
    owner = await signIn(app);
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/users/invitations',
      payload: { email: 'x@example.com', role: 'viewer' },
      headers: { ...bearer(owner), host: 'map.isp.example:8443' },
    });
    expect(created.json().data.invitation_url).toMatch(/^http:\/\/map\.isp\.example:8443\/admin\/invitation\?token=/);
  });

  it('e-mails the invitation through the outbox when SMTP is set', async () => {
    await start({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const created = (await invite({ email: 'mail@example.com', role: 'admin' })).json().data;
    expect(created.emailed).toBe(true);
    const mails = await app.db.kysely.selectFrom('mail_outbox').select(['kind', 'to_address', 'text_body']).execute();
    expect(mails).toEqual([{ kind: 'user_invitation', to_address: 'mail@example.com', text_body: expect.stringContaining(created.invitation_url) }]);
  });

  describe('invitation mail through a local SMTP server', () => {
    let smtp: LocalSmtp;
    /** The stored copy of the one invitation mail: what anyone reading the database sees. */
    const storedMail = () =>
      app.db.kysely
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'text_body', 'html_body', 'kept_text_body', 'kept_html_body'])
        .executeTakeFirstOrThrow();

    beforeEach(async () => {
      smtp = await startLocalSmtp();
      await start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '50' });
    });
    afterEach(() => smtp.close());

    it('sends a working link after a refused attempt, and the stored copy keeps no token once sent', async () => {
      smtp.refuse(true);
      const { invitation_url } = (await invite({ email: 'new@example.com', role: 'viewer' })).json().data;
      const token = tokenOf(invitation_url);
      await expect.poll(() => smtp.refused()).toBe(1);
      // Pending after the refusal: the copy to retry from still carries the link.
      await expect.poll(async () => (await storedMail()).attempts).toBe(1);
      expect((await storedMail()).text_body).toContain(token);

      smtp.refuse(false);
      clock.advance(60_000);
      await expect.poll(() => smtp.received.length).toBe(1);
      await expect.poll(async () => (await storedMail()).status).toBe('sent');

      const stored = await storedMail();
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored).toMatchObject({ kept_text_body: null, kept_html_body: null });
      expect(stored.text_body).toContain(`${PUBLIC_URL}/admin/invitation?token=${REMOVED_SECRET}`);
      expect(stored.html_body).toContain(`token=${REMOVED_SECRET}`);
      // Nor is it in the audit log.
      const audit = await app.db.kysely.selectFrom('audit_log').selectAll().execute();
      expect(JSON.stringify(audit)).not.toContain(token);

      // The received mail's link is the one that works.
      const received = smtp.received[0]!.parsed;
      expect(received.text).toContain(invitation_url);
      expect(received.html).toContain(`href="${invitation_url}"`);
      const linkInMail = received.text!.match(/https:\/\/\S+\/admin\/invitation\?token=\S+/)![0];
      const accepted = await accept({ token: tokenOf(linkInMail), username: 'newcomer', password: NEW_PASSWORD });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it('never sends the mail of an invitation revoked while it waited, and keeps no token of it', async () => {
      smtp.refuse(true);
      const { invitation, invitation_url } = (await invite({ email: 'wrong@example.com', role: 'viewer' })).json().data;
      await expect.poll(async () => (await storedMail()).attempts).toBe(1);
      const revoked = await app.server.inject({ method: 'DELETE', url: `/api/users/invitations/${invitation.id}`, headers: bearer(owner) });
      expect(revoked.statusCode).toBe(200);

      smtp.refuse(false);
      clock.advance(60_000);
      await expect.poll(async () => (await storedMail()).status).toBe('failed');
      expect(smtp.received).toEqual([]);
      const stored = await app.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(stored.last_error).toBe(MAIL_SKIPPED_INVITATION_CLOSED);
      expect(JSON.stringify(stored)).not.toContain(tokenOf(invitation_url));
    });

    it('never sends the mail of an invitation accepted while it waited (the link was passed on by hand)', async () => {
      smtp.refuse(true);
      const { invitation_url } = (await invite({ email: 'quick@example.com', role: 'viewer' })).json().data;
      await expect.poll(async () => (await storedMail()).attempts).toBe(1);
      const accepted = await accept({ token: tokenOf(invitation_url), username: 'quick', password: NEW_PASSWORD });
      expect(accepted.statusCode, accepted.body).toBe(200);

      smtp.refuse(false);
      clock.advance(60_000);
      await expect.poll(async () => (await storedMail()).status).toBe('failed');
      expect(smtp.received).toEqual([]);
      const stored = await app.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(stored.last_error).toBe(MAIL_SKIPPED_INVITATION_CLOSED);
    });

    it('never sends the mail of an invitation that expired while it waited', async () => {
      smtp.refuse(true);
      await invite({ email: 'late@example.com', role: 'viewer' });
      await expect.poll(async () => (await storedMail()).attempts).toBe(1);

      smtp.refuse(false);
      // Past the invitation's expiry; the retry is due long before.
      clock.advance(INVITATION_TTL_MS + 60_000);
      await expect.poll(async () => (await storedMail()).status).toBe('failed');
      expect(smtp.received).toEqual([]);
      const stored = await app.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(stored.last_error).toBe(MAIL_SKIPPED_INVITATION_CLOSED);
    });

    it('removes the token from a mail given up unsent', async () => {
      smtp.refuse(true);
      const { invitation_url } = (await invite({ email: 'never@example.com', role: 'viewer' })).json().data;
      await expect.poll(async () => (await storedMail()).attempts).toBe(1);
      // Queued more than three days ago: the next refusal gives it up.
      const longAgo = new Date(clock.now().getTime() - 4 * 24 * 3600_000).toISOString();
      await app.db.kysely.updateTable('mail_outbox').set({ created_at: longAgo, next_attempt_at: longAgo }).execute();
      await expect.poll(async () => (await storedMail()).status).toBe('failed');
      const stored = await storedMail();
      expect(JSON.stringify(stored)).not.toContain(tokenOf(invitation_url));
      expect(stored.text_body).toContain(`token=${REMOVED_SECRET}`);
    });
  });
});
