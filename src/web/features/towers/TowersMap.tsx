import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import type { Tower } from '../../../common/api/towers.js';
import { NEW_TOWER_FORM_DEFAULTS } from '../../../common/api/towers.js';
import { beamText } from '../../ui/antennaBeamText.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { WirelessOverlay } from '../../map/WirelessOverlay.js';
import { WIRELESS_COLOR } from '../../map/wirelessOverlayLayers.js';
import { useMapInstance } from '../../map/MapContext.js';
import { useAntennaPatterns } from '../settings/index.js';
import { formatNumber } from './towerFormat.js';
import {
  SECTOR_COLOR,
  SECTOR_WEDGES_LAYER_ID,
  SECTOR_WEDGES_SOURCE_ID,
  sectorWedgeLayers,
  sectorWedges,
  TOWER_AREAS_SOURCE_ID,
  TOWER_COLORS,
  TOWER_POINTS_LAYER_ID,
  TOWER_POINTS_SOURCE_ID,
  towerAreaLayers,
  towerAreas,
  towerBounds,
  towerPointLayer,
  towerPoints,
} from './towerMapLayers.js';

/** Where the map looks when there are no towers: the new-tower default (Cape Town). */
const EMPTY_CENTER = { lat: NEW_TOWER_FORM_DEFAULTS.latitude, lng: NEW_TOWER_FORM_DEFAULTS.longitude };
const EMPTY_ZOOM = 8;
/** Closest the map zooms when fitting towers (one tower, or towers close together). */
const FIT_MAX_ZOOM = 11;
const MAP_HEIGHT = 320;

/**
 * A small map of the towers: coverage circles, a dot per tower (blue active, grey inactive), each
 * active sector as a wedge of its half-power beam, and each active tower's predicted footprint in
 * its signal bands, drawn again whenever `footprintsVersion` (footprintsVersionOf) moves.
 */
export function TowersMap({ towers, footprintsVersion }: { towers: readonly Tower[]; footprintsVersion: string }) {
  return (
    <Paper variant="outlined" sx={{ mb: 3, overflow: 'hidden' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Tower map
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap aria-label="Map legend" role="list" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <LegendDot color={TOWER_COLORS.active} label="Active" />
          <LegendDot color={TOWER_COLORS.inactive} label="Inactive" />
          {towers.some((tower) => tower.sectors.length > 0) && <LegendDot color={SECTOR_COLOR} label="Sector (half-power beam)" />}
          <LegendDot color={WIRELESS_COLOR} label="Predicted footprint (deeper: stronger signal)" />
        </Stack>
      </Stack>
      <Box sx={{ height: MAP_HEIGHT, position: 'relative' }}>
        <ConfiguredBaseMap theme="light" center={EMPTY_CENTER} zoom={EMPTY_ZOOM} label="Tower map">
          <WirelessOverlay visible version={footprintsVersion} />
          <TowerLayers towers={towers} />
        </ConfiguredBaseMap>
        {towers.length === 0 && (
          <Typography
            variant="body2"
            sx={{ position: 'absolute', top: 12, left: 12, bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
          >
            No towers to show yet.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} role="listitem" sx={{ alignItems: 'center' }}>
      <Box
        sx={{ flexShrink: 0, width: 12, height: 12, borderRadius: '50%', bgcolor: color, border: '2px solid #fff', boxShadow: '0 0 0 1px rgba(0,0,0,0.2)' }}
      />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

/** The tower sources and layers; data follows `towers`, and the view fits them when they change. */
function TowerLayers({ towers }: { towers: readonly Tower[] }) {
  const map = useMapInstance();
  const points = useMemo(() => towerPoints(towers), [towers]);
  const areas = useMemo(() => towerAreas(towers), [towers]);
  const bounds = useMemo(() => towerBounds(towers), [towers]);
  const patterns = useAntennaPatterns();
  const wedges = useMemo(() => {
    const widths = new Map((patterns.data ?? []).map((pattern) => [pattern.id, pattern.horizontal_beamwidth_deg]));
    return sectorWedges(towers, (id) => widths.get(id));
  }, [towers, patterns.data]);

  // Sources and layers, added once and again after a new style (which drops them).
  useEffect(() => {
    const towerLayers = [...towerAreaLayers(), ...sectorWedgeLayers(), towerPointLayer()];
    const add = () => {
      if (map.getSource(TOWER_POINTS_SOURCE_ID)) return;
      map.addSource(TOWER_AREAS_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addSource(SECTOR_WEDGES_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addSource(TOWER_POINTS_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      for (const layer of towerLayers) map.addLayer(layer);
    };
    add();
    map.on('style.load', add);
    // The footprint overlay is added a task later (map/mapTasks.ts), on top of what is there: keep
    // the circles, wedges and dots above it, in their order.
    const ownIds = towerLayers.map((layer) => layer.id);
    const keepOnTop = () => {
      const ids = map.getLayersOrder();
      const onTop = ids.slice(-ownIds.length).every((id, i) => id === ownIds[i]);
      if (!onTop) for (const id of ownIds) if (map.getLayer(id)) map.moveLayer(id);
    };
    map.on('styledata', keepOnTop);

    // Closed by a click on neither a tower nor a wedge (below): MapLibre's own close-on-click would
    // also close it on the click that should move it to another tower or sector.
    const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 10 });
    const closeElsewhere = (event: MapMouseEvent) => {
      if (map.queryRenderedFeatures(event.point, { layers: [TOWER_POINTS_LAYER_ID, SECTOR_WEDGES_LAYER_ID] }).length === 0) popup.remove();
    };
    const showName = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const active = Boolean(feature.properties.active);
      popup
        .setLngLat([lng, lat])
        .setText(`${String(feature.properties.name)} (${active ? 'Active' : 'Inactive'})`)
        .addTo(map);
    };
    // A click on a tower's dot names the tower; elsewhere in a wedge, its sector.
    const showSector = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || map.queryRenderedFeatures(event.point, { layers: [TOWER_POINTS_LAYER_ID] }).length > 0) return;
      const { tower_name, name, azimuth_deg, beamwidth_deg, downtilt_deg } = feature.properties as Record<string, number | string>;
      popup
        .setLngLat(event.lngLat)
        .setText(
          `${String(tower_name)}, sector ${String(name)}: azimuth ${formatNumber(Number(azimuth_deg), 1)}°, ` +
            `half-power beam ${beamText(Number(beamwidth_deg))}, down-tilt ${formatNumber(Number(downtilt_deg), 1)}°`,
        )
        .addTo(map);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', TOWER_POINTS_LAYER_ID, showName);
    map.on('click', SECTOR_WEDGES_LAYER_ID, showSector);
    map.on('click', closeElsewhere);
    for (const layer of [TOWER_POINTS_LAYER_ID, SECTOR_WEDGES_LAYER_ID]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      map.off('style.load', add);
      map.off('styledata', keepOnTop);
      map.off('click', TOWER_POINTS_LAYER_ID, showName);
      map.off('click', SECTOR_WEDGES_LAYER_ID, showSector);
      map.off('click', closeElsewhere);
      for (const layer of [TOWER_POINTS_LAYER_ID, SECTOR_WEDGES_LAYER_ID]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      popup.remove();
    };
  }, [map]);

  useEffect(() => {
    const update = () => {
      (map.getSource(TOWER_POINTS_SOURCE_ID) as GeoJSONSource | undefined)?.setData(points);
      (map.getSource(TOWER_AREAS_SOURCE_ID) as GeoJSONSource | undefined)?.setData(areas);
      (map.getSource(SECTOR_WEDGES_SOURCE_ID) as GeoJSONSource | undefined)?.setData(wedges);
    };
    update();
    map.on('style.load', update);
    return () => {
      map.off('style.load', update);
    };
  }, [map, points, areas, wedges]);

  useEffect(() => {
    if (!bounds) return;
    // A frame later: BaseMap places its initial view in an effect that runs after this child's.
    const frame = requestAnimationFrame(() => map.fitBounds(bounds, { padding: 24, maxZoom: FIT_MAX_ZOOM, animate: false }));
    return () => cancelAnimationFrame(frame);
  }, [map, bounds]);

  return null;
}
