import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps from the Unix epoch. */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now a code is still accepted in (a phone's clock a little off). */
export const TOTP_WINDOW_STEPS = 1;

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 (32 characters). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an authenticator app reads from the enrolment QR code. */
export function otpauthUrl(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret, period: TOTP_PERIOD_SECONDS });
}

/** The code for `secret` at `at` (what the app shows then); the tests' reference. */
export function totpCode(secret: string | Uint8Array, at: Date, digits: 6 | 8 = 6): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), period: TOTP_PERIOD_SECONDS, digits });
}

/**
 * The time step (Unix seconds / 30) `code` belongs to, when it is the code of `secret` within
 * TOTP_WINDOW_STEPS of `at` and later than `lastStep` (a code once accepted never works again, even
 * inside its window); otherwise null.
 */
export function acceptedTotpStep(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
