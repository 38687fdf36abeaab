import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { CoverageIndex } from '../../geo/coverageIndex.js';
import { featureCollectionText } from '../../geo/geojsonText.js';
import { decodePackedCollection } from '../../geo/packedCollection.js';
import { type PackedPolygon, unpackGeometry } from '../../geo/packedGeometry.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import { isServiceStatus } from '../../common/serviceStatus.js';
import { toBool } from '../db/dialect.js';
import { parseColorMappings } from '../../common/colorMappings.js';
import { featureStatus } from './featureStatus.js';
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

interface SnapshotFeature {
  polygons: PackedPolygon[];
  properties: CoverageFeatureProperties;
  /** The layer's services, one array shared by all its features. */
  services: string[];
}

/**
 * One immutable build of the coverage data at a revision. Polygons are kept packed (typed arrays,
 * 16 bytes a vertex); the GeoJSON views are made from them on first use and then kept.
 */
export class CoverageSnapshot {
  readonly index: CoverageIndex<CoveragePayload>;
  private mapText: string | null = null;

  private constructor(
    readonly revision: number,
    private readonly features: SnapshotFeature[],
  ) {
    this.index = new CoverageIndex(features.map((f) => ({ polygons: f.polygons, payload: payloadOf(f) })));
  }

  /** Builds from the live layers (active layers of active providers, with their stored geometry). */
  static build(revision: number, layers: (LayerRow & { provider_name: string })[]): CoverageSnapshot {
    const features: SnapshotFeature[] = [];
    for (const layer of layers) {
      const stored = layer.geometry ? decodePackedCollection<{ color: string | null }>(layer.geometry) : [];
      const rules = {
        useManualOverride: toBool(layer.use_manual_override),
        manualOverrideStatus: isServiceStatus(layer.manual_override_status) ? layer.manual_override_status : null,
        colorMappings: parseColorMappings(layer.color_mappings),
        defaultStatus: isServiceStatus(layer.default_status) ? layer.default_status : 'unknown',
      };
      const services = parseStringList(layer.services);
      for (const feature of stored) {
        features.push({
          polygons: feature.polygons,
          properties: {
            service_status: featureStatus(feature.properties.color, rules),
            provider_id: layer.provider_id,
            provider_name: layer.provider_name,
            layer_id: layer.id,
            layer_name: layer.name,
          },
          services,
        });
      }
    }
    return new CoverageSnapshot(revision, features);
  }

  get size(): number {
    return this.features.length;
  }

  /** The coverage map as GeoJSON FeatureCollection text (GET /api/coverage_map). */
  mapGeoJsonText(): string {
    this.mapText ??= featureCollectionText(this.features.map(({ polygons, properties }) => ({ polygons, properties })));
    return this.mapText;
  }

  /** The coverage map as GeoJSON objects, for cutting vector tiles; not kept. */
  mapGeoJson(): FeatureCollection<Polygon | MultiPolygon, CoverageFeatureProperties> {
    return {
      type: 'FeatureCollection',
      features: this.features.map((f) => ({ type: 'Feature', geometry: unpackGeometry(f.polygons), properties: f.properties })),
    };
  }
}

function payloadOf(feature: SnapshotFeature): CoveragePayload {
  const { provider_id, layer_id, service_status } = feature.properties;
  return { providerId: provider_id, layerId: layer_id, status: service_status, services: feature.services };
}
