import type { Kysely, Migration } from 'kysely';

/**
 * Issue 22 (two-factor sign-in): `login_challenges.failed_codes`, the wrong codes entered against
 * one challenge. The challenge dies at the fifth (authService.ts CHALLENGE_CODE_ATTEMPTS), so one
 * password step buys an attacker only a handful of guesses at the code.
 */
export const loginChallengeAttemptsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('login_challenges')
      .addColumn('failed_codes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
