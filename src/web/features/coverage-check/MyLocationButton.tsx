import { memo, useState } from 'react';
import type { LatLng } from '../../map/mapTypes.js';
import { PlainIcon, PlainSpinner } from '../../ui/plainIcons.js';
import { GEOLOCATION_MESSAGES, locateDevice } from './geolocation.js';

interface MyLocationButtonProps {
  onLocated: (point: LatLng) => void;
  /** Called with one of the GEOLOCATION_MESSAGES. */
  onError: (message: string) => void;
}

/** Asks the browser for the device's position ("My Location"). */
export const MyLocationButton = memo(function MyLocationButton({ onLocated, onError }: MyLocationButtonProps) {
  const [locating, setLocating] = useState(false);

  const locate = async () => {
    setLocating(true);
    try {
      onLocated(await locateDevice(typeof navigator === 'undefined' ? undefined : navigator.geolocation));
    } catch (error) {
      onError(error instanceof Error ? error.message : GEOLOCATION_MESSAGES.unknown);
    } finally {
      setLocating(false);
    }
  };

  return (
    <button type="button" className="plain-icon-button" aria-label="My Location" title="My Location" onClick={() => void locate()} disabled={locating}>
      {locating ? <PlainSpinner label="Finding your location" size={22} /> : <PlainIcon name="myLocation" />}
    </button>
  );
});
