import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SearchAction } from '../../common/api/leads.js';
import type { Database, LeadsTable, SearchLogsTable } from '../db/schema.js';

export type SearchLogRow = Selectable<SearchLogsTable>;
export type NewSearchLogRow = Insertable<SearchLogsTable>;
export type NewLeadRow = Omit<Insertable<LeadsTable>, 'search_id'>;

/** SQL for search logs and leads. */
export class LeadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertSearchLog(row: NewSearchLogRow): Promise<number> {
    const { id } = await this.db.insertInto('search_logs').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Stores a lead and, in the same transaction, records its action on the search it came from.
   * A search id that does not exist (never did, or was deleted) is dropped rather than failing the
   * lead; checking and linking in one transaction leaves no gap for the row to vanish between them.
   */
  async insertLead(row: NewLeadRow, search: { id: number; action: SearchAction } | null): Promise<{ id: number; search: SearchLogRow | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      const searchRow = search
        ? await trx.updateTable('search_logs').set({ action_taken: search.action }).where('id', '=', search.id).returningAll().executeTakeFirst()
        : undefined;
      const { id } = await trx
        .insertInto('leads')
        .values({ ...row, search_id: searchRow?.id ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, search: searchRow };
    });
  }
}
