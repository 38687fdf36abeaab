import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import type { SessionClient } from './authRepository.js';
import { USER_AGENT_MAX } from './authRepository.js';

/** A user's second factor as stored: the sealed secret, when it was confirmed, the last step used. */
export interface TotpState {
  userId: number;
  username: string;
  sealedSecret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

/** A login challenge; `live`: it can still be answered (not used up, not expired, its user enabled). */
export interface LoginChallengeRow {
  id: number;
  userId: number;
  username: string;
  live: boolean;
}

/** SQL for the second factor: TOTP secrets, recovery codes and login challenges. */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async totpState(userId: number, trx?: Executor): Promise<TotpState | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('admin_users')
      .select(['id', 'username', 'totp_secret_sealed', 'totp_enabled_at', 'totp_last_step'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row
      ? { userId: row.id, username: row.username, sealedSecret: row.totp_secret_sealed, enabledAt: row.totp_enabled_at, lastStep: row.totp_last_step }
      : undefined;
  }

  /** Keeps a new secret awaiting its first code; 2FA stays off until enableTotp. */
  async setPendingSecret(userId: number, sealedSecret: string, now: string): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({ totp_secret_sealed: sealedSecret, totp_enabled_at: null, totp_last_step: null, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async enableTotp(trx: Executor, userId: number, step: number, now: string): Promise<void> {
    await trx.updateTable('admin_users').set({ totp_enabled_at: now, totp_last_step: step, updated_at: now }).where('id', '=', userId).execute();
  }

  /** Turns 2FA off: the secret, the last step and every recovery code go. */
  async clearTotp(trx: Executor, userId: number, now: string): Promise<void> {
    await trx
      .updateTable('admin_users')
      .set({ totp_secret_sealed: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  }

  /**
   * Records `step` as the last code used, only if it is later than the one stored: false when
   * another request used this step (or a later one) first, so one code signs in once.
   */
  async advanceLastStep(trx: Executor, userId: number, step: number): Promise<boolean> {
    const result = await trx
      .updateTable('admin_users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Replaces the user's recovery codes (old ones, used or not, are void). */
  async replaceRecoveryCodes(trx: Executor, userId: number, codeHashes: readonly string[]): Promise<void> {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
  }

  /** Marks an unused recovery code of the user used; false when there is none with that hash. */
  async useRecoveryCode(trx: Executor, userId: number, codeHash: string, now: string): Promise<boolean> {
    const result = await trx
      .updateTable('user_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async createChallenge(challenge: { userId: number; tokenHash: string; client: SessionClient; now: string; expiresAt: string }): Promise<void> {
    await this.db
      .insertInto('login_challenges')
      .values({
        user_id: challenge.userId,
        token_hash: challenge.tokenHash,
        ip_address: challenge.client.ipAddress,
        user_agent: challenge.client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        created_at: challenge.now,
        expires_at: challenge.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** The challenge of a token hash, live or not (a dead one still names the user the throttle counts). */
  async findChallenge(tokenHash: string, now: string): Promise<LoginChallengeRow | undefined> {
    const row = await this.db
      .selectFrom('login_challenges as c')
      .innerJoin('admin_users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.user_id', 'u.username', 'c.used_at', 'c.expires_at', 'u.disabled_at'])
      .where('c.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, userId: row.user_id, username: row.username, live: row.used_at === null && row.expires_at > now && row.disabled_at === null };
  }

  /**
   * Takes one of the challenge's `limit` code attempts before the code is judged, in one UPDATE:
   * false when it is used, expired or out of attempts, so racing requests cannot judge more codes
   * than the limit. An attempt whose code is right spends the challenge; the count then no longer matters.
   */
  async reserveCodeAttempt(challengeId: number, limit: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('login_challenges')
      .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
      .where('id', '=', challengeId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('failed_codes', '<', limit)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Spends the challenge; false when another request spent it first. */
  async useChallenge(trx: Executor, challengeId: number, now: string): Promise<boolean> {
    const result = await trx
      .updateTable('login_challenges')
      .set({ used_at: now })
      .where('id', '=', challengeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Drops the user's challenges (a password change: a challenge won with the old password must not sign in). */
  async deleteChallengesOf(trx: Executor, userId: number): Promise<void> {
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  }

  /** Drops the user's challenges but the `keep` newest (used or not: a used one answers no more). */
  async keepNewestChallengesOf(userId: number, keep: number): Promise<void> {
    const ids = await this.db.selectFrom('login_challenges').select('id').where('user_id', '=', userId).orderBy('id', 'desc').execute();
    const older = ids.slice(keep).map((row) => row.id);
    if (older.length > 0) await this.db.deleteFrom('login_challenges').where('id', 'in', older).execute();
  }

  /** Drops challenges that can no longer be answered (expired before `before`). */
  async deleteChallengesBefore(before: string): Promise<void> {
    await this.db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
  }
}
