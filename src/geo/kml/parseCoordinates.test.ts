import { describe, expect, it } from 'vitest';
import { parseRingCoordinates } from './parseCoordinates.js';

function ring(text: string): number[] | string {
  const parsed = parseRingCoordinates(text);
  return typeof parsed === 'string' ? parsed : Array.from(parsed);
}

describe('parseRingCoordinates', () => {
  it('reads lng,lat[,alt] tuples into [lng0, lat0, …], closing the ring', () => {
    expect(ring('18.42,-33.92,0 18.43,-33.92 18.43,-33.91,12.5')).toEqual([18.42, -33.92, 18.43, -33.92, 18.43, -33.91, 18.42, -33.92]);
  });

  it('does not repeat the first vertex when the ring is already closed', () => {
    expect(ring('0,0 1,0 1,1 0,0')).toEqual([0, 0, 1, 0, 1, 1, 0, 0]);
  });

  it('gives the same doubles as Number() for every way of writing a number', () => {
    const written = [
      '28.123456',
      '-25.000001',
      '+3.5',
      '.5',
      '7.',
      '0',
      '-0.0000001',
      '1e-3',
      '2.5E+1',
      '28.12345678901234567',
      '0.00000000000000000012345',
      '12.345678901234567890',
    ];
    for (const number of written) {
      expect(ring(`${number},${number} 0,0 1,1`)[0]).toBe(Number(number));
    }
  });

  it('matches Number() on 10,000 random coordinates of six to fifteen decimals', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let n = 0; n < 10_000; n++) {
      const lng = (random() * 360 - 180).toFixed(6 + (n % 10));
      const lat = (random() * 180 - 90).toFixed(6 + (n % 10));
      const parsed = ring(`${lng},${lat}`);
      expect(parsed.slice(0, 2)).toEqual([Number(lng), Number(lat)]);
    }
  });

  it('returns an empty ring for blank text', () => {
    expect(ring(' \n\t ')).toEqual([]);
  });

  it.each([
    ['0,0 x,1', '"x,1" is not a number'],
    ['0,0 5', 'the coordinate "5" has no latitude'],
    ['0,0 5,', 'the coordinate "5," has no valid latitude'],
    ['0,0 5,5,', 'the coordinate "5,5," has no valid altitude'],
    ['0,0 5;5', 'the coordinate "5;5" has no latitude'],
    ['181,0', 'the coordinate 181,0 is outside longitude -180..180, latitude -90..90'],
    ['0,-90.5', 'the coordinate 0,-90.5 is outside longitude -180..180, latitude -90..90'],
  ])('explains what is wrong with %j', (text, message) => {
    expect(parseRingCoordinates(text)).toBe(message);
  });
});
