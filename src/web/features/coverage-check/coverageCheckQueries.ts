import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LatLng } from '../../map/mapTypes.js';
import { checkCoverage, fetchAddressSuggestions } from './coverageApi.js';

/**
 * Address suggestions for a settled search term (GET /api/search_addresses); idle while the term is
 * empty. The previous suggestions stay shown while the next ones load.
 */
export function useAddressSuggestions(term: string) {
  return useQuery({
    queryKey: ['address-suggestions', term],
    queryFn: ({ signal }) => fetchAddressSuggestions(term, signal),
    enabled: term !== '',
    // fetchAddressSuggestions retries a timed-out call itself (1 s, then 2 s).
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/check_coverage for a chosen point (and its address), not retried. */
export function useCheckCoverage() {
  return useMutation({
    mutationFn: (next: { point: LatLng; address: string | null }) => checkCoverage(next.point, next.address),
    retry: false,
  });
}
