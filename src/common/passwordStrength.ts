/**
 * Password strength: one point each for length 8+, length 12+, a lowercase
 * letter, an uppercase letter, a digit and a special character (anything else).
 */
export type StrengthLabel = 'Weak' | 'Medium' | 'Strong';

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
}

export const MIN_SUBMITTABLE_SCORE = 3;

/** Why a new password is refused (common/passwordPolicy.ts); here, apart from its dictionaries, so a form can recognise them. */
export const PASSWORD_TOO_WEAK = 'Password is too weak: use at least 12 characters, or mix upper and lower case letters, numbers and symbols';
export const PASSWORD_TOO_COMMON = 'This password is too common or easy to guess. Please choose another one.';

export function passwordStrength(password: string): PasswordStrength {
  const points = [
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  const score = points.filter(Boolean).length;
  const label: StrengthLabel = score < 3 ? 'Weak' : score < 5 ? 'Medium' : 'Strong';
  return { score, label };
}

/** The checklist the Settings screen shows, in its order. */
export function passwordChecklist(password: string): { label: string; met: boolean }[] {
  return [
    { label: 'At least 8 characters', met: password.length >= 8 },
    { label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { label: 'One number', met: /[0-9]/.test(password) },
    { label: 'One special character', met: /[^A-Za-z0-9]/.test(password) },
  ];
}
