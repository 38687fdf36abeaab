import type { Kysely } from 'kysely';
import type { UserRole, UserSummary } from '../../common/api/users.js';
import { type DialectName, toCount } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import { existingProviderIds } from '../providers/existingProviderIds.js';

/** A user as the users service reasons about them. */
export interface UserRecord {
  id: number;
  username: string;
  email: string | null;
  role: UserRole;
  /** A provider editor's providers, in id order; empty for the other roles. */
  provider_ids: number[];
  disabled_at: string | null;
}

export interface NewUser {
  username: string;
  email: string;
  password_hash: string;
  role: UserRole;
  now: string;
}

/** SQL for the team: users, their providers, and ending their sessions. Times are ISO-8601 UTC text. */
export class UserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Every user with their providers, whether 2FA is on, and when last seen (newest session's last use or start). */
  async list(trx?: Executor): Promise<UserSummary[]> {
    const db = trx ?? this.db;
    const users = await db
      .selectFrom('admin_users')
      .select(['id', 'username', 'email', 'role', 'disabled_at', 'totp_enabled_at', 'created_at'])
      .orderBy('username')
      .execute();
    const seen = await db
      .selectFrom('admin_sessions')
      .select((eb) => ['user_id', eb.fn.max(eb.fn.coalesce('last_seen_at', 'created_at')).as('last_seen')])
      .groupBy('user_id')
      .execute();
    const lastSeen = new Map(seen.map((row) => [row.user_id, row.last_seen as string | null]));
    const providers = await this.providersByUser(db);
    return users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role as UserRole,
      provider_ids: providers.get(user.id) ?? [],
      disabled: user.disabled_at !== null,
      two_factor_enabled: user.totp_enabled_at !== null,
      created_at: user.created_at,
      last_seen: lastSeen.get(user.id) ?? null,
    }));
  }

  private async providersByUser(db: Executor, userId?: number): Promise<Map<number, number[]>> {
    const rows = await db
      .selectFrom('user_providers')
      .select(['user_id', 'provider_id'])
      .$if(userId !== undefined, (query) => query.where('user_id', '=', userId!))
      .orderBy('provider_id')
      .execute();
    const byUser = new Map<number, number[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.provider_id]);
    return byUser;
  }

  async find(id: number, trx?: Executor): Promise<UserRecord | undefined> {
    const db = trx ?? this.db;
    const row = await db.selectFrom('admin_users').select(['id', 'username', 'email', 'role', 'disabled_at']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return { ...row, role: row.role as UserRole, provider_ids: (await this.providersByUser(db, id)).get(id) ?? [] };
  }

  async usernameExists(username: string, trx?: Executor): Promise<boolean> {
    const row = await (trx ?? this.db).selectFrom('admin_users').select('id').where('username', '=', username).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * On PostgreSQL, locks the owners' rows until the transaction ends, so two owners demoting each
   * other at once cannot both see the other as the one left (SQLite runs one writer at a time).
   */
  async lockOwners(trx: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx.selectFrom('admin_users').select('id').where('role', '=', 'owner').forUpdate().execute();
  }

  async countEnabledOwners(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    return toCount(row.n as string | number);
  }

  /** How many user accounts there are, disabled ones included. */
  async count(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n as string | number);
  }

  /** The ids among `ids` that name providers. */
  async existingProviderIds(ids: readonly number[], trx?: Executor): Promise<Set<number>> {
    return existingProviderIds(trx ?? this.db, ids);
  }

  async insert(user: NewUser, trx?: Executor): Promise<number> {
    const { id } = await (trx ?? this.db)
      .insertInto('admin_users')
      .values({ username: user.username, email: user.email, password_hash: user.password_hash, role: user.role, created_at: user.now, updated_at: user.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, fields: { role: UserRole; disabled_at: string | null; now: string }, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .updateTable('admin_users')
      .set({ role: fields.role, disabled_at: fields.disabled_at, updated_at: fields.now })
      .where('id', '=', id)
      .execute();
  }

  async setProviders(userId: number, providerIds: readonly number[], trx?: Executor): Promise<void> {
    const db = trx ?? this.db;
    await db.deleteFrom('user_providers').where('user_id', '=', userId).execute();
    if (providerIds.length > 0) {
      await db
        .insertInto('user_providers')
        .values(providerIds.map((provider_id) => ({ user_id: userId, provider_id })))
        .execute();
    }
  }

  /** Ends every open session of the user (their next request answers 401). */
  async revokeSessions(userId: number, now: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db).updateTable('admin_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  /** Deletes the user and what is theirs alone (sessions, providers, 2FA codes and challenges); invitations they sent keep no inviter. */
  async delete(id: number, trx?: Executor): Promise<void> {
    const db = trx ?? this.db;
    // The foreign keys cascade too; deleted here so no setting of SQLite's foreign_keys pragma matters.
    await db.deleteFrom('admin_sessions').where('user_id', '=', id).execute();
    await db.deleteFrom('user_providers').where('user_id', '=', id).execute();
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', id).execute();
    await db.deleteFrom('login_challenges').where('user_id', '=', id).execute();
    await db.updateTable('user_invitations').set({ invited_by: null }).where('invited_by', '=', id).execute();
    await db.updateTable('user_invitations').set({ accepted_user_id: null }).where('accepted_user_id', '=', id).execute();
    await db.deleteFrom('admin_users').where('id', '=', id).execute();
  }
}
