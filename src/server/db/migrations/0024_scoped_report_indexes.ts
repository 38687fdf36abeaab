import type { Kysely, Migration } from 'kysely';

/**
 * A provider editor's reports (issue 22) read their providers' searches of a period
 * (leads/searchRule.ts isSearchOf):
 * - search_log_providers by provider, then time: one provider's appearances in a period are one
 *   range of the index, and it holds the search id, so the table is not read;
 * - search_log_towers by tower: the searches a provider's towers reached, without reading the
 *   towers of every other search.
 */
export const scopedReportIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('search_log_providers_provider_created')
      .on('search_log_providers')
      .columns(['provider_id', 'created_at', 'search_log_id'])
      .execute();
    await db.schema.createIndex('search_log_towers_tower').on('search_log_towers').columns(['tower_id', 'search_log_id']).execute();
  },
};
