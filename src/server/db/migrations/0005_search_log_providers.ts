import type { Kysely, Migration } from 'kysely';

/** Search logs read per batch. */
const BATCH_ROWS = 1000;
/** Rows per INSERT: 3 values each stays far below both databases' limits of bound parameters. */
const INSERT_CHUNK_ROWS = 500;
const MAX_ID = 2_147_483_647;

/** The provider ids of a stored coverage_providers text ("[3,12]"), each once; unreadable text has none. */
function providerIds(text: string | null): number[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((id): id is number => Number.isInteger(id) && id >= 0 && id <= MAX_ID))];
  } catch {
    return [];
  }
}

/**
 * Issue 7: the providers a search found move from JSON text in search_logs.coverage_providers
 * (matched with LIKE patterns) to rows of search_log_providers, which reports group by. Provider
 * ids are not foreign keys: a deleted provider's history stays countable.
 */
export const searchLogProvidersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('search_log_providers')
      .addColumn('search_log_id', 'integer', (c) => c.notNull().references('search_logs.id').onDelete('cascade'))
      .addColumn('provider_id', 'integer', (c) => c.notNull())
      // What the search found for that provider; null for searches logged before it was recorded.
      .addColumn('service_status', 'text')
      .addPrimaryKeyConstraint('search_log_providers_pk', ['search_log_id', 'provider_id'])
      .execute();
    await db.schema.createIndex('search_log_providers_provider_id').on('search_log_providers').columns(['provider_id', 'search_log_id']).execute();

    for (let after = 0; ;) {
      const logs = (await db
        .selectFrom('search_logs')
        .select(['id', 'coverage_providers'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH_ROWS)
        .execute()) as { id: number; coverage_providers: string | null }[];
      if (logs.length === 0) break;
      const rows = logs.flatMap((log) => providerIds(log.coverage_providers).map((id) => ({ search_log_id: log.id, provider_id: id, service_status: null })));
      for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
        await db
          .insertInto('search_log_providers')
          .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
          .execute();
      }
      after = logs[logs.length - 1]!.id;
    }
    await db.schema.alterTable('search_logs').dropColumn('coverage_providers').execute();
  },
};
