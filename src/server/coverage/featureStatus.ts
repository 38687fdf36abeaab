import { type ColorMapping, LAYER_DEFAULT } from '../../common/api/coverageLayers.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';

export interface LayerStatusRules {
  useManualOverride: boolean;
  manualOverrideStatus: ServiceStatus | null;
  colorMappings: ColorMapping[];
  defaultStatus: ServiceStatus;
}

/**
 * The service status of one polygon: with the override on, one status for all;
 * otherwise the status mapped to the polygon's colour ("#rrggbb"), else the layer's default: for a
 * colour without a mapping, one mapped to LAYER_DEFAULT ("use layer default"), and no colour.
 */
export function featureStatus(color: string | null, rules: LayerStatusRules): ServiceStatus {
  if (rules.useManualOverride) return rules.manualOverrideStatus ?? rules.defaultStatus;
  const mapped = color ? rules.colorMappings.find((m) => m.color === color.toLowerCase()) : undefined;
  return mapped && mapped.status !== LAYER_DEFAULT ? mapped.status : rules.defaultStatus;
}
