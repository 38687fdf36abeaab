import type { ProviderStats } from '../../common/api/providers.js';
import { NotFoundError } from '../errors.js';
import type { ProviderStatsRepository } from './providerStatsRepository.js';

/** GET /api/providers/{id}/stats: a provider's layers, features, searches that found it, and leads. */
export class ProviderStatsService {
  constructor(private readonly repo: ProviderStatsRepository) {}

  async statsOf(providerId: number): Promise<ProviderStats> {
    const counts = await this.repo.countsFor(providerId);
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
