import { savedProvider } from '../../../common/testing/providers.js';
import type { ProviderRecord } from '../providerRepository.js';

/** A stored provider for unit tests: the API's test provider with no API settings, then `fields`. */
export function providerRecord(fields: Partial<ProviderRecord> = {}): ProviderRecord {
  return { ...savedProvider(), api_headers: null, api_fields_mapping: null, api_auth_config: null, next_steps: null, ...fields };
}
