import { describe, expect, it } from 'vitest';
import { colorUses, kmlColorToHex, namedStyleColor } from './kmlColors.js';

describe('kmlColorToHex', () => {
  it.each([
    ['ff0066ff', '#ff6600'],
    ['800066FF', '#ff6600'],
    ['#ff0066ff', '#ff6600'],
    ['0066ff', '#ff6600'],
    ['#50af4c', '#4caf50'],
    ['  ff3643f4\n', '#f44336'],
    ['00000000', '#000000'],
  ])('reads KML %j (aabbggrr) as %s', (kml, hex) => {
    expect(kmlColorToHex(kml)).toBe(hex);
  });

  it.each(['', 'red', '12345', 'ff0066f', 'ff0066ffa', 'gg0066ff', '##ff0066ff'])('gives null for %j', (kml) => {
    expect(kmlColorToHex(kml)).toBeNull();
  });
});

describe('namedStyleColor', () => {
  it.each([
    ['#orange', '#ff6600'],
    ['#redPoly', '#f44336'],
    ['#style_green', '#4caf50'],
    ['#Blue-area', '#2196f3'],
    ['#yellow2', '#ffeb3b'],
    ['#poly-FF6600-1200-77-normal', '#ff6600'],
    ['#poly-4CAF50-1000-128', '#4caf50'],
    ['doc.kml#coverage_2196F3', '#2196f3'],
  ])('finds the colour named by %j: %s', (reference, hex) => {
    expect(namedStyleColor(reference)).toBe(hex);
  });

  it.each(['#sharedStyle', '#preferred', '#orangered', '#poly-000000-1200', '#s1', ''])('finds none in %j', (reference) => {
    expect(namedStyleColor(reference)).toBeNull();
  });
});

describe('colorUses', () => {
  const placemark = (name: string | null, color: string | null, polygons = 1) => ({ name, color, polygons: Array.from({ length: polygons }) });

  it('counts the polygons of each colour, in first-appearance order, with the first name as the sample', () => {
    expect(
      colorUses([placemark(null, '#ff6600', 2), placemark('Gardens', '#ff6600'), placemark('Sea Point', '#4caf50'), placemark('Tamboerskloof', '#ff6600', 3)]),
    ).toEqual([
      { color: '#ff6600', polygons: 6, sample: 'Gardens' },
      { color: '#4caf50', polygons: 1, sample: 'Sea Point' },
    ]);
  });

  it('leaves out placemarks without a colour or without polygons', () => {
    expect(colorUses([placemark('Uncoloured', null), placemark('Road', '#0000ff', 0)])).toEqual([]);
    expect(colorUses([placemark(null, '#ff6600')])).toEqual([{ color: '#ff6600', polygons: 1, sample: null }]);
  });
});
