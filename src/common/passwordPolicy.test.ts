import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK, passwordProblem } from './passwordPolicy.js';

describe('passwordProblem', () => {
  it('refuses what the browser refuses: a strength score under 3', () => {
    for (const weak of ['password', 'aaaaaaaa', '12345678', 'abcdefghij']) expect(passwordProblem(weak), weak).toBe(PASSWORD_TOO_WEAK);
  });

  it('refuses common passwords that pass the score, and the username', () => {
    for (const common of ['Password1', 'Password123!', 'Qwerty123!', 'Welcome1!']) expect(passwordProblem(common), common).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('Thandi2026!', ['thandi'])).toBe(PASSWORD_TOO_COMMON);
  });

  it('accepts a strong password', () => {
    expect(passwordProblem('Kloof-Street-42-Gardens')).toBeNull();
    expect(passwordProblem('Sup3r-Secret!')).toBeNull();
  });
});
