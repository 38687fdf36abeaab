import { PolygonIndex, transferListOf, type PolygonIndexData } from '../../geo/coverageIndex.js';
import { decodePackedCollection } from '../../geo/packedCollection.js';
import type { LayerGeometry } from './layerRepository.js';

/** A stored feature's properties (kmlIngestWorker.ts writes them). */
interface StoredProperties {
  color?: string | null;
}

/** An IndexedLayer as plain data and typed arrays, to move between threads. */
export interface IndexedLayerData {
  layerId: number;
  /** The layer's stored geometry (packedCollection.ts), kept for the map and to notice changes. */
  geometry: LayerGeometry;
  index: PolygonIndexData;
  /** Each feature's colour ("#rrggbb", or null), in stored order: with the layer's rules, its status. */
  colors: (string | null)[];
}

/**
 * One layer's polygons, indexed: entry f of the index is the layer's feature f. It depends on the
 * stored geometry only, not on the layer's name, rules or provider, so a snapshot keeps the
 * IndexedLayer of every layer whose geometry did not change (coverageEngine.ts) and builds only
 * the others (layerIndexing.ts, in a worker thread when they are large).
 */
export class IndexedLayer {
  readonly layerId: number;
  readonly geometry: LayerGeometry;
  readonly index: PolygonIndex;
  readonly colors: readonly (string | null)[];

  constructor(data: IndexedLayerData) {
    this.layerId = data.layerId;
    this.geometry = data.geometry;
    this.index = new PolygonIndex(data.index);
    this.colors = data.colors;
  }

  get featureCount(): number {
    return this.colors.length;
  }

  /** Whether `geometry` is, byte for byte, what this was built from. */
  hasGeometry(geometry: LayerGeometry): boolean {
    return Buffer.from(this.geometry.buffer, this.geometry.byteOffset, this.geometry.byteLength).equals(geometry);
  }
}

/** Indexes a layer's stored geometry in this thread. Throws when the bytes are not a packed collection. */
export function indexLayerGeometry(layerId: number, geometry: LayerGeometry): IndexedLayerData {
  const features = decodePackedCollection<StoredProperties | null>(geometry);
  // The rings are views into the geometry's bytes (on this little-endian machine): the index reads
  // them there rather than keeping a second copy of every vertex.
  const coordinates = geometry.byteOffset % 8 === 0 ? new Float64Array(geometry.buffer, geometry.byteOffset, geometry.byteLength >>> 3) : undefined;
  const index = PolygonIndex.build(
    features.map((feature) => feature.polygons),
    coordinates,
  );
  return { layerId, geometry, index: index.data(), colors: features.map((feature) => feature.properties?.color ?? null) };
}

/** The buffers to move (not copy) with these layers' data; the data is unusable in the sending thread afterwards. */
export function transferListOfLayers(layers: readonly IndexedLayerData[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const layer of layers) {
    if (ownsItsBuffer(layer.geometry)) buffers.add(layer.geometry.buffer as ArrayBuffer);
    for (const buffer of transferListOf(layer.index)) buffers.add(buffer);
  }
  return [...buffers];
}

/**
 * Whether the bytes fill their whole ArrayBuffer, so that moving the buffer moves them and nothing
 * else (a small Buffer may share Node's pool with others: such bytes are copied instead).
 */
export function ownsItsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer);
}
