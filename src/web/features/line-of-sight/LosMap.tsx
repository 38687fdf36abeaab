import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CLUTTER_CLASS_LABELS, type ClutterClass } from '../../../common/api/clutterAreas.js';
import type { LosResult, TerrainTile } from '../../../common/api/lineOfSight.js';
import type { Tower } from '../../../common/api/towers.js';
import { BaseMap } from '../../map/BaseMap.js';
import { CLUTTER_CLASS_COLORS, CLUTTER_FILL_OPACITY } from '../../map/clutterAreaLayers.js';
import { ClutterAreas } from '../../map/ClutterAreas.js';
import { FootprintAreas } from '../../map/FootprintAreas.js';
import { MapClickHandler } from '../../map/MapClickHandler.js';
import { useMapInstance } from '../../map/MapContext.js';
import type { LatLng } from '../../map/mapTypes.js';
import { PointMarker } from '../../map/PointMarker.js';
import { usePublicConfig } from '../../map/publicConfig.js';
import { footprintBounds } from './candidateReach.js';
import type { BasemapLayer, LosMapType } from './losBasemap.js';
import { DEFAULT_LOS_MAP_TYPE, LOS_BASE_STYLE, LOS_BASEMAP_PREFIX, LOS_MAP_TYPE_LABELS, LOS_MAP_TYPES, losBasemapLayers } from './losBasemap.js';
import {
  activeTowers,
  analysisBounds,
  BLOCKED_DASH,
  LOS_COLORS,
  LOS_LAYERS,
  LOS_SOURCES,
  OUT_OF_RANGE_DOTS,
  SIGHT_LINE_LAYER,
  sightLineLayers,
  sightLines,
  tileFootprints,
  tileLayers,
  towerMarkerLayer,
  towerMarkers,
} from './losMapLayers.js';
import { LOS_DEFAULT_CENTER, LOS_DEFAULT_ZOOM, LOS_TARGET_ZOOM } from './losSearch.js';

/** The Line of Sight map is 500 px tall. */
export const LOS_MAP_HEIGHT = 500;

interface LosMapProps {
  towers: readonly Tower[];
  result: LosResult | undefined;
  target: LatLng | null;
  selectedId: number | null;
  tiles: readonly TerrainTile[];
  /** Pin-drop mode: the next map click chooses the target. */
  pinDrop: boolean;
  onPinDrop: (point: LatLng) => void;
  onSelectTower: (towerId: number) => void;
  /** A What if candidate: where it stands and its footprint's band areas. */
  candidate?: { point: LatLng; areas: FeatureCollection } | null;
  /** The clutter areas' polygons (properties id, name, clutter_class); undefined until loaded. */
  clutter?: FeatureCollection | undefined;
  /** The classes among them, each with a legend entry while they are shown. */
  clutterClasses?: readonly ClutterClass[];
  showClutter?: boolean;
}

/**
 * The Line of Sight map: Terrain, Satellite or Hybrid tiles; the active
 * towers, blue when clear to the target and grey otherwise; a line from each analysed tower to the
 * target, green when clear, red dashed when blocked and grey dotted when the tower is out of range;
 * the loaded terrain tiles outlined; the clutter areas filled in their class's colour under all of it
 * (hidden by "Show clutter areas"). The first view fits every tower drawn (zoom 10 around Cape
 * Town while there is none); an analysis centres the target at zoom 14; a What if candidate's
 * footprint is fitted when one is shown.
 */
export function LosMap({
  towers,
  result,
  target,
  selectedId,
  tiles,
  pinDrop,
  onPinDrop,
  onSelectTower,
  candidate = null,
  clutter,
  clutterClasses = [],
  showClutter = true,
}: LosMapProps) {
  const [mapType, setMapType] = useState<LosMapType>(DEFAULT_LOS_MAP_TYPE);
  const config = usePublicConfig();
  const losMap = config.data?.losMap;
  const basemap = useMemo(() => losBasemapLayers(losMap, mapType), [losMap, mapType]);

  return (
    <Box sx={{ position: 'relative', height: LOS_MAP_HEIGHT, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <BaseMap style={LOS_BASE_STYLE} center={LOS_DEFAULT_CENTER} zoom={LOS_DEFAULT_ZOOM} label="Line of sight map">
        <LosBasemap layers={basemap} />
        <LosCamera towers={towers} target={target} candidate={candidate} />
        {/* First of the drawings, so the areas lie under the footprint, the lines and the towers. */}
        <ClutterAreas areas={clutter} visible={showClutter} />
        {candidate && <FootprintAreas areas={candidate.areas} />}
        {candidate && <PointMarker point={candidate.point} label="Candidate tower" camera="none" color={LOS_COLORS.candidateTower} />}
        <LosDrawing towers={towers} result={result} target={target} selectedId={selectedId} tiles={tiles} pinDrop={pinDrop} onSelectTower={onSelectTower} />
        {target && <PointMarker point={target} label="Target location" camera="none" color={LOS_COLORS.target} />}
        <MapClickHandler onClick={(point) => pinDrop && onPinDrop(point)} />
        <FitButton towers={towers} result={result} target={target} />
      </BaseMap>

      <Paper elevation={2} sx={{ position: 'absolute', top: 10, left: 10 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mapType}
          onChange={(_event, value: LosMapType | null) => value && setMapType(value)}
          aria-label="Map type"
        >
          {LOS_MAP_TYPES.map((type) => (
            <ToggleButton key={type} value={type} sx={{ px: 1.5 }}>
              {LOS_MAP_TYPE_LABELS[type]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Paper>
      {pinDrop && (
        <Paper
          role="status"
          elevation={3}
          sx={{
            position: 'absolute',
            top: 56,
            left: '50%',
            transform: 'translateX(-50%)',
            px: 2,
            py: 0.75,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            whiteSpace: 'nowrap',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Click the map to place the target
          </Typography>
        </Paper>
      )}
      <MapLegend clutterClasses={showClutter ? clutterClasses : []} />
    </Box>
  );
}

/** Padding around a fitted view, CSS pixels: room for the map type buttons and the legend. */
const FIT_PADDING = 60;
/** The zoom a candidate without any footprint area is shown at, around its position. */
const CANDIDATE_ZOOM = 11;

/**
 * Moves the view: to every tower drawn once they are known, to every tower and the target when a
 * new target is analysed, to a What if candidate's footprint when one is computed. The view it
 * leaves is written on the map's element (data-view-bounds: west,south,east,north in degrees) for
 * the browser tests.
 */
function LosCamera({
  towers,
  target,
  candidate,
}: {
  towers: readonly Tower[];
  target: LatLng | null;
  candidate: { point: LatLng; areas: FeatureCollection } | null;
}) {
  const map = useMapInstance();
  const drawn = useMemo(() => activeTowers(towers).map((tower) => ({ lat: tower.latitude, lng: tower.longitude })), [towers]);
  /** What the last fitted view showed: 'towers', or the target it was fitted to. */
  const fittedFor = useRef<string | null>(null);

  useEffect(() => {
    const report = () => {
      const bounds = map.getBounds();
      map.getContainer().dataset.viewBounds = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].join(',');
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);

  useEffect(() => {
    const key = target ? `${target.lat},${target.lng}` : 'towers';
    const bounds = analysisBounds(drawn);
    if (fittedFor.current === key || (!target && !bounds)) return;
    fittedFor.current = key;
    let cancelled = false;
    // After this commit's effects: BaseMap applies its own center and zoom in an effect that runs
    // after its children's when the map first appears, and would undo a view set here.
    queueMicrotask(() => {
      if (cancelled) return;
      // A target is shown close up (zoom 14; "Show the target and the towers" zooms out to them all).
      if (target) map.jumpTo({ center: [target.lng, target.lat], zoom: LOS_TARGET_ZOOM });
      else if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: LOS_TARGET_ZOOM, duration: 0 });
    });
    return () => {
      cancelled = true;
    };
  }, [map, drawn, target]);

  useEffect(() => {
    if (!candidate) return;
    const bounds = footprintBounds(candidate.areas);
    if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING });
    else map.flyTo({ center: [candidate.point.lng, candidate.point.lat], zoom: Math.max(map.getZoom(), CANDIDATE_ZOOM) });
  }, [map, candidate]);

  return null;
}

/** The raster tiles of the chosen map type, kept under every other layer. */
function LosBasemap({ layers }: { layers: BasemapLayer[] }) {
  const map = useMapInstance();
  useEffect(() => {
    const above = map.getStyle().layers.find((layer) => layer.id !== 'background' && !layer.id.startsWith(LOS_BASEMAP_PREFIX))?.id;
    for (const { id, source, layer } of layers) {
      if (!map.getSource(id)) map.addSource(id, source);
      if (!map.getLayer(id)) map.addLayer(layer, above);
    }
    return () => {
      try {
        for (const { id } of layers) {
          if (map.getLayer(id)) map.removeLayer(id);
          if (map.getSource(id)) map.removeSource(id);
        }
      } catch {
        // The map itself is being removed; its layers go with it.
      }
    };
  }, [map, layers]);
  return null;
}

interface LosDrawingProps {
  towers: readonly Tower[];
  result: LosResult | undefined;
  target: LatLng | null;
  selectedId: number | null;
  tiles: readonly TerrainTile[];
  pinDrop: boolean;
  onSelectTower: (towerId: number) => void;
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/** Tile footprints, sight lines and tower dots; a click on a tower (outside pin-drop) selects its result. */
function LosDrawing({ towers, result, target, selectedId, tiles, pinDrop, onSelectTower }: LosDrawingProps) {
  const map = useMapInstance();
  const markers = useMemo(() => towerMarkers(towers, result, selectedId), [towers, result, selectedId]);
  const lines = useMemo(() => sightLines(towers, result, target, selectedId), [towers, result, target, selectedId]);
  const footprints = useMemo(() => tileFootprints(tiles), [tiles]);
  const latest = useRef({ pinDrop, onSelectTower });
  latest.current = { pinDrop, onSelectTower };

  useEffect(() => {
    map.addSource(LOS_SOURCES.tiles, { type: 'geojson', data: empty() });
    map.addSource(LOS_SOURCES.lines, { type: 'geojson', data: empty() });
    map.addSource(LOS_SOURCES.towers, { type: 'geojson', data: empty() });
    for (const layer of [...tileLayers(), ...sightLineLayers(), towerMarkerLayer()]) map.addLayer(layer);

    const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 12 });
    const hover = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      if (!latest.current.pinDrop) map.getCanvas().style.cursor = 'pointer';
      popup
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setText(String(feature.properties.name))
        .addTo(map);
    };
    const leave = () => {
      map.getCanvas().style.cursor = latest.current.pinDrop ? 'crosshair' : '';
      popup.remove();
    };
    const select = (event: MapLayerMouseEvent) => {
      const id = Number(event.features?.[0]?.properties.id);
      if (!latest.current.pinDrop && Number.isFinite(id)) latest.current.onSelectTower(id);
    };
    map.on('mouseenter', LOS_LAYERS.towers, hover);
    map.on('mouseleave', LOS_LAYERS.towers, leave);
    map.on('click', LOS_LAYERS.towers, select);
    return () => {
      map.off('mouseenter', LOS_LAYERS.towers, hover);
      map.off('mouseleave', LOS_LAYERS.towers, leave);
      map.off('click', LOS_LAYERS.towers, select);
      popup.remove();
      try {
        for (const id of Object.values(LOS_LAYERS)) if (map.getLayer(id)) map.removeLayer(id);
        for (const id of Object.values(LOS_SOURCES)) if (map.getSource(id)) map.removeSource(id);
      } catch {
        // The map itself is being removed.
      }
    };
  }, [map]);

  useEffect(() => {
    (map.getSource(LOS_SOURCES.towers) as GeoJSONSource | undefined)?.setData(markers);
    (map.getSource(LOS_SOURCES.lines) as GeoJSONSource | undefined)?.setData(lines);
    // Which layer draws each tower's line (tower id:layer id), for the browser tests: the canvas shows no names.
    map.getContainer().dataset.sightLineLayers = lines.features
      .map((line) => `${line.properties.tower_id}:${SIGHT_LINE_LAYER[line.properties.verdict]}`)
      .join(' ');
    (map.getSource(LOS_SOURCES.tiles) as GeoJSONSource | undefined)?.setData(footprints);
  }, [map, markers, lines, footprints]);

  useEffect(() => {
    map.getCanvas().style.cursor = pinDrop ? 'crosshair' : '';
  }, [map, pinDrop]);

  return null;
}

/** Zooms out to show the target with every analysed tower (zoom 14 on the target may leave them off screen). */
function FitButton({ towers, result, target }: { towers: readonly Tower[]; result: LosResult | undefined; target: LatLng | null }) {
  const map = useMapInstance();
  const bounds = useMemo(() => {
    const analysed = new Set(result?.results.map((link) => link.tower_id));
    const points = activeTowers(towers)
      .filter((tower) => !result || analysed.has(tower.id))
      .map((tower) => ({ lat: tower.latitude, lng: tower.longitude }));
    return analysisBounds(target ? [...points, target] : points);
  }, [towers, result, target]);
  if (!bounds) return null;
  return (
    <Paper elevation={2} sx={{ position: 'absolute', top: 10, right: 10 }}>
      <Tooltip title="Show the target and the towers">
        <IconButton size="small" aria-label="Show the target and the towers" onClick={() => map.fitBounds(bounds, { padding: 60, maxZoom: 15, duration: 0 })}>
          <ZoomOutMap fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}

function MapLegend({ clutterClasses }: { clutterClasses: readonly ClutterClass[] }) {
  return (
    <Paper
      elevation={2}
      role="list"
      aria-label="Map legend"
      sx={{ position: 'absolute', left: 10, bottom: 10, px: 1.25, py: 0.75, display: { xs: 'none', sm: 'grid' }, gap: 0.25 }}
    >
      <LegendItem label="Clear line of sight" swatch={<LineSwatch color={LOS_COLORS.clearLine} />} />
      <LegendItem label="Blocked" swatch={<LineSwatch color={LOS_COLORS.blockedLine} dash={BLOCKED_DASH} />} />
      <LegendItem label="Out of range" swatch={<LineSwatch color={LOS_COLORS.outOfRangeLine} dash={OUT_OF_RANGE_DOTS} />} />
      <LegendItem label="Tower with clear line of sight" swatch={<DotSwatch color={LOS_COLORS.clearTower} />} />
      <LegendItem label="Other tower" swatch={<DotSwatch color={LOS_COLORS.otherTower} />} />
      <LegendItem label="Terrain tile" swatch={<Box sx={{ width: 14, height: 10, border: `2px solid ${LOS_COLORS.terrainTile}`, mx: '5px' }} />} />
      {clutterClasses.map((name) => (
        <LegendItem key={name} label={`${CLUTTER_CLASS_LABELS[name]} clutter`} swatch={<ClutterSwatch color={CLUTTER_CLASS_COLORS[name]} />} />
      ))}
    </Paper>
  );
}

function LegendItem({ label, swatch }: { label: string; swatch: ReactNode }) {
  return (
    <Stack direction="row" role="listitem" spacing={1} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={{ width: 24, display: 'flex', justifyContent: 'center' }}>
        {swatch}
      </Box>
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

/** A legend line 3 px wide, with the map layer's dash pattern (in line widths) if it has one. */
function LineSwatch({ color, dash }: { color: string; dash?: readonly [number, number] }) {
  return (
    <svg width="24" height="6" aria-hidden>
      <line
        x1="3"
        y1="3"
        x2="21"
        y2="3"
        stroke={color}
        strokeWidth="3"
        strokeLinecap={dash?.[0] === 0 ? 'round' : undefined}
        strokeDasharray={dash ? `${dash[0] * 3} ${dash[1] * 3}` : undefined}
      />
    </svg>
  );
}

/** The area's fill at the map's opacity, with its outline. */
function ClutterSwatch({ color }: { color: string }) {
  const alpha = Math.round(CLUTTER_FILL_OPACITY * 255)
    .toString(16)
    .padStart(2, '0');
  return <Box sx={{ width: 14, height: 10, border: `1.5px solid ${color}`, bgcolor: `${color}${alpha}`, mx: '5px' }} />;
}

function DotSwatch({ color }: { color: string }) {
  return <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, border: '2px solid #fff', boxShadow: '0 0 0 1px rgba(0,0,0,0.25)' }} />;
}
