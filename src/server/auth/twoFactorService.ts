import { CURRENT_PASSWORD_INCORRECT, TWO_FACTOR_CODE_INCORRECT, type RecoveryCodesResult, type TwoFactorSetup } from '../../common/api/auth.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../errors.js';
import type { SecretBox } from '../system/secretBox.js';
import type { AuthRepository } from './authRepository.js';
import type { LoginThrottle } from './loginThrottle.js';
import { userInOwnersReach } from './ownersReach.js';
import type { AdminPrincipal } from './authService.js';
import { verifyPassword } from './passwords.js';
import { newRecoveryCodes, normalRecoveryCode } from './recoveryCodes.js';
import { tokenHash } from './sessionTokens.js';
import { acceptedTotpStep, newTotpSecret, otpauthUrl } from './totp.js';
import type { TwoFactorRepository } from './twoFactorRepository.js';

export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to set it up again.';
export const TWO_FACTOR_NOT_SET_UP = 'Set up two-factor sign-in first.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is not on.';
export const RESET_OWN_TWO_FACTOR = 'Turn off your own two-factor sign-in on the Account page';
const SESSION_ENDED = 'Your session has expired. Please sign in again.';

export interface TwoFactorServiceOptions {
  repo: TwoFactorRepository;
  users: AuthRepository;
  /** The sign-in throttle: guesses at the password or a code through the account routes count like sign-in failures. */
  throttle: LoginThrottle;
  transactions: Transactions;
  audit: AuditTrail;
  secrets: SecretBox;
  /** The app secret: recovery codes are stored as its HMAC, like session tokens. */
  secret: string;
  clock: Clock;
  /** The name the authenticator app lists the account under. */
  issuer: string;
}

/** Which kind of second factor a code was. */
export type AcceptedCode = 'totp' | 'recovery';

/** Enrolment in, use of and removal of two-factor sign-in (TOTP, RFC 6238, plus recovery codes). */
export class TwoFactorService {
  constructor(private readonly options: TwoFactorServiceOptions) {}

  private nowIso(): string {
    return this.options.clock.now().toISOString();
  }

  /** A new secret awaiting its first code; refused while 2FA is on (turning it off comes first). */
  async setup(principal: AdminPrincipal): Promise<TwoFactorSetup> {
    const state = await this.options.repo.totpState(principal.userId);
    if (!state) throw new UnauthorizedError(SESSION_ENDED);
    if (state.enabledAt) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
    const secret = newTotpSecret();
    await this.options.repo.setPendingSecret(principal.userId, this.options.secrets.seal(secret), this.nowIso());
    return { secret, otpauth_url: otpauthUrl(this.options.issuer, state.username, secret) };
  }

  /** Turns 2FA on with the first code of the pending secret and signs out the user's other sessions; answers the ten recovery codes, once. */
  async enable(principal: AdminPrincipal, code: string): Promise<RecoveryCodesResult> {
    const { repo, transactions, audit } = this.options;
    const state = await repo.totpState(principal.userId);
    if (!state) throw new UnauthorizedError(SESSION_ENDED);
    if (state.enabledAt) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
    if (!state.sealedSecret) throw new ConflictError(TWO_FACTOR_NOT_SET_UP);
    const step = acceptedTotpStep(this.options.secrets.open(state.sealedSecret), code.replace(/\s/g, ''), this.options.clock.now(), null);
    if (step === null) throw new ValidationError(TWO_FACTOR_CODE_INCORRECT);
    const codes = newRecoveryCodes();
    await transactions.run(async (trx) => {
      await repo.enableTotp(trx, principal.userId, step, this.nowIso());
      // A session started with the password alone (perhaps someone else's) must not outlive 2FA going on.
      await this.options.users.revokeOtherSessions(trx, principal.userId, principal.sessionId, this.nowIso());
      await repo.replaceRecoveryCodes(
        trx,
        principal.userId,
        codes.map((c) => this.hashOf(c)),
      );
      await audit.record(trx, {
        entity: 'user',
        entityId: principal.userId,
        action: '2fa_enabled',
        before: { two_factor: false },
        after: { two_factor: true },
      });
    });
    return { recovery_codes: codes };
  }

  /**
   * Turns 2FA off with the password and a code (TOTP or recovery), so an unattended browser cannot;
   * throttled like a sign-in (the principal's name from `ipAddress`), so a stolen session cannot guess either.
   */
  async disable(principal: AdminPrincipal, password: string, code: string, ipAddress: string): Promise<void> {
    const { throttle } = this.options;
    const user = await this.options.users.findUserById(principal.userId);
    if (!user) throw new UnauthorizedError(SESSION_ENDED);
    if (!user.twoFactorEnabled) throw new ConflictError(TWO_FACTOR_OFF);
    await throttle.reserve(principal.username, ipAddress);
    if (!(await verifyPassword(password, user.password_hash))) throw new ValidationError(CURRENT_PASSWORD_INCORRECT);
    await this.options.transactions.run(async (trx) => {
      if (!(await this.acceptCode(trx, principal.userId, code))) throw new ValidationError(TWO_FACTOR_CODE_INCORRECT);
      await this.options.repo.clearTotp(trx, principal.userId, this.nowIso());
      await this.options.audit.record(trx, {
        entity: 'user',
        entityId: principal.userId,
        action: '2fa_disabled',
        before: { two_factor: true },
        after: { two_factor: false },
      });
    });
    await throttle.clear(principal.username, ipAddress);
  }

  /** A new set of ten recovery codes for a code (TOTP or recovery); the old ones stop working. Throttled like disable. */
  async renewRecoveryCodes(principal: AdminPrincipal, code: string, ipAddress: string): Promise<RecoveryCodesResult> {
    const { throttle } = this.options;
    const state = await this.options.repo.totpState(principal.userId);
    if (!state?.enabledAt) throw new ConflictError(TWO_FACTOR_OFF);
    await throttle.reserve(principal.username, ipAddress);
    const codes = newRecoveryCodes();
    await this.options.transactions.run(async (trx) => {
      if (!(await this.acceptCode(trx, principal.userId, code))) throw new ValidationError(TWO_FACTOR_CODE_INCORRECT);
      await this.options.repo.replaceRecoveryCodes(
        trx,
        principal.userId,
        codes.map((c) => this.hashOf(c)),
      );
      await this.options.audit.record(trx, { entity: 'user', entityId: principal.userId, action: 'recovery_codes_renewed' });
    });
    await throttle.clear(principal.username, ipAddress);
    return { recovery_codes: codes };
  }

  /**
   * An owner turns off another user's 2FA (a lost phone and lost codes): they sign in with the
   * password and set it up again. Never the owner's own: that takes the password and a code (disable).
   */
  async reset(actor: AdminPrincipal, userId: number): Promise<void> {
    const user = await userInOwnersReach(actor, () => this.options.users.findUserById(userId));
    if (userId === actor.userId) throw new ConflictError(RESET_OWN_TWO_FACTOR);
    await this.options.transactions.run(async (trx) => {
      await this.options.repo.clearTotp(trx, userId, this.nowIso());
      await this.options.audit.record(trx, {
        entity: 'user',
        entityId: userId,
        action: '2fa_reset',
        before: { username: user.username, two_factor: user.twoFactorEnabled },
        after: { username: user.username, two_factor: false },
      });
    });
  }

  /**
   * Accepts a second factor of the user inside `trx`: a six-digit code of their app not used
   * before (its step becomes the last used), or one of their unused recovery codes (marked used,
   * and recorded as recovery_code_used). Null when it is neither.
   */
  async acceptCode(trx: Executor, userId: number, typed: string): Promise<AcceptedCode | null> {
    const { repo } = this.options;
    const state = await repo.totpState(userId, trx);
    if (!state?.enabledAt || !state.sealedSecret) return null;
    const code = typed.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const step = acceptedTotpStep(this.options.secrets.open(state.sealedSecret), code, this.options.clock.now(), state.lastStep);
      return step !== null && (await repo.advanceLastStep(trx, userId, step)) ? 'totp' : null;
    }
    const recovery = normalRecoveryCode(code);
    if (!recovery || !(await repo.useRecoveryCode(trx, userId, this.hashOf(recovery), this.nowIso()))) return null;
    await this.options.audit.record(trx, { entity: 'user', entityId: userId, action: 'recovery_code_used' });
    return 'recovery';
  }

  private hashOf(recoveryCode: string): string {
    return tokenHash(recoveryCode, this.options.secret);
  }
}
