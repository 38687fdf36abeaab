import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manualClock.js';
import { acceptedTotpStep, newTotpSecret, otpauthUrl, TOTP_PERIOD_SECONDS, totpCode } from './totp.js';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII text "12345678901234567890". */
const RFC_SEED = new TextEncoder().encode('12345678901234567890');
/** The same 20 bytes in base32, as an authenticator app would hold them. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP rules', () => {
  it('gives the RFC 6238 test vectors for SHA-1 (8 digits) and their 6-digit forms', () => {
    expect(totpCode(RFC_SEED, new Date(59_000), 8)).toBe('94287082');
    expect(totpCode(RFC_SEED, new Date(1_111_111_109_000), 8)).toBe('07081804');
    expect(totpCode(RFC_SEED, new Date(2_000_000_000_000), 8)).toBe('69279037');
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts the code of now and of one step either side, answering the step it belongs to', () => {
    const clock = new ManualClock(new Date(59_000));
    const code = totpCode(RFC_SECRET, clock.now());
    expect(acceptedTotpStep(RFC_SECRET, code, clock.now(), null)).toBe(1);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    expect(acceptedTotpStep(RFC_SECRET, code, clock.now(), null)).toBe(1);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    expect(acceptedTotpStep(RFC_SECRET, code, clock.now(), null)).toBeNull();
    // One step early (the phone's clock ahead).
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(89_000)), new Date(59_000), null)).toBe(2);
  });

  it('refuses a code whose step was already used, even within its window', () => {
    const at = new Date(1_234_567_890_000);
    const code = totpCode(RFC_SECRET, at);
    const step = acceptedTotpStep(RFC_SECRET, code, at, null);
    expect(step).toBe(Math.floor(1_234_567_890 / 30));
    expect(acceptedTotpStep(RFC_SECRET, code, at, step)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, code, at, step! - 1)).toBe(step);
  });

  it('refuses anything but six digits and a wrong code', () => {
    const at = new Date(59_000);
    expect(acceptedTotpStep(RFC_SECRET, '94287082', at, null)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, '28708', at, null)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, '287083', at, null)).toBeNull();
  });

  it('makes a 160-bit base32 secret and an otpauth address with the issuer and the username', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl('Coverage Map', 'alice', secret));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Coverage Map:alice');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Coverage Map');
  });
});
