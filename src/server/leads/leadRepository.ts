import type { Insertable } from 'kysely';
import type { LeadsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

export type NewLeadRecord = Insertable<LeadsTable>;

/** SQL for leads. */
export class LeadRepository {
  constructor(private readonly db: Executor) {}

  async insert(lead: NewLeadRecord, trx?: Executor): Promise<number> {
    const { id } = await (trx ?? this.db).insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** Sets what an admin changed (status, notes); false when there is no such lead. */
  async update(id: number, changes: { status?: string; notes?: string | null; updated_at: string }): Promise<boolean> {
    const result = await this.db.updateTable('leads').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
