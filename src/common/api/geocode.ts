import { z } from 'zod';
import { rawText, requiredText } from './fields.js';

/** An address suggestion. Coordinates in degrees. */
export const addressSuggestion = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

export const MIN_SUGGESTION_CHARS = 2;
/** The longest text GET /api/search_addresses and /api/geocode take. */
export const MAX_ADDRESS_QUERY_CHARS = 200;

/** GET /api/search_addresses?q=: what the visitor has typed so far (none under MIN_SUGGESTION_CHARS). */
export const addressSearchQuery = z.object({ q: rawText(MAX_ADDRESS_QUERY_CHARS, 'q').default('') });

/** GET /api/geocode?address=. */
export const geocodeQuery = z.object({ address: requiredText(MAX_ADDRESS_QUERY_CHARS, 'address') });

/** A label of the address book (CSV import): the text rule, like every text the API takes. */
export const ADDRESS_LABEL_MAX_CHARS = 300;
export const addressLabel = requiredText(ADDRESS_LABEL_MAX_CHARS, 'Label');

/** The largest address book CSV that POST /api/addresses/import takes. */
export const ADDRESS_CSV_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/addresses/import: CSV with a header row label,lat,lng (any order, other columns ignored). */
export const ADDRESS_CSV_EXAMPLE = 'label,lat,lng\nSea Point Pavilion,-33.9155,18.3890\n';

export const addressImportResult = z.object({
  imported_count: z.number(),
  error_count: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type AddressImportResult = z.infer<typeof addressImportResult>;
