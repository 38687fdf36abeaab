import type { LatLng } from '../../map/mapTypes.js';

/** What a visitor reads when the device's location cannot be had, by cause. */
export const GEOLOCATION_MESSAGES = {
  denied: 'Location access denied by user',
  unavailable: 'Location information is unavailable',
  timeout: 'Location request timed out',
  unknown: 'An unknown error occurred while retrieving location',
  unsupported: 'Geolocation is not supported by this browser',
} as const;

/** GeolocationPositionError codes (the constants are not on the interface in every environment). */
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** The message for a GeolocationPositionError code. */
export function geolocationErrorMessage(code: number): string {
  switch (code) {
    case PERMISSION_DENIED:
      return GEOLOCATION_MESSAGES.denied;
    case POSITION_UNAVAILABLE:
      return GEOLOCATION_MESSAGES.unavailable;
    case TIMEOUT:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.unknown;
  }
}

/** A failed location request; the message is one of GEOLOCATION_MESSAGES. */
export class GeolocationFailure extends Error {
  override readonly name = 'GeolocationFailure';
}

/** Asks the device where it is; rejects with a GeolocationFailure carrying its GEOLOCATION_MESSAGES text. */
export function locateDevice(geolocation: Geolocation | undefined, timeoutMs = 15_000): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new GeolocationFailure(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new GeolocationFailure(geolocationErrorMessage(error.code))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
