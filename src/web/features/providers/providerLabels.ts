import type { ApiAuthType, CoverageCondition, DataSource } from '../../../common/api/providers.js';

/** What the provider screens call each data source, auth type and coverage condition. */

export const DATA_SOURCE_LABELS: Record<DataSource, string> = {
  kml_upload: 'KML Upload',
  my_maps_url: 'Google My Maps',
  api_endpoint: 'API Endpoint',
};

export const AUTH_TYPE_LABELS: Record<ApiAuthType, string> = {
  none: 'None',
  bearer: 'Bearer token',
  basic: 'Basic (username and password)',
  api_key: 'API key',
};

export const COVERAGE_CONDITION_LABELS: Record<CoverageCondition, string> = {
  equals: 'Equals',
  not_equals: 'Does not equal',
  contains: 'Contains',
  greater_than: 'Greater than',
  exists: 'Exists',
  truthy: 'Is true / non-empty',
};
