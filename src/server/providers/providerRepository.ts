import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { bumpCoverageRevision } from '../coverage/coverageRevision.js';
import { toCount } from '../db/dialect.js';
import type { Database, ProvidersTable } from '../db/schema.js';

export type ProviderRow = Selectable<ProvidersTable>;
export type NewProviderRow = Insertable<ProvidersTable>;
export type ProviderRowChanges = Updateable<ProvidersTable>;

/** SQL for providers. Every write that can change coverage moves the coverage revision with it. */
export class ProviderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<ProviderRow[]> {
    return this.db.selectFrom('providers').selectAll().orderBy('name').orderBy('id').execute();
  }

  find(id: number): Promise<ProviderRow | undefined> {
    return this.db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewProviderRow): Promise<ProviderRow> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('providers').values(row).returningAll().executeTakeFirstOrThrow();
      await bumpCoverageRevision(trx);
      return created;
    });
  }

  async update(id: number, changes: ProviderRowChanges): Promise<ProviderRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('providers').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
      if (updated) await bumpCoverageRevision(trx);
      return updated;
    });
  }

  /** Sync bookkeeping only: does not change coverage, so the revision stays. */
  async recordSync(id: number, changes: Pick<ProviderRowChanges, 'sync_status' | 'last_sync' | 'sync_error_message'>): Promise<void> {
    await this.db.updateTable('providers').set(changes).where('id', '=', id).execute();
  }

  /** Deletes the provider and (by cascade) its layers. Returns the deleted row. */
  async delete(id: number): Promise<ProviderRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('providers').where('id', '=', id).returningAll().executeTakeFirst();
      if (deleted) await bumpCoverageRevision(trx);
      return deleted;
    });
  }

  async stats(id: number): Promise<{ layers: number; activeLayers: number; features: number; searches: number; leads: number }> {
    const layers = await this.db
      .selectFrom('coverage_layers')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum<number>('feature_count').as('features'),
        eb.fn.sum<number>(eb.case().when('active', '=', 1).then(1).else(0).end()).as('active_n'),
      ])
      .where('provider_id', '=', id)
      .executeTakeFirstOrThrow();
    // coverage_providers is a JSON array of ids without spaces, e.g. "[3,12]".
    const id_ = String(id);
    const searches = await this.db
      .selectFrom('search_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) =>
        eb.or([
          eb('coverage_providers', '=', `[${id_}]`),
          eb('coverage_providers', 'like', `[${id_},%`),
          eb('coverage_providers', 'like', `%,${id_}]`),
          eb('coverage_providers', 'like', `%,${id_},%`),
        ]),
      )
      .executeTakeFirstOrThrow();
    const leads = await this.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('provider_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      layers: toCount(layers.n as string | number),
      activeLayers: toCount((layers.active_n as string | number | null) ?? 0),
      features: toCount((layers.features as string | number | null) ?? 0),
      searches: toCount(searches.n as string | number),
      leads: toCount(leads.n as string | number),
    };
  }
}
