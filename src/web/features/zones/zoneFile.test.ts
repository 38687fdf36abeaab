import { describe, expect, it } from 'vitest';
import { zoneFileProblem } from './zoneFile.js';

describe("the outline file's check before it is sent", () => {
  it('takes KML, KMZ and GeoJSON by name, in any case', () => {
    for (const name of ['area.kml', 'AREA.KMZ', 'area.geojson', 'area.json']) expect(zoneFileProblem({ name, size: 10 })).toBeNull();
  });

  it('refuses another kind of file and an empty one', () => {
    expect(zoneFileProblem({ name: 'area.shp', size: 10 })).toBe('Choose a .kml, .kmz, .geojson or .json file');
    expect(zoneFileProblem({ name: 'area.kml', size: 0 })).toBe('The file is empty');
  });
});
