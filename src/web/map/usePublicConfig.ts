import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../common/api/publicConfig.js';
import { apiData } from '../api/apiClient.js';

/** Runtime settings every map needs (the basemap). They change only with a server restart. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiData<PublicConfig>('/config', { signal }),
    staleTime: Infinity,
  });
}
