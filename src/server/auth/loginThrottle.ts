import { type Clock, systemClock } from '../clock.js';
import { TooManyRequestsError } from '../errors.js';
import type { AuthRepository, FailureWindow } from './authRepository.js';

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

/** The wait before an attempt at a username with `failures` recent failures, ms. */
export function usernameDelayMs(failures: number): number {
  if (failures < USERNAME_DELAY_AFTER) return 0;
  return Math.min(USERNAME_DELAY_BASE_MS * 2 ** (failures - USERNAME_DELAY_AFTER), USERNAME_DELAY_MAX_MS);
}

/**
 * The brakes on guessing, shared by both steps of a sign-in (the password and the two-factor
 * code): a wrong password and a wrong code are each one failure of the username from the address.
 */
export class LoginThrottle {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
  ) {}

  private nowIso(offsetMs = 0): string {
    return new Date(this.clock.now().getTime() + offsetMs).toISOString();
  }

  /**
   * Limits that slow the attacker, not the owner: an address is refused (429) after too many
   * failures for the name, or for any names; the name alone only ever delays (see USERNAME_DELAY_AFTER).
   */
  async check(username: string, ipAddress: string): Promise<void> {
    const windowStart = this.nowIso(-LOGIN_FAILURE_WINDOW_MS);
    await this.repo.deleteLoginFailuresBefore(windowStart);
    const windows = await this.repo.loginFailuresSince(username, ipAddress, windowStart);
    this.refuseBeyond(windows, 0);
    const delay = usernameDelayMs(windows.byUsername.count);
    if (delay > 0) await (this.clock.sleep ? this.clock.sleep(delay) : systemClock.sleep(delay));
  }

  /**
   * check, then one failure recorded before the attempt is judged and counted with the others
   * (its own included): of attempts racing past check, only as many as the limits leave proceed,
   * the rest hear 429 and take their row back. Answers the row's id: release it when the attempt
   * turns out not to be a failure.
   */
  async reserve(username: string, ipAddress: string): Promise<number> {
    await this.check(username, ipAddress);
    const id = await this.repo.recordLoginFailure(username, ipAddress, this.nowIso());
    try {
      this.refuseBeyond(await this.repo.loginFailuresSince(username, ipAddress, this.nowIso(-LOGIN_FAILURE_WINDOW_MS)), 1);
    } catch (error) {
      await this.release(id);
      throw error;
    }
    return id;
  }

  /** Takes back a reserved failure (the attempt was not judged a failure). */
  async release(failureId: number): Promise<void> {
    await this.repo.deleteLoginFailure(failureId);
  }

  /** 429 when the failures (`own` of them this attempt's) leave no attempt for the pair or the address. */
  private refuseBeyond(windows: { byAddress: FailureWindow; byPair: FailureWindow }, own: number): void {
    const { byAddress, byPair } = windows;
    const blocking = [
      ...(byPair.count - own >= LOGIN_PAIR_FAILURE_LIMIT ? [byPair] : []),
      ...(byAddress.count - own >= LOGIN_FAILURE_LIMIT ? [byAddress] : []),
    ];
    if (blocking.length === 0) return;
    const retryAfterSeconds = Math.max(...blocking.map((w) => this.secondsUntilWindowFrees(w)));
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    throw new TooManyRequestsError(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
  }

  /** Only this address's failures for the name: an owner signing in does not reset an attacker's count. */
  async clear(username: string, ipAddress: string): Promise<void> {
    await this.repo.clearLoginFailures(username, ipAddress);
  }

  private secondsUntilWindowFrees(window: FailureWindow): number {
    const oldest = window.oldest ? Date.parse(window.oldest) : this.clock.now().getTime();
    const freesAt = oldest + LOGIN_FAILURE_WINDOW_MS;
    return Math.max(1, Math.ceil((freesAt - this.clock.now().getTime()) / 1000));
  }
}
