/** People-facing texts and timings of the public coverage check. */
export const MESSAGES = {
  addressSearchUnavailable: 'Address search temporarily unavailable. Please try again.',
  addressNotFound: 'Could not find the specified address',
  searchFailed: 'Search failed',
  checkFailed: 'Coverage check failed',
  addressCheckFailed: 'Could not check coverage for this address',
  noCoverageInformation: 'No coverage information available for this location',
  locationSearchFailed: 'Location search failed',
  noCoverage: 'No coverage available at this location yet. Check back later!',
  leadFailed: 'Failed to submit your request. Please try again.',
} as const;

/** Suggestion debounce on the first map screen and in the embed. */
export const PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS = 200;
export const EMBED_SUGGESTION_DEBOUNCE_MS = 150;

/**
 * Suggestions start at 2 characters. The same number as MIN_SUGGESTION_CHARS
 * in common/api/geocode.ts, kept here because that module brings zod into the map's first bundle.
 */
export const MIN_SUGGESTION_CHARS = 2;

/** The lead dialog closes 2 s after a successful submission. */
export const LEAD_SUCCESS_CLOSE_MS = 2_000;

/** Zoom the map flies to for a searched or located place, unless it is already closer. */
export const RESULT_ZOOM = 13;
