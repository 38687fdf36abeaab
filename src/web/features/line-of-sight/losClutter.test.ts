import { describe, expect, it } from 'vitest';
import type { ClutterAreasGeoJson } from '../../../common/api/clutterAreas.js';
import { clutterAreaEntries, clutterClassesPresent } from './losClutter.js';

const square = [
  [
    [
      [18.4, -33.9],
      [18.41, -33.9],
      [18.41, -33.91],
      [18.4, -33.9],
    ],
  ],
] as [number, number][][][];

const feature = (id: number, name: string, clutter_class: 'trees' | 'suburban' | 'urban' | 'water') => ({
  type: 'Feature' as const,
  properties: { id, name, clutter_class },
  geometry: { type: 'MultiPolygon' as const, coordinates: square },
});

describe('clutter areas on the Line of Sight screen', () => {
  it('lists each area once by name, whatever the order of the features', () => {
    const areas: ClutterAreasGeoJson = {
      type: 'FeatureCollection',
      features: [feature(2, 'Table Mountain forest', 'trees'), feature(1, 'Harbour', 'water'), feature(2, 'Table Mountain forest', 'trees')],
    };
    expect(clutterAreaEntries(areas)).toEqual([
      { id: 1, name: 'Harbour', clutter_class: 'water' },
      { id: 2, name: 'Table Mountain forest', clutter_class: 'trees' },
    ]);
    expect(clutterAreaEntries(undefined)).toEqual([]);
  });

  it('gives the legend each class present once, in the classes own order', () => {
    expect(clutterClassesPresent([{ clutter_class: 'water' }, { clutter_class: 'trees' }, { clutter_class: 'water' }])).toEqual(['trees', 'water']);
    expect(clutterClassesPresent([])).toEqual([]);
  });
});
