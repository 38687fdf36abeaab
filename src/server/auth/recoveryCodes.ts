import { randomBytes } from 'node:crypto';

/** How many recovery codes a user holds; a new set replaces every old one. */
export const RECOVERY_CODE_COUNT = 10;
/** RFC 4648 base32, lower case: no 0/1/8/9, so no code mixes up O and 0 or l and 1. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Two groups of five base32 characters: 50 random bits each, too many to guess, so a fast keyed hash stores them. */
const GROUP = 5;

/** A new recovery code, `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(GROUP * 2);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]!);
  return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * A typed code in the stored form, or null when it cannot be one: case, spaces and the dash are
 * forgiven (people read them off paper), so `ABCDE FGHIJ` and `abcdefghij` are `abcde-fghij`.
 */
export function normalRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (!new RegExp(`^[${ALPHABET}]{${GROUP * 2}}$`).test(plain)) return null;
  return `${plain.slice(0, GROUP)}-${plain.slice(GROUP)}`;
}
