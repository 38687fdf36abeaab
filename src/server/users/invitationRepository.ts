import type { ExpressionBuilder, Kysely } from 'kysely';
import { type InvitationSummary, type UserRole, userRole } from '../../common/api/users.js';
import { fromJsonText, toCount, toJsonText } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** An invitation with its state, as the accept step reads it. */
export interface InvitationRecord extends InvitationSummary {
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface NewInvitation {
  email: string;
  role: UserRole;
  provider_ids: readonly number[];
  token_hash: string;
  invited_by: number | null;
  now: string;
  expires_at: string;
}

/** An invitation that no longer works at `now`: accepted, revoked or expired. */
function endedBy(now: string) {
  return (eb: ExpressionBuilder<Database, 'user_invitations'>) =>
    eb.or([eb('accepted_at', 'is not', null), eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]);
}

function providerIdsOf(text: string): number[] {
  return fromJsonText(text, (value) => (Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []));
}

/** SQL for the owners' invitations (user_invitations). Times are ISO-8601 UTC text. */
export class InvitationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(db: Executor) {
    return db
      .selectFrom('user_invitations as i')
      .leftJoin('admin_users as u', 'u.id', 'i.invited_by')
      .select(['i.id', 'i.email', 'i.role', 'i.provider_ids', 'i.created_at', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'u.username as invited_by']);
  }

  private static record(row: {
    id: number;
    email: string;
    role: string;
    provider_ids: string;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
    revoked_at: string | null;
    invited_by: string | null;
  }): InvitationRecord {
    return { ...row, role: userRole.parse(row.role), provider_ids: providerIdsOf(row.provider_ids) };
  }

  async insert(invitation: NewInvitation, trx?: Executor): Promise<number> {
    const { id } = await (trx ?? this.db)
      .insertInto('user_invitations')
      .values({
        email: invitation.email,
        role: invitation.role,
        provider_ids: toJsonText(invitation.provider_ids),
        token_hash: invitation.token_hash,
        invited_by: invitation.invited_by,
        created_at: invitation.now,
        expires_at: invitation.expires_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async find(id: number, trx?: Executor): Promise<InvitationRecord | undefined> {
    const row = await this.select(trx ?? this.db)
      .where('i.id', '=', id)
      .executeTakeFirst();
    return row ? InvitationRepository.record(row) : undefined;
  }

  async findByTokenHash(tokenHash: string, trx?: Executor): Promise<InvitationRecord | undefined> {
    const row = await this.select(trx ?? this.db)
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? InvitationRepository.record(row) : undefined;
  }

  /** Invitations neither accepted nor revoked that still work at `now`, newest first. */
  async listPending(now: string, trx?: Executor): Promise<InvitationRecord[]> {
    const rows = await this.select(trx ?? this.db)
      .where('i.accepted_at', 'is', null)
      .where('i.revoked_at', 'is', null)
      .where('i.expires_at', '>', now)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .execute();
    return rows.map((row) => InvitationRepository.record(row));
  }

  /** How many invitations still work at `now` (neither accepted nor revoked, not expired). */
  async countPending(now: string, trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('user_invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return toCount(row.n as string | number);
  }

  /**
   * Deletes the ended invitations (accepted, revoked, or expired by `now`) but the `keep` newest;
   * how many. A deleted one's link then answers "not valid" instead of "used" or "expired".
   */
  async deleteEndedBeyond(keep: number, now: string, trx?: Executor): Promise<number> {
    const db = trx ?? this.db;
    const newestDoomed = await db
      .selectFrom('user_invitations')
      .select('id')
      .where(endedBy(now))
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep)
      .executeTakeFirst();
    if (!newestDoomed) return 0;
    const result = await db.deleteFrom('user_invitations').where(endedBy(now)).where('id', '<=', newestDoomed.id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Marks a still-open invitation accepted by `userId`; false when another accept or a revoke came first. */
  async markAccepted(id: number, userId: number, now: string, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('user_invitations')
      .set({ accepted_at: now, accepted_user_id: userId })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes an open invitation; false when it was accepted or revoked already. */
  async revoke(id: number, now: string, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('user_invitations')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
