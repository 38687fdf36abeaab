import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordRating } from './passwordPolicy.js';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK } from './passwordStrength.js';

describe('passwordProblem', () => {
  it('refuses what the browser refuses: a strength score under 3', () => {
    for (const weak of ['password', 'aaaaaaaa', '12345678', 'abcdefghij']) expect(passwordProblem(weak), weak).toBe(PASSWORD_TOO_WEAK);
  });

  it('refuses common passwords that pass the score, and the username', () => {
    for (const common of ['Password1', 'Password123!', 'Qwerty123!', 'Welcome1!', 'Password1!'])
      expect(passwordProblem(common), common).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('Thandi2026!', ['thandi'])).toBe(PASSWORD_TOO_COMMON);
  });

  it('accepts a strong password', () => {
    expect(passwordProblem('Kloof-Street-42-Gardens')).toBeNull();
    expect(passwordProblem('Sup3r-Secret!')).toBeNull();
  });
});

describe('passwordRating, what the strength meter shows', () => {
  it('rates "Password1!" weak, though it has every kind of character, and says why', () => {
    expect(passwordRating('Password1!')).toEqual({ score: 2, label: 'Weak', problem: PASSWORD_TOO_COMMON });
  });

  it('rates a weak score weak with the score it has', () => {
    expect(passwordRating('abc')).toEqual({ score: 1, label: 'Weak', problem: PASSWORD_TOO_WEAK });
  });

  it('keeps the points and label of a password the server accepts', () => {
    expect(passwordRating('Kloof-Street-42-Gardens')).toEqual({ score: 6, label: 'Strong', problem: null });
    expect(passwordRating('Sup3r-Secret!')).toEqual({ score: 6, label: 'Strong', problem: null });
  });
});
