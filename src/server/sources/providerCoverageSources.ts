import type { FastifyBaseLogger } from 'fastify';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import type { CoverageProviders, LiveProvider } from '../coverage/coverageProviders.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { ProviderApiSource } from '../providers/apiSource.js';
import type { ProviderRecord } from '../providers/providerRepository.js';
import type { ProviderService } from '../providers/providerService.js';
import { queryProviderApi } from './providerApi.js';

/**
 * The providers as coverage sees them: the active ones, with a way to ask each provider's own
 * coverage API (short timeout; secrets opened once per index build, never per check).
 */
export class ProviderCoverageSources implements CoverageProviders {
  constructor(
    private readonly providers: ProviderService,
    private readonly outbound: OutboundClient,
    /** How long a provider's API may take during a coverage check (PROVIDER_API_TIMEOUT_MS). */
    private readonly apiTimeoutMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async live(): Promise<LiveProvider[]> {
    const records = (await this.providers.listRecords()).filter((record) => record.active);
    return records.map((record) => ({
      provider: { id: record.id, name: record.name, description: record.description, logo_filename: record.logo_filename, signup_url: record.signup_url },
      askApi: this.apiOf(record),
    }));
  }

  exists(id: number): Promise<boolean> {
    return this.providers.exists(id);
  }

  private apiOf(record: ProviderRecord): LiveProvider['askApi'] {
    const source = this.apiSourceOrNull(record);
    if (!source) return null;
    return async (point) => {
      const answer = await queryProviderApi(this.outbound, source, point, this.apiTimeoutMs);
      if (!answer.coverage_detected) return null;
      return { status: (answer.response.serviceStatus ?? 'unknown') as ServiceStatus, services: answer.response.services };
    };
  }

  /** A source that cannot be opened (a secret sealed under another APP_SECRET) is skipped, not fatal. */
  private apiSourceOrNull(record: ProviderRecord): ProviderApiSource | null {
    try {
      return this.providers.apiSourceOf(record);
    } catch (error) {
      this.log.warn(
        { providerId: record.id, err: error instanceof Error ? error.message : String(error) },
        'provider API source unusable; skipped in coverage checks',
      );
      return null;
    }
  }
}
