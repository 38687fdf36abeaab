import type { ColorMapping } from '../../common/api/coverageLayers.js';
import { isServiceStatus, type ServiceStatus } from '../../common/serviceStatus.js';

export interface LayerStatusRules {
  useManualOverride: boolean;
  manualOverrideStatus: ServiceStatus | null;
  colorMappings: ColorMapping[];
  defaultStatus: ServiceStatus;
}

/**
 * The service status of one polygon (SPEC.md section 4): with the override on, one status for all;
 * otherwise the status mapped to the polygon's colour ("#rrggbb"), else the layer's default.
 */
export function featureStatus(color: string | null, rules: LayerStatusRules): ServiceStatus {
  if (rules.useManualOverride) return rules.manualOverrideStatus ?? rules.defaultStatus;
  const mapped = color ? rules.colorMappings.find((m) => m.color === color.toLowerCase()) : undefined;
  return mapped?.status ?? rules.defaultStatus;
}

/** Colour mappings as stored (JSON text); anything unreadable counts as no mappings. */
export function parseColorMappings(text: string | null): ColorMapping[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      const m = entry as Partial<ColorMapping>;
      return typeof m.color === 'string' && isServiceStatus(m.status)
        ? [{ color: m.color.toLowerCase(), status: m.status, description: typeof m.description === 'string' ? m.description : '' }]
        : [];
    });
  } catch {
    return [];
  }
}
