import { type Kysely, type Migration, sql } from 'kysely';

/** A roll-up table of searches per period (`period`: its key column, hour or day) and kind. */
async function createKindRollUp(db: Kysely<any>, table: string, period: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(period, 'text', (c) => c.notNull())
    .addColumn('action_taken', 'text', (c) => c.notNull())
    .addColumn('search_type', 'text', (c) => c.notNull())
    .addColumn('covered', 'integer', (c) => c.notNull())
    .addColumn('wireless_only', 'integer', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, [period, 'action_taken', 'search_type', 'covered', 'wireless_only'])
    .execute();
}

/**
 * Issue 18: reports tell what served a search, a provider (its layer or its API), a tower only, or
 * nothing.
 * - search_log_towers: the towers that served a search's spot (tower ids are not foreign keys, so
 *   a deleted tower's history stays). Searches logged before were answered without them: none.
 * - The kind roll-ups gain wireless_only (1: no provider, a tower served the spot) beside covered.
 *   Both are rebuilt from the search logs, which they only ever summed, so every count stays.
 */
export const searchServedByMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('search_log_towers')
      .addColumn('search_log_id', 'integer', (c) => c.notNull().references('search_logs.id').onDelete('cascade'))
      .addColumn('tower_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_log_towers_pk', ['search_log_id', 'tower_id'])
      .execute();

    await db.schema.dropTable('search_stats_hourly').execute();
    await db.schema.dropTable('search_stats_daily').execute();
    await createKindRollUp(db, 'search_stats_hourly', 'hour');
    await createKindRollUp(db, 'search_stats_daily', 'day');
    // The search rule of leads/searchRule.ts as it stands at this migration, spelled out so that
    // the migration keeps its meaning if the rule moves on.
    const covered = sql`case when provider_count > 0 or wireless_available = 1 then 1 else 0 end`;
    const wirelessOnly = sql`case when provider_count = 0 and wireless_available = 1 then 1 else 0 end`;
    await sql`
      insert into search_stats_hourly (hour, action_taken, search_type, covered, wireless_only, searches)
      select substr(created_at, 1, 13), action_taken, search_type, ${covered}, ${wirelessOnly}, count(*)
      from search_logs where follow_up_of is null
      group by substr(created_at, 1, 13), action_taken, search_type, ${covered}, ${wirelessOnly}
    `.execute(db);
    await sql`
      insert into search_stats_daily (day, action_taken, search_type, covered, wireless_only, searches)
      select substr(hour, 1, 10), action_taken, search_type, covered, wireless_only, sum(searches)
      from search_stats_hourly group by substr(hour, 1, 10), action_taken, search_type, covered, wireless_only
    `.execute(db);
  },
};
