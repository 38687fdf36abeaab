import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

export interface SessionRow {
  id: number;
  userId: number;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string | null;
}

/** SQL for listing and ending a user's sessions. Times are ISO-8601 UTC text. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private live(now: string, trx?: Executor) {
    return (trx ?? this.db)
      .selectFrom('admin_sessions')
      .select(['id', 'user_id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now);
  }

  /** The user's sessions that still verify, most recently seen first. */
  async listLive(userId: number, now: string): Promise<SessionRow[]> {
    const rows = await this.live(now).where('user_id', '=', userId).orderBy('last_seen_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(sessionOf);
  }

  async findLive(userId: number, sessionId: number, now: string, trx?: Executor): Promise<SessionRow | undefined> {
    const row = await this.live(now, trx).where('user_id', '=', userId).where('id', '=', sessionId).executeTakeFirst();
    return row ? sessionOf(row) : undefined;
  }

  async revoke(trx: Executor, sessionId: number, now: string): Promise<void> {
    await trx.updateTable('admin_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** The user's id, if there is such a user. */
  async findUser(userId: number): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('admin_users').select('id').where('id', '=', userId).executeTakeFirst();
  }
}

function sessionOf(row: {
  id: number;
  user_id: number;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  last_seen_at: string | null;
}): SessionRow {
  return { id: row.id, userId: row.user_id, userAgent: row.user_agent, ipAddress: row.ip_address, createdAt: row.created_at, lastSeenAt: row.last_seen_at };
}
