import { describe, expect, it } from 'vitest';
import { clutterFileProblem } from './clutterAreaFile.js';

describe('clutter area file', () => {
  it('takes KML, KMZ and GeoJSON files by their names, in any case', () => {
    for (const name of ['forest.kml', 'TOWN.KMZ', 'lake.geojson', 'areas.json']) expect(clutterFileProblem({ name, size: 10 })).toBeNull();
  });

  it('refuses another kind of file and an empty one before sending', () => {
    expect(clutterFileProblem({ name: 'forest.shp', size: 10 })).toBe('Choose a .kml, .kmz, .geojson or .json file');
    expect(clutterFileProblem({ name: 'forest.kml.txt', size: 10 })).toBe('Choose a .kml, .kmz, .geojson or .json file');
    expect(clutterFileProblem({ name: 'forest.kml', size: 0 })).toBe('The file is empty');
  });
});
