import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MeasurementPoint } from '../../../common/api/measurements.js';
import { PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { useMapInstance } from '../../map/MapContext.js';

import { formatDb } from '../../ui/dbText.js';
import { formatResidual, SOURCE_LABELS } from './measurementText.js';
import {
  NO_RESIDUAL_COLOR,
  RESIDUAL_LAYER_ID,
  RESIDUAL_SOURCE_ID,
  RESIDUAL_STOPS,
  residualBounds,
  residualCircleLayer,
  residualFeatures,
} from './residualMap.js';

const MAP_HEIGHT = 420;
/** Before any measurement is known: the country seen whole around the public map's centre. */
const START_ZOOM = 5;
/** Closest the map zooms when it frames the points. */
const FIT_MAX_ZOOM = 14;
/** Quiet time after the last frame before the drawn dots are counted, ms. */
const SETTLE_MS = 300;

interface ResidualMapProps {
  points: readonly MeasurementPoint[];
  loading: boolean;
  failed: boolean;
}

/** The filtered measurements on a map, each dot coloured by its residual (measured − predicted) on a diverging scale, with its legend. */
export function ResidualMap({ points, loading, failed }: ResidualMapProps) {
  const [rendered, setRendered] = useState(0);
  return (
    <Box
      className="residual-map"
      data-points={points.length}
      data-rendered-points={rendered}
      sx={{ position: 'relative', height: MAP_HEIGHT, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <ConfiguredBaseMap theme="light" center={PUBLIC_MAP_CENTER} zoom={START_ZOOM} label="Map of measurements by residual">
        <ResidualLayer points={points} onRendered={setRendered} />
      </ConfiguredBaseMap>
      <ResidualLegend />
      {loading && <LinearProgress aria-label="Loading the measurements' points" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      {(failed || (!loading && points.length === 0)) && (
        <Typography
          variant="body2"
          color={failed ? 'error' : undefined}
          sx={{ position: 'absolute', bottom: 12, left: 12, bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
        >
          {failed ? 'The measurements’ points could not be loaded.' : 'No measurements match the filters.'}
        </Typography>
      )}
    </Box>
  );
}

/** The colour scale from "weaker than predicted" to "stronger", and the grey of a point without a residual. */
function ResidualLegend() {
  const gradient = `linear-gradient(to right, ${RESIDUAL_STOPS.map((stop, i) => `${stop.color} ${(i / (RESIDUAL_STOPS.length - 1)) * 100}%`).join(', ')})`;
  return (
    <Paper elevation={2} sx={{ position: 'absolute', top: 12, left: 12, px: 1.5, py: 1, width: 250 }} role="group" aria-label="Map legend">
      <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
        Residual (measured − predicted)
      </Typography>
      <Box aria-hidden sx={{ height: 10, mt: 0.5, borderRadius: 0.5, background: gradient, border: '1px solid rgba(0,0,0,0.2)' }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        {RESIDUAL_STOPS.map((stop) => (
          <Typography key={stop.db} variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {stop.db > 0 ? `+${stop.db}` : stop.db === 0 ? '0' : `−${-stop.db}`}
          </Typography>
        ))}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          Weaker than predicted
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Stronger
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: NO_RESIDUAL_COLOR, border: '1px solid #424242' }} />
        <Typography variant="caption">No residual (not predicted yet, out of range, or no signal)</Typography>
      </Stack>
    </Paper>
  );
}

function ResidualLayer({ points, onRendered }: { points: readonly MeasurementPoint[]; onRendered: (count: number) => void }) {
  const map = useMapInstance();
  const features = useMemo(() => residualFeatures(points), [points]);
  const latest = useRef(onRendered);
  latest.current = onRendered;

  // The source and layer, added once and again after a new style (which drops them); a dot's popup.
  useEffect(() => {
    const add = () => {
      if (map.getSource(RESIDUAL_SOURCE_ID)) return;
      map.addSource(RESIDUAL_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer(residualCircleLayer());
    };
    add();
    map.on('style.load', add);

    const popup = new Popup({ closeButton: false, offset: 8 });
    const describe = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const { residual_db, rssi_dbm, source } = feature.properties as { residual_db: unknown; rssi_dbm: unknown; source: keyof typeof SOURCE_LABELS };
      const residual = typeof residual_db === 'number' ? residual_db : null;
      const signal = typeof rssi_dbm === 'number' ? formatDb(rssi_dbm, 'dBm') : 'no signal';
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      popup
        .setLngLat([lng, lat])
        .setText(`${SOURCE_LABELS[source] ?? source}: ${signal}, residual ${formatResidual(residual)}`)
        .addTo(map);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', RESIDUAL_LAYER_ID, describe);
    map.on('mouseenter', RESIDUAL_LAYER_ID, pointer);
    map.on('mouseleave', RESIDUAL_LAYER_ID, plain);
    return () => {
      map.off('style.load', add);
      map.off('click', RESIDUAL_LAYER_ID, describe);
      map.off('mouseenter', RESIDUAL_LAYER_ID, pointer);
      map.off('mouseleave', RESIDUAL_LAYER_ID, plain);
      popup.remove();
    };
  }, [map]);

  // New points: drawn, and framed (a frame later: BaseMap places its initial view in an effect that runs after this child's).
  useEffect(() => {
    const update = () => (map.getSource(RESIDUAL_SOURCE_ID) as GeoJSONSource | undefined)?.setData(features);
    update();
    map.on('style.load', update);
    const bounds = residualBounds(points);
    const frame = bounds ? requestAnimationFrame(() => map.fitBounds(bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM, animate: false })) : null;
    return () => {
      map.off('style.load', update);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [map, features, points]);

  // How many dots the map drew, once it has stopped drawing for a moment (for the page's tests).
  useEffect(() => {
    let timer: number | undefined;
    const count = () => latest.current(map.getLayer(RESIDUAL_LAYER_ID) ? map.queryRenderedFeatures({ layers: [RESIDUAL_LAYER_ID] }).length : 0);
    const rendered = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(count, SETTLE_MS);
    };
    map.on('render', rendered);
    rendered();
    return () => {
      window.clearTimeout(timer);
      map.off('render', rendered);
    };
  }, [map]);

  return null;
}
