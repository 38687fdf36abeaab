import type { Kysely } from 'kysely';
import { toCount } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import { type UserRole, userRole } from '../../common/api/users.js';

export interface AdminUserRow {
  id: number;
  username: string;
  password_hash: string;
  role: UserRole;
  /** Two-factor sign-in is on (a code was confirmed), not merely set up. */
  twoFactorEnabled: boolean;
}

export interface ActiveSessionRow {
  session_id: number;
  user_id: number;
  username: string;
  role: UserRole;
  expires_at: string;
  last_seen_at: string | null;
  twoFactorEnabled: boolean;
  /** The roles the team requires two-factor sign-in of (team_settings). */
  requiredTwoFactorRoles: UserRole[];
}

/** A live session as the session limit reads it. */
export interface LiveSessionRow {
  id: number;
  user_agent: string | null;
  ip_address: string | null;
}

/** What the browser and network said at sign-in. */
export interface SessionClient {
  ipAddress: string;
  /** Cut to USER_AGENT_MAX characters; null when the browser sent none. */
  userAgent: string | null;
}

/** The longest User-Agent kept for a session, characters. */
export const USER_AGENT_MAX = 300;

/** team_settings.require_2fa_roles as roles; anything else in the JSON text is ignored. */
function rolesOf(json: string | null | undefined): UserRole[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((role): role is UserRole => userRole.safeParse(role).success) : [];
  } catch {
    return [];
  }
}

const USER_COLUMNS = ['id', 'username', 'password_hash', 'role', 'totp_enabled_at'] as const;

function userOf(row: { id: number; username: string; password_hash: string; role: string; totp_enabled_at: string | null }): AdminUserRow {
  return { id: row.id, username: row.username, password_hash: row.password_hash, role: row.role as UserRole, twoFactorEnabled: row.totp_enabled_at !== null };
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
      .select(USER_COLUMNS)
      .where('username', '=', username)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return row ? userOf(row) : undefined;
  }

  async findUserById(id: number, trx?: Executor): Promise<AdminUserRow | undefined> {
    const row = await (trx ?? this.db).selectFrom('admin_users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? userOf(row) : undefined;
  }

  /** The roles the team requires two-factor sign-in of (team_settings row 1). */
  async requiredTwoFactorRoles(): Promise<UserRole[]> {
    const row = await this.db.selectFrom('team_settings').select('require_2fa_roles').where('id', '=', 1).executeTakeFirst();
    return rolesOf(row?.require_2fa_roles);
  }

  /** Sets the new hash and revokes every session of the user except the one that asked. */
  async updatePassword(trx: Executor, userId: number, passwordHash: string, keepSessionId: number, now: string): Promise<void> {
    await trx.updateTable('admin_users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
    await this.revokeOtherSessions(trx, userId, keepSessionId, now);
  }

  /** Revokes every session of the user except `keepSessionId` (the one that asked). */
  async revokeOtherSessions(trx: Executor, userId: number, keepSessionId: number, now: string): Promise<void> {
    await trx
      .updateTable('admin_sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** A new session; answers its id. */
  async createSession(trx: Executor, session: { userId: number; tokenHash: string; now: string; expiresAt: string; client: SessionClient }): Promise<number> {
    const row = await trx
      .insertInto('admin_sessions')
      .values({
        user_id: session.userId,
        token_hash: session.tokenHash,
        created_at: session.now,
        expires_at: session.expiresAt,
        revoked_at: null,
        user_agent: session.client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        ip_address: session.client.ipAddress,
        last_seen_at: session.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The user's sessions that still verify, most recently seen first (a session not yet seen by its start). */
  async liveSessionsOf(trx: Executor, userId: number, now: string): Promise<LiveSessionRow[]> {
    return trx
      .selectFrom('admin_sessions')
      .select(['id', 'user_agent', 'ip_address'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The session of a token hash, unless it expired, was revoked, or its user is disabled. */
  async findActiveSession(tokenHash: string, now: string): Promise<ActiveSessionRow | undefined> {
    const row = await this.db
      .selectFrom('admin_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.user_id')
      // The team's settings ride along (one row), so verifying a request stays one query.
      .leftJoin('team_settings as t', (join) => join.on('t.id', '=', 1))
      .select(['s.id as session_id', 's.user_id', 'u.username', 'u.role', 's.expires_at', 's.last_seen_at', 'u.totp_enabled_at', 't.require_2fa_roles'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      session_id: row.session_id,
      user_id: row.user_id,
      username: row.username,
      role: row.role as UserRole,
      expires_at: row.expires_at,
      last_seen_at: row.last_seen_at,
      twoFactorEnabled: row.totp_enabled_at !== null,
      requiredTwoFactorRoles: rolesOf(row.require_2fa_roles),
    };
  }

  /** Marks the session seen now, unless it was seen since `staleBefore` (another request wrote it). */
  async touchSession(sessionId: number, now: string, staleBefore: string): Promise<void> {
    await this.db
      .updateTable('admin_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
      .execute();
  }

  /** The providers a user is scoped to (a provider editor's), in id order. */
  async providerIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_providers').select('provider_id').where('user_id', '=', userId).orderBy('provider_id').execute();
    return rows.map((row) => row.provider_id);
  }

  /** Ends a live session; whether this call ended it (false: it had ended already, perhaps by a sign-in at the same moment). */
  async revokeSession(sessionId: number, now: string, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('admin_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Drops sessions that ended (expired or revoked) before `before`; they can never verify again. */
  async deleteEndedSessions(before: string): Promise<void> {
    await this.db
      .deleteFrom('admin_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  }

  /** Records a failure; answers its id. */
  async recordLoginFailure(username: string, ipAddress: string, now: string): Promise<number> {
    const row = await this.db
      .insertInto('login_failures')
      .values({ username, ip_address: ipAddress, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteLoginFailure(id: number): Promise<void> {
    await this.db.deleteFrom('login_failures').where('id', '=', id).execute();
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
