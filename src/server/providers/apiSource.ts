import type { ApiAuthType, ApiFieldsMapping, ApiHeaders } from '../../common/api/providers.js';
import type { AuthConfig } from './authConfig.js';

/** An api_endpoint provider's settings with its secrets opened: what asking its API needs. */
export interface ProviderApiSource {
  endpointUrl: string;
  headers: ApiHeaders;
  fieldsMapping: ApiFieldsMapping;
  authType: ApiAuthType;
  authConfig: AuthConfig;
}
