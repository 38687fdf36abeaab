import type { ProviderStats } from '../../common/api/providers.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import { NotFoundError } from '../errors.js';
import type { ProviderStatsRepository } from './providerStatsRepository.js';

/** GET /api/providers/{id}/stats: a provider's layers, features, searches that found it, and leads. */
export class ProviderStatsService {
  constructor(private readonly repo: ProviderStatsRepository) {}

  /** A provider's counts; another provider than the scope's is not found, as a missing one. */
  async statsOf(providerId: number, scope: ProviderScope): Promise<ProviderStats> {
    const counts = inProviderScope(scope, providerId) ? await this.repo.countsFor(providerId) : undefined;
    if (!counts) throw new NotFoundError('Provider not found');
    return {
      provider_id: providerId,
      coverage_layers: counts.layers,
      active_coverage_layers: counts.activeLayers,
      features: counts.features,
      searches: counts.searches,
      leads: counts.leads,
    };
  }
}
