import { useCallback, useRef, useState } from 'react';
import type { CoverageCheckResult } from '../../../common/api/coverage.js';
import type { SearchAction, SearchLogRequest, SearchType } from '../../../common/api/leads.js';
import type { LatLng } from '../../map/mapTypes.js';
import { ApiError } from '../../api/ApiError.js';
import { checkCoverage, logSearch } from './coverageApi.js';
import { failureMessage } from './failureMessage.js';
import { MESSAGES } from './messages.js';
import { visitSessionId } from './sessionId.js';

/** What started a check: it decides the search type, the failure text and how the map moves. */
export type CheckSource = 'map' | 'marker' | 'search' | 'geolocation';

/** What a search log says of each way to check: a point placed on the map, by a click or the marker dragged, is a map click. */
export const SEARCH_TYPE_OF: Record<CheckSource, SearchType> = { map: 'map_click', marker: 'map_click', search: 'address', geolocation: 'geolocation' };

export interface CheckRequest {
  point: LatLng;
  /** The searched address or chosen suggestion; null for a point picked on the map. */
  address: string | null;
  source: CheckSource;
}

/** The message for a failed check, by what started it. */
const CHECK_FAILED: Record<CheckSource, string> = {
  map: MESSAGES.checkFailed,
  marker: MESSAGES.checkFailed,
  search: MESSAGES.addressCheckFailed,
  geolocation: MESSAGES.locationSearchFailed,
};

/**
 * The message for a failed check: an answer without coverage data says so; otherwise the server's
 * own message for a refused request, or the catalogue text for what started the check.
 */
export function checkFailureMessage(error: unknown, source: CheckSource): string {
  if (error instanceof ApiError && error.status !== null && error.status < 300) return MESSAGES.noCoverageInformation;
  return failureMessage(error, CHECK_FAILED[source]);
}

/** The providers a result offers; wireless feasibility counts as coverage too. */
export function hasCoverage(result: CoverageCheckResult): boolean {
  return result.coverage_available || result.wireless_feasibility?.wireless_available === true;
}

interface SearchLogHandle {
  entry: SearchLogRequest;
  id: Promise<number | null>;
}

/** Where the latest check stands. */
type CheckOutcome = { status: 'idle' | 'pending' } | { status: 'success'; result: CoverageCheckResult } | { status: 'error'; error: unknown };

/**
 * The public check flow: the chosen point, the coverage check (GET /api/check_coverage, not
 * retried), and the search log of each search. A newer check supersedes an older one still under
 * way: the older one's answer is dropped.
 */
export function useCoverageCheck() {
  const [request, setRequest] = useState<CheckRequest | null>(null);
  const [resultsOpen, setResultsOpen] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome>({ status: 'idle' });
  const searchLog = useRef<SearchLogHandle | null>(null);
  const latestCheck = useRef(0);

  const check = useCallback((next: CheckRequest) => {
    const ticket = ++latestCheck.current;
    setRequest(next);
    setResultsOpen(true);
    setOutcome({ status: 'pending' });
    searchLog.current = null;
    checkCoverage(next.point, next.address).then(
      (result) => {
        if (ticket !== latestCheck.current) return;
        setOutcome({ status: 'success', result });
        const entry: SearchLogRequest = {
          session_id: visitSessionId(),
          search_type: SEARCH_TYPE_OF[next.source],
          lat: next.point.lat,
          lng: next.point.lng,
          address: next.address,
          coverage_providers: result.providers.map((provider) => provider.id),
          action_taken: 'no_action',
        };
        searchLog.current = { entry, id: logSearch(entry) };
      },
      (error: unknown) => {
        if (ticket === latestCheck.current) setOutcome({ status: 'error', error });
      },
    );
  }, []);

  /** The id of the current search's log (for a lead's search_id), once it is written; null if it failed. */
  const searchId = useCallback((): Promise<number | null> => searchLog.current?.id ?? Promise.resolve(null), []);

  /** Records what the visitor did after the current search (contact_me after a lead). */
  const logAction = useCallback((action: SearchAction) => {
    const current = searchLog.current;
    if (current) void logSearch({ ...current.entry, action_taken: action });
  }, []);

  const closeResults = useCallback(() => setResultsOpen(false), []);

  /** Forgets the chosen point and any result. */
  const clear = useCallback(() => {
    latestCheck.current++;
    setRequest(null);
    setResultsOpen(false);
    setOutcome({ status: 'idle' });
    searchLog.current = null;
  }, []);

  return {
    request,
    result: outcome.status === 'success' ? outcome.result : null,
    checking: outcome.status === 'pending',
    error: outcome.status === 'error' && request ? checkFailureMessage(outcome.error, request.source) : null,
    resultsOpen,
    check,
    closeResults,
    clear,
    searchId,
    logAction,
  };
}
