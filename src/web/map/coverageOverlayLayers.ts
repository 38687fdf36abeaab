import type { ExpressionSpecification, FilterSpecification, LayerSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { COVERAGE_OVERVIEW_MAX_ZOOM } from '../../common/mapDefaults.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from './serviceStatusStyle.js';

/** The source and layer ids the overlay adds to a map. */
export const COVERAGE_SOURCE_ID = 'coverage';
/** The layer name inside the server's vector tiles (GET /api/coverage_tiles/{z}/{x}/{y}.pbf). */
export const COVERAGE_SOURCE_LAYER = 'coverage';
/** The server cuts tiles up to zoom 14; the map overzooms them beyond. */
export const COVERAGE_TILES_MAX_ZOOM = 14;
export const COVERAGE_LINE_WIDTH = 2;
/**
 * Outlines join mitred at the server's overview zooms, round deeper. A round join is a fan of
 * triangles at every corner: on the 10,000-polygon benchmark map's country view they doubled the
 * time a browser drawing in software takes per frame, for a difference no one sees in a 2-pixel line.
 */
const LINE_JOIN: ExpressionSpecification = ['step', ['zoom'], 'miter', COVERAGE_OVERVIEW_MAX_ZOOM + 1, 'round'];

/** The vector tile source of the coverage overlay; `origin` is the app's (MapLibre wants absolute tile URLs). */
export function coverageSource(origin: string): VectorSourceSpecification {
  return {
    type: 'vector',
    // Written out rather than built with URL(), which would escape the {z}/{x}/{y} placeholders.
    tiles: [`${origin}/api/coverage_tiles/{z}/{x}/{y}.pbf`],
    minzoom: 0,
    maxzoom: COVERAGE_TILES_MAX_ZOOM,
  };
}

const STATUS: ExpressionSpecification = ['get', 'service_status'];
const KNOWN: ServiceStatus[] = SERVICE_STATUSES.filter((status) => status !== 'unknown');

/** A per-status value; a feature with an unrecognised or missing status is drawn as unknown. */
function byStatus(value: (status: ServiceStatus) => string | number): ExpressionSpecification {
  const cases = KNOWN.flatMap((status) => [status, value(status)]);
  return ['match', STATUS, ...cases, value('unknown')] as ExpressionSpecification;
}

function statusFilter(status: ServiceStatus): FilterSpecification {
  if (status === 'unknown') return ['!', ['in', STATUS, ['literal', KNOWN]]];
  return ['==', STATUS, status];
}

/**
 * The coverage overlay as MapLibre layers: a translucent fill in each status colour,
 * then one outline layer per status (live solid orange; in_progress green, coming_soon blue and
 * unknown grey dashed). The styles are SERVICE_STATUS_STYLES, so the legend and chips agree.
 */
export function coverageOverlayLayers(): LayerSpecification[] {
  const fill: LayerSpecification = {
    id: 'coverage-fill',
    type: 'fill',
    source: COVERAGE_SOURCE_ID,
    'source-layer': COVERAGE_SOURCE_LAYER,
    paint: {
      'fill-color': byStatus((status) => SERVICE_STATUS_STYLES[status].color),
      'fill-opacity': byStatus((status) => SERVICE_STATUS_STYLES[status].fillOpacity),
    },
  };
  const outlines = SERVICE_STATUSES.map((status): LayerSpecification => {
    const style = SERVICE_STATUS_STYLES[status];
    return {
      id: `coverage-line-${status}`,
      type: 'line',
      source: COVERAGE_SOURCE_ID,
      'source-layer': COVERAGE_SOURCE_LAYER,
      filter: statusFilter(status),
      layout: { 'line-join': LINE_JOIN },
      paint: {
        'line-color': style.color,
        'line-width': COVERAGE_LINE_WIDTH,
        ...(style.lineDasharray ? { 'line-dasharray': [...style.lineDasharray] } : {}),
      },
    };
  });
  return [fill, ...outlines];
}
