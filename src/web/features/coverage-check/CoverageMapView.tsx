import type { MapBounds } from '../../../common/api/mapStart.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { CoverageOverlay } from '../../map/CoverageOverlay.js';
import { MapClickHandler } from '../../map/MapClickHandler.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import type { CameraMove } from '../../map/PointMarker.js';
import { PointMarker } from '../../map/PointMarker.js';
import { usePublicZones } from '../../map/publicZones.js';
import { WirelessOverlay } from '../../map/WirelessOverlay.js';
import { ZoneAreas } from '../../map/ZoneAreas.js';
import { RESULT_ZOOM } from './messages.js';
import type { CheckRequest, CheckSource } from './useCoverageCheck.js';

/** A searched or located place is flown to; a clicked one is centred; a dragged marker stays put. */
const CAMERA: Record<CheckSource, CameraMove> = { search: 'fly', geolocation: 'fly', map: 'ease', marker: 'none' };

interface CoverageMapViewProps {
  theme: MapTheme;
  center: LatLng;
  zoom: number;
  /** A box (degrees) to open fitted to instead of center and zoom. */
  bounds: MapBounds | null;
  /** The point being checked, shown as a draggable marker. */
  request: CheckRequest | null;
  /** Whether the towers' predicted wireless coverage is drawn. */
  wirelessVisible: boolean;
  onMapClick: (point: LatLng) => void;
  onMarkerMoved: (point: LatLng) => void;
}

/**
 * The MapLibre part of the coverage check: the basemap with the coverage and wireless overlays, the
 * pre-registration zones (GET /api/zones, first asked for here, after the first screen), map clicks and
 * the marker on the checked point. Its own module so that MapLibre is a download of its own,
 * fetched after the page around the map has been painted.
 */
export function CoverageMapView({ theme, center, zoom, bounds, request, wirelessVisible, onMapClick, onMarkerMoved }: CoverageMapViewProps) {
  const zones = usePublicZones();
  return (
    <ConfiguredBaseMap theme={theme} center={center} zoom={zoom} bounds={bounds} label="Coverage map">
      <CoverageOverlay />
      <WirelessOverlay visible={wirelessVisible} />
      <ZoneAreas zones={zones} />
      <MapClickHandler onClick={onMapClick} />
      {request && (
        <PointMarker point={request.point} label="Selected location" camera={CAMERA[request.source]} flyZoom={RESULT_ZOOM} onDragEnd={onMarkerMoved} />
      )}
    </ConfiguredBaseMap>
  );
}
