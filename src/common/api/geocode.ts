import { z } from 'zod';

/** SPEC.md section 3, Address suggestion. Coordinates in degrees. */
export const addressSuggestion = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

export const MIN_SUGGESTION_CHARS = 2;

/** POST /api/addresses/import: CSV with a header row label,lat,lng. */
export const addressImportResult = z.object({
  imported_count: z.number(),
  error_count: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type AddressImportResult = z.infer<typeof addressImportResult>;
