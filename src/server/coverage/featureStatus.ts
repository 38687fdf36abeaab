import type { ColorMapping } from '../../common/api/coverageLayers.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';

export interface LayerStatusRules {
  useManualOverride: boolean;
  manualOverrideStatus: ServiceStatus | null;
  colorMappings: ColorMapping[];
  defaultStatus: ServiceStatus;
}

/**
 * The service status of one polygon: with the override on, one status for all;
 * otherwise the status mapped to the polygon's colour ("#rrggbb"), else the layer's default.
 */
export function featureStatus(color: string | null, rules: LayerStatusRules): ServiceStatus {
  if (rules.useManualOverride) return rules.manualOverrideStatus ?? rules.defaultStatus;
  const mapped = color ? rules.colorMappings.find((m) => m.color === color.toLowerCase()) : undefined;
  return mapped?.status ?? rules.defaultStatus;
}
