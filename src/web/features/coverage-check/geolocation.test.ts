import { describe, expect, it } from 'vitest';
import { GEOLOCATION_MESSAGES, geolocationErrorMessage, locateDevice } from './geolocation.js';

describe('device location', () => {
  it('names each GeolocationPositionError code with the SPEC message', () => {
    expect(geolocationErrorMessage(1)).toBe('Location access denied by user');
    expect(geolocationErrorMessage(2)).toBe('Location information is unavailable');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out');
    expect(geolocationErrorMessage(99)).toBe('An unknown error occurred while retrieving location');
  });

  it('says so when the browser has no geolocation', async () => {
    await expect(locateDevice(undefined)).rejects.toThrow(GEOLOCATION_MESSAGES.unsupported);
    expect(GEOLOCATION_MESSAGES.unsupported).toBe('Geolocation is not supported by this browser');
  });

  it('resolves to the position, and rejects with the message of a failure', async () => {
    const at = (lat: number, lng: number) =>
      ({ getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: lat, longitude: lng } } as GeolocationPosition) }) as unknown as Geolocation;
    await expect(locateDevice(at(-33.9, 18.4))).resolves.toEqual({ lat: -33.9, lng: 18.4 });
    const denied = {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError),
    } as unknown as Geolocation;
    await expect(locateDevice(denied)).rejects.toThrow('Location access denied by user');
  });
});
