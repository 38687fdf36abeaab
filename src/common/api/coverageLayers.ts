import { z } from 'zod';
import { SERVICE_STATUSES } from '../serviceStatus.js';

/** One colour of a KML file and the status its polygons mean (SPEC.md section 4). Colour is "#rrggbb". */
export const colorMapping = z.object({
  color: z.string().trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, 'Colour must be #rrggbb'),
  status: z.enum(SERVICE_STATUSES),
  description: z.string().default(''),
});
export type ColorMapping = z.infer<typeof colorMapping>;

export const KML_MAX_BYTES = 50 * 1024 * 1024;

export const coverageLayer = z.object({
  id: z.number(),
  name: z.string(),
  provider_id: z.number(),
  services: z.array(z.string()),
  /** Whether a KML file has been uploaded (SPEC.md: "kml_data (present or not)"). */
  kml_data: z.boolean(),
  kml_filename: z.string().nullable(),
  feature_count: z.number(),
  /** Colours found in the stored file, "#rrggbb". */
  detected_colors: z.array(z.string()),
  active: z.boolean(),
  default_status: z.enum(SERVICE_STATUSES),
  /** JSON text of ColorMapping[], or null. */
  color_mappings: z.string().nullable(),
  use_manual_override: z.boolean(),
  manual_override_status: z.enum(SERVICE_STATUSES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CoverageLayer = z.infer<typeof coverageLayer>;
