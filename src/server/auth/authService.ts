import {
  CURRENT_PASSWORD_INCORRECT,
  type LoginResult,
  type LoginToken,
  NEW_PASSWORD_UNCHANGED,
  type SessionInfo,
  TWO_FACTOR_CODE_INCORRECT,
} from '../../common/api/auth.js';
import type { UserRole } from '../../common/api/users.js';
import { type AuditActor, runAsActor } from '../audit/auditContext.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { UnauthorizedError, ValidationError } from '../errors.js';
import type { AdminUserRow, AuthRepository, SessionClient } from './authRepository.js';
import { browserLabel } from './browserLabel.js';
import type { LoginThrottle } from './loginThrottle.js';
import { passwordProblem } from '../../common/passwordPolicy.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { newToken, tokenHash } from './sessionTokens.js';
import type { TwoFactorRepository } from './twoFactorRepository.js';
import type { TwoFactorService } from './twoFactorService.js';

export { LOGIN_FAILURE_LIMIT, LOGIN_PAIR_FAILURE_LIMIT, USERNAME_DELAY_AFTER, USERNAME_DELAY_MAX_MS, usernameDelayMs } from './loginThrottle.js';

const INVALID_CREDENTIALS = 'Invalid username or password';
const SESSION_ENDED = 'Your session has expired. Please sign in again.';
export const CHALLENGE_ENDED = 'This sign-in has expired. Please enter your username and password again.';
/** How long the code step may follow the password step, ms. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * Challenges one user keeps (each lives CHALLENGE_TTL_MS): a password step past them drops the
 * oldest, so passing the password step again and again cannot grow the table.
 */
export const CHALLENGE_MAX_PER_USER = 10;
/** Wrong codes one challenge takes before it dies (the password step must be passed again). */
export const CHALLENGE_CODE_ATTEMPTS = 5;
/**
 * Live sessions one user keeps: a sign-in past it ends the least recently seen one instead of
 * being refused, so signing in always works and forgotten browsers do not pile up.
 */
export const SESSION_MAX_PER_USER = 20;
/** A session's last_seen_at is written at most this often, ms: one UPDATE a minute, not one per request. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

/** A session just started: its bearer token (shown once) and when it expires. */
interface NewSession {
  token: string;
  expiresAt: string;
}

/** The signed-in user behind a verified token. */
export interface AdminPrincipal {
  userId: number;
  sessionId: number;
  username: string;
  role: UserRole;
  /** The providers a provider editor is scoped to; empty for the other roles. */
  providerIds: number[];
  expiresAt: string;
  /** Two-factor sign-in is on for the user. */
  twoFactorEnabled?: boolean;
  /** The user's role must use two-factor sign-in and they have not set it up: only account routes answer. */
  twoFactorSetupRequired?: boolean;
}

export interface AuthServiceOptions {
  repo: AuthRepository;
  throttle: LoginThrottle;
  twoFactor: TwoFactorService;
  challenges: TwoFactorRepository;
  transactions: Transactions;
  audit: AuditTrail;
  secret: string;
  tokenTtlHours: number;
  clock: Clock;
}

export class AuthService {
  private readonly repo: AuthRepository;

  constructor(private readonly options: AuthServiceOptions) {
    this.repo = options.repo;
  }

  private nowIso(offsetMs = 0): string {
    return new Date(this.options.clock.now().getTime() + offsetMs).toISOString();
  }

  /** Creates the first admin when there is none. Returns true when it did. */
  async ensureFirstAdmin(username: string, password: string): Promise<boolean> {
    if ((await this.repo.countUsers()) > 0) return false;
    // The first admin's password (ADMIN_PASSWORD) meets the same rules as a changed one.
    const problem = passwordProblem(password, [username]);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    return this.repo.createUserIfAbsent(username, await hashPassword(password), this.nowIso());
  }

  /**
   * The password step. A user without 2FA gets a token; a user with it, a challenge for the code
   * step (POST /auth/login/2fa). Failures are only forgotten once the sign-in is complete, so a
   * known password does not reset the count of wrong codes.
   */
  async login(username: string, password: string, client: SessionClient): Promise<LoginResult> {
    const { throttle } = this.options;
    // Counted as a failure until the password proves right: racing guesses cannot all pass the throttle.
    const attempt = await throttle.reserve(username, client.ipAddress);
    const user = await this.repo.findUserByUsername(username);
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !valid) {
      await this.auditFailure(user, client.ipAddress, 'password');
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    if (user.twoFactorEnabled) {
      await throttle.release(attempt);
      const challenge = newToken();
      await this.options.challenges.deleteChallengesBefore(this.nowIso());
      await this.options.challenges.createChallenge({
        userId: user.id,
        tokenHash: tokenHash(challenge, this.options.secret),
        client,
        now: this.nowIso(),
        expiresAt: this.nowIso(CHALLENGE_TTL_MS),
      });
      await this.options.challenges.keepNewestChallengesOf(user.id, CHALLENGE_MAX_PER_USER);
      return { two_factor_required: true, challenge };
    }
    await throttle.clear(username, client.ipAddress);
    return this.startSession(user, client);
  }

  /**
   * The code step: a TOTP code or a recovery code against a live challenge, throttled like the
   * password. Both limits are taken before the code is judged (a failure recorded, one of the
   * challenge's attempts used), so a burst of guesses judges no more codes than they allow.
   */
  async loginWithCode(challengeToken: string, code: string, client: SessionClient): Promise<LoginToken> {
    const { challenges, throttle, transactions } = this.options;
    const challenge = await challenges.findChallenge(tokenHash(challengeToken, this.options.secret), this.nowIso());
    if (!challenge) throw new UnauthorizedError(CHALLENGE_ENDED);
    // Throttled before the challenge's own state: a locked address hears 429, whichever challenge it tries.
    const attempt = await throttle.reserve(challenge.username, client.ipAddress);
    const user = challenge.live ? await this.repo.findUserById(challenge.userId) : undefined;
    if (!user || !(await challenges.reserveCodeAttempt(challenge.id, CHALLENGE_CODE_ATTEMPTS, this.nowIso()))) {
      await throttle.release(attempt);
      throw new UnauthorizedError(CHALLENGE_ENDED);
    }
    await this.repo.deleteEndedSessions(this.nowIso(-24 * 3600 * 1000));
    const actor: AuditActor = { userId: user.id, username: user.username, ip: client.ipAddress };
    const session = await runAsActor(actor, () =>
      transactions.run(async (trx) => {
        if (!(await this.options.twoFactor.acceptCode(trx, user.id, code))) return null;
        // Spent here, in the code's transaction: two requests racing with one challenge sign in once.
        if (!(await challenges.useChallenge(trx, challenge.id, this.nowIso()))) throw new UnauthorizedError(CHALLENGE_ENDED);
        return this.startSessionIn(trx, user, client);
      }),
    ).catch(async (error: unknown) => {
      await throttle.release(attempt);
      throw error;
    });
    if (!session) {
      await this.auditFailure(user, client.ipAddress, 'code');
      throw new UnauthorizedError(TWO_FACTOR_CODE_INCORRECT);
    }
    await throttle.clear(user.username, client.ipAddress);
    return this.tokenResult(user, session);
  }

  private async startSession(user: AdminUserRow, client: SessionClient): Promise<LoginToken> {
    await this.repo.deleteEndedSessions(this.nowIso(-24 * 3600 * 1000));
    const actor: AuditActor = { userId: user.id, username: user.username, ip: client.ipAddress };
    const session = await runAsActor(actor, () => this.options.transactions.run((trx) => this.startSessionIn(trx, user, client)));
    return this.tokenResult(user, session);
  }

  /** A new session for a user who passed every step, recorded as a sign_in in the same transaction. */
  private async startSessionIn(trx: Executor, user: AdminUserRow, client: SessionClient): Promise<NewSession> {
    const token = newToken();
    const expiresAt = this.nowIso(this.options.tokenTtlHours * 3600 * 1000);
    const sessionId = await this.repo.createSession(trx, {
      userId: user.id,
      tokenHash: tokenHash(token, this.options.secret),
      now: this.nowIso(),
      expiresAt,
      client,
    });
    await this.options.audit.record(trx, {
      entity: 'session',
      entityId: sessionId,
      action: 'sign_in',
      after: { ip_address: client.ipAddress, user_agent: client.userAgent },
    });
    await this.endSessionsPastLimit(trx, user.id);
    return { token, expiresAt };
  }

  /** Ends the user's least recently seen live sessions beyond SESSION_MAX_PER_USER, each with its audit entry. */
  private async endSessionsPastLimit(trx: Executor, userId: number): Promise<void> {
    const now = this.nowIso();
    const surplus = (await this.repo.liveSessionsOf(trx, userId, now)).slice(SESSION_MAX_PER_USER);
    for (const session of surplus) {
      // Two sign-ins at the limit may pick the same session: only the one that ended it says so.
      if (!(await this.repo.revokeSession(session.id, now, trx))) continue;
      await this.options.audit.record(trx, {
        entity: 'session',
        entityId: session.id,
        action: 'session_ended',
        before: { user_id: userId, browser: browserLabel(session.user_agent), ip_address: session.ip_address, reason: 'session_limit' },
      });
    }
  }

  private async tokenResult(user: AdminUserRow, session: NewSession): Promise<LoginToken> {
    const required = await this.repo.requiredTwoFactorRoles();
    return {
      token: session.token,
      user_id: user.id,
      username: user.username,
      role: user.role,
      provider_ids: user.role === 'provider_editor' ? await this.repo.providerIdsOf(user.id) : [],
      expires_at: session.expiresAt,
      two_factor_enabled: user.twoFactorEnabled,
      two_factor_required_setup: setupRequired(user.role, user.twoFactorEnabled, required),
    };
  }

  /**
   * A sign_in_failed entry (the throttle's failure is already recorded). Its actor is the user
   * when the name exists; otherwise nothing of the name typed is kept (it may be a password).
   */
  private async auditFailure(user: AdminUserRow | undefined, ipAddress: string, step: 'password' | 'code'): Promise<void> {
    const actor: AuditActor = { userId: user?.id ?? null, username: user?.username ?? null, ip: ipAddress };
    await this.options.transactions.run((trx) =>
      this.options.audit.record(trx, { entity: 'user', entityId: user?.id ?? null, action: 'sign_in_failed', after: { step } }, actor),
    );
  }

  /** The admin behind a bearer token, or UnauthorizedError when it is unknown, expired or revoked. */
  async verify(token: string | null): Promise<AdminPrincipal> {
    if (!token) throw new UnauthorizedError('Authentication required');
    const now = this.options.clock.now();
    const session = await this.repo.findActiveSession(tokenHash(token, this.options.secret), now.toISOString());
    if (!session) throw new UnauthorizedError(SESSION_ENDED);
    const staleBefore = this.nowIso(-LAST_SEEN_RESOLUTION_MS);
    if (!session.last_seen_at || session.last_seen_at < staleBefore) await this.repo.touchSession(session.session_id, now.toISOString(), staleBefore);
    return {
      userId: session.user_id,
      sessionId: session.session_id,
      username: session.username,
      role: session.role,
      providerIds: session.role === 'provider_editor' ? await this.repo.providerIdsOf(session.user_id) : [],
      expiresAt: session.expires_at,
      twoFactorEnabled: session.twoFactorEnabled,
      twoFactorSetupRequired: setupRequired(session.role, session.twoFactorEnabled, session.requiredTwoFactorRoles),
    };
  }

  describe(principal: AdminPrincipal): SessionInfo {
    return {
      user_id: principal.userId,
      username: principal.username,
      role: principal.role,
      provider_ids: principal.providerIds,
      expires_at: principal.expiresAt,
      two_factor_enabled: principal.twoFactorEnabled ?? false,
      two_factor_required_setup: principal.twoFactorSetupRequired ?? false,
    };
  }

  async logout(principal: AdminPrincipal): Promise<void> {
    await this.repo.revokeSession(principal.sessionId, this.nowIso());
  }

  /** Checks the current password, stores the new one, signs out every other session and ends pending sign-in challenges. */
  async changePassword(principal: AdminPrincipal, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.repo.findUserById(principal.userId);
    if (!user) throw new UnauthorizedError(SESSION_ENDED);
    if (!(await verifyPassword(currentPassword, user.password_hash))) {
      throw new ValidationError(CURRENT_PASSWORD_INCORRECT);
    }
    if (currentPassword === newPassword) {
      throw new ValidationError(NEW_PASSWORD_UNCHANGED);
    }
    const problem = passwordProblem(newPassword, [user.username]);
    if (problem) throw new ValidationError(problem);
    const passwordHash = await hashPassword(newPassword);
    await this.options.transactions.run(async (trx) => {
      await this.repo.updatePassword(trx, user.id, passwordHash, principal.sessionId, this.nowIso());
      // A challenge won with the old password must not complete a sign-in.
      await this.options.challenges.deleteChallengesOf(trx, user.id);
      await this.options.audit.record(trx, { entity: 'user', entityId: user.id, action: 'password_changed' });
    });
  }
}

/** Whether a user of `role` must still set up two-factor sign-in before reaching anything but their account. */
function setupRequired(role: UserRole, twoFactorEnabled: boolean, requiredRoles: readonly UserRole[]): boolean {
  return !twoFactorEnabled && requiredRoles.includes(role);
}
