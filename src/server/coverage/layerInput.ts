import { z } from 'zod';
import { colorMapping } from '../../common/api/coverageLayers.js';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';

/** SPEC.md section 5: services are comma-separated; split, trimmed, empties dropped. A JSON list works too. */
export function normaliseServices(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return normaliseServices(JSON.parse(text));
    } catch {
      return text;
    }
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Booleans arrive as JSON booleans or, from a multipart form, as text. */
const flexibleBoolean = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: `${field} must be true or false` }),
  );

const status = (field: string) => z.enum(SERVICE_STATUSES, { error: `${field} must be one of ${SERVICE_STATUSES.join(', ')}` });

/** color_mappings as JSON text (SPEC.md section 7), or already a list; null or '' means none. */
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
  name: z.string({ error: 'Layer name is required' }).trim().min(1, 'Layer name is required').max(200, 'Layer name must be at most 200 characters'),
  provider_id: z.coerce.number({ error: 'Provider is required' }).int('Provider is required').positive('Provider is required'),
  services: z.preprocess(
    normaliseServices,
    z
      .array(z.string().max(100, 'A service name must be at most 100 characters'), { error: 'Services are required' })
      .min(1, 'Services are required')
      .max(50, 'At most 50 services'),
  ),
  active: flexibleBoolean('active'),
  default_status: status('default_status'),
  use_manual_override: flexibleBoolean('use_manual_override'),
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

/** PUT /api/coverage_layers/{id} (JSON); absent fields keep their stored value. */
export const updateLayerInput = z.object(layerShape).partial();
export type UpdateLayerInput = z.infer<typeof updateLayerInput>;
