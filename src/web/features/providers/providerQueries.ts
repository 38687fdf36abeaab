import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiCoverageAnswer, ApiTestRequest, Provider, ProviderStats } from '../../../common/api/providers.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';

const PROVIDERS_QUERY_KEY = QUERY_KEYS.providers;
/** A provider's layers go when it goes, and a My Maps sync replaces its layer. */
const COVERAGE_LAYERS_QUERY_KEY = QUERY_KEYS.coverageLayers;

export function useProviders() {
  return useQuery({
    queryKey: PROVIDERS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<Provider[]>('/providers', { authenticated: true, signal }),
  });
}

/** Layer, feature, search and lead counts of one provider; idle until enabled. */
export function useProviderStats(id: number | null) {
  return useQuery({
    queryKey: [...PROVIDERS_QUERY_KEY, id, 'stats'],
    queryFn: ({ signal }) => apiData<ProviderStats>(`/providers/${id}/stats`, { authenticated: true, signal }),
    enabled: id !== null,
  });
}

export interface SaveProviderInput {
  /** Absent for a new provider. */
  id?: number;
  body: FormData;
}

/** Creates or updates a provider (multipart, with the logo); resolves to the envelope for its message. */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveProviderInput) =>
      apiUpload<Provider>(id === undefined ? '/providers' : `/providers/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
        authenticated: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY }),
  });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/providers/${id}`, { method: 'DELETE', authenticated: true }),
    // The provider's own queries (its stats) must not be refetched once it is gone.
    onSuccess: (_envelope, id) => queryClient.removeQueries({ queryKey: [...PROVIDERS_QUERY_KEY, id] }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: COVERAGE_LAYERS_QUERY_KEY }),
      ]);
    },
  });
}

/** Downloads a My Maps provider's map now; the provider's sync status changes either way. */
export function useSyncMyMaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: Pick<Provider, 'id' | 'name'>) =>
      apiRequest<Provider>(`/providers/${provider.id}/sync-my-maps`, { method: 'POST', authenticated: true }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: COVERAGE_LAYERS_QUERY_KEY }),
      ]);
    },
  });
}

export interface MyMapsUrlCheck {
  valid: boolean;
  map_id: string | null;
  kml_url: string | null;
}

export function useValidateMyMapsUrl() {
  return useMutation({
    mutationFn: (myMapsUrl: string) =>
      apiData<MyMapsUrlCheck>('/providers/validate-my-maps-url', {
        method: 'POST',
        body: { my_maps_url: myMapsUrl },
        authenticated: true,
      }),
  });
}

/** POST /test: calls the provider's API once with the given settings. */
export function useTestProviderApi() {
  return useMutation({
    mutationFn: (request: ApiTestRequest) => apiRequest<ApiCoverageAnswer>('/test', { method: 'POST', body: request, authenticated: true }),
  });
}
