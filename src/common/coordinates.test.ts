import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './coordinates.js';

const point = (lat: number, lng: number) => ({ kind: 'coordinates', point: { lat, lng } });

describe('parseCoordinates', () => {
  it.each([
    ['-33.9249, 18.4241', -33.9249, 18.4241],
    ['-33.9249,18.4241', -33.9249, 18.4241],
    ['  -33.9249   18.4241 ', -33.9249, 18.4241],
    ['+45, -120.5', 45, -120.5],
    ['90, 180', 90, 180],
  ])('reads the decimal pair %j as latitude then longitude', (text, lat, lng) => {
    expect(parseCoordinates(text)).toEqual(point(lat, lng));
  });

  it.each([
    ['91, 18', 'Latitude must be between -90 and 90'],
    ['-33, 181', 'Longitude must be between -180 and 180'],
  ])('refuses the out-of-range pair %j', (text, message) => {
    expect(parseCoordinates(text)).toEqual({ kind: 'invalid', message });
  });

  it('reads degrees-minutes-seconds with trailing hemisphere letters', () => {
    const parsed = parseCoordinates(`33°55'31"S 18°25'26"E`);
    expect(parsed.kind).toBe('coordinates');
    if (parsed.kind !== 'coordinates') return;
    expect(parsed.point.lat).toBeCloseTo(-(33 + 55 / 60 + 31 / 3600), 10);
    expect(parsed.point.lng).toBeCloseTo(18 + 25 / 60 + 26 / 3600, 10);
  });

  it('reads leading hemisphere letters, longitude first, and decimal minutes', () => {
    const parsed = parseCoordinates(`E 18° 25.5' , S 33° 55.5'`);
    expect(parsed.kind).toBe('coordinates');
    if (parsed.kind !== 'coordinates') return;
    expect(parsed.point.lat).toBeCloseTo(-33.925, 10);
    expect(parsed.point.lng).toBeCloseTo(18.425, 10);
  });

  it('puts north and east positive, south and west negative', () => {
    expect(parseCoordinates(`40°26'46"N 79°58'56"W`)).toMatchObject({
      kind: 'coordinates',
      point: { lat: expect.closeTo(40.4461, 3), lng: expect.closeTo(-79.9822, 3) },
    });
  });

  it.each([
    [`33°55'31" 18°25'26"E`, 'Each coordinate needs its hemisphere: N or S, E or W'],
    [`33°55'31"N 18°25'26"S`, 'Give one latitude (N/S) and one longitude (E/W)'],
    [`33°75'31"S 18°25'26"E`, 'Minutes and seconds must be below 60'],
    [`95°0'0"S 18°25'26"E`, 'Latitude must be between -90 and 90'],
  ])('refuses the malformed DMS %j with a reason', (text, message) => {
    expect(parseCoordinates(text)).toEqual({ kind: 'invalid', message });
  });

  it.each(['Cape Town', 'Main Road 12, Hermanus', '7200', 'Stellenbosch 7600'])('treats %j as a place name', (text) => {
    expect(parseCoordinates(text)).toEqual({ kind: 'text' });
  });
});
