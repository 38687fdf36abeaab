import { fromBool, toCount } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';
import { existingProviderIds } from '../providers/existingProviderIds.js';

export interface ProviderCounts {
  layers: number;
  activeLayers: number;
  features: number;
  searches: number;
  leads: number;
}

/**
 * A read model: counts about one provider across the tables of coverage (layers) and leads
 * (search logs, leads). Reads only; each table's writes stay with the domain that owns it.
 */
export class ProviderStatsRepository {
  constructor(private readonly db: Executor) {}

  /** undefined when there is no such provider. */
  async countsFor(providerId: number): Promise<ProviderCounts | undefined> {
    if (!(await existingProviderIds(this.db, [providerId])).has(providerId)) return undefined;
    const layers = await this.db
      .selectFrom('coverage_layers')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.sum<string | number | null>('feature_count').as('features'),
        eb.fn.sum<string | number | null>(eb.case().when('active', '=', fromBool(true)).then(1).else(0).end()).as('active_n'),
      ])
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    // Searches in which it appeared, follow-ups left out: the hourly roll-up holds exactly those.
    const searches = await this.db
      .selectFrom('search_provider_stats_hourly')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('searches'), eb.lit(0)).as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    const leads = await this.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    return {
      layers: toCount(layers.n),
      activeLayers: toCount(layers.active_n ?? 0),
      features: toCount(layers.features ?? 0),
      searches: toCount(searches.n),
      leads: toCount(leads.n),
    };
  }
}
