import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * What counts as a search, and when a search was covered: the one statement of both rules, for
 * every query that counts searches (reports, the what-if's uncovered searches) and for the
 * roll-ups kept with each log.
 *
 * - A search log is a search unless it follows one (follow_up_of set: the action a visitor took
 *   after a lead on the same visit is logged again, and is not a search of its own).
 * - A search was covered when the spot had service: a provider's coverage layer or own API found
 *   it (provider_count > 0), or a tower reached it (wireless_available = 1): coverage is available
 *   where wireless is, even without a provider.
 * - What served a covered search: a provider (with or without a tower), or wireless only (a tower,
 *   no provider). Reports split covered searches this way.
 *
 * `table` is the name or alias under which the query reads search_logs.
 */
/** The log is a search, not a follow-up. */
export function isSearch(table = 'search_logs'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.follow_up_of`)} is null`;
}

/** A provider or a tower served the spot. */
export function isCovered(table = 'search_logs'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.provider_count`)} > 0 or ${sql.ref(`${table}.wireless_available`)} = 1)`;
}

/** Neither a provider nor a tower served the spot. */
export function isUncovered(table = 'search_logs'): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${isCovered(table)}`;
}

/** 1 for a covered search, 0 otherwise: the roll-ups' `covered` column, as SQL. */
export function coveredFlag(table = 'search_logs'): RawBuilder<number> {
  return sql<number>`case when ${isCovered(table)} then 1 else 0 end`;
}

/** No provider, and a tower, served the spot. */
export function isWirelessOnly(table = 'search_logs'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.provider_count`)} = 0 and ${sql.ref(`${table}.wireless_available`)} = 1)`;
}

/** 1 for a search only a tower served, 0 otherwise: the roll-ups' `wireless_only` column, as SQL. */
export function wirelessOnlyFlag(table = 'search_logs'): RawBuilder<number> {
  return sql<number>`case when ${isWirelessOnly(table)} then 1 else 0 end`;
}

/**
 * A search of one of `providerIds`: one of them appeared in it (search_log_providers), or, served
 * by a tower only, a tower one of them owns now (search_log_towers -> towers.provider_id) reached
 * it. A search a provider appeared in is not also another's through that one's tower, and an
 * uncovered search is nobody's. A provider editor's reports count these (reports/, issue 22).
 *
 * `within` is the span of time (ISO text, start included, end excluded) the query reads anyway:
 * both ways are read within it only (search_log_providers.created_at is its search's time), so the
 * cost follows the scope's searches in the period, not the providers' whole history.
 *
 * One uncorrelated `in (… union all …)`, not `exists` per search nor `in … or in …`: a lone IN
 * becomes a semi-join (a hash that spills to disk when large), where an OR leaves PostgreSQL a
 * subplan that is hashed only while it fits in work_mem and otherwise rescans its list for every
 * row: quadratic, a 6-month scope of 520,000 searches was cancelled at 30 s, 2.0 s read this way
 * (the plan test in test/providerScopeReportsPeriod.test.ts keeps it a join). `exists` per search looks every search of the period up in both
 * tables, whoever's it is: an editor's year of 200,000 searches took 1.7-2.1 s on PostgreSQL,
 * about 0.33 s read this way (bench/editorReports.ts; indexes of migration 0024).
 */
export function isSearchOf(providerIds: readonly number[], within: readonly [string, string], table = 'search_logs'): RawBuilder<SqlBool> {
  if (providerIds.length === 0) return sql<SqlBool>`1 = 0`;
  const ids = sql.join(providerIds.map((id) => sql.val(id)));
  const [from, to] = within;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (
    select slp.search_log_id from search_log_providers slp
      where slp.provider_id in (${ids}) and slp.created_at >= ${from} and slp.created_at < ${to}
    union all
    select wo.id from search_logs wo
      inner join search_log_towers slt on slt.search_log_id = wo.id
      inner join towers tw on tw.id = slt.tower_id
      where tw.provider_id in (${ids}) and wo.created_at >= ${from} and wo.created_at < ${to} and ${isWirelessOnly('wo')})`;
}

/**
 * The same rule as isSearchOf, asked of each search on its own (two index lookups, one `exists`
 * each): for a query that walks the period in keyset batches (the searches CSV export), where
 * isSearchOf's set would be built again for every batch from the batch on to the period's end,
 * quadratic in the scope (90,000 searches: 100 batches of 180-360 ms each). Walked this way every
 * search of the period is looked up once over the whole export.
 */
export function isSearchOfEach(providerIds: readonly number[], table = 'search_logs'): RawBuilder<SqlBool> {
  if (providerIds.length === 0) return sql<SqlBool>`1 = 0`;
  const ids = sql.join(providerIds.map((id) => sql.val(id)));
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`(exists (select 1 from search_log_providers slp where slp.search_log_id = ${id} and slp.provider_id in (${ids}))
    or (${isWirelessOnly(table)} and exists (select 1 from search_log_towers slt inner join towers tw on tw.id = slt.tower_id
      where slt.search_log_id = ${id} and tw.provider_id in (${ids}))))`;
}

/** The same rules for a log at hand (the roll-ups are counted as each log is stored). */
export function isSearchLog(log: { follow_up_of: number | null }): boolean {
  return log.follow_up_of === null;
}

/** 1 for a covered search, 0 otherwise. */
export function coveredFlagOf(search: { provider_count: number; wireless_available: number }): 0 | 1 {
  return search.provider_count > 0 || search.wireless_available === 1 ? 1 : 0;
}

/** 1 for a search only a tower served, 0 otherwise. */
export function wirelessOnlyFlagOf(search: { provider_count: number; wireless_available: number }): 0 | 1 {
  return search.provider_count === 0 && search.wireless_available === 1 ? 1 : 0;
}
