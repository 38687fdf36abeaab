import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { CoverageIndex } from '../../geo/coverageIndex.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import { isServiceStatus } from '../../common/serviceStatus.js';
import { toBool } from '../db/dialect.js';
import { featureStatus, parseColorMappings } from './featureStatus.js';
import type { LayerRow } from './layerRepository.js';
import { parseStringList } from './storedJson.js';

/** What a polygon in the index stands for. */
export interface CoveragePayload {
  providerId: number;
  layerId: number;
  status: ServiceStatus;
  services: string[];
}

export interface CoverageFeatureProperties {
  service_status: ServiceStatus;
  provider_id: number;
  provider_name: string;
  layer_id: number;
  layer_name: string;
}

/** One immutable build of the coverage data at a revision: the point index and the map's features. */
export interface CoverageSnapshot {
  revision: number;
  index: CoverageIndex<CoveragePayload>;
  map: FeatureCollection<Polygon | MultiPolygon, CoverageFeatureProperties>;
}

type StoredFeature = Feature<Polygon | MultiPolygon, { color?: string | null; name?: string | null }>;

/** Builds a snapshot from the live layers (active layers of active providers, with GeoJSON). */
export function buildCoverageSnapshot(revision: number, layers: (LayerRow & { provider_name: string })[]): CoverageSnapshot {
  const entries: { geometry: Polygon | MultiPolygon; payload: CoveragePayload }[] = [];
  const features: Feature<Polygon | MultiPolygon, CoverageFeatureProperties>[] = [];
  for (const layer of layers) {
    const stored = JSON.parse(layer.geojson ?? '{"features":[]}') as { features: StoredFeature[] };
    const rules = {
      useManualOverride: toBool(layer.use_manual_override),
      manualOverrideStatus: isServiceStatus(layer.manual_override_status) ? layer.manual_override_status : null,
      colorMappings: parseColorMappings(layer.color_mappings),
      defaultStatus: isServiceStatus(layer.default_status) ? layer.default_status : 'unknown',
    };
    const services = parseStringList(layer.services);
    for (const feature of stored.features) {
      const status = featureStatus(feature.properties?.color ?? null, rules);
      entries.push({ geometry: feature.geometry, payload: { providerId: layer.provider_id, layerId: layer.id, status, services } });
      features.push({
        type: 'Feature',
        geometry: feature.geometry,
        properties: {
          service_status: status,
          provider_id: layer.provider_id,
          provider_name: layer.provider_name,
          layer_id: layer.id,
          layer_name: layer.name,
        },
      });
    }
  }
  return { revision, index: new CoverageIndex(entries), map: { type: 'FeatureCollection', features } };
}
