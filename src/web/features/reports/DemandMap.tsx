import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapDataReport } from '../../../common/api/reports.js';
import type { WaitlistPoint } from '../../../common/api/waitlist.js';
import { PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { useMapInstance } from '../../map/MapContext.js';
import type { LatLng } from '../../map/mapTypes.js';
import { formatCount } from '../../ui/reportFormat.js';
import type { PeriodRange } from '../../ui/reportPeriod.js';
import {
  DEMAND_COLORS,
  DEMAND_LAYER_ID,
  DEMAND_SOURCE_ID,
  DEMAND_UNCOVERED_LAYER_ID,
  type DemandView,
  demandBounds,
  demandCircleLayer,
  demandFeatures,
  demandView,
  uncoveredCircleLayer,
  WAITLIST_LAYER_ID,
  WAITLIST_SOURCE_ID,
  waitlistCircleLayer,
  waitlistFeatures,
} from './demandMap.js';
import { useMapData, useWaitlistPoints } from './reportsQueries.js';

const MAP_HEIGHT = 460;
/** Before any search is known: the country seen whole around the public map's centre. */
const START_ZOOM = 5;
/** Closest the map zooms when it frames the searches. */
const FIT_MAX_ZOOM = 11;
/** Quiet time after the map stops moving before the cells of the new view are asked for. */
const VIEW_DEBOUNCE_MS = 350;
/** Searches this close to a place (km) are named after it; further off, the distance is given. */
const NEAR_PLACE_KM = 5;
/** Quiet time after the last frame before the drawn circles are counted and the print snapshot taken. */
const SETTLE_MS = 500;

/**
 * The searches of the period on a map, aggregated by the server into grid cells fitted to the
 * zoom: a blue circle per cell sized by its searches, a red core for those that found no coverage.
 * Moving or zooming asks for the cells of the new view. Printing shows a snapshot of the map (a
 * WebGL canvas does not print reliably).
 */
export function DemandMap({ range, wholeMap }: { range: PeriodRange; wholeMap: boolean }) {
  const [view, setView] = useState<DemandView | null>(null);
  const mapData = useMapData(range, view);
  const cells = useMemo(() => mapData.data?.cells ?? [], [mapData.data]);
  const hotspots = useMemo(() => mapData.data?.hotspots ?? [], [mapData.data]);
  const [rendered, setRendered] = useState(0);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ point: LatLng; zoom: number } | null>(null);
  const searches = cells.reduce((sum, cell) => sum + cell.count, 0);
  const withoutCoverage = cells.reduce((sum, cell) => sum + cell.without_coverage, 0);
  // Not `wholeMap` (a provider editor): their searches only, all covered, and no waitlist (the whole map's, not theirs).
  const [showWaitlist, setShowWaitlist] = useState(wholeMap);
  const waitlist = useWaitlistPoints(wholeMap && showWaitlist);
  const waitlistPoints = useMemo(() => waitlist.data ?? [], [waitlist.data]);

  useEffect(
    () => () => {
      if (snapshot) URL.revokeObjectURL(snapshot);
    },
    [snapshot],
  );

  return (
    <Stack spacing={2}>
      <Box
        className="demand-map"
        data-cells={cells.length}
        data-rendered-points={rendered}
        sx={{ position: 'relative', height: MAP_HEIGHT, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', breakInside: 'avoid' }}
      >
        <Box className="demand-map-live" sx={{ position: 'absolute', inset: 0 }}>
          <ConfiguredBaseMap theme="light" center={PUBLIC_MAP_CENTER} zoom={START_ZOOM} label="Map of searches">
            <DemandLayers
              cells={cells}
              cellDeg={mapData.data?.cell_deg ?? null}
              onView={setView}
              onRendered={setRendered}
              onSnapshot={setSnapshot}
              focus={focus}
              wholeMap={wholeMap}
            />
            <WaitlistLayer points={waitlistPoints} visible={showWaitlist} />
          </ConfiguredBaseMap>
        </Box>
        {snapshot && <Box component="img" className="demand-map-print" src={snapshot} alt="Demand map" sx={{ display: 'none' }} />}
        <DemandLegend wholeMap={wholeMap} showWaitlist={showWaitlist} onShowWaitlist={setShowWaitlist} />
        {mapData.isFetching && <LinearProgress aria-label="Loading the map's searches" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        {mapData.isSuccess && cells.length === 0 && (
          <Typography
            variant="body2"
            sx={{ position: 'absolute', bottom: 12, left: 12, bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
          >
            No searches with a position {view ? 'in this part of the map ' : ''}in this period.
          </Typography>
        )}
        {mapData.isError && (
          <Typography
            variant="body2"
            color="error"
            sx={{ position: 'absolute', bottom: 12, left: 12, bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
          >
            The map&apos;s searches could not be loaded.
          </Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="demand-summary">
        {formatCount(searches)} {searches === 1 ? 'search' : 'searches'} in {formatCount(cells.length)} {cells.length === 1 ? 'area' : 'areas'} on the map
        {wholeMap && searches > 0 && `, ${formatCount(withoutCoverage)} without coverage`}.
        {showWaitlist &&
          waitlist.isSuccess &&
          ` ${formatCount(waitlistPoints.length)} waitlisted ${waitlistPoints.length === 1 ? 'spot' : 'spots'} (confirmed entries).`}
        {showWaitlist && waitlist.isError && ' The waitlisted spots could not be loaded.'}
      </Typography>
      {hotspots.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Where to build next
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Where on the map most searches found no coverage, grouped around where they were made. Choose one to zoom to it.
          </Typography>
          <Paper variant="outlined">
            <Table size="small" aria-label="Areas without coverage">
              <TableHead>
                <TableRow>
                  <TableCell>Area</TableCell>
                  <TableCell align="right">Searches</TableCell>
                  <TableCell align="right">Without coverage</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {hotspots.map((hotspot) => (
                  <TableRow
                    key={`${hotspot.lat},${hotspot.lng}`}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => setFocus({ point: { lat: hotspot.lat, lng: hotspot.lng }, zoom: (view?.zoom ?? START_ZOOM) + 2 })}
                  >
                    <TableCell>
                      {hotspotPlace(hotspot.place)}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}>
                        {hotspot.lat.toFixed(3)}, {hotspot.lng.toFixed(3)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatCount(hotspot.searches)}</TableCell>
                    <TableCell align="right" sx={{ color: DEMAND_COLORS.withoutCoverage, fontWeight: 600 }}>
                      {formatCount(hotspot.without_coverage)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Box>
      )}
    </Stack>
  );
}

/** A cluster's nearest place: its name when the searches are in or by it, else how far from it. */
function hotspotPlace(place: MapDataReport['hotspots'][number]['place']): string {
  if (!place) return 'Unnamed area';
  return place.distance_km < NEAR_PLACE_KM ? place.name : `${formatCount(Math.round(place.distance_km))} km from ${place.name}`;
}

/** What the circles and dots mean, and the switch of the waitlisted spots' layer. */
function DemandLegend({ wholeMap, showWaitlist, onShowWaitlist }: { wholeMap: boolean; showWaitlist: boolean; onShowWaitlist: (show: boolean) => void }) {
  return (
    <Paper elevation={2} sx={{ position: 'absolute', top: 12, left: 12, px: 1.5, py: 1 }}>
      <Box role="list" aria-label="Map legend" sx={{ display: 'grid', gap: 0.5 }}>
        <LegendItem color={DEMAND_COLORS.searches} opacity={0.55} label="Searches (circle size: how many)" />
        {wholeMap && <LegendItem color={DEMAND_COLORS.withoutCoverage} opacity={0.85} label="Searches that found no coverage" />}
        {wholeMap && <LegendItem color={DEMAND_COLORS.waitlisted} opacity={0.9} label="Waitlisted spots (confirmed)" />}
      </Box>
      {wholeMap && (
        <FormControlLabel
          data-print-hide
          sx={{ mt: 0.5, ml: -0.5, '& .MuiFormControlLabel-label': { fontSize: 12 } }}
          control={<Switch size="small" checked={showWaitlist} onChange={(_event, checked) => onShowWaitlist(checked)} />}
          label="Waitlisted spots"
        />
      )}
    </Paper>
  );
}

function LegendItem({ color, opacity, label }: { color: string; opacity: number; label: string }) {
  return (
    <Stack direction="row" spacing={1} role="listitem" sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: color,
          opacity,
          border: '1.5px solid #fff',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.2)',
          printColorAdjust: 'exact',
          WebkitPrintColorAdjust: 'exact',
        }}
      />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

interface DemandLayersProps {
  cells: MapDataReport['cells'];
  cellDeg: number | null;
  /** The view after the map settles, for the next query. */
  onView: (view: DemandView) => void;
  /** How many searches circles the map has drawn, after each draw. */
  onRendered: (count: number) => void;
  /** An object URL of the drawn map, after each draw, for printing. */
  onSnapshot: (url: string) => void;
  /** Where to fly to (a hotspot chosen below the map). */
  focus: { point: LatLng; zoom: number } | null;
  /** false: a provider editor's searches, all covered, so a circle's popup tells no uncovered count. */
  wholeMap: boolean;
}

function DemandLayers({ cells, cellDeg, onView, onRendered, onSnapshot, focus, wholeMap }: DemandLayersProps) {
  const map = useMapInstance();
  const features = useMemo(() => demandFeatures(cells), [cells]);
  const fitted = useRef(false);
  const latest = useRef({ onView, onRendered, onSnapshot, wholeMap });
  latest.current = { onView, onRendered, onSnapshot, wholeMap };

  // Sources and layers, added once and again after a new style (which drops them); the popup of a circle.
  useEffect(() => {
    const add = () => {
      if (map.getSource(DEMAND_SOURCE_ID)) return;
      map.addSource(DEMAND_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer(demandCircleLayer());
      map.addLayer(uncoveredCircleLayer());
    };
    add();
    map.on('style.load', add);

    const popup = new Popup({ closeButton: false, offset: 8 });
    const describe = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const count = Number(feature.properties.count);
      const without = Number(feature.properties.without_coverage);
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      popup
        .setLngLat([lng, lat])
        .setText(`${formatCount(count)} ${count === 1 ? 'search' : 'searches'}${latest.current.wholeMap ? `, ${formatCount(without)} without coverage` : ''}`)
        .addTo(map);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    for (const layer of [DEMAND_LAYER_ID, DEMAND_UNCOVERED_LAYER_ID]) {
      map.on('click', layer, describe);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      map.off('style.load', add);
      for (const layer of [DEMAND_LAYER_ID, DEMAND_UNCOVERED_LAYER_ID]) {
        map.off('click', layer, describe);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      popup.remove();
    };
  }, [map]);

  useEffect(() => {
    const update = () => (map.getSource(DEMAND_SOURCE_ID) as GeoJSONSource | undefined)?.setData(features);
    update();
    map.on('style.load', update);
    return () => {
      map.off('style.load', update);
    };
  }, [map, features]);

  // The first searches frame the map once; after that the admin's view rules.
  useEffect(() => {
    if (fitted.current || cellDeg === null) return;
    const bounds = demandBounds(cells, cellDeg);
    if (!bounds) return;
    fitted.current = true;
    // A frame later: BaseMap places its initial view in an effect that runs after this child's.
    const frame = requestAnimationFrame(() => map.fitBounds(bounds, { padding: 40, maxZoom: FIT_MAX_ZOOM, animate: false }));
    return () => cancelAnimationFrame(frame);
  }, [map, cells, cellDeg]);

  // The view, once the map has been still for a moment.
  useEffect(() => {
    let timer: number | undefined;
    const settled = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const bounds = map.getBounds();
        latest.current.onView(
          demandView(map.getZoom(), { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }),
        );
      }, VIEW_DEBOUNCE_MS);
    };
    map.on('moveend', settled);
    return () => {
      window.clearTimeout(timer);
      map.off('moveend', settled);
    };
  }, [map]);

  // Once the map has stopped drawing for a moment: the circles drawn (for the tests and the
  // page), and a snapshot for print, taken inside a frame (the only moment a WebGL canvas still
  // holds its image). The snapshot's own frame is let pass, or it would schedule the next one.
  useEffect(() => {
    let settleTimer: number | undefined;
    let snapshotFrame = false;
    let cancelled = false;
    const settled = () => {
      latest.current.onRendered(map.getLayer(DEMAND_LAYER_ID) ? map.queryRenderedFeatures({ layers: [DEMAND_LAYER_ID] }).length : 0);
      snapshotFrame = true;
      map.once('render', () => {
        try {
          map.getCanvas().toBlob((blob) => {
            if (blob && !cancelled) latest.current.onSnapshot(URL.createObjectURL(blob));
          });
        } catch {
          // A canvas the browser refuses to read gives no print image; the page still prints.
        }
      });
      map.triggerRepaint();
    };
    const rendered = () => {
      if (snapshotFrame) {
        snapshotFrame = false;
        return;
      }
      window.clearTimeout(settleTimer);
      settleTimer = window.setTimeout(settled, SETTLE_MS);
    };
    map.on('render', rendered);
    rendered();
    return () => {
      cancelled = true;
      window.clearTimeout(settleTimer);
      map.off('render', rendered);
    };
  }, [map]);

  useEffect(() => {
    if (focus) map.flyTo({ center: [focus.point.lng, focus.point.lat], zoom: Math.max(map.getZoom(), focus.zoom) });
  }, [map, focus]);

  return null;
}

/** The confirmed waitlist entries' spots, over the searches circles; hidden (not removed) when switched off. */
function WaitlistLayer({ points, visible }: { points: readonly WaitlistPoint[]; visible: boolean }) {
  const map = useMapInstance();
  const features = useMemo(() => waitlistFeatures(points), [points]);
  const shown = useRef(visible);
  shown.current = visible;

  useEffect(() => {
    const add = () => {
      if (map.getSource(WAITLIST_SOURCE_ID)) return;
      map.addSource(WAITLIST_SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer(waitlistCircleLayer(shown.current));
    };
    add();
    map.on('style.load', add);
    return () => {
      map.off('style.load', add);
    };
  }, [map]);

  useEffect(() => {
    const update = () => (map.getSource(WAITLIST_SOURCE_ID) as GeoJSONSource | undefined)?.setData(features);
    update();
    map.on('style.load', update);
    return () => {
      map.off('style.load', update);
    };
  }, [map, features]);

  useEffect(() => {
    if (map.getLayer(WAITLIST_LAYER_ID)) map.setLayoutProperty(WAITLIST_LAYER_ID, 'visibility', visible ? 'visible' : 'none');
  }, [map, visible]);

  return null;
}
