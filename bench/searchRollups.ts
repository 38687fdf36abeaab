import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.js';

/**
 * The search roll-ups (hourly and daily, of all searches and of each provider's) rebuilt from the
 * logs a benchmark wrote straight into the tables, as searchLogRepository keeps them (follow-ups
 * left out, covered by a provider or a tower, wireless only) and as migration 0012 builds them.
 */
export async function rebuildSearchRollups(db: Kysely<Database>): Promise<void> {
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
  await sql`
    insert into search_provider_stats_hourly (hour, provider_id, searches)
    select substr(p.created_at, 1, 13), p.provider_id, count(*) from search_log_providers p
    inner join search_logs s on s.id = p.search_log_id where s.follow_up_of is null
    group by substr(p.created_at, 1, 13), p.provider_id
  `.execute(db);
  await sql`
    insert into search_provider_stats_daily (day, provider_id, searches)
    select substr(hour, 1, 10), provider_id, sum(searches) from search_provider_stats_hourly group by substr(hour, 1, 10), provider_id
  `.execute(db);
}
