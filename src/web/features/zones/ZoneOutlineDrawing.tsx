import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import type { GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMapInstance } from '../../map/MapContext.js';
import type { ZoneGeometry } from '../../../common/api/zones.js';
import { editableRings, type LngLat, outlineBounds, outlineFromRings, roundedRing } from './zoneOutline.js';
import { drawnRings, ZONE_OUTLINE_COLOR, ZONE_OUTLINE_LAYERS, ZONE_OUTLINE_SOURCE_ID } from './zoneOutlineLayers.js';

/** What the drawing tools do: draw new polygons, edit the drawn ones (move, drag corners), or nothing. */
export type OutlineTool = 'draw' | 'edit' | 'none';

/** terra-draw's names of the modes behind each tool ('static' is its built-in idle mode). */
const MODE_OF_TOOL: Record<OutlineTool, string> = { draw: 'polygon', edit: 'select', none: 'static' };

/** Closest the map zooms when fitting an outline. */
const FIT_MAX_ZOOM = 15;

interface ZoneOutlineDrawingProps {
  /** The outline now: saved, read from a file, drawn, or null. */
  geometry: ZoneGeometry | null;
  tool: OutlineTool;
  /** A drawn or edited outline (null once the last polygon is gone). */
  onChange: (geometry: ZoneGeometry | null) => void;
  /** A polygon was closed in the draw tool. */
  onPolygonClosed: () => void;
}

/**
 * The zone's outline on the map (inside a BaseMap). An outline the drawing tools can edit
 * (zoneOutline.editableRings) lives in terra-draw's store; any other (holes, many vertices) is
 * drawn as a plain GeoJSON layer and can only be replaced. An outline that arrives from outside
 * (opening a zone, a file, Clear) replaces the store's, and the map fits it; one drawn here is
 * handed up without being loaded back.
 */
export function ZoneOutlineDrawing({ geometry, tool, onChange, onPolygonClosed }: ZoneOutlineDrawingProps) {
  const map = useMapInstance();
  const drawRef = useRef<TerraDraw | null>(null);
  /** The last outline handed up: when it comes back as `geometry`, the store already holds it. */
  const emitted = useRef<ZoneGeometry | null | undefined>(undefined);
  /** The store's finished outline as JSON, so that only a change of it is handed up (not every pointer move). */
  const storedText = useRef('');
  /** True while an outline from outside is loaded into the store: its own change events are not handed up. */
  const loading = useRef(false);
  const callbacks = useRef({ onChange, onPolygonClosed });
  callbacks.current = { onChange, onPolygonClosed };

  useEffect(() => {
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({
          styles: { fillColor: ZONE_OUTLINE_COLOR, fillOpacity: 0.25, outlineColor: ZONE_OUTLINE_COLOR, outlineWidth: 2 },
        }),
        new TerraDrawSelectMode({
          flags: {
            polygon: { feature: { draggable: true, coordinates: { midpoints: { draggable: true }, draggable: true, deletable: true } } },
          },
        }),
      ],
    });
    draw.start();
    drawRef.current = draw;
    const handUp = () => {
      const outline = storedOutline(draw);
      const text = JSON.stringify(outline);
      if (text === storedText.current) return;
      storedText.current = text;
      if (loading.current) return;
      emitted.current = outline;
      callbacks.current.onChange(outline);
    };
    const closed = (_id: unknown, context: { mode: string; action: string }) => {
      handUp();
      if (context.mode === 'polygon' && context.action === 'draw') callbacks.current.onPolygonClosed();
    };
    draw.on('change', handUp);
    draw.on('finish', closed);
    // When the dialog closes, BaseMap's cleanup (a parent's, so it runs first) removes the map and
    // its layers with it; terra-draw's stop would then ask the removed map for its sources and throw.
    let mapRemoved = false;
    const onMapRemoved = () => {
      mapRemoved = true;
    };
    map.on('remove', onMapRemoved);
    return () => {
      map.off('remove', onMapRemoved);
      draw.off('change', handUp);
      draw.off('finish', closed);
      if (!mapRemoved) draw.stop();
      drawRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    drawRef.current?.setMode(MODE_OF_TOOL[tool]);
  }, [tool]);

  // An outline from outside: into the store when editable, else into the plain layer; the map fits it.
  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || geometry === emitted.current) return;
    emitted.current = geometry;
    loading.current = true;
    draw.clear();
    const rings = geometry ? editableRings(geometry) : null;
    const editable = rings !== null && loadIntoStore(draw, rings);
    storedText.current = JSON.stringify(storedOutline(draw));
    loading.current = false;
    showPlainOutline(map, editable ? null : geometry);
    const bounds = geometry ? outlineBounds(geometry) : null;
    if (!bounds) return;
    // A frame later: BaseMap places its initial view in an effect that runs after this child's.
    const frame = requestAnimationFrame(() => map.fitBounds(bounds, { padding: 32, maxZoom: FIT_MAX_ZOOM, animate: false }));
    return () => cancelAnimationFrame(frame);
  }, [map, geometry]);

  return null;
}

/** terra-draw's precision of positions (decimal places), its default. */
const STORE_DECIMALS = 9;

/**
 * The rings as polygons of the draw tool, true when the store took every one; else the store is
 * left empty (the outline is then shown as a plain layer rather than in part).
 */
function loadIntoStore(draw: TerraDraw, rings: readonly LngLat[][]): boolean {
  const results = draw.addFeatures(
    rings.map((ring) => ({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [roundedRing(ring, STORE_DECIMALS)] },
      properties: { mode: 'polygon' },
    })),
  );
  if (results.every((result) => result.valid)) return true;
  draw.clear();
  return false;
}

/** The outline of the polygons finished in the store. */
function storedOutline(draw: TerraDraw): ZoneGeometry | null {
  return outlineFromRings(drawnRings(draw.getSnapshot() as GeoJSONStoreFeatures[]));
}

/** The outline the tools cannot edit, as a plain layer (or none); the source and layers are added on first use. */
function showPlainOutline(map: ReturnType<typeof useMapInstance>, geometry: ZoneGeometry | null) {
  if (!map.getSource(ZONE_OUTLINE_SOURCE_ID)) {
    map.addSource(ZONE_OUTLINE_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    for (const layer of ZONE_OUTLINE_LAYERS) map.addLayer(layer);
  }
  const features = geometry ? [{ type: 'Feature' as const, geometry, properties: {} }] : [];
  (map.getSource(ZONE_OUTLINE_SOURCE_ID) as GeoJSONSource).setData({ type: 'FeatureCollection', features });
}
