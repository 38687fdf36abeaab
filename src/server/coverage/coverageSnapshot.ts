import Flatbush from 'flatbush';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { featureCollectionText, type PackedFeature } from '../../geo/geojsonText.js';
import type { GeoBox } from '../../geo/mapExtent.js';
import { decodePackedCollection } from '../../geo/packedCollection.js';
import { unpackGeometry } from '../../geo/packedGeometry.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import { featureStatus } from './featureStatus.js';
import { IndexedLayer, indexLayerGeometry } from './indexedLayer.js';
import type { LayerRecord, LiveLayer } from './layerRepository.js';

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

/** A live layer (active, of an active provider) as a snapshot shows it. */
export type SnapshotLayerRecord = Pick<
  LayerRecord,
  'id' | 'name' | 'provider_id' | 'services' | 'default_status' | 'color_mappings' | 'use_manual_override' | 'manual_override_status'
> & { provider_name: string };

/** A live layer and the index of its stored geometry. */
export interface SnapshotLayer {
  record: SnapshotLayerRecord;
  indexed: IndexedLayer;
  /** The layer's geometry version the index was built from (layerRepository.ts LiveLayerRecord). */
  geometryVersion: number;
}

interface LiveIndexedLayer extends SnapshotLayer {
  /** What a hit on each feature stands for: one object per status, shared by the features. */
  payloads: CoveragePayload[];
}

/**
 * One immutable build of the coverage data at a revision: each live layer's IndexedLayer (its
 * polygons packed in typed arrays, 16 bytes a vertex, and their index), with the layer's rules
 * applied to its features' colours, and a flatbush of the layers' boxes to find the few layers a
 * point can be in. The index of a layer depends only on its stored geometry, so the next snapshot
 * reuses it when only the layer's rules, its provider or other layers changed. The GeoJSON views
 * are made from the packed polygons on first use and then kept.
 */
export class CoverageSnapshot {
  private readonly layers: LiveIndexedLayer[];
  private readonly byId: Map<number, LiveIndexedLayer>;
  /** Layer boxes; item i is layers[treeLayer[i]]. Null when no layer has a polygon. */
  private readonly tree: Flatbush | null;
  private readonly treeLayer: Uint32Array;
  private mapText: string | null = null;

  /** @param layers in the order answers and the map list them (by layer id) */
  constructor(
    readonly revision: number,
    layers: readonly SnapshotLayer[],
  ) {
    this.layers = layers.map((layer) => ({ ...layer, payloads: payloadsOf(layer) }));
    this.byId = new Map(this.layers.map((layer) => [layer.record.id, layer]));
    const boxed = this.layers.flatMap((layer, position) => {
      const bounds = layer.indexed.index.bounds;
      return bounds ? [{ bounds, position }] : [];
    });
    this.treeLayer = Uint32Array.from(boxed, ({ position }) => position);
    this.tree = boxed.length === 0 ? null : new Flatbush(boxed.length);
    for (const { bounds } of boxed) this.tree?.add(bounds.west, bounds.south, bounds.east, bounds.north);
    this.tree?.finish();
  }

  /** Builds from live layers with their stored geometry, indexing every layer in this thread. */
  static build(revision: number, layers: readonly (LiveLayer & { provider_name: string })[]): CoverageSnapshot {
    return new CoverageSnapshot(
      revision,
      layers.map((layer) => ({ record: layer, indexed: new IndexedLayer(indexLayerGeometry(layer.id, layer.geometry)), geometryVersion: layer.geometry_version })),
    );
  }

  /** Features of all live layers. */
  get size(): number {
    return this.layers.reduce((sum, layer) => sum + layer.indexed.featureCount, 0);
  }

  /** The box (degrees) of each live layer that has a polygon, in the snapshot's order. */
  layerBoxes(): GeoBox[] {
    return this.layers.flatMap((layer) => {
      const bounds = layer.indexed.index.bounds;
      return bounds ? [{ west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north }] : [];
    });
  }

  /** The index of a live layer's geometry at this geometry version, for the next snapshot to reuse; undefined when it has another. */
  indexedLayer(layerId: number, geometryVersion: number): IndexedLayer | undefined {
    const layer = this.byId.get(layerId);
    return layer?.geometryVersion === geometryVersion ? layer.indexed : undefined;
  }

  /**
   * What every feature containing (lng, lat) (degrees, boundary included) stands for, layer by
   * layer in the snapshot's order, features in stored order.
   */
  query(lng: number, lat: number): CoveragePayload[] {
    if (this.tree === null || !Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const found = this.tree.search(lng, lat, lng, lat);
    // Items were added in layer order: ascending items are layers in order.
    if (found.length > 1) found.sort((a, b) => a - b);
    const payloads: CoveragePayload[] = [];
    for (const item of found) {
      const layer = this.layers[this.treeLayer[item] as number] as LiveIndexedLayer;
      for (const feature of layer.indexed.index.query(lng, lat)) payloads.push(layer.payloads[feature] as CoveragePayload);
    }
    return payloads;
  }

  /** The coverage map as GeoJSON FeatureCollection text (GET /api/coverage_map). */
  mapGeoJsonText(): string {
    this.mapText ??= featureCollectionText(this.packedFeatures());
    return this.mapText;
  }

  /**
   * The coverage map as GeoJSON objects, for cutting vector tiles; not kept. geojson-vt reads the
   * features one after another, each feature's geometry a few times in a row: each geometry is
   * unpacked from the packed polygons when it is read, and only the latest is kept. The whole map
   * as nested arrays at once would be a peak of about 220 MB for the 10,000-polygon benchmark map
   * (75 MB this way), which the process's RSS keeps after the index is built.
   */
  mapGeoJson(): FeatureCollection<Polygon | MultiPolygon, CoverageFeatureProperties> {
    type MapFeature = Feature<Polygon | MultiPolygon, CoverageFeatureProperties>;
    let latest: { feature: MapFeature; geometry: Polygon | MultiPolygon } | null = null;
    const features: MapFeature[] = [];
    for (const { polygons, properties } of this.packedFeatures()) {
      features.push({
        type: 'Feature',
        properties,
        get geometry(): Polygon | MultiPolygon {
          if (latest?.feature !== this) latest = { feature: this, geometry: unpackGeometry(polygons) };
          return latest.geometry;
        },
      });
    }
    return { type: 'FeatureCollection', features };
  }

  /** Every live feature with its map properties, read from the stored geometry (views, not copies). */
  private *packedFeatures(): Generator<PackedFeature<CoverageFeatureProperties>> {
    for (const { record, indexed, payloads } of this.layers) {
      const features = decodePackedCollection<unknown>(indexed.geometry);
      for (let f = 0; f < features.length; f++) {
        const properties: CoverageFeatureProperties = {
          service_status: (payloads[f] as CoveragePayload).status,
          provider_id: record.provider_id,
          provider_name: record.provider_name,
          layer_id: record.id,
          layer_name: record.name,
        };
        yield { polygons: (features[f] as { polygons: PackedFeature<object>['polygons'] }).polygons, properties };
      }
    }
  }
}

/** Each feature's payload: its status from its colour and the layer's rules; one object per status. */
function payloadsOf({ record, indexed }: SnapshotLayer): CoveragePayload[] {
  const rules = {
    useManualOverride: record.use_manual_override,
    manualOverrideStatus: record.manual_override_status,
    colorMappings: record.color_mappings ?? [],
    defaultStatus: record.default_status,
  };
  const shared = new Map<ServiceStatus, CoveragePayload>();
  return indexed.colors.map((color) => {
    const status = featureStatus(color, rules);
    let payload = shared.get(status);
    if (!payload) {
      payload = { providerId: record.provider_id, layerId: record.id, status, services: record.services };
      shared.set(status, payload);
    }
    return payload;
  });
}
