import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, normalRecoveryCode, RECOVERY_CODE_COUNT } from './recoveryCodes.js';

describe('recovery codes', () => {
  it('makes ten different codes of two groups of five base32 letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
  });

  it('reads a typed code whatever its case, spaces and dash', () => {
    expect(normalRecoveryCode('ABCDE-FGH23')).toBe('abcde-fgh23');
    expect(normalRecoveryCode(' abcde fgh23 ')).toBe('abcde-fgh23');
    expect(normalRecoveryCode('abcdefgh23')).toBe('abcde-fgh23');
  });

  it('refuses what cannot be a code', () => {
    expect(normalRecoveryCode('abcde-fgh2')).toBeNull();
    expect(normalRecoveryCode('abcde-fgh01')).toBeNull();
    expect(normalRecoveryCode('123456')).toBeNull();
  });
});
