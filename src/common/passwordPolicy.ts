import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_SUBMITTABLE_SCORE, passwordStrength } from '../../common/passwordStrength.js';

export const PASSWORD_TOO_WEAK = 'Password is too weak: use at least 12 characters, or mix upper and lower case letters, numbers and symbols';
export const PASSWORD_TOO_COMMON = 'This password is too common or easy to guess. Please choose another one.';

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
 * Why a new password is refused, or null: the rule the browser shows (docs/api.md, Authentication: a
 * strength score of at least 3) and then not a common or easily guessed one (zxcvbn, with the
 * username as a word to avoid).
 */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | null {
  if (passwordStrength(password).score < MIN_SUBMITTABLE_SCORE) return PASSWORD_TOO_WEAK;
  if (guessEstimator().check(password, [...userInputs]).score < MIN_GUESS_SCORE) return PASSWORD_TOO_COMMON;
  return null;
}
