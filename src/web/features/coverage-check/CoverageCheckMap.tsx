import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { MapBounds } from '../../../common/api/mapStart.js';
import { CoverageLegend } from '../../map/CoverageLegend.js';
import { ATTRIBUTION_MAX_WIDTH, LEGEND_MAX_WIDTH } from '../../map/legendLayout.js';
import { MapPlaceholder } from '../../map/MapPlaceholder.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import '../../ui/plain.css';
import { PlainNotice } from '../../ui/PlainNotice.js';
import { useAfterFirstPaint } from '../../ui/useAfterFirstPaint.js';
import { useNotice } from '../../ui/useNotice.js';
import type { ChosenPlace } from './CoverageSearchBox.js';
import { CoverageSearchBox, formatPoint } from './CoverageSearchBox.js';
import type { LeadTarget } from './leadTarget.js';
import { MyLocationButton } from './MyLocationButton.js';
import './coverageCheck.css';
import { useCoverageCheck } from './useCoverageCheck.js';
import type { WaitlistTarget } from './waitlistTarget.js';

// MapLibre is most of the page's code and its start-up is the page's heaviest work, so the map is
// a download of its own, requested once the search box, legend and heading are on screen.
const CoverageMapView = lazy(() => import('./CoverageMapView.js').then((module) => ({ default: module.CoverageMapView })));

// The dialogs are not needed to draw the map, and they are where MUI comes in (the first screen is
// plain markup), so they are separate downloads: the results dialog is fetched at the visitor's
// first touch of the page (a press on the map, a focus in the search box), which leaves it most of
// a click or of typing to arrive; the lead and waitlist forms (react-hook-form and zod) once a result is shown.
const loadResultsDialog = () => import('./CoverageResultsDialog.js').then((module) => ({ default: module.CoverageResultsDialog }));
const CoverageResultsDialog = lazy(loadResultsDialog);
const loadContactDialog = () => import('./lead/ContactProviderDialog.js');
const ContactProviderDialog = lazy(loadContactDialog);
const loadWaitlistDialog = () => import('./waitlist/WaitlistDialog.js');
const WaitlistDialog = lazy(loadWaitlistDialog);

/** Fetches a chunk without waiting for it; a failure is retried by React.lazy when it is needed. */
function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

interface CoverageCheckMapProps {
  theme: MapTheme;
  center: LatLng;
  zoom: number;
  /** A box (degrees) to open fitted to instead of center and zoom: the coverage's start view. */
  bounds?: MapBounds | null;
  /** 200 ms on the public map, 150 ms in the embed. */
  suggestionDebounceMs: number;
  /** The embed's search=false hides the search box (the My Location button stays). */
  showSearch: boolean;
  /** Shown above the search box (the public map's title card). */
  header?: ReactNode;
}

/**
 * The public coverage check on a map, shared by the public map and /embed: the coverage overlay, the
 * predicted wireless coverage (on by default, switched in the legend) and the legend, the search box and My Location button, a draggable marker on the chosen point, the
 * Coverage Results dialog, the Contact Provider dialog and the waitlist (or zone pre-registration) dialog.
 */
export function CoverageCheckMap({ theme, center, zoom, bounds = null, suggestionDebounceMs, showSearch, header }: CoverageCheckMapProps) {
  const flow = useCoverageCheck();
  const { check, logAction, result } = flow;
  const [leadTarget, setLeadTarget] = useState<LeadTarget | null>(null);
  const [waitlistTarget, setWaitlistTarget] = useState<WaitlistTarget | null>(null);
  const [wirelessVisible, setWirelessVisible] = useState(true);
  const notice = useNotice();
  const shellPainted = useAfterFirstPaint();
  const resultsRequested = useRef(false);

  const onMapClick = useCallback((point: LatLng) => check({ point, address: null, source: 'map' }), [check]);
  const onMarkerMoved = useCallback((point: LatLng) => check({ point, address: null, source: 'marker' }), [check]);
  const onPlace = useCallback((place: ChosenPlace) => check({ ...place, source: 'search' }), [check]);
  const onLocated = useCallback((point: LatLng) => check({ point, address: null, source: 'geolocation' }), [check]);
  const closeLead = useCallback(() => setLeadTarget(null), []);
  const closeWaitlist = useCallback(() => setWaitlistTarget(null), []);
  const onLeadSent = useCallback(() => logAction('contact_me'), [logAction]);

  const prefetchResults = useCallback(() => {
    if (resultsRequested.current) return;
    resultsRequested.current = true;
    prefetch(loadResultsDialog);
  }, []);
  useEffect(() => {
    if (!result) return;
    prefetch(loadContactDialog);
    prefetch(loadWaitlistDialog);
  }, [result]);

  const { show: showNotice } = notice;
  const onLocateFailed = useCallback((message: string) => showNotice('error', message), [showNotice]);
  const wireless = useMemo(() => ({ visible: wirelessVisible, onVisibleChange: setWirelessVisible }), [wirelessVisible]);
  const locationButton = <MyLocationButton onLocated={onLocated} onError={onLocateFailed} />;

  return (
    // The attribution keeps to the right of the bottom edge, the legend to the left (legendLayout.ts).
    <div
      className="plain-page plain-map-shell"
      style={{ '--attribution-max-width': ATTRIBUTION_MAX_WIDTH } as CSSProperties}
      onPointerDownCapture={prefetchResults}
      onFocusCapture={prefetchResults}
    >
      <Suspense fallback={<MapPlaceholder theme={theme} />}>
        {shellPainted ? (
          <CoverageMapView
            theme={theme}
            center={center}
            zoom={zoom}
            bounds={bounds}
            request={flow.request}
            wirelessVisible={wirelessVisible}
            onMapClick={onMapClick}
            onMarkerMoved={onMarkerMoved}
          />
        ) : (
          <MapPlaceholder theme={theme} />
        )}
      </Suspense>

      <div className="plain-map-panels">
        {header}
        {showSearch ? (
          <div className="plain-paper plain-search-card">
            <CoverageSearchBox debounceMs={suggestionDebounceMs} onPlace={onPlace} />
            {locationButton}
          </div>
        ) : (
          <div className="plain-paper plain-location-card">{locationButton}</div>
        )}
      </div>

      <div className="plain-map-legend" style={{ maxWidth: LEGEND_MAX_WIDTH }}>
        <CoverageLegend wireless={wireless} />
      </div>

      <Suspense fallback={null}>
        {flow.request && (
          <CoverageResultsDialog
            open={flow.resultsOpen}
            request={flow.request}
            checking={flow.checking}
            error={flow.error}
            result={flow.result}
            onClose={flow.closeResults}
            onLead={setLeadTarget}
            onWaitlist={setWaitlistTarget}
          />
        )}
        {leadTarget && <ContactProviderDialog target={leadTarget} searchId={flow.searchId} onClose={closeLead} onSubmitted={onLeadSent} />}
        {waitlistTarget && flow.request && (
          <WaitlistDialog
            target={waitlistTarget}
            place={{ lat: flow.request.point.lat, lng: flow.request.point.lng, address: flow.request.address ?? formatPoint(flow.request.point) }}
            onClose={closeWaitlist}
          />
        )}
      </Suspense>
      <PlainNotice notice={notice.notice} onClose={notice.close} />
    </div>
  );
}
