import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_SUBMITTABLE_SCORE, PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK, passwordStrength, type PasswordStrength } from './passwordStrength.js';

/**
 * The one rule of which new passwords are accepted: the server refuses by it, and the Settings
 * screen's strength meter rates by it. Its dictionaries are large (about a megabyte of words), so
 * the browser loads this module only on the Settings screen (features/settings/usePasswordPolicy.ts).
 */

/**
 * zxcvbn's score (0-4) a new password must reach: 3 is its "safely unguessable" (over 10^8
 * guesses); below are common passwords, names and words with a digit or two, keyboard walks.
 */
const MIN_GUESS_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** zxcvbn with its common dictionaries (passwords, names, words) and keyboard layouts; built on first use. */
function guessEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator;
}

/**
 * Why a new password is refused, or null: the strength score of passwordStrength (docs/api.md,
 * Authentication: at least 3) and then not a common or easily guessed one (zxcvbn, with the
 * username as a word to avoid).
 */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | null {
  if (passwordStrength(password).score < MIN_SUBMITTABLE_SCORE) return PASSWORD_TOO_WEAK;
  if (guessEstimator().check(password, [...userInputs]).score < MIN_GUESS_SCORE) return PASSWORD_TOO_COMMON;
  return null;
}

/** Scores below this rate "Weak" (passwordStrength). */
const HIGHEST_WEAK_SCORE = 2;

/**
 * What the strength meter shows: passwordStrength's points and label, but never better than
 * "Weak" for a password passwordProblem refuses ("Password1!" has every kind of character and is
 * still among the first guesses), with the reason.
 */
export function passwordRating(password: string, userInputs: readonly string[] = []): PasswordStrength & { problem: string | null } {
  const strength = passwordStrength(password);
  const problem = passwordProblem(password, userInputs);
  if (problem === null) return { ...strength, problem };
  return { score: Math.min(strength.score, HIGHEST_WEAK_SCORE), label: 'Weak', problem };
}
