import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../common/api/publicConfig.js';
import { apiData } from '../api/apiClient.js';

export const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const;

/**
 * Runtime settings every map needs: the basemaps (they change only with a server restart) and the
 * start view, which follows the coverage and the Public map setting: read again when a screen
 * that uses it opens after a minute (saving the setting refreshes it at once).
 */
const START_VIEW_STALE_MS = 60_000;

export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => apiData<PublicConfig>('/config', { signal }),
    staleTime: START_VIEW_STALE_MS,
  });
}
