import type { ApiCoverageAnswer, ApiTestRequest } from '../../common/api/providers.js';
import type { ProviderScope } from '../access/providerScope.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { ProviderService } from '../providers/providerService.js';
import { queryProviderApi } from './providerApi.js';

/** An admin waits for a test answer; the browser gives up at 10 s, so stop just before. */
const API_TEST_TIMEOUT_MS = 8000;

/** POST /api/test: asks a provider API, as the provider dialog describes it, about a test point. */
export class ProviderApiTester {
  constructor(
    private readonly providers: ProviderService,
    private readonly outbound: OutboundClient,
  ) {}

  async test(request: ApiTestRequest, scope: ProviderScope): Promise<ApiCoverageAnswer> {
    const source = await this.providers.apiTestSource(request, scope);
    return queryProviderApi(
      this.outbound,
      source,
      { lat: request.test_lat, lng: request.test_lng, address: request.test_address ?? null },
      API_TEST_TIMEOUT_MS,
    );
  }
}
