import type { Control } from 'react-hook-form';
import { z } from 'zod';
import type { ColorMapping, CoverageLayer } from '../../../common/api/coverageLayers.js';
import { COLOR_MAPPING_STATUSES, LAYER_DEFAULT, layerName, splitServices } from '../../../common/api/coverageLayers.js';
import { parseColorMappings } from '../../../common/colorMappings.js';
import type { ServiceStatus } from '../../../common/serviceStatus.js';
import { SERVICE_STATUSES } from '../../../common/serviceStatus.js';

const status = z.enum(SERVICE_STATUSES);

/**
 * The coverage layer dialog's values; the name and the
 * services' splitting are the server's rules (common/api/coverageLayers.ts).
 */
export const coverageLayerForm = z.object({
  name: layerName,
  /** The provider select's value: a provider id as text, '' until one is chosen. */
  provider_id: z.string().min(1, 'Provider is required'),
  services: z.string().refine((text) => splitServices(text).length > 0, 'At least one service is required'),
  active: z.boolean(),
  default_status: status,
  use_manual_override: z.boolean(),
  manual_override_status: status,
  color_mappings: z.array(z.object({ color: z.string(), status: z.enum(COLOR_MAPPING_STATUSES), description: z.string() })),
});

export type CoverageLayerFormValues = z.input<typeof coverageLayerForm>;
export type CoverageLayerFormOutput = z.output<typeof coverageLayerForm>;
export type CoverageLayerFormControl = Control<CoverageLayerFormValues, unknown, CoverageLayerFormOutput>;

export const EMPTY_COVERAGE_LAYER_FORM: CoverageLayerFormValues = {
  name: '',
  provider_id: '',
  services: '',
  active: true,
  default_status: 'unknown',
  use_manual_override: false,
  manual_override_status: 'live',
  color_mappings: [],
};

/**
 * Mappings for the colours found in a file: each new colour starts left to the layer's default
 * status; a colour that already had a status (re-uploading a file) keeps it.
 */
export function mappingsForColors(colors: readonly string[], previous: readonly ColorMapping[]): ColorMapping[] {
  return colors.map((color) => {
    const known = previous.find((mapping) => mapping.color === color.toLowerCase());
    return known ? { ...known } : { color: color.toLowerCase(), status: LAYER_DEFAULT, description: '' };
  });
}

/** The dialog's starting values for a saved layer: its mappings, plus detected colours not yet mapped. */
export function layerToForm(layer: CoverageLayer): CoverageLayerFormValues {
  const saved = parseColorMappings(layer.color_mappings);
  const unmapped = layer.detected_colors
    .map((color) => color.toLowerCase())
    .filter((color) => !saved.some((mapping) => mapping.color === color));
  return {
    name: layer.name,
    provider_id: String(layer.provider_id),
    services: layer.services.join(', '),
    active: layer.active,
    default_status: layer.default_status,
    use_manual_override: layer.use_manual_override,
    manual_override_status: layer.manual_override_status ?? 'live',
    color_mappings: [...saved, ...mappingsForColors(unmapped, [])],
  };
}

function cleanMappings(values: CoverageLayerFormValues): ColorMapping[] {
  return values.color_mappings.map(({ color, status: mapped, description }) => ({ color, status: mapped, description: description.trim() }));
}

/**
 * The multipart body of POST /coverage_layers: manual_override_status only with
 * the override on; color_mappings only with it off and when there are some; kml_file optional.
 */
export function createLayerFormData(values: CoverageLayerFormValues, file: File | null): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('provider_id', values.provider_id);
  form.append('services', JSON.stringify(splitServices(values.services)));
  form.append('active', String(values.active));
  form.append('default_status', values.default_status);
  form.append('use_manual_override', String(values.use_manual_override));
  if (values.use_manual_override) form.append('manual_override_status', values.manual_override_status);
  const mappings = cleanMappings(values);
  if (!values.use_manual_override && mappings.length > 0) form.append('color_mappings', JSON.stringify(mappings));
  if (file) form.append('kml_file', file, file.name);
  return form;
}

export interface UpdateLayerBody {
  name: string;
  provider_id: number;
  services: string[];
  active: boolean;
  use_manual_override: boolean;
  manual_override_status: ServiceStatus | null;
  default_status: ServiceStatus;
  /** JSON text of ColorMapping[]; null with the override on. */
  color_mappings: string | null;
}

/** The JSON body of PUT /coverage_layers/{id}. */
export function updateLayerBody(values: CoverageLayerFormValues): UpdateLayerBody {
  return {
    name: values.name.trim(),
    provider_id: Number(values.provider_id),
    services: splitServices(values.services),
    active: values.active,
    use_manual_override: values.use_manual_override,
    manual_override_status: values.use_manual_override ? values.manual_override_status : null,
    default_status: values.default_status,
    color_mappings: values.use_manual_override ? null : JSON.stringify(cleanMappings(values)),
  };
}
