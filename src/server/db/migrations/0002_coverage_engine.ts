import type { Kysely, Migration } from 'kysely';

/**
 * Issue 3: what the coverage engine keeps per layer (feature count, colours found in the file) and
 * a lock table so a scheduled job runs in one process at a time across all servers.
 */
export const coverageEngineMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('coverage_layers')
      .addColumn('feature_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('coverage_layers').addColumn('detected_colors', 'text').execute();
    await db.schema
      .createTable('job_locks')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text', (c) => c.notNull())
      .execute();
  },
};
