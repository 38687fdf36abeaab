import type { ServiceStatus } from '../../common/serviceStatus.js';
import { SERVICE_STATUS_LABELS, isServiceStatus } from '../../common/serviceStatus.js';

/** How one service status is drawn: on the map (outline and fill) and as a chip. */
export interface ServiceStatusStyle {
  /** People-facing name, e.g. "Live Service". */
  readonly label: string;
  /** "#rrggbb": the map colour and the chip background. */
  readonly color: string;
  /** Text colour that reads on `color`. */
  readonly contrastText: string;
  /** Outline pattern on the map. */
  readonly line: 'solid' | 'dashed';
  /** MapLibre `line-dasharray` (in line widths) for a dashed outline; null for solid. */
  readonly lineDasharray: readonly number[] | null;
  /** Polygon fill opacity on the map, 0 to 1. */
  readonly fillOpacity: number;
}

/**
 * Text on every status colour: MUI's primary text colour reads at 5:1 or better on each of them,
 * where white reads at only 2.7 to 3.1:1 (WCAG asks 4.5:1).
 */
const CHIP_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * Live is solid orange; in_progress green dashed; coming_soon blue dashed;
 * unknown grey dashed. Chips use the same colours, so the legend and the map agree.
 */
export const SERVICE_STATUS_STYLES: Readonly<Record<ServiceStatus, ServiceStatusStyle>> = {
  live: {
    label: SERVICE_STATUS_LABELS.live,
    color: '#ff6600',
    contrastText: CHIP_TEXT,
    line: 'solid',
    lineDasharray: null,
    fillOpacity: 0.35,
  },
  in_progress: {
    label: SERVICE_STATUS_LABELS.in_progress,
    color: '#4caf50',
    contrastText: CHIP_TEXT,
    line: 'dashed',
    lineDasharray: [2, 2],
    fillOpacity: 0.25,
  },
  coming_soon: {
    label: SERVICE_STATUS_LABELS.coming_soon,
    color: '#2196f3',
    contrastText: CHIP_TEXT,
    line: 'dashed',
    lineDasharray: [2, 2],
    fillOpacity: 0.2,
  },
  unknown: {
    label: SERVICE_STATUS_LABELS.unknown,
    color: '#9e9e9e',
    contrastText: CHIP_TEXT,
    line: 'dashed',
    lineDasharray: [2, 2],
    fillOpacity: 0.15,
  },
};

/** The style of any status text; anything unrecognised is drawn as unknown. */
export function serviceStatusStyle(status: string | null | undefined): ServiceStatusStyle {
  return SERVICE_STATUS_STYLES[isServiceStatus(status) ? status : 'unknown'];
}
