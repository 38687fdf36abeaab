import type { Kysely, Migration } from 'kysely';

/**
 * A search log records whether a tower reached its spot (wireless_available, 0 or 1), so that a
 * search served only by wireless counts as covered: coverage is available where a tower reaches,
 * even without a provider (docs/api.md). Searches logged before were not assessed and stay 0.
 */
export const wirelessSearchesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('search_logs')
      .addColumn('wireless_available', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
