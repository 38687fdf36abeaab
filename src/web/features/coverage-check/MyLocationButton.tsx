import MyLocationIcon from '@mui/icons-material/MyLocation';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { LatLng } from '../../map/mapTypes.js';
import { GEOLOCATION_MESSAGES, locateDevice } from './geolocation.js';

interface MyLocationButtonProps {
  onLocated: (point: LatLng) => void;
  /** Called with one of the GEOLOCATION_MESSAGES. */
  onError: (message: string) => void;
}

/** Asks the browser for the device's position ("My Location"). */
export function MyLocationButton({ onLocated, onError }: MyLocationButtonProps) {
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
    <Tooltip title="My Location" describeChild>
      <span>
        <IconButton aria-label="My Location" color="primary" onClick={() => void locate()} disabled={locating}>
          {locating ? <CircularProgress size={22} aria-label="Finding your location" /> : <MyLocationIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
