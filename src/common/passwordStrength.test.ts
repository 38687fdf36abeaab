import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordStrength } from './passwordStrength.js';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['abcdefgH', 3, 'Medium'],
    ['abcdefgH1', 4, 'Medium'],
    ['abcdefgH1!', 5, 'Strong'],
    ['abcdefghijkL1!', 6, 'Strong'],
    ['ABCDEFGHIJKL', 3, 'Medium'],
  ] as const)('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('counts a space or any non-alphanumeric character as special', () => {
    expect(passwordStrength('a b').score).toBe(2);
    expect(passwordStrength('aé').score).toBe(2);
  });
});

describe('passwordChecklist', () => {
  it('lists the five rules in order with what is met', () => {
    expect(passwordChecklist('abcdefG1')).toEqual([
      { label: 'At least 8 characters', met: true },
      { label: 'One uppercase letter', met: true },
      { label: 'One lowercase letter', met: true },
      { label: 'One number', met: true },
      { label: 'One special character', met: false },
    ]);
  });
});
