import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressImportResult } from '../../../common/api/geocode.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';

const ADDRESS_COUNT_QUERY_KEY = ['addresses', 'count'] as const;

/** GET /api/addresses/count: how many addresses admins have imported into the address book. */
export function useAddressCount() {
  return useQuery({
    queryKey: ADDRESS_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => apiData<{ count: number }>('/addresses/count', { authenticated: true, signal }),
  });
}

export interface ImportAddressesInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /api/addresses/import (multipart field `file`); resolves to the envelope: "Imported N addresses" and the counts. */
export function useImportAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: ImportAddressesInput) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiUpload<AddressImportResult>('/addresses/import', { body, authenticated: true, onProgress });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESS_COUNT_QUERY_KEY }),
  });
}

/** DELETE /api/addresses: removes every imported address (the built-in places stay). */
export function useClearAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<never>('/addresses', { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESS_COUNT_QUERY_KEY }),
  });
}
