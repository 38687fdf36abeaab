import type { CoverageCheckResult } from '../../../common/api/coverage.js';
import type { AddressSuggestion } from '../../../common/api/geocode.js';
import type { SearchLogRequest } from '../../../common/api/leads.js';
import { ApiError } from '../../api/ApiError.js';
import { apiData } from '../../api/apiClient.js';
import type { LatLng } from '../../map/mapTypes.js';
import { isNoAnswer } from './failureMessage.js';
import { MESSAGES } from './messages.js';
import { ADDRESS_SEARCH_RETRY_DELAYS_MS, retryWithDelays } from './retry.js';

// The public calls of the map (docs/api.md, Public endpoints). Only types come from
// common/api: its zod schemas stay out of the map's first download.

/** GET /api/search_addresses: up to 5 suggestions; a call that got no answer is retried twice (1 s, 2 s). */
export function fetchAddressSuggestions(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return retryWithDelays(() => apiData<AddressSuggestion[]>(`/search_addresses?${new URLSearchParams({ q: query })}`, { signal }), {
    delaysMs: ADDRESS_SEARCH_RETRY_DELAYS_MS,
    shouldRetry: isNoAnswer,
    signal,
  });
}

/** GET /api/geocode: the best match for an address; a 404 becomes the "Could not find the specified address" message. */
export async function geocodeAddress(address: string, signal?: AbortSignal): Promise<AddressSuggestion> {
  try {
    return await apiData<AddressSuggestion>(`/geocode?${new URLSearchParams({ address })}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(MESSAGES.addressNotFound, 404);
    throw error;
  }
}

/** GET /api/check_coverage. lat and lng are left out when 0. */
export function checkCoverage(point: LatLng, address: string | null, signal?: AbortSignal): Promise<CoverageCheckResult> {
  const params = new URLSearchParams();
  if (point.lat !== 0) params.set('lat', String(point.lat));
  if (point.lng !== 0) params.set('lng', String(point.lng));
  if (address) params.set('address', address);
  return apiData<CoverageCheckResult>(`/check_coverage?${params}`, { signal });
}

/** POST /api/log_search. Failures are silent; the answer is the log's id, or null. */
export async function logSearch(entry: SearchLogRequest): Promise<number | null> {
  try {
    const { id } = await apiData<{ id: number }>('/log_search', { method: 'POST', body: entry });
    return id;
  } catch (error) {
    console.warn('Failed to log search', error);
    return null;
  }
}
