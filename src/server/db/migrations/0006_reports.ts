import { type Kysely, type Migration, sql } from 'kysely';

/** Logs read per batch while finding old follow-ups. */
const BATCH_ROWS = 1000;

/**
 * Issue 9, reports:
 * - leads get a status and notes (the leads inbox);
 * - a search log knows how many providers it found (provider_count) and, for the action the
 *   browser logs after a lead on the same visit, the search it follows (follow_up_of): follow-ups
 *   are not searches;
 * - search_log_providers carries its search's time, so a period's providers are counted from one
 *   index;
 * - hourly and daily roll-ups of searches and of providers' appearances, kept in the same
 *   transaction as each log, answer a year's dashboard from a few thousand rows instead of a
 *   million (days for the whole UTC days of a period, hours for the rest);
 * - the indexes the reports read by.
 */
export const reportsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('leads')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .execute();
    await db.schema.alterTable('leads').addColumn('notes', 'text').execute();
    await db.schema.alterTable('leads').addColumn('updated_at', 'text').execute();
    await db
      .updateTable('leads')
      .set({ updated_at: sql`created_at` })
      .execute();

    await db.schema
      .alterTable('search_logs')
      .addColumn('provider_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('search_logs')
      .addColumn('follow_up_of', 'integer', (c) => c.references('search_logs.id').onDelete('set null'))
      .execute();
    await db
      .updateTable('search_logs')
      .set({ provider_count: sql`(select count(*) from search_log_providers p where p.search_log_id = search_logs.id)` })
      .execute();
    await markFollowUps(db);

    await db.schema.alterTable('search_log_providers').addColumn('created_at', 'text').execute();
    await db
      .updateTable('search_log_providers')
      .set({ created_at: sql`(select s.created_at from search_logs s where s.id = search_log_providers.search_log_id)` })
      .execute();

    await db.schema
      .createTable('search_stats_hourly')
      // The UTC hour, 'YYYY-MM-DDTHH' (the first 13 characters of created_at).
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('action_taken', 'text', (c) => c.notNull())
      .addColumn('search_type', 'text', (c) => c.notNull())
      // 1 when the search found at least one provider.
      .addColumn('covered', 'integer', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_stats_hourly_pk', ['hour', 'action_taken', 'search_type', 'covered'])
      .execute();
    await sql`
      insert into search_stats_hourly (hour, action_taken, search_type, covered, searches)
      select substr(created_at, 1, 13), action_taken, search_type, case when provider_count > 0 then 1 else 0 end, count(*)
      from search_logs where follow_up_of is null
      group by substr(created_at, 1, 13), action_taken, search_type, case when provider_count > 0 then 1 else 0 end
    `.execute(db);

    await db.schema
      .createTable('search_provider_stats_hourly')
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'integer', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_provider_stats_hourly_pk', ['hour', 'provider_id'])
      .execute();
    await sql`
      insert into search_provider_stats_hourly (hour, provider_id, searches)
      select substr(p.created_at, 1, 13), p.provider_id, count(*)
      from search_log_providers p join search_logs s on s.id = p.search_log_id
      where s.follow_up_of is null
      group by substr(p.created_at, 1, 13), p.provider_id
    `.execute(db);

    // The same per UTC day: a year's totals from a few thousand rows.
    await db.schema
      .createTable('search_stats_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('action_taken', 'text', (c) => c.notNull())
      .addColumn('search_type', 'text', (c) => c.notNull())
      .addColumn('covered', 'integer', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_stats_daily_pk', ['day', 'action_taken', 'search_type', 'covered'])
      .execute();
    await sql`
      insert into search_stats_daily (day, action_taken, search_type, covered, searches)
      select substr(hour, 1, 10), action_taken, search_type, covered, sum(searches)
      from search_stats_hourly group by substr(hour, 1, 10), action_taken, search_type, covered
    `.execute(db);
    await db.schema
      .createTable('search_provider_stats_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'integer', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_provider_stats_daily_pk', ['day', 'provider_id'])
      .execute();
    await sql`
      insert into search_provider_stats_daily (day, provider_id, searches)
      select substr(hour, 1, 10), provider_id, sum(searches) from search_provider_stats_hourly group by substr(hour, 1, 10), provider_id
    `.execute(db);

    await db.schema.createIndex('search_logs_session').on('search_logs').columns(['session_id', 'id']).execute();
    // Exports read a period's searches in (created_at, id) order, a batch at a time.
    await db.schema.createIndex('search_logs_created_id').on('search_logs').columns(['created_at', 'id']).execute();
    // Covering index of the demand map and of the raw reads at a period's edges.
    await db.schema
      .createIndex('search_logs_report')
      .on('search_logs')
      .columns(['created_at', 'follow_up_of', 'lat', 'lng', 'provider_count', 'action_taken', 'search_type'])
      .execute();
    await db.schema.createIndex('search_log_providers_created').on('search_log_providers').columns(['created_at', 'provider_id']).execute();
    await db.schema.createIndex('leads_created_id').on('leads').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('leads_provider_created').on('leads').columns(['provider_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('leads_status_created').on('leads').columns(['status', 'created_at', 'id']).execute();
  },
};

/**
 * Until now the browser's log of what a visitor did after a lead was stored as one more search:
 * a log with an action whose session's previous log is the same search (same point and address).
 */
async function markFollowUps(db: Kysely<any>): Promise<void> {
  for (let after = 0; ;) {
    const actions = (await db
      .selectFrom('search_logs')
      .select(['id', 'session_id', 'lat', 'lng', 'address'])
      .where('action_taken', '<>', 'no_action')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH_ROWS)
      .execute()) as { id: number; session_id: string; lat: number | null; lng: number | null; address: string | null }[];
    if (actions.length === 0) return;
    for (const log of actions) {
      const previous = (await db
        .selectFrom('search_logs')
        .select(['id', 'lat', 'lng', 'address', 'follow_up_of'])
        .where('session_id', '=', log.session_id)
        .where('id', '<', log.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) as { id: number; lat: number | null; lng: number | null; address: string | null; follow_up_of: number | null } | undefined;
      if (previous && previous.lat === log.lat && previous.lng === log.lng && previous.address === log.address) {
        await db
          .updateTable('search_logs')
          .set({ follow_up_of: previous.follow_up_of ?? previous.id })
          .where('id', '=', log.id)
          .execute();
      }
    }
    after = actions[actions.length - 1]!.id;
  }
}
