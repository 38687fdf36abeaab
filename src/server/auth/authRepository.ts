import type { Kysely } from 'kysely';
import { toCount } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { UserRole } from '../../common/api/users.js';

export interface AdminUserRow {
  id: number;
  username: string;
  password_hash: string;
  role: UserRole;
}

export interface ActiveSessionRow {
  session_id: number;
  user_id: number;
  username: string;
  role: UserRole;
  expires_at: string;
}

/** SQL for admin users, sessions and login failures. Times are ISO-8601 UTC text. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countUsers(): Promise<number> {
    const row = await this.db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n as string | number);
  }

  /** Inserts the user unless the username exists (another process may be starting too). True when inserted. */
  async createUserIfAbsent(username: string, passwordHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('admin_users')
      .values({ username, password_hash: passwordHash, role: 'owner', created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('username').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** An enabled user by name (a disabled user cannot sign in). */
  async findUserByUsername(username: string): Promise<AdminUserRow | undefined> {
    const row = await this.db
      .selectFrom('admin_users')
      .select(['id', 'username', 'password_hash', 'role'])
      .where('username', '=', username)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return row ? { ...row, role: row.role as UserRole } : undefined;
  }

  async findUserById(id: number): Promise<AdminUserRow | undefined> {
    const row = await this.db.selectFrom('admin_users').select(['id', 'username', 'password_hash', 'role']).where('id', '=', id).executeTakeFirst();
    return row ? { ...row, role: row.role as UserRole } : undefined;
  }

  /** Sets the new hash and revokes every session of the user except the one that asked. */
  async updatePassword(userId: number, passwordHash: string, keepSessionId: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('admin_users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      await trx
        .updateTable('admin_sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  async createSession(userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('admin_sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, revoked_at: null })
      .execute();
  }

  /** The session of a token hash, unless it expired, was revoked, or its user is disabled. */
  async findActiveSession(tokenHash: string, now: string): Promise<ActiveSessionRow | undefined> {
    const row = await this.db
      .selectFrom('admin_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.user_id')
      .select(['s.id as session_id', 's.user_id', 'u.username', 'u.role', 's.expires_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.disabled_at', 'is', null)
      .executeTakeFirst();
    return row ? { ...row, role: row.role as UserRole } : undefined;
  }

  /** The providers a user is scoped to (a provider editor's), in id order. */
  async providerIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_providers').select('provider_id').where('user_id', '=', userId).orderBy('provider_id').execute();
    return rows.map((row) => row.provider_id);
  }

  async revokeSession(sessionId: number, now: string): Promise<void> {
    await this.db.updateTable('admin_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** Drops sessions that ended (expired or revoked) before `before`; they can never verify again. */
  async deleteEndedSessions(before: string): Promise<void> {
    await this.db
      .deleteFrom('admin_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  }

  async recordLoginFailure(username: string, ipAddress: string, now: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ username, ip_address: ipAddress, created_at: now }).execute();
  }

  /** Oldest failure time and count since `since`: for the username, for the address, and for the two together. */
  async loginFailuresSince(
    username: string,
    ipAddress: string,
    since: string,
  ): Promise<{ byUsername: FailureWindow; byAddress: FailureWindow; byPair: FailureWindow }> {
    const window = async (match: { username?: string; ip_address?: string }): Promise<FailureWindow> => {
      const row = await this.db
        .selectFrom('login_failures')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
        .$if(match.username !== undefined, (qb) => qb.where('username', '=', match.username!))
        .$if(match.ip_address !== undefined, (qb) => qb.where('ip_address', '=', match.ip_address!))
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: toCount(row.n as string | number), oldest: (row.oldest as string | null) ?? null };
    };
    return {
      byUsername: await window({ username }),
      byAddress: await window({ ip_address: ipAddress }),
      byPair: await window({ username, ip_address: ipAddress }),
    };
  }

  /** Forgets the failures of a username from one address (after it signed in from there). */
  async clearLoginFailures(username: string, ipAddress: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username).where('ip_address', '=', ipAddress).execute();
  }

  async deleteLoginFailuresBefore(before: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('created_at', '<', before).execute();
  }
}

export interface FailureWindow {
  count: number;
  /** ISO time of the oldest failure in the window, or null when there is none. */
  oldest: string | null;
}
