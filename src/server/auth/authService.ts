import { CURRENT_PASSWORD_INCORRECT, type LoginResult, NEW_PASSWORD_UNCHANGED, type SessionInfo } from '../../common/api/auth.js';
import type { UserRole } from '../../common/api/users.js';
import { type Clock, systemClock } from '../clock.js';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../errors.js';
import type { AuthRepository, FailureWindow } from './authRepository.js';
import { passwordProblem } from '../../common/passwordPolicy.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { newToken, tokenHash } from './sessionTokens.js';

/** Failed sign-ins allowed from one address (any usernames) within the window, before 429. */
export const LOGIN_FAILURE_LIMIT = 10;
/** Failed sign-ins allowed for one username from one address within the window, before 429. */
export const LOGIN_PAIR_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * A username's failures from all addresses never lock it (an attacker could lock the owner out);
 * past this many, every attempt at it waits, twice as long for each further failure, up to
 * USERNAME_DELAY_MAX_MS: slow for an attacker guessing from many addresses, a pause for the owner.
 */
export const USERNAME_DELAY_AFTER = 3;
const USERNAME_DELAY_BASE_MS = 250;
export const USERNAME_DELAY_MAX_MS = 4000;

const INVALID_CREDENTIALS = 'Invalid username or password';
const SESSION_ENDED = 'Your session has expired. Please sign in again.';

/** The signed-in user behind a verified token. */
export interface AdminPrincipal {
  userId: number;
  sessionId: number;
  username: string;
  role: UserRole;
  /** The providers a provider editor is scoped to; empty for the other roles. */
  providerIds: number[];
  expiresAt: string;
}

export interface AuthServiceOptions {
  secret: string;
  tokenTtlHours: number;
  clock: Clock;
}

/** The wait before an attempt at a username with `failures` recent failures, ms. */
export function usernameDelayMs(failures: number): number {
  if (failures < USERNAME_DELAY_AFTER) return 0;
  return Math.min(USERNAME_DELAY_BASE_MS * 2 ** (failures - USERNAME_DELAY_AFTER), USERNAME_DELAY_MAX_MS);
}

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly options: AuthServiceOptions,
  ) {}

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

  async login(username: string, password: string, ipAddress: string): Promise<LoginResult> {
    await this.throttle(username, ipAddress);
    const user = await this.repo.findUserByUsername(username);
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !valid) {
      await this.repo.recordLoginFailure(username, ipAddress, this.nowIso());
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    // Only this address's failures for the name: an owner signing in does not reset an attacker's count.
    await this.repo.clearLoginFailures(username, ipAddress);
    await this.repo.deleteEndedSessions(this.nowIso(-24 * 3600 * 1000));

    const token = newToken();
    const expiresAt = this.nowIso(this.options.tokenTtlHours * 3600 * 1000);
    await this.repo.createSession(user.id, tokenHash(token, this.options.secret), this.nowIso(), expiresAt);
    return {
      token,
      user_id: user.id,
      username: user.username,
      role: user.role,
      provider_ids: user.role === 'provider_editor' ? await this.repo.providerIdsOf(user.id) : [],
      expires_at: expiresAt,
    };
  }

  /**
   * Limits that slow the attacker, not the owner: an address is refused (429) after too many
   * failures for the name, or for any names; the name alone only ever delays (see USERNAME_DELAY_AFTER).
   */
  private async throttle(username: string, ipAddress: string): Promise<void> {
    const windowStart = this.nowIso(-LOGIN_FAILURE_WINDOW_MS);
    await this.repo.deleteLoginFailuresBefore(windowStart);
    const { byUsername, byAddress, byPair } = await this.repo.loginFailuresSince(username, ipAddress, windowStart);
    const blocking = [...(byPair.count >= LOGIN_PAIR_FAILURE_LIMIT ? [byPair] : []), ...(byAddress.count >= LOGIN_FAILURE_LIMIT ? [byAddress] : [])];
    if (blocking.length === 0) {
      const delay = usernameDelayMs(byUsername.count);
      const { clock } = this.options;
      if (delay > 0) await (clock.sleep ? clock.sleep(delay) : systemClock.sleep(delay));
      return;
    }
    const retryAfterSeconds = Math.max(...blocking.map((w) => this.secondsUntilWindowFrees(w)));
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    throw new TooManyRequestsError(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
  }

  private secondsUntilWindowFrees(window: FailureWindow): number {
    const oldest = window.oldest ? Date.parse(window.oldest) : this.options.clock.now().getTime();
    const freesAt = oldest + LOGIN_FAILURE_WINDOW_MS;
    return Math.max(1, Math.ceil((freesAt - this.options.clock.now().getTime()) / 1000));
  }

  /** The admin behind a bearer token, or UnauthorizedError when it is unknown, expired or revoked. */
  async verify(token: string | null): Promise<AdminPrincipal> {
    if (!token) throw new UnauthorizedError('Authentication required');
    const session = await this.repo.findActiveSession(tokenHash(token, this.options.secret), this.nowIso());
    if (!session) throw new UnauthorizedError(SESSION_ENDED);
    return {
      userId: session.user_id,
      sessionId: session.session_id,
      username: session.username,
      role: session.role,
      providerIds: session.role === 'provider_editor' ? await this.repo.providerIdsOf(session.user_id) : [],
      expiresAt: session.expires_at,
    };
  }

  describe(principal: AdminPrincipal): SessionInfo {
    return {
      user_id: principal.userId,
      username: principal.username,
      role: principal.role,
      provider_ids: principal.providerIds,
      expires_at: principal.expiresAt,
    };
  }

  async logout(principal: AdminPrincipal): Promise<void> {
    await this.repo.revokeSession(principal.sessionId, this.nowIso());
  }

  /** Checks the current password, stores the new one and signs out every other session. */
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
    await this.repo.updatePassword(user.id, await hashPassword(newPassword), principal.sessionId, this.nowIso());
  }
}
