import { z } from 'zod';
import { SERVICE_STATUSES } from '../serviceStatus.js';
import { booleanField, entityId, requiredText, text } from './fields.js';

/**
 * A colour's status "default": the colour is left unassigned, and its polygons take the layer's
 * default_status (whatever that is now or becomes later). "unknown" stays a status one may choose.
 */
export const LAYER_DEFAULT = 'default';
/** What a colour may be mapped to: the layer's default, or a service status. */
export const COLOR_MAPPING_STATUSES = [LAYER_DEFAULT, ...SERVICE_STATUSES] as const;
export type ColorMappingStatus = (typeof COLOR_MAPPING_STATUSES)[number];

export function isColorMappingStatus(value: unknown): value is ColorMappingStatus {
  return typeof value === 'string' && (COLOR_MAPPING_STATUSES as readonly string[]).includes(value);
}

/** One colour of a KML file and the status its polygons mean. Colour is "#rrggbb". */
export const colorMapping = z.object({
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'Colour must be #rrggbb'),
  status: z.enum(COLOR_MAPPING_STATUSES),
  description: text(500, 'Colour description').default(''),
});
export type ColorMapping = z.infer<typeof colorMapping>;

export const KML_MAX_BYTES = 50 * 1024 * 1024;

export const coverageLayer = z.object({
  id: z.number(),
  name: z.string(),
  provider_id: z.number(),
  services: z.array(z.string()),
  /** Whether a KML file has been uploaded (the file itself is never sent back). */
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

export const layerName = requiredText(200, 'Layer name');

/** Services are comma-separated; split, trimmed, empties dropped. */
export function splitServices(value: string): string[] {
  return value
    .split(',')
    .map((service) => service.trim())
    .filter((service) => service !== '');
}

/** Services as comma-separated text, a JSON list in text (multipart) or a list. */
function normaliseServices(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      return normaliseServices(JSON.parse(trimmed));
    } catch {
      return trimmed;
    }
  }
  return splitServices(trimmed);
}

const status = (field: string) => z.enum(SERVICE_STATUSES, { error: `${field} must be one of ${SERVICE_STATUSES.join(', ')}` });

/** color_mappings as JSON text, or already a list; null or '' means none. */
const colorMappingsInput = z.preprocess(
  (v) => {
    if (v === '' || v === undefined) return null;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.array(colorMapping, { error: 'color_mappings must be a JSON list of {color, status, description}' }).nullable(),
);

const layerShape = {
  name: layerName,
  provider_id: entityId('Provider is required', 'Provider not found'),
  services: z.preprocess(
    normaliseServices,
    z.array(text(100, 'A service name'), { error: 'Services are required' }).min(1, 'Services are required').max(50, 'At most 50 services'),
  ),
  active: booleanField('active must be true or false'),
  default_status: status('default_status'),
  use_manual_override: booleanField('use_manual_override must be true or false'),
  manual_override_status: z.preprocess((v) => (v === '' ? null : v), status('manual_override_status').nullable()),
  color_mappings: colorMappingsInput,
};

/** POST /api/coverage_layers (JSON or multipart fields). */
export const createLayerInput = z.object({
  ...layerShape,
  active: layerShape.active.default(true),
  default_status: layerShape.default_status.default('unknown'),
  use_manual_override: layerShape.use_manual_override.default(false),
  manual_override_status: layerShape.manual_override_status.optional(),
  color_mappings: layerShape.color_mappings.optional(),
});
export type CreateLayerInput = z.infer<typeof createLayerInput>;

/** The {id} of the /coverage_layers/{id}/… routes. */
export const layerIdParams = z.object({ id: entityId('Coverage layer id must be a positive whole number', 'Coverage layer not found') });

/** PUT /api/coverage_layers/{id} (JSON); absent fields keep their stored value. */
export const updateLayerInput = z.object(layerShape).partial();
export type UpdateLayerInput = z.infer<typeof updateLayerInput>;
